// make explore: captures every bundled solution's search on a few puzzles and writes the page.
//   explore [--out FILE] [--puzzle FILE_OR_TEXT] [--max-steps N] [--yours FILE]
// --yours FILE: this binary also holds the user's FILE, wrapped as the bundled files are under
// the name "yours" (make explore SOLUTION=FILE builds it so); it comes first, marked as theirs.
// Its code runs in this process, so each capture of it is tried first in a child process: a
// crash or a search without end (20 s) skips that puzzle with a message, never the page.
// Without --puzzle: LeetCode's example and the ladder puzzle (testcases/magictour.txt:37, a hard
// one). --puzzle takes a file, or the text of a puzzle, in any form the sudoku command reads:
// its first 4 puzzles of 9x9 are explored; others are skipped with a message.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "explore/page.h"
#include "core/reader.h"

namespace {

constexpr size_t kMaxPuzzles = 4;
constexpr unsigned kTrialSeconds = 20;
const std::string kRoot = REPO_ROOT;

struct Options {
  std::string out = "build/explore/index.html";
  std::string puzzle;  // "" for the default puzzles
  std::string yours;   // the user's file, or ""
  explore::Limits limits;
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "explore: " << why << "\nusage: explore [--out FILE] [--puzzle FILE_OR_TEXT] [--max-steps N] [--yours FILE]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (i + 1 >= argc) usage("'" + arg + "' needs a value, or is not an option");
    std::string value = argv[++i];
    if (arg == "--out") o.out = value;
    else if (arg == "--puzzle") o.puzzle = value;
    else if (arg == "--max-steps") o.limits.steps = std::atol(value.c_str());
    else if (arg == "--yours") o.yours = value;
    else usage("unknown option '" + arg + "'");
  }
  if (o.limits.steps <= 0) usage("--max-steps takes a positive number");
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

// The solutions to capture: the user's file first, when there is one, then the bundled ones.
std::vector<const core::SolutionEntry*> entriesToCapture(const Options& o) {
  std::vector<const core::SolutionEntry*> entries;
  for (const core::SolutionEntry& entry : core::solutions())
    if (entry.name != core::kYoursEntry) entries.push_back(&entry);
    else if (!o.yours.empty()) entries.insert(entries.begin(), &entry);
  if (!o.yours.empty() && (entries.empty() || entries[0]->name != core::kYoursEntry))
    usage("--yours: this binary holds no file of yours (make explore SOLUTION=f.cpp builds one that does)");
  return entries;
}

// Why capturing the user's file on `board` would end this process, or "": the capture tried
// first in a child process, killed after kTrialSeconds.
std::string crashesOn(const core::SolutionEntry& entry, const core::Board& board, const explore::Limits& limits) {
  std::cout.flush();
  pid_t pid = fork();
  if (pid < 0) return std::string("it could not be tried first: fork: ") + std::strerror(errno);
  if (pid == 0) {
    alarm(kTrialSeconds);
    try {
      explore::capture(entry, board, limits);
    } catch (...) {
      _exit(3);
    }
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
    return "its search did not end within " + std::to_string(kTrialSeconds) + " s";
  if (WIFSIGNALED(status)) return std::string("it crashed (") + strsignal(WTERMSIG(status)) + ")";
  if (WEXITSTATUS(status) != 0) return "it threw, or exited with status " + std::to_string(WEXITSTATUS(status));
  return "";
}

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse(argc, argv);
  try {
    std::vector<explore::Puzzle> puzzles = choosePuzzles(o.puzzle);
    explore::Yours yours{core::kYoursEntry, o.yours};
    std::string name = o.yours.empty() ? "" : core::yoursLabel(o.yours);
    for (explore::Puzzle& p : puzzles) {
      std::cout << p.where << '\n';
      for (const core::SolutionEntry* entry : entriesToCapture(o)) {
        bool mine = entry->name == core::kYoursEntry;
        if (std::string why = mine ? crashesOn(*entry, p.board, o.limits) : ""; !why.empty()) {
          std::cerr << "explore: skipped " << name << " on " << p.where << ": " << why
                    << " (make judge SOLUTION=" << o.yours << " says more)\n";
          continue;
        }
        p.traces.push_back(explore::capture(*entry, p.board, o.limits));
        const explore::Trace& t = p.traces.back();
        std::cout << "  " << (mine ? name : entry->name) << ": " << t.steps.size() << " steps, "
                  << t.searchCalls.size() << " search calls" << (t.stopped.empty() ? "" : " (" + t.stopped + ")")
                  << '\n';
      }
    }
    std::string page = explore::renderPage(readFile(kRoot + "/explore/page.html"), puzzles, o.limits,
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
