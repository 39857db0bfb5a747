// The counter against known counts: unique puzzles, multi-solution ones, an
// unsolvable one with consistent givens, and the empty 4x4 (288 grids).
#include <gtest/gtest.h>

#include "core/checker.h"
#include "core/counter.h"
#include "core/repo_root.h"
#include "core/testcases.h"

namespace core {
namespace {

TEST(Counter, FindsTheUniqueSolutionOfEveryForumHardestPuzzle) {
  for (const Case& c : loadCases(kRoot + "/testcases/forum_hardest.txt")) {
    Count count = countSolutions(c.puzzle, 2);
    EXPECT_EQ(count.solutions, 1) << c.where;
    EXPECT_EQ(count.first, *c.solution) << c.where;
  }
}

TEST(Counter, SeesSeveralSolutionsInEverySergPuzzle) {
  for (const Case& c : loadCases(kRoot + "/testcases/serg_multi.txt")) {
    Count count = countSolutions(c.puzzle, 2);
    EXPECT_EQ(count.solutions, 2) << c.where;
    EXPECT_EQ(check(c.puzzle, count.first), "") << c.where;
  }
}

TEST(Counter, CountsAllGridsOfTheEmpty4x4) {
  EXPECT_EQ(countSolutions(parseBoard(std::string(16, '.')), 1000).solutions, 288);
}

TEST(Counter, StopsAtTheLimit) {
  EXPECT_EQ(countSolutions(parseBoard(std::string(81, '.')), 5).solutions, 5);
}

TEST(Counter, ReturnsNoneForAnUnsolvablePuzzle) {
  // Consistent givens, but r1c9 can hold nothing: 1-8 in its row, 9 in its column.
  Board puzzle = parseBoard("12345678." + std::string(8, '.') + "9" + std::string(63, '.'));
  EXPECT_EQ(findConflict(puzzle), "");
  EXPECT_EQ(countSolutions(puzzle, 2).solutions, 0);
}

TEST(Counter, ReturnsNoneForConflictingGivens) {
  EXPECT_EQ(countSolutions(parseBoard("11" + std::string(79, '.')), 2).solutions, 0);
}

}  // namespace
}  // namespace core
