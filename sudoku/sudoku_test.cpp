// The sudoku command, called in process (sudokuMain with string streams) and,
// for the exit status a shell sees, as the built binary. The inputs are in
// testcases/cli/: malformed batches with their expected message and output,
// unsolvable and multi-solution puzzles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/checker.h"
#include "core/process/process.h"
#include "core/reader.h"
#include "core/registry.h"
#include "core/repo_root.h"
#include "sudoku/sudoku.h"
#include "sudoku/sudoku_run.h"
#include "core/tagged_lines.h"

namespace sudoku {
using namespace core;
namespace {

const std::string kCli = kRoot + "/testcases/cli/";
const std::string kExample = kRoot + "/testcases/leetcode_example.txt";
const std::string kExampleLine =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kExampleSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

std::pair<int, std::string> shell(const std::string& command);

std::vector<std::string> filesIn(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& file : std::filesystem::directory_iterator(folder))
    files.push_back(file.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// `out` has one line per puzzle of `path`: a valid completion of each good
// one, "error: malformed" for each malformed one.
void expectSolves(const std::string& path, const std::string& out) {
  std::vector<Entry> entries = readPuzzleFile(path);
  std::vector<std::string> answers = lines(out);
  ASSERT_EQ(answers.size(), entries.size()) << out;
  for (size_t i = 0; i < answers.size(); ++i)
    if (entries[i].error.empty())
      EXPECT_EQ(check(entries[i].puzzle.puzzle, parseBoard(answers[i])), "") << answers[i];
    else
      EXPECT_EQ(answers[i], "error: malformed") << entries[i].where;
}

// ---- malformed input ----------------------------------------------------

// Each file: a good puzzle, a malformed one, a good one. The bad one gets its
// message on stderr and the record "error: malformed" on stdout, between the
// two good ones' solutions: one record per puzzle, in order.
TEST(SudokuSolve, EachMalformedPuzzleGetsItsMessageAndTheBatchGoesOn) {
  std::vector<std::string> files = filesIn(kCli + "malformed");
  EXPECT_GE(files.size(), 10u);
  for (const std::string& path : files) {
    std::vector<std::string> expect = tagged(path, "# expect: "),
                             outputs = tagged(path, "# output: ");
    ASSERT_EQ(expect.size(), 1u) << path;
    ASSERT_EQ(outputs.size(), 2u) << path;
    Outcome run = sudoku({"solve", path});
    EXPECT_EQ(run.status, kStatusMalformed) << path;
    EXPECT_EQ(run.err, path + ":" + expect[0] + "\n");
    EXPECT_EQ(lines(run.out),
              (std::vector<std::string>{outputs[0], "error: malformed", outputs[1]})) << path;
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
  EXPECT_EQ(lines(run.out), std::vector<std::string>(4, "error: no solution"));
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

// Other sides than 9 are solved by the toolkit's own search, and by the
// solutions that declare the side ("// Sizes: 4 9 16 25"); LeetCode 37's
// 9x9-only solutions refuse them, with an error record.
TEST(SudokuSolve, SolvesOtherSidesButNotWithANamedNineByNineSolver) {
  std::string puzzle4 = "1.......2.......";
  Outcome run = sudoku({"solve"}, puzzle4);
  EXPECT_EQ(check(parseBoard(puzzle4), parseBoard(lines(run.out).at(0))), "");
  run = sudoku({"solve", "--solver", "propagation_bitboard"}, puzzle4);
  EXPECT_EQ(run.status, kStatusMalformed);
  EXPECT_EQ(run.out, "error: size not taken\n");
  EXPECT_EQ(run.err, "<stdin>:1: --solver propagation_bitboard takes boards of side 9; leave it "
                     "out to solve a 4x4 board\n");
}

// Every side each size-generic solver declares, through the command; the hard 16x16 set in
// full in `make test-all`: proving each of its answers unique takes the counter 10 s a solver,
// and the solvers' own tests run them on it in full already (solutions/tests/harness_test.cpp).
void expectSizeGenericSolversSolve(const std::vector<std::string>& sets) {
  for (std::string solver : {"dancing_links", "generic_bitmask_mrv"})
    for (const std::string& set : sets) {
      std::string path = kRoot + "/testcases/" + set + ".txt";
      Outcome run = sudoku({"solve", "--solver", solver, path});
      EXPECT_EQ(run.status, kStatusOk) << solver << " " << set << run.err;
      expectSolves(path, run.out);
    }
}

TEST(SudokuSolve, SizeGenericSolversSolveEverySideTheyDeclare) {
  expectSizeGenericSolversSolve({"size4_minimal", "size16_easy", "size25_easy"});
}

TEST(SudokuSolveThorough, SizeGenericSolversSolveTheHard16x16Set) {
  expectSizeGenericSolversSolve({"size16_hard"});
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
  for (std::string command : {"solve", "count", "validate", "generate"})
    EXPECT_EQ(sudoku({command, "--list"}).out, run.out) << command;
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
  EXPECT_EQ(run.out, path + ":5: unique\n" + path + ":6: malformed\n" + path + ":7: unique\n");
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

// ---- pipelines -------------------------------------------------------------

// A batch of every kind: good, malformed, no solution, several solutions, a
// line too long, arrays nested too deep, good.
std::string mixedBatch() {
  return kExampleLine + "\n" + "12345\n" + "12345678." + std::string(8, '.') + "9" +
         std::string(63, '.') + "\n" + "123456789" + std::string(72, '.') + "\n" +
         std::string(100000, '[') + std::string(100000, ']') + "\n" + "[[[\"1\"]]]\n" +
         kExampleLine + "\n";
}

TEST(SudokuPipeline, SolvePrintsOneRecordPerPuzzleInOrderWhateverHappens) {
  Outcome run = sudoku({"solve"}, mixedBatch());
  EXPECT_EQ(run.status, kStatusUnsolved);
  EXPECT_EQ(lines(run.out),
            (std::vector<std::string>{kExampleSolution, "error: malformed", "error: no solution",
                                      lines(run.out).at(3), "error: malformed", "error: malformed",
                                      kExampleSolution}));
  EXPECT_EQ(lines(run.err),
            (std::vector<std::string>{
                "<stdin>:2: has 5 cells; a board has 16, 81, 256 or 625",
                "<stdin>:3: no solution",
                "<stdin>:4: warning: several solutions; printing one",
                "<stdin>:5: line is longer than 65536 characters",
                "<stdin>:6: has arrays nested 3 deep; a board is an array of rows, each an array of "
                "one-character strings"}));
  for (std::string jobs : {"2", "3"}) EXPECT_EQ(sudoku({"solve", "--jobs", jobs}, mixedBatch()), run);
}

TEST(SudokuPipeline, CountAndValidatePrintOneLinePerPuzzle) {
  EXPECT_EQ(lines(sudoku({"count"}, mixedBatch()).out),
            (std::vector<std::string>{"<stdin>:1: unique", "<stdin>:2: malformed", "<stdin>:3: none",
                                      "<stdin>:4: several (>= 2)", "<stdin>:5: malformed",
                                      "<stdin>:6: malformed", "<stdin>:7: unique"}));
  EXPECT_EQ(lines(sudoku({"validate"}, mixedBatch()).out).size(), 7u);
}

TEST(SudokuPipeline, TheGridFormatEndsEveryRecordWithABlankLine) {
  Outcome run = sudoku({"solve", "--format", "grid"}, "12345\n" + kExampleLine + "\n");
  EXPECT_EQ(run.out, "error: malformed\n\n" + toGrid(parseBoard(kExampleSolution)) + "\n");
}

// An input that hands out one line at a time and notes, each time it is asked
// for more, what had been printed so far.
class Typist : public std::streambuf {
 public:
  Typist(std::vector<std::string> lines, const std::ostringstream& out)
      : lines_(std::move(lines)), out_(out) {}
  std::vector<std::string> printedBeforeEachLine;

 protected:
  int_type underflow() override {
    if (next_ == lines_.size()) return traits_type::eof();
    printedBeforeEachLine.push_back(out_.str());
    current_ = lines_[next_++] + "\n";
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }

 private:
  std::vector<std::string> lines_;
  const std::ostringstream& out_;
  std::string current_;
  size_t next_ = 0;
};

TEST(SudokuPipeline, AnswersEachPuzzleBeforeReadingTheNext) {
  for (std::string command : {"solve", "count", "validate"}) {
    std::ostringstream out, err;
    Typist typist({kExampleLine, "12345", kExampleLine}, out);
    std::istream in(&typist);
    const char* argv[] = {"sudoku", command.c_str()};
    sudokuMain(2, argv, in, out, err);
    ASSERT_EQ(typist.printedBeforeEachLine.size(), 3u);
    EXPECT_EQ(typist.printedBeforeEachLine[0], "") << command;
    EXPECT_EQ(lines(typist.printedBeforeEachLine[1]).size(), 1u) << command;
    EXPECT_EQ(lines(typist.printedBeforeEachLine[2]).size(), 2u) << command;
  }
}

// ---- pasted forms and hostile input ----------------------------------------

TEST(SudokuInput, ReadsLeetCodesAssignmentCppInitializersAndSingleQuotes) {
  std::string array = toLeetCode(parseBoard(kExampleLine)), quoted = array, braced;
  std::replace(quoted.begin(), quoted.end(), '"', '\'');
  for (char c : quoted) braced += c == '[' ? '{' : c == ']' ? '}' : c;
  std::string cppLines;  // one row a line, as a C++ program lays it out
  for (char c : braced) cppLines += c == '}' ? "}" : c == ',' && cppLines.back() == '}' ? ",\n" : std::string(1, c);
  for (std::string text : {"board = " + array, "Input: board = " + array, quoted,
                           "vector<vector<char>> board = " + braced + ";", braced,
                           "char board[9][9] = " + cppLines + ";"}) {
    Outcome run = sudoku({"solve"}, text + "\n");
    EXPECT_EQ(run.out, kExampleSolution + "\n") << text << "\n" << run.err;
    EXPECT_EQ(run.status, kStatusOk) << text;
  }
}

TEST(SudokuInput, MessagesNeverShowALibrarysText) {
  for (std::string text : {"[[\"5\",", "[[\"5\" \"3\"]]", "['5', '3'", "{{'5'}", "[[\"5\"]] x"}) {
    Outcome run = sudoku({"solve"}, text + "\n" + kExampleLine + "\n");
    EXPECT_EQ(run.status, kStatusMalformed) << text;
    EXPECT_EQ(lines(run.out), (std::vector<std::string>{"error: malformed", kExampleSolution}));
    EXPECT_EQ(run.err.find("json"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.rfind("<stdin>:1: ", 0), 0u) << run.err;
  }
}

TEST(SudokuInput, CapsLineLengthAndArrayLengthAndGoesOn) {
  std::string longArray = "[\n";  // an array that never closes, over many short lines
  for (int i = 0; i < 20000; ++i) longArray += "[\".\",\".\",\".\",\".\"],\n";
  Outcome run = sudoku({"solve"}, longArray + "\n" + kExampleLine + "\n" +
                                      std::string(200000, '.') + "\n" + kExampleLine + "\n");
  EXPECT_EQ(lines(run.out), (std::vector<std::string>{"error: malformed", kExampleSolution,
                                                      "error: malformed", kExampleSolution}));
  EXPECT_EQ(lines(run.err), (std::vector<std::string>{
                                "<stdin>:1: array is longer than 65536 characters",
                                "<stdin>:20004: line is longer than 65536 characters"}));
}

// Every input libFuzzer found to crash (make fuzz) is read without crashing
// (testcases/cli/fuzz/; the fuzz target's checks are repeated here).
TEST(SudokuInput, FuzzFindingsAreReadWithoutCrashing) {
  for (const std::string& path : filesIn(kCli + "fuzz")) {
    if (path.size() >= 3 && path.substr(path.size() - 3) == ".md") continue;
    for (const Entry& e : readPuzzleFile(path)) {
      if (e.error.empty()) {
        EXPECT_EQ(findConflict(e.puzzle.puzzle), "") << path;
      }
    }
    Outcome run = sudoku({"validate", path});
    EXPECT_NE(run.status, kStatusBroken) << path;
  }
}

// ---- generate and the help texts -------------------------------------------

TEST(SudokuHelp, GenerateSaysTheSeedDefaultsToOne) {
  Outcome run = sudoku({"generate", "--help"});
  EXPECT_EQ(run.status, kStatusOk);
  EXPECT_NE(run.out.find("without it, seed 1: the same puzzles on every run"), std::string::npos)
      << run.out;
}

TEST(SudokuHelp, MakeHelpNamesTheCommand) {
  auto [status, out] = shell("make -s -C '" + kRoot + "' help 2>/dev/null");
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("sudoku "), std::string::npos) << out;
}

// ---- the built binary ----------------------------------------------------

// Runs a shell command line; its exit status and standard output.
std::pair<int, std::string> shell(const std::string& command) {
  process::Captured run = process::captureStdout({"/bin/sh", "-c", command});
  return {run.status.code(), run.output};
}

TEST(SudokuBinary, ExitsWithTheStatusAndKeepsGoing) {
  const std::string binary = SUDOKU_BINARY;
  std::string path = kCli + "malformed/bad_character_in_grid.txt";
  std::string solve = "'" + binary + "' solve < '" + path + "'";
  auto [status, out] = shell(solve + " 2>/dev/null");
  EXPECT_EQ(status, kStatusMalformed);
  std::vector<std::string> outputs = tagged(path, "# output: ");
  outputs.insert(outputs.begin() + 1, "error: malformed");
  EXPECT_EQ(lines(out), outputs);
  EXPECT_EQ(shell(solve + " 2>&1 >/dev/null").second,
            "<stdin>:" + tagged(path, "# expect: ").at(0) + "\n");
  EXPECT_EQ(shell("'" + binary + "' --list").first, kStatusOk);
  EXPECT_EQ(shell("'" + binary + "' solve --solver nope 2>/dev/null").first, kStatusUsage);
}

}  // namespace
}  // namespace sudoku
