#include "sudoku.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <climits>

#include "checker.h"
#include "counter.h"
#include "reader.h"
#include "registry.h"

namespace judge {
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
};

// ---- input --------------------------------------------------------------

void addInputOptions(CLI::App& command, Options& o) {
  command.add_option("FILE", o.files, "puzzle files; '-' or none reads standard input");
  command.add_option("--size", o.size, "board side, when not inferred from the cell count")
      ->check(CLI::IsMember(std::vector<int>{4, 9, 16, 25}));
}

std::vector<Entry> readInputs(const Options& o, std::istream& in) {
  std::vector<std::string> files = o.files.empty() ? std::vector<std::string>{"-"} : o.files;
  std::vector<Entry> entries;
  for (const std::string& file : files) {
    std::vector<Entry> more = file == "-" ? readPuzzles(in, "<stdin>", o.size) : readPuzzleFile(file, o.size);
    entries.insert(entries.end(), more.begin(), more.end());
  }
  return entries;
}

int reportMalformed(const Entry& e, std::ostream& err) {
  err << e.where << ": " << e.error << "\n";
  return kStatusMalformed;
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

// ---- sudoku solve ---------------------------------------------------------

CLI::App* addSolve(CLI::App& app, Options& o) {
  CLI::App* solve = app.add_subcommand("solve", "print each puzzle's solution");
  addInputOptions(*solve, o);
  solve->add_option("--solver", o.solver, "a bundled solution's name (sudoku --list)")
      ->default_str(kDefaultSolver);
  solve->add_option("--format", o.format, "line: 81 characters; grid; leetcode: [[\"5\",...]]")
      ->check(CLI::IsMember({"line", "grid", "leetcode"}))
      ->capture_default_str();
  return solve;
}

void printBoard(const Board& board, const std::string& format, std::ostream& out) {
  if (format == "grid") out << toGrid(board) << "\n";
  else if (format == "leetcode") out << toLeetCode(board) << "\n";
  else out << toLine(board) << "\n";
}

// The bundled solutions are LeetCode 37's: they are given 9x9 boards only.
// Other sides are completed by the judge's own size-generic search.
bool fitsSolver(const Board& puzzle) { return puzzle.size() == 9; }

// Solves one puzzle and prints its solution. The counter decides first
// whether there is one, because a solution given an unsolvable board may
// search for a very long time or hand it back unchanged; the checker then
// verifies what the solver returned.
int solveOne(const Entry& e, const SolutionEntry& solver, bool named, const Options& o, Streams io) {
  if (!e.error.empty()) return reportMalformed(e, io.err);
  const Board& puzzle = e.puzzle.puzzle;
  if (named && !fitsSolver(puzzle))
    return reportMalformed({e.where, "--solver " + solver.name + " takes 9x9 boards; leave it out to solve a " +
                                         std::to_string(puzzle.size()) + "x" + std::to_string(puzzle.size()) + " board", {}},
                           io.err);
  Count count = countSolutions(puzzle, 2);
  if (count.solutions == 0) return io.err << e.where << ": no solution\n", kStatusUnsolved;
  if (count.solutions > 1) io.err << e.where << ": warning: several solutions; printing one\n";
  Board answer = puzzle;
  if (fitsSolver(puzzle)) solver.solve(answer);
  else answer = count.first;
  const Board* unique = count.solutions == 1 ? &count.first : nullptr;
  if (std::string wrong = check(puzzle, answer, unique); !wrong.empty()) {
    io.err << e.where << ": " << solver.name << " returned a wrong answer: " << report(wrong, puzzle, answer, unique);
    return kStatusBroken;
  }
  printBoard(answer, o.format, io.out);
  return kStatusOk;
}

int solveCommand(const Options& o, Streams io) {
  bool named = !o.solver.empty();
  const SolutionEntry* solver = findSolver(named ? o.solver : kDefaultSolver);
  if (!solver && named)
    return io.err << "sudoku: no solver named '" << o.solver << "'; sudoku --list prints the "
                  << solutions().size() << " bundled ones\n", kStatusUsage;
  if (!solver)
    return io.err << "sudoku: the default solver '" << kDefaultSolver
                  << "' (kDefaultSolver, judge/sudoku.h) is not linked into this binary\n", kStatusBroken;
  int status = kStatusOk;
  for (const Entry& e : readInputs(o, io.in)) status = std::max(status, solveOne(e, *solver, named, o, io));
  return status;
}

// ---- sudoku count ---------------------------------------------------------

CLI::App* addCount(CLI::App& app, Options& o) {
  CLI::App* count = app.add_subcommand("count", "count each puzzle's solutions, up to --limit");
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

int countCommand(const Options& o, Streams io) {
  int status = kStatusOk;
  for (const Entry& e : readInputs(o, io.in)) {
    if (!e.error.empty()) status = std::max(status, reportMalformed(e, io.err));
    else io.out << e.where << ": " << countVerdict(countSolutions(e.puzzle.puzzle, o.limit).solutions, o.limit) << "\n";
  }
  return status;
}

// ---- sudoku validate ------------------------------------------------------

CLI::App* addValidate(CLI::App& app, Options& o) {
  CLI::App* validate = app.add_subcommand("validate", "say per puzzle: ok (unique), multiple solutions, "
                                                      "no solution, or malformed");
  addInputOptions(*validate, o);
  return validate;
}

int validateOne(const Entry& e, std::ostream& out) {
  if (!e.error.empty()) return out << e.where << ": malformed: " << e.error << "\n", kStatusMalformed;
  long solutions = countSolutions(e.puzzle.puzzle, 2).solutions;
  if (solutions == 1) return out << e.where << ": ok\n", kStatusOk;
  out << e.where << ": " << (solutions == 0 ? "no solution" : "multiple solutions") << "\n";
  return kStatusUnsolved;
}

int validateCommand(const Options& o, Streams io) {
  int status = kStatusOk;
  for (const Entry& e : readInputs(o, io.in)) status = std::max(status, validateOne(e, io.out));
  return status;
}

}  // namespace

int sudokuMain(int argc, const char* const argv[], std::istream& in, std::ostream& out, std::ostream& err) {
  CLI::App app{"Solve, count and validate sudoku puzzles (4x4 to 25x25) pasted in any common form.", "sudoku"};
  bool list = false;
  app.add_flag("--list", list, "print the names --solver takes");
  app.require_subcommand(0, 1);
  Options o;
  const std::pair<CLI::App*, int (*)(const Options&, Streams)> commands[] = {
      {addSolve(app, o), solveCommand},
      {addCount(app, o), countCommand},
      {addValidate(app, o), validateCommand},
  };
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e, out, err) == 0 ? kStatusOk : kStatusUsage;
  }
  if (list) return printSolvers(out), kStatusOk;
  for (const auto& [command, run] : commands)
    if (command->parsed()) return run(o, {in, out, err});
  err << app.help();
  return kStatusUsage;
}

}  // namespace judge
