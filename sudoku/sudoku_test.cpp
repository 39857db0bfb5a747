// The sudoku command, called in process (sudokuMain with string streams) and,
// for the exit status a shell sees, as the built binary. The inputs are in
// testcases/cli/: malformed batches with their expected message and output,
// unsolvable and multi-solution puzzles.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "checker.h"
#include "reader.h"
#include "registry.h"
#include "sudoku.h"
#include "sudoku_run.h"
#include "tagged_lines.h"

namespace judge {
namespace {

const std::string kRoot = REPO_ROOT;
const std::string kCli = kRoot + "/testcases/cli/";
const std::string kExample = kRoot + "/testcases/leetcode_example.txt";
const std::string kExampleSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::vector<std::string> filesIn(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& file : std::filesystem::directory_iterator(folder))
    files.push_back(file.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Every line of `out` is a valid completion of the matching good puzzle of `path`.
void expectSolves(const std::string& path, const std::string& out) {
  std::vector<Board> puzzles;
  for (const Entry& e : readPuzzleFile(path))
    if (e.error.empty()) puzzles.push_back(e.puzzle.puzzle);
  std::vector<std::string> answers = lines(out);
  ASSERT_EQ(answers.size(), puzzles.size()) << out;
  for (size_t i = 0; i < answers.size(); ++i)
    EXPECT_EQ(check(puzzles[i], parseBoard(answers[i])), "") << answers[i];
}

// ---- malformed input ----------------------------------------------------

// Each file: a good puzzle, a malformed one, a good one. The bad one gets its
// message on stderr; both good ones are still solved.
TEST(SudokuSolve, EachMalformedPuzzleGetsItsMessageAndTheBatchGoesOn) {
  std::vector<std::string> files = filesIn(kCli + "malformed");
  EXPECT_GE(files.size(), 10u);
  for (const std::string& path : files) {
    std::vector<std::string> expect = tagged(path, "# expect: "),
                             outputs = tagged(path, "# output: ");
    ASSERT_EQ(expect.size(), 1u) << path;
    Outcome run = sudoku({"solve", path});
    EXPECT_EQ(run.status, kStatusMalformed) << path;
    EXPECT_EQ(run.err, path + ":" + expect[0] + "\n");
    EXPECT_EQ(lines(run.out), outputs) << path;
  }
}

// The loader's malformed files (testcases/invalid: line 4 bad, line 3 good).
TEST(SudokuSolve, RejectsEveryInvalidTestcaseLineWithTheLoadersMessage) {
  for (const std::string& path : filesIn(kRoot + "/testcases/invalid")) {
    Outcome run = sudoku({"solve", path});
    EXPECT_EQ(run.status, kStatusMalformed) << path;
    EXPECT_EQ(run.err, path + ":4: " + tagged(path, "# expect: ").at(0) + "\n");
    expectSolves(path, run.out);
  }
}

TEST(SudokuSolve, AMissingFileDoesNotStopTheOthers) {
  Outcome run = sudoku({"solve", kCli + "no_such_file.txt", kExample});
  EXPECT_EQ(run.status, kStatusMalformed);
  EXPECT_EQ(run.err, kCli + "no_such_file.txt: cannot open\n");
  EXPECT_EQ(run.out, kExampleSolution + "\n");
}

// ---- solve ----------------------------------------------------------------

TEST(SudokuSolve, ReadsStandardInputWithoutFilesOrWithDash) {
  std::string puzzle = toLine(readPuzzleFile(kExample).at(0).puzzle.puzzle);
  for (auto args : {std::vector<std::string>{"solve"}, std::vector<std::string>{"solve", "-"}}) {
    Outcome run = sudoku(args, "# pasted\n" + puzzle + "\n");
    EXPECT_EQ(run.status, kStatusOk);
    EXPECT_EQ(run.out, kExampleSolution + "\n");
    EXPECT_EQ(run.err, "");
  }
  EXPECT_EQ(sudoku({"solve"}, "").err, "<stdin>: no puzzle found\n");
}

TEST(SudokuSolve, EverySolutionSolvesEveryFormThroughTheCommand) {
  for (const SolutionEntry& s : solutions()) {
    Outcome run = sudoku({"solve", "--solver", s.name, kCli + "forms.txt"});
    EXPECT_EQ(run.status, kStatusOk) << s.name << run.err;
    EXPECT_EQ(lines(run.out), std::vector<std::string>(6, kExampleSolution)) << s.name;
  }
}

TEST(SudokuSolve, SaysWhenAPuzzleHasNoSolution) {
  Outcome run = sudoku({"solve", kCli + "no_solution.txt"});
  EXPECT_EQ(run.status, kStatusUnsolved);
  EXPECT_EQ(run.out, "");
  std::vector<std::string> expected;
  for (int line : {6, 10, 13, 16})
    expected.push_back(kCli + "no_solution.txt:" + std::to_string(line) + ": no solution");
  EXPECT_EQ(lines(run.err), expected);
}

TEST(SudokuSolve, SolvesAndWarnsWhenAPuzzleHasSeveralSolutions) {
  std::string path = kCli + "multiple_solutions.txt";
  Outcome run = sudoku({"solve", path});
  EXPECT_EQ(run.status, kStatusOk);
  expectSolves(path, run.out);
  std::vector<std::string> warnings = lines(run.err);
  ASSERT_EQ(warnings.size(), 4u);
  EXPECT_EQ(warnings[0], path + ":7: warning: several solutions; printing one");
}

// Other sides than 9 are solved by the judge's own search, not by LeetCode 37's solutions.
TEST(SudokuSolve, SolvesOtherSidesButNotWithANamedNineByNineSolver) {
  std::string puzzle4 = "1.......2.......";
  Outcome run = sudoku({"solve"}, puzzle4);
  EXPECT_EQ(check(parseBoard(puzzle4), parseBoard(lines(run.out).at(0))), "");
  run = sudoku({"solve", "--solver", kDefaultSolver}, puzzle4);
  EXPECT_EQ(run.status, kStatusMalformed);
  EXPECT_EQ(run.err, "<stdin>:1: --solver " + std::string(kDefaultSolver) +
                         " takes 9x9 boards; leave it out to solve a 4x4 board\n");
}

TEST(SudokuSolve, PrintsEachFormatThatItReads) {
  Outcome grid = sudoku({"solve", "--format", "grid", kExample});
  Outcome leetcode = sudoku({"solve", "--format", "leetcode", kExample});
  EXPECT_EQ(grid.out, toGrid(parseBoard(kExampleSolution)) + "\n");
  EXPECT_EQ(leetcode.out, toLeetCode(parseBoard(kExampleSolution)) + "\n");
  for (const std::string& text : {grid.out, leetcode.out}) {  // read back: solved already, unique
    Outcome again = sudoku({"solve"}, text + text);
    EXPECT_EQ(again.out, kExampleSolution + "\n" + kExampleSolution + "\n") << text;
  }
}

// ---- options ----------------------------------------------------------------

TEST(SudokuOptions, ListPrintsEverySolutionName) {
  Outcome run = sudoku({"--list"});
  std::vector<std::string> names;
  for (const SolutionEntry& s : solutions()) names.push_back(s.name);
  EXPECT_EQ(run.status, kStatusOk);
  EXPECT_EQ(lines(run.out), names);
  EXPECT_NE(std::find(names.begin(), names.end(), kDefaultSolver), names.end())
      << "kDefaultSolver is not a bundled solution";
}

TEST(SudokuOptions, AnUnknownSolverIsAClearUsageError) {
  Outcome run = sudoku({"solve", "--solver", "nope", kExample});
  EXPECT_EQ(run.status, kStatusUsage);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "sudoku: no solver named 'nope'; sudoku --list prints the " +
                         std::to_string(solutions().size()) + " bundled ones\n");
}

TEST(SudokuOptions, BadOptionsAreUsageErrors) {
  for (auto args : {std::vector<std::string>{"solve", "--format", "pdf"},
                    {"count", "--limit", "1"},
                    {"count", "--limit", "x"},
                    {"validate", "--size", "10"},
                    {"frobnicate"},
                    {}}) {
    Outcome run = sudoku(args);
    EXPECT_EQ(run.status, kStatusUsage) << testing::PrintToString(args);
    EXPECT_NE(run.err, "") << testing::PrintToString(args);
  }
  EXPECT_EQ(sudoku({"--help"}).status, kStatusOk);
}

// ---- count and validate --------------------------------------------------

TEST(SudokuCount, SaysUniqueNoneOrSeveral) {
  Outcome run =
      sudoku({"count", kExample, kCli + "no_solution.txt", kCli + "multiple_solutions.txt"});
  EXPECT_EQ(run.status, kStatusOk);
  std::vector<std::string> verdicts;
  for (const std::string& line : lines(run.out))
    verdicts.push_back(line.substr(line.rfind(": ") + 2));
  EXPECT_EQ(verdicts,
            (std::vector<std::string>{"unique", "none", "none", "none", "none", "several (>= 2)",
                                      "several (>= 2)", "several (>= 2)", "several (>= 2)"}));
}

TEST(SudokuCount, CountsUpToTheLimit) {
  std::string path = kCli + "multiple_solutions.txt";
  EXPECT_EQ(lines(sudoku({"count", "--limit", "10", path}).out),
            (std::vector<std::string>{path + ":7: several (>= 10)", path + ":10: several (>= 10)",
                                      path + ":15: 2 solutions", path + ":18: several (>= 10)"}));
}

TEST(SudokuCount, ReportsMalformedPuzzlesAndCountsTheRest) {
  std::string path = kCli + "malformed/too_few_cells.txt";
  Outcome run = sudoku({"count", path});
  EXPECT_EQ(run.status, kStatusMalformed);
  EXPECT_EQ(run.out, path + ":5: unique\n" + path + ":7: unique\n");
  EXPECT_EQ(run.err, path + ":6: has 80 cells; a board has 16, 81, 256 or 625\n");
}

TEST(SudokuValidate, GivesOneVerdictPerPuzzle) {
  std::string malformed = kCli + "malformed/grid_cut_short.txt";
  Outcome run = sudoku(
      {"validate", kExample, malformed, kCli + "no_solution.txt", kCli + "multiple_solutions.txt"});
  EXPECT_EQ(run.status, kStatusUnsolved);  // the highest status that applies
  std::vector<std::string> out = lines(run.out);
  ASSERT_EQ(out.size(), 12u);
  EXPECT_EQ(out[0], kExample + ":3: ok");
  EXPECT_EQ(out[2], malformed + ":6: malformed: grid ends after 5 rows; a 9x9 grid has 9");
  EXPECT_EQ(out[4], kCli + "no_solution.txt:6: no solution");
  EXPECT_EQ(out[8], kCli + "multiple_solutions.txt:7: multiple solutions");
  EXPECT_EQ(sudoku({"validate", kCli + "forms.txt"}).status, kStatusOk);
  EXPECT_EQ(sudoku({"validate", malformed}).status, kStatusMalformed);
}

// ---- the built binary ----------------------------------------------------

// Runs a shell command line; its exit status and standard output.
std::pair<int, std::string> shell(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, ""};
  std::string out;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(SudokuBinary, ExitsWithTheStatusAndKeepsGoing) {
  const std::string binary = SUDOKU_BINARY;
  std::string path = kCli + "malformed/bad_character_in_grid.txt";
  std::string solve = "'" + binary + "' solve < '" + path + "'";
  auto [status, out] = shell(solve + " 2>/dev/null");
  EXPECT_EQ(status, kStatusMalformed);
  EXPECT_EQ(lines(out), tagged(path, "# output: "));
  EXPECT_EQ(shell(solve + " 2>&1 >/dev/null").second,
            "<stdin>:" + tagged(path, "# expect: ").at(0) + "\n");
  EXPECT_EQ(shell("'" + binary + "' --list").first, kStatusOk);
  EXPECT_EQ(shell("'" + binary + "' solve --solver nope 2>/dev/null").first, kStatusUsage);
}

}  // namespace
}  // namespace judge
