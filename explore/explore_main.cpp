// make explore: captures every bundled solution's search on a few puzzles and writes the page.
//   explore [--out FILE] [--puzzle FILE_OR_TEXT] [--max-steps N] [--yours FILE --judge JUDGE]  (--help)
// --yours FILE (make explore SOLUTION=FILE): the user's file comes first, marked as theirs. Its
// code never runs in this process: JUDGE (build/bin/judge) replays it in the judge's sandbox
// (`judge --replay --data`, judge/replay/README.md) on these puzzles, and its traces are read
// back as data (explore::fromJson). A failure there (a Compile Error, a crash, a time-out: the
// judge's line says which) leaves the file off the page, which is still written.
// Without --puzzle: LeetCode's example and the ladder puzzle (testcases/magictour.txt:37, a hard
// one). --puzzle takes a file, or the text of a puzzle, in any form the sudoku command reads:
// its first 4 puzzles of 9x9 are explored; others are skipped with a message.
#include <CLI/CLI.hpp>

#include <climits>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "explore/page.h"
#include "core/process/process.h"
#include "core/reader.h"
#include "core/text_file.h"

namespace {

constexpr size_t kMaxPuzzles = 4;
constexpr size_t kMaxYoursBytes = 16 << 20;  // the judge's data for 4 puzzles is well under 1 MB
const std::string kRoot = REPO_ROOT;

struct Options {
  std::string out = "build/explore/index.html";
  std::string puzzle;  // "" for the default puzzles
  std::string yours;   // the user's file, or ""
  std::string judge;   // the judge that replays it
  explore::Limits limits;
};

// The command line, checked by CLI11; a wrong one gets its message, the usage, and exit status 2.
Options parse(int argc, char** argv) {
  Options o;
  CLI::App app{"Every bundled solution's search on a few puzzles, replayed in one page (make explore).", "explore"};
  app.add_option("--out", o.out, "the page to write")->capture_default_str();
  app.add_option("--puzzle", o.puzzle, "a file of puzzles, or a puzzle's text, in any form the sudoku command "
                                       "reads (default: LeetCode's example and the ladder puzzle)");
  app.add_option("--max-steps", o.limits.steps, "stop each bundled solution's search after this many steps")
      ->check(CLI::TypeValidator<long>())
      ->check(CLI::Range(1L, LONG_MAX))
      ->capture_default_str();
  CLI::Option* yours = app.add_option("--yours", o.yours, "the user's file, replayed by --judge in its sandbox")
                           ->check(CLI::ExistingFile);
  CLI::Option* judge = app.add_option("--judge", o.judge, "the judge that replays --yours")->check(CLI::ExistingFile);
  yours->needs(judge);
  judge->needs(yours);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::exit(app.exit(e) == 0 ? 0 : 2);
  }
  return o;
}

// The puzzles of a file or of a text, checked by the reader; 9x9 only.
std::vector<core::Entry> readEntries(const std::string& fileOrText) {
  std::error_code notAFile;  // a puzzle's text may be too long for a file name
  if (std::filesystem::is_regular_file(fileOrText, notAFile)) return core::readPuzzleFile(fileOrText);
  std::istringstream in(fileOrText);
  return core::readPuzzles(in, "PUZZLE");
}

// Why a puzzle cannot be explored ("" if it can): the reader's error, or a size other than 9x9.
std::string unusable(const core::Entry& e) {
  if (!e.error.empty()) return e.error;
  size_t side = e.puzzle.puzzle.size();
  if (side == 9) return "";
  return "it is " + std::to_string(side) + "x" + std::to_string(side) +
         ", and the bundled solutions are LeetCode's, for 9x9";
}

std::vector<explore::Puzzle> choosePuzzles(const std::string& puzzle) {
  std::vector<core::Entry> entries;
  if (puzzle.empty()) {
    for (const core::Entry& e : core::readPuzzleFile(kRoot + "/testcases/leetcode_example.txt")) entries.push_back(e);
    for (const core::Entry& e : core::readPuzzleFile(kRoot + "/testcases/magictour.txt"))
      if (e.where.size() > 3 && e.where.compare(e.where.size() - 3, 3, ":37") == 0) entries.push_back(e);
  } else {
    entries = readEntries(puzzle);
  }
  std::vector<explore::Puzzle> puzzles;
  for (const core::Entry& e : entries) {
    if (std::string why = unusable(e); !why.empty()) {
      std::cerr << "explore: skipped " << e.where << ": " << why << '\n';
      continue;
    }
    std::string where = e.where.rfind(kRoot + "/", 0) == 0 ? e.where.substr(kRoot.size() + 1) : e.where;
    puzzles.push_back({where, e.puzzle.puzzle, {}});
    if (puzzles.size() == kMaxPuzzles) break;
  }
  if (puzzles.empty()) throw std::invalid_argument("no 9x9 puzzle to explore");
  return puzzles;
}

