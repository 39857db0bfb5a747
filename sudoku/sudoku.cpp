#include "sudoku.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <climits>

#include "checker.h"
#include "counter.h"
#include "generate_command.h"
#include "parallel.h"
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
  int jobs = 1;                    // solve: puzzles solved at once
  GenerateOptions generate;
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
    std::vector<Entry> more =
        file == "-" ? readPuzzles(in, "<stdin>", o.size) : readPuzzleFile(file, o.size);
    entries.insert(entries.end(), more.begin(), more.end());
  }
  return entries;
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

// What solving one puzzle prints, kept apart per puzzle so that a batch can
// be solved in any order and still printed in input order.
struct Solved {
  int status = kStatusOk;
  std::string out, err;
};

Solved failed(int status, const std::string& where, const std::string& reason) {
  return {status, "", where + ": " + reason + "\n"};
}

// The bundled solutions are LeetCode 37's: they are given 9x9 boards only.
// Other sides are completed by the judge's own size-generic search.
bool fitsSolver(const Board& puzzle) { return puzzle.size() == 9; }

std::string wrongSide(const std::string& solver, const Board& puzzle) {
  std::string side = std::to_string(puzzle.size());
  return "--solver " + solver + " takes 9x9 boards; leave it out to solve a " + side + "x" + side +
         " board";
}

// Solves one puzzle. The counter decides first whether there is a solution,
// because a solution given an unsolvable board may search for a very long
// time or hand it back unchanged; the checker then verifies the answer.
Solved solveOne(const Entry& e, const SolutionEntry& solver, bool named,
                const std::string& format) {
  if (!e.error.empty()) return failed(kStatusMalformed, e.where, e.error);
  const Board& puzzle = e.puzzle.puzzle;
  if (named && !fitsSolver(puzzle))
    return failed(kStatusMalformed, e.where, wrongSide(solver.name, puzzle));
  Count count = countSolutions(puzzle, 2);
  if (count.solutions == 0) return failed(kStatusUnsolved, e.where, "no solution");
  Board answer = puzzle;
  if (fitsSolver(puzzle))
    solver.solve(answer);
  else
    answer = count.first;
  const Board* unique = count.solutions == 1 ? &count.first : nullptr;
  if (std::string wrong = check(puzzle, answer, unique); !wrong.empty())
    return failed(
        kStatusBroken, e.where,
        solver.name + " returned a wrong answer: " + report(wrong, puzzle, answer, unique));
  std::string warning = unique ? "" : e.where + ": warning: several solutions; printing one\n";
  return {kStatusOk, formatBoard(answer, format), warning};
}

// The solver --solver names, else kDefaultSolver; null after saying why not.
const SolutionEntry* chooseSolver(const Options& o, std::ostream& err) {
  const SolutionEntry* solver = findSolver(o.solver.empty() ? kDefaultSolver : o.solver);
  if (!solver && o.solver.empty())
    err << "sudoku: the default solver '" << kDefaultSolver
        << "' (kDefaultSolver, sudoku/sudoku.h) is not linked into this binary\n";
  else if (!solver)
    err << "sudoku: no solver named '" << o.solver << "'; sudoku --list prints the "
        << solutions().size() << " bundled ones\n";
  return solver;
}

int solveCommand(const Options& o, Streams io) {
  const SolutionEntry* solver = chooseSolver(o, io.err);
  if (!solver) return o.solver.empty() ? kStatusBroken : kStatusUsage;
  std::vector<Entry> entries = readInputs(o, io.in);
  std::vector<Solved> solved(entries.size());
  forEachIndex(entries.size(), o.solver.empty() ? o.jobs : 1, [&](size_t i) {
    solved[i] = solveOne(entries[i], *solver, !o.solver.empty(), o.format);
  });
  int status = kStatusOk;
  for (const Solved& s : solved) {
    io.err << s.err;
    io.out << s.out;
    status = std::max(status, s.status);
  }
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
    if (!e.error.empty()) {
      io.err << e.where << ": " << e.error << "\n";
      status = kStatusMalformed;
      continue;
    }
    long solutions = countSolutions(e.puzzle.puzzle, o.limit).solutions;
    io.out << e.where << ": " << countVerdict(solutions, o.limit) << "\n";
  }
  return status;
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
std::pair<std::string, int> validateOne(const Entry& e) {
  if (!e.error.empty()) return {"malformed: " + e.error, kStatusMalformed};
  long solutions = countSolutions(e.puzzle.puzzle, 2).solutions;
  if (solutions == 1) return {"ok", kStatusOk};
  return {solutions == 0 ? "no solution" : "multiple solutions", kStatusUnsolved};
}

int validateCommand(const Options& o, Streams io) {
  int status = kStatusOk;
  for (const Entry& e : readInputs(o, io.in)) {
    auto [verdict, verdictStatus] = validateOne(e);
    io.out << e.where << ": " << verdict << "\n";
    status = std::max(status, verdictStatus);
  }
  return status;
}

}  // namespace

int sudokuMain(int argc, const char* const argv[], std::istream& in, std::ostream& out,
               std::ostream& err) {
  CLI::App app{"Solve, count, validate and generate sudoku puzzles (4x4 to 25x25) pasted in any "
               "common form.",
               "sudoku"};
  bool list = false;
  app.add_flag("--list", list, "print the names --solver takes");
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

}  // namespace judge
