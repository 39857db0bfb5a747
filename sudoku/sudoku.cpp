#include "sudoku/sudoku.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <climits>
#include <functional>
#include <memory>
#include <sstream>

#include "core/checker.h"
#include "sudoku/engine.h"
#include "sudoku/generate_command.h"
#include "sudoku/parallel.h"
#include "core/reader.h"
#include "core/registry.h"

namespace sudoku {
using namespace core;
namespace {

struct Streams {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

// Every subcommand's options; each subcommand registers the ones it takes.
struct Options {
  std::vector<std::string> files;  // none or "-": standard input
  int size = 0;                    // 0: inferred from each puzzle
  std::string solver;              // "": kDefaultSolver
  std::string format = "line";
  long limit = 2;
  int jobs = 1;                    // solve: puzzles solved at once
  GenerateOptions generate;
};

// ---- input and output -------------------------------------------------

void addInputOptions(CLI::App& command, Options& o) {
  command.add_option("FILE", o.files, "puzzle files; '-' or none reads standard input");
  command.add_option("--size", o.size, "board side, when not inferred from the cell count")
      ->check(CLI::IsMember(std::vector<int>{4, 9, 16, 25}));
}

// What one puzzle prints: its record on standard output (exactly one per
// puzzle, an error record included) and any message on standard error.
struct Answer {
  int status = kStatusOk;
  std::string out, err;
};

// An input-wide error ("cannot open", "no puzzle found") is not a puzzle: it
// gets a message and no record, so that records still match puzzles.
Answer inputError(const Entry& e) { return {kStatusMalformed, "", e.where + ": " + e.error + "\n"}; }

void print(const Answer& a, Streams io, int& status) {
  if (!a.err.empty()) io.err << a.err;  // even an empty write to std::cerr flushes std::cout
  io.out << a.out;
  status = std::max(status, a.status);
}

// Before waiting for more input, show what is answered: a puzzle typed into a
// terminal is answered at once, and a file is written in large blocks.
void flushIfWaiting(const PuzzleReader& reader, Streams io) {
  if (reader.waiting()) io.out.flush(), io.err.flush();
}

using Handler = std::function<Answer(const Entry&)>;

// One input's entries in order, answered one at a time.
void answerInOrder(PuzzleReader& reader, const Handler& answer, Streams io, int& status) {
  for (Entry e; reader.next(e);) {
    print(e.wholeInput ? inputError(e) : answer(e), io, status);
    flushIfWaiting(reader, io);
  }
}

// The same on `jobs` threads: entries are read in chunks (a chunk ends early
// when the input has to wait), answered at once and printed in input order.
void answerInChunks(PuzzleReader& reader, const Handler& answer, int jobs, Streams io,
                    int& status) {
  const size_t chunkSize = 64 * size_t(jobs);
  for (bool more = true; more;) {
    std::vector<Entry> chunk;
    Entry e;
    while (chunk.size() < chunkSize && (more = reader.next(e))) {
      chunk.push_back(std::move(e));
      if (reader.waiting()) break;
    }
    std::vector<Answer> answers(chunk.size());
    forEachIndex(chunk.size(), jobs, [&](size_t i) {
      answers[i] = chunk[i].wholeInput ? inputError(chunk[i]) : answer(chunk[i]);
    });
    for (const Answer& a : answers) print(a, io, status);
    io.out.flush(), io.err.flush();
  }
}

// Answers every puzzle of every input; returns the highest status.
int answerAll(const Options& o, Streams io, const Handler& answer, int jobs = 1) {
  std::vector<std::string> files = o.files.empty() ? std::vector<std::string>{"-"} : o.files;
  int status = kStatusOk;
  for (const std::string& file : files) {
    std::unique_ptr<PuzzleReader> reader =
        file == "-" ? std::make_unique<PuzzleReader>(io.in, "<stdin>", o.size)
                    : std::make_unique<PuzzleReader>(file, o.size);
    if (jobs > 1)
      answerInChunks(*reader, answer, jobs, io, status);
    else
      answerInOrder(*reader, answer, io, status);
  }
  io.out.flush(), io.err.flush();
  return status;
}

// ---- sudoku --list --------------------------------------------------------

const SolutionEntry* findSolver(const std::string& name) {
  for (const SolutionEntry& s : solutions())
    if (s.name == name) return &s;
  return nullptr;
}

void printSolvers(std::ostream& out) {
  for (const SolutionEntry& s : solutions()) out << s.name << "\n";
}

void addListFlag(CLI::App& command, bool& list) {
  command.add_flag("--list", list, "print the names --solver takes");
}

// The sides a solution file declares on a header line "// Sizes: 4 9 16 25";
// LeetCode 37's own solutions take 9x9 only.
std::vector<int> sizesOf(const SolutionEntry& s) {
  const std::string_view tag = "// Sizes:";
  size_t at = s.source.find(tag);
  if (at == std::string_view::npos) return {9};
  std::istringstream words(std::string(s.source.substr(at + tag.size(),
                                                       s.source.find('\n', at) - at - tag.size())));
  std::vector<int> sizes;
  for (int side; words >> side;) sizes.push_back(side);
  return sizes;
}

// ---- sudoku solve ---------------------------------------------------------

CLI::App* addSolve(CLI::App& app, Options& o) {
  CLI::App* solve = app.add_subcommand("solve", "print each puzzle's solution, one record per "
                                                "puzzle (\"error: REASON\" when there is none)");
  addInputOptions(*solve, o);
  solve->add_option("--solver", o.solver, "a bundled solution's name (sudoku --list); "
                                          "default: the toolkit's own engine");
  solve->add_option("--format", o.format, "line: 81 characters; grid; leetcode: [[\"5\",...]]")
      ->check(CLI::IsMember({"line", "grid", "leetcode"}))
      ->capture_default_str();
  solve->add_option("--jobs", o.jobs, "threads; output stays in input order (a named --solver "
                                      "runs on one: it may keep its state in globals)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  return solve;
}

std::string formatBoard(const Board& board, const std::string& format) {
  if (format == "grid") return toGrid(board) + "\n";
  if (format == "leetcode") return toLeetCode(board) + "\n";
  return toLine(board) + "\n";
}

// The record of a puzzle without an answer: "error: REASON" on one line (and,
// in the grid format, the blank line that ends every record).
std::string errorRecord(const std::string& reason, const std::string& format) {
  return "error: " + reason + (format == "grid" ? "\n\n" : "\n");
}

Answer failed(int status, const Entry& e, const std::string& reason, const std::string& record,
              const std::string& format) {
  return {status, errorRecord(record, format), e.where + ": " + reason + "\n"};
}

std::string wrongSide(const SolutionEntry& solver, const Board& puzzle) {
  std::string side = std::to_string(puzzle.size()), sizes;
  for (int s : sizesOf(solver)) sizes += (sizes.empty() ? "" : ", ") + std::to_string(s);
  return "--solver " + solver.name + " takes boards of side " + sizes + "; leave it out to solve a " +
         side + "x" + side + " board";
}

bool takes(const SolutionEntry& solver, const Board& puzzle) {
  std::vector<int> sizes = sizesOf(solver);
  return std::find(sizes.begin(), sizes.end(), int(puzzle.size())) != sizes.end();
}

// Solves one puzzle. The engine (counter.h's search for sides other than 9)
// counts its solutions to 2 and keeps the first: that is the answer unless a
// --solver is named, which then solves it (never an unsolvable board: it
// might search for a very long time). The checker verifies every answer.
Answer solveOne(const Entry& e, const SolutionEntry* solver, const std::string& format) {
  if (!e.error.empty()) return failed(kStatusMalformed, e, e.error, "malformed", format);
  const Board& puzzle = e.puzzle.puzzle;
  if (solver && !takes(*solver, puzzle))
    return failed(kStatusMalformed, e, wrongSide(*solver, puzzle), "size not taken", format);
  Count count = countFast(puzzle, 2);
  if (count.solutions == 0) return failed(kStatusUnsolved, e, "no solution", "no solution", format);
  Board named;  // a --solver's answer
  if (solver) named = puzzle, solver->solve(named);
  const Board& answer = solver ? named : count.first;
  const Board* unique = count.solutions == 1 ? &count.first : nullptr;
  if (std::string wrong = check(puzzle, answer, unique); !wrong.empty())
    return failed(kStatusBroken, e,
                  (solver ? solver->name : std::string("the engine")) + " returned a wrong answer: " +
                      report(wrong, puzzle, answer, unique),
                  "wrong answer", format);
  std::string warning = unique ? "" : e.where + ": warning: several solutions; printing one\n";
  return {kStatusOk, formatBoard(answer, format), warning};
}

int solveCommand(const Options& o, Streams io) {
  const SolutionEntry* solver = nullptr;
  if (!o.solver.empty() && !(solver = findSolver(o.solver))) {
    io.err << "sudoku: no solver named '" << o.solver << "'; sudoku --list prints the "
           << solutions().size() << " bundled ones\n";
    return kStatusUsage;
  }
  return answerAll(o, io, [&](const Entry& e) { return solveOne(e, solver, o.format); },
                   solver ? 1 : o.jobs);
}

// ---- sudoku count ---------------------------------------------------------

CLI::App* addCount(CLI::App& app, Options& o) {
  CLI::App* count = app.add_subcommand(
      "count", "count each puzzle's solutions, up to --limit: \"WHERE: VERDICT\" per puzzle");
  addInputOptions(*count, o);
  count->add_option("--limit", o.limit, "stop counting at this many")
      ->check(CLI::Range(2L, LONG_MAX))
      ->capture_default_str();
  return count;
}

// "unique", "none", "3 solutions" or, at the limit, "several (>= 2)".
std::string countVerdict(long solutions, long limit) {
  if (solutions == 0) return "none";
  if (solutions == 1) return "unique";
  if (solutions >= limit) return "several (>= " + std::to_string(limit) + ")";
  return std::to_string(solutions) + " solutions";
}

Answer countOne(const Entry& e, long limit) {
  if (!e.error.empty())
    return {kStatusMalformed, e.where + ": malformed\n", e.where + ": " + e.error + "\n"};
  long solutions = solutionCount(e.puzzle.puzzle, limit);
  return {kStatusOk, e.where + ": " + countVerdict(solutions, limit) + "\n", ""};
}

int countCommand(const Options& o, Streams io) {
  return answerAll(o, io, [&](const Entry& e) { return countOne(e, o.limit); });
}

// ---- sudoku validate ------------------------------------------------------

CLI::App* addValidate(CLI::App& app, Options& o) {
  CLI::App* validate = app.add_subcommand("validate",
                                          "say per puzzle: ok (unique), multiple solutions, "
                                          "no solution, or malformed");
  addInputOptions(*validate, o);
  return validate;
}

// "ok", "multiple solutions", "no solution" or "malformed: REASON", and its status.
Answer validateOne(const Entry& e) {
  if (!e.error.empty()) return {kStatusMalformed, e.where + ": malformed: " + e.error + "\n", ""};
  long solutions = solutionCount(e.puzzle.puzzle, 2);
  if (solutions == 1) return {kStatusOk, e.where + ": ok\n", ""};
  return {kStatusUnsolved,
          e.where + ": " + (solutions == 0 ? "no solution" : "multiple solutions") + "\n", ""};
}

int validateCommand(const Options& o, Streams io) { return answerAll(o, io, validateOne); }

}  // namespace

int sudokuMain(int argc, const char* const argv[], std::istream& in, std::ostream& out,
               std::ostream& err) {
  CLI::App app{"Solve, count, validate and generate sudoku puzzles (4x4 to 25x25) pasted in any "
               "common form.",
               "sudoku"};
  bool list = false;
  addListFlag(app, list);
  app.require_subcommand(0, 1);
  Options o;
  const std::pair<CLI::App*, int (*)(const Options&, Streams)> commands[] = {
      {addSolve(app, o), solveCommand},
      {addCount(app, o), countCommand},
      {addValidate(app, o), validateCommand},
      {addGenerate(app, o.generate),
       [](const Options& all, Streams io) {
         return generateCommand(all.generate, io.out, io.err);
       }},
  };
  for (const auto& command : commands) addListFlag(*command.first, list);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? kStatusOk : kStatusUsage;
  }
  if (list) {
    printSolvers(out);
    return kStatusOk;
  }
  for (const auto& [command, run] : commands)
    if (command->parsed()) return run(o, {in, out, err});
  err << app.help();
  return kStatusUsage;
}

}  // namespace sudoku