std::string readFile(const std::string& path);

// The user's file's traces on `puzzles`, in their order, from the judge's sandboxed replay; none
// (with the judge's message on stderr, and this one's) when the replay failed.
std::vector<explore::Trace> replayYours(const Options& o, const std::vector<explore::Puzzle>& puzzles) {
  std::string dir = std::filesystem::path(o.out).parent_path().string();
  std::string cases = (dir.empty() ? "" : dir + "/") + "yours-puzzles.txt", data = cases + ".json";
  if (!dir.empty()) std::filesystem::create_directories(dir);
  std::ofstream list(cases);
  for (const explore::Puzzle& p : puzzles) list << core::toLine(p.board) << '\n';
  list.close();
  std::filesystem::remove(data);
  std::cout.flush();
  std::vector<explore::Trace> traces;
  try {
    if (!core::process::run({o.judge, "--replay", "--data", "--case", cases, "--out", data, "--", o.yours}).succeeded())
      throw std::runtime_error("the judge's replay failed (" + o.judge + " --replay, above)");
    std::vector<explore::Puzzle> read = explore::fromJson(readFile(data), kMaxYoursBytes);
    std::filesystem::remove(cases), std::filesystem::remove(data);
    for (size_t i = 0; i < puzzles.size(); ++i) {
      if (i >= read.size() || read[i].board != puzzles[i].board || read[i].traces.size() != 1)
        throw std::runtime_error("the judge's replay did not answer every puzzle");
      traces.push_back(read[i].traces[0]);
    }
  } catch (const std::exception& e) {
    std::cerr << "explore: skipped " << core::yoursLabel(o.yours) << ": " << e.what() << " (make judge SOLUTION="
              << o.yours << " says more)\n";
    traces.clear();
  }
  return traces;
}

std::string readFile(const std::string& path) {
  std::optional<std::string> text = core::tryReadTextFile(path);
  if (!text) throw std::runtime_error("cannot read " + path);  // explore's own words for it
  return *text;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  try {
    std::vector<explore::Puzzle> puzzles = choosePuzzles(o.puzzle);
    std::vector<explore::Trace> mine = o.yours.empty() ? std::vector<explore::Trace>{} : replayYours(o, puzzles);
    std::string name = o.yours.empty() ? "" : core::yoursLabel(o.yours);
    for (size_t i = 0; i < puzzles.size(); ++i) {
      explore::Puzzle& p = puzzles[i];
      std::cout << p.where << '\n';
      if (i < mine.size()) p.traces.push_back(mine[i]);
      for (const core::SolutionEntry& entry : core::solutions())
        if (entry.name != core::kYoursEntry) p.traces.push_back(explore::capture(entry, p.board, o.limits));
      for (const explore::Trace& t : p.traces)
        std::cout << "  " << (t.solution == core::kYoursEntry ? name : t.solution) << ": " << t.steps.size()
                  << " steps, " << t.searchCalls.size() << " search calls"
                  << (t.stopped.empty() ? "" : " (" + t.stopped + ")") << '\n';
    }
    explore::Yours yours{core::kYoursEntry, o.yours, o.yours.empty() ? "" : explore::idea(readFile(o.yours))};
    std::string page = explore::renderPage(explore::pageTemplate(kRoot + "/explore"), puzzles, o.limits,
                                           o.yours.empty() ? nullptr : &yours);
    std::filesystem::path out(o.out);
    if (out.has_parent_path()) std::filesystem::create_directories(out.parent_path());
    std::ofstream(out) << page;
    std::cout << "wrote " << o.out << " (" << page.size() / 1024 << " KB)\n";
  } catch (const std::exception& e) {
    std::cerr << "explore: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
