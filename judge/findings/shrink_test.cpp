// Shrinking a failing puzzle (shrink.h): first on made-up failures whose
// smallest form is known, then on the known-wrong files, run as the judge runs
// them, whose smallest failing board must still fail alone.
#include "core/repo_root.h"
#include "judge/findings/shrink.h"

#include <gtest/gtest.h>

#include "core/testcases.h"

namespace judge {
using namespace core;
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kShrinkBudget{60000};  // never reached by the made-up failures

Case exampleCase() { return loadCases(kRoot + "/testcases/leetcode_example.txt").at(0); }

bool isEmpty(const Board& board, size_t r, size_t c) { return valueOf(board[r][c]) == 0; }

// Only the puzzle's own digits and the solution's may appear: a shrunk board
// is the puzzle with some of its empty cells filled from the solution.
void expectBetween(const Board& shrunk, const Board& puzzle, const Board& solution) {
  for (size_t r = 0; r < 9; ++r)
    for (size_t c = 0; c < 9; ++c)
      if (!isEmpty(puzzle, r, c) || !isEmpty(shrunk, r, c)) {
        EXPECT_EQ(shrunk[r][c], solution[r][c]) << cellName(int(r), int(c));
      }
}

TEST(Shrink, OneCellThatMattersIsAllThatIsLeft) {
  Case c = exampleCase();
  ASSERT_TRUE(isEmpty(c.puzzle, 4, 4));
  Shrunk shrunk = shrinkPuzzle(c.puzzle, *c.solution,
                               [](const Board& board) { return isEmpty(board, 4, 4); }, kShrinkBudget);
  EXPECT_EQ(shrunk.emptyBefore, 51);
  EXPECT_EQ(shrunk.emptyAfter, 1);
  EXPECT_TRUE(isEmpty(shrunk.puzzle, 4, 4));
  EXPECT_TRUE(shrunk.minimal);
  expectBetween(shrunk.puzzle, c.puzzle, *c.solution);
  EXPECT_LT(shrunk.trials, 51) << "halves and quarters first, not one cell at a time";
}

// A failure that needs several empty cells together stops at the fewest.
TEST(Shrink, StopsWhereNoSingleCellCanBeFilled) {
  Case c = exampleCase();
  auto failsWithThreeEmpty = [](const Board& board) { return emptyCells(board) >= 3; };
  Shrunk shrunk = shrinkPuzzle(c.puzzle, *c.solution, failsWithThreeEmpty, kShrinkBudget);
  EXPECT_EQ(shrunk.emptyAfter, 3);
  EXPECT_EQ(emptyCells(shrunk.puzzle), 3);
  EXPECT_TRUE(shrunk.minimal);
  expectBetween(shrunk.puzzle, c.puzzle, *c.solution);
}

TEST(Shrink, AFailureThatNeedsEveryEmptyCellIsLeftAsItWas) {
  Case c = exampleCase();
  Shrunk shrunk = shrinkPuzzle(c.puzzle, *c.solution, [](const Board&) { return false; }, kShrinkBudget);
  EXPECT_EQ(shrunk.puzzle, c.puzzle);
  EXPECT_EQ(shrunk.emptyAfter, shrunk.emptyBefore);
  EXPECT_TRUE(shrunk.minimal);
}

TEST(Shrink, ASpentBudgetKeepsTheBestSoFarAndSaysItIsNotMinimal) {
  Case c = exampleCase();
  int runs = 0;
  Shrunk shrunk = shrinkPuzzle(c.puzzle, *c.solution, [&](const Board&) { return ++runs, true; },
                               milliseconds(0));
  EXPECT_EQ(runs, 0);
  EXPECT_EQ(shrunk.puzzle, c.puzzle);
  EXPECT_FALSE(shrunk.minimal);
}

// The judge's trial on the known-wrong files: compiled as LeetCode does, run
// in the sandbox. The box index bug fails with one empty cell left.
Shrunk shrinkKnownWrong(const std::string& file, Verdict verdict, Board& solution,
                        milliseconds budget) {
  Program program = buildProgram(kRoot + "/solutions/wrong_answer/" + file, builtWorkspace());
  EXPECT_EQ(program.verdict, Verdict::kAccepted) << program.message;
  Case c = exampleCase();
  solution = *c.solution;
  FailsAlone fails = failsAloneWith(program.path, solution, verdict, 1000);
  EXPECT_TRUE(fails(c.puzzle)) << file << " must fail the example";
  Shrunk shrunk = shrinkFailingCase(program.path, c, verdict, 1000, budget);
  EXPECT_TRUE(fails(shrunk.puzzle)) << "the smallest board must still fail alone, in a fresh child";
  expectBetween(shrunk.puzzle, c.puzzle, solution);
  return shrunk;
}

TEST(ShrinkKnownWrong, ABoxIndexThatMergesBoxesFailsWithOneEmptyCell) {
  Board solution;
  Shrunk shrunk = shrinkKnownWrong("box_index_sum.cpp", Verdict::kWrongAnswer, solution, kShrinkBudget);
  EXPECT_EQ(shrunk.emptyBefore, 51);
  EXPECT_EQ(shrunk.emptyAfter, 1) << toGrid(shrunk.puzzle);
  EXPECT_TRUE(shrunk.minimal);
}

// Some of its boards loop until the trial's limit (1 s): a few seconds show
// that it shrinks, and that what it keeps still fails.
TEST(ShrinkKnownWrong, AnOverwrittenGivenShrinksAndStillFails) {
  Board solution;
  Shrunk shrunk = shrinkKnownWrong("overwrites_given.cpp", Verdict::kWrongAnswer, solution,
                                   milliseconds(3000));
  EXPECT_LT(shrunk.emptyAfter, shrunk.emptyBefore) << toGrid(shrunk.puzzle);
  EXPECT_GE(shrunk.emptyAfter, 1);
}

}  // namespace
}  // namespace judge
