// `sudoku generate` and `sudoku solve --jobs`, called in process: generated
// puzzles are unique by the independent counter and the same for a seed on
// any number of jobs; a batch solved on several threads prints exactly what
// one thread prints, in input order, errors included.
#include <gtest/gtest.h>

#include <sstream>

#include "core/checker.h"
#include "core/counter.h"
#include "core/repo_root.h"
#include "sudoku/generator.h"
#include "sudoku/sudoku.h"
#include "sudoku/sudoku_run.h"
#include "core/testcases.h"
#include "core/text_file.h"

namespace sudoku {
using namespace core;
namespace {

TEST(SudokuGenerate, PrintsUniquePuzzlesWithTheirSolutions) {
  Outcome run = sudoku({"generate", "--size", "9", "--count", "12", "--seed", "5", "--solution"});
  ASSERT_EQ(run.status, kStatusOk) << run.err;
  std::vector<std::string> printed = lines(run.out);
  ASSERT_EQ(printed.size(), 12u);
  for (const std::string& line : printed) {
    Case c = parseCase(line);
    ASSERT_TRUE(c.solution) << line;
    Count count = countSolutions(c.puzzle, 2);
    EXPECT_EQ(count.solutions, 1) << line;
    EXPECT_EQ(count.first, *c.solution) << line;
  }
}

// testcases/cli/generate_seed1.txt was printed before the 9x9 engine decided
// uniqueness: the engine keeps the same givens, so the same seed prints the same.
TEST(SudokuGenerate, TheEnginePrintsWhatTheOldSearchPrinted) {
  std::vector<std::string> before;
  for (const std::string& line : lines(tryReadTextFile(kRoot + "/testcases/cli/generate_seed1.txt").value_or("")))
    if (line.rfind("#", 0) != 0) before.push_back(line);
  Outcome run = sudoku({"generate", "--count", "20", "--solution"});  // --seed 1 by default
  EXPECT_EQ(lines(run.out), before);
}

// A long run read in batches (the judge's STRESS=) prints what one run prints.
TEST(SudokuGenerate, FirstStartsAtThatPuzzleNumber) {
  std::vector<std::string> whole = lines(sudoku({"generate", "--count", "6", "--seed", "3"}).out);
  std::vector<std::string> tail = lines(sudoku({"generate", "--count", "2", "--seed", "3", "--first", "4"}).out);
  ASSERT_EQ(whole.size(), 6u);
  EXPECT_EQ(tail, std::vector<std::string>(whole.begin() + 4, whole.end()));
}

TEST(SudokuGenerate, TheSameSeedPrintsTheSameOnAnyNumberOfJobs) {
  std::vector<std::string> args = {"generate", "--size", "16",       "--count", "4",
                                   "--seed",   "9",      "--givens", "130"};
  Outcome once = sudoku(args);
  args.insert(args.end(), {"--jobs", "3"});
  EXPECT_EQ(sudoku(args), once);
  EXPECT_EQ(lines(once.out).size(), 4u);
  args[6] = "10";
  EXPECT_NE(sudoku(args).out, once.out);
}

TEST(SudokuGenerate, RateIsTheRatingOfThePuzzle) {
  Outcome run = sudoku({"generate", "--size", "9", "--count", "3", "--rate"});
  ASSERT_EQ(run.status, kStatusOk) << run.err;
  for (const std::string& line : lines(run.out)) {
    std::istringstream words(line);
    long rating;
    std::string puzzle;
    ASSERT_TRUE(words >> rating >> puzzle) << line;
    EXPECT_EQ(rating, rate(parseBoard(puzzle))) << line;
  }
}

TEST(SudokuGenerate, RefusesImpossibleOptions) {
  Outcome tooMany = sudoku({"generate", "--size", "4", "--givens", "17"});
  EXPECT_EQ(tooMany.status, kStatusUsage);
  EXPECT_EQ(tooMany.err, "sudoku generate: --givens 17 is more than the 16 cells of a 4x4 board\n");
  EXPECT_EQ(sudoku({"generate", "--size", "10"}).status, kStatusUsage);
  EXPECT_EQ(sudoku({"generate", "--count", "0"}).status, kStatusUsage);
}

// 60 puzzles with a malformed line, an unsolvable puzzle and a 16x16 among them.
std::string batchWithBadLines() {
  std::string batch;
  std::vector<Case> cases = loadCases(kRoot + "/testcases/magictour.txt");
  for (size_t i = 0; i < 60; ++i) {
    batch += toLine(cases[i].puzzle) + "\n";
    if (i == 10) batch += "12345\n";
    if (i == 30) batch += "12345678." + std::string(8, '.') + "9" + std::string(63, '.') + "\n";
    if (i == 45) batch += toLine(loadCases(kRoot + "/testcases/size16_easy.txt")[0].puzzle) + "\n";
  }
  return batch;
}

TEST(SudokuJobs, SolveOnSeveralThreadsPrintsWhatOneThreadPrints) {
  std::string batch = batchWithBadLines();
  Outcome one = sudoku({"solve"}, batch);
  EXPECT_EQ(one.status, kStatusUnsolved);
  EXPECT_EQ(lines(one.out).size(), 63u);  // one record per puzzle, the two errors' included
  EXPECT_EQ(lines(one.err).size(), 2u) << one.err;
  for (const char* jobs : {"2", "4"})
    EXPECT_EQ(sudoku({"solve", "--jobs", jobs}, batch), one) << jobs;
}

TEST(SudokuJobs, AnswersComeInInputOrder) {
  std::string batch;
  std::vector<Case> cases = loadCases(kRoot + "/testcases/forum_hardest.txt");
  for (const Case& c : cases) batch += toLine(c.puzzle) + "\n";
  Outcome run = sudoku({"solve", "--jobs", "3"}, batch);
  ASSERT_EQ(run.status, kStatusOk) << run.err;
  std::vector<std::string> answers = lines(run.out);
  ASSERT_EQ(answers.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(answers[i], toLine(*cases[i].solution)) << cases[i].where;
}

TEST(SudokuJobs, ANamedSolverGivesTheSameAnswers) {
  std::string batch = batchWithBadLines();
  EXPECT_EQ(sudoku({"solve", "--solver", "bitmask_mrv_globals", "--jobs", "4"}, batch).out,
            sudoku({"solve", "--solver", "bitmask_mrv_globals"}, batch).out);
}

}  // namespace
}  // namespace sudoku
