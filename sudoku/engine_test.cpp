// The 9x9 engine against the independent size-generic counter (counter.h):
// the same count on every bundled 9x9 puzzle and on random puzzles with many
// solutions, and a first solution that solves the puzzle; clashing givens,
// an empty board and the limit; and the same search as
// solutions/propagation_bitboard.cpp.
#include "core/repo_root.h"
#include "sudoku/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/catalog.h"
#include "core/checker.h"
#include "sudoku/generator.h"
#include "core/registry.h"
#include "core/testcases.h"

namespace sudoku {
using namespace core;
namespace {

// Both count the same up to `limit`, and the engine's first solution solves the puzzle.
void expectAgree(const Board& puzzle, long limit, const std::string& where) {
  Count engine = countNine(puzzle, limit), counter = countSolutions(puzzle, limit);
  ASSERT_EQ(engine.solutions, counter.solutions) << where << " " << toLine(puzzle);
  if (engine.solutions > 0) {
    EXPECT_EQ(check(puzzle, engine.first), "") << where;
  }
  if (engine.solutions == 1) {
    EXPECT_EQ(engine.first, counter.first) << where;
  }
}

TEST(Engine, AgreesWithTheCounterOnEveryBundled9x9Puzzle) {
  for (const std::string& set : nineByNineSets(kRoot)) {
    std::vector<Case> cases = loadCases(kRoot + "/testcases/" + set + ".txt");
    ASSERT_FALSE(cases.empty()) << set;
    for (const Case& c : cases) {
      expectAgree(c.puzzle, 2, c.where);
      if (c.solution) {
        EXPECT_EQ(countNine(c.puzzle, 2).first, *c.solution) << c.where;
      }
    }
  }
}

// Random grids with 18 to 30 givens left: most have many solutions, some none
// after a changed given; counted to 50 by both.
TEST(Engine, AgreesWithTheCounterOnRandomPuzzlesWithSeveralSolutions) {
  std::mt19937_64 rng(2026);
  int several = 0;
  for (int i = 0; i < 150; ++i) {
    Board puzzle = randomGrid(9, rng);
    int keep = 18 + int(uniformBelow(rng, 13));
    for (int cell = 0, left = 81; cell < 81; ++cell, --left) {  // keep `keep` of the cells left
      if (uniformBelow(rng, left) >= uint64_t(keep))
        puzzle[cell / 9][cell % 9] = kEmpty;
      else
        --keep;
    }
    if (i % 5 == 0)  // a changed given: often no solution, never a clash
      for (int cell = 0; cell < 81; ++cell)
        if (char& c = puzzle[cell / 9][cell % 9]; c == kEmpty) {
          for (char d = '1'; d <= '9' && c == kEmpty; ++d) {
            c = d;
            if (!findConflict(puzzle).empty()) c = kEmpty;
          }
          break;
        }
    expectAgree(puzzle, 50, "random " + std::to_string(i));
    several += countNine(puzzle, 2).solutions == 2;
  }
  EXPECT_GT(several, 100);
}

// A unique puzzle that loses a given has another solution exactly when some
// solution puts another digit in that cell (the generator relies on it).
TEST(Engine, SolvableWithoutAGivenMeansSeveralSolutionsWithoutIt) {
  std::vector<Case> cases = loadCases(kRoot + "/testcases/seventeen_clue.txt");
  for (std::string set : {"magictour", "forum_hardest"})
    for (const Case& c : loadCases(kRoot + "/testcases/" + set + ".txt")) cases.push_back(c);
  for (size_t i = 0; i < cases.size(); i += 7) {
    std::string cells = toLine(cases[i].puzzle);
    for (int cell = 0; cell < 81; ++cell) {
      if (cells[cell] == kEmpty) continue;
      std::string fewer = cells;
      fewer[cell] = kEmpty;
      EXPECT_EQ(solvableWithout(fewer, cell, cells[cell]), countNine(fewer, 2).solutions == 2)
          << cases[i].where << " without " << cellName(cell / 9, cell % 9);
    }
  }
}

TEST(Engine, ClashingGivensHaveNoSolution) {
  std::string cells(81, '.');
  cells[0] = cells[8] = '5';
  EXPECT_EQ(countNine(cells, 2).solutions, 0);
}

TEST(Engine, CountsUpToTheLimitOnAnEmptyBoard) {
  for (long limit : {1L, 2L, 1000L}) {
    NineCount count = countNine(std::string(81, '.'), limit);
    EXPECT_EQ(count.solutions, limit);
    std::string first(count.first.begin(), count.first.end());
    EXPECT_EQ(check(parseBoard(std::string(81, '.')), parseBoard(first)), "");
  }
}

TEST(Engine, CountFastUsesTheCounterForOtherSides) {
  Board four = parseBoard("1.......2.......");
  EXPECT_EQ(countFast(four, 100).solutions, countSolutions(four, 100).solutions);
  EXPECT_EQ(countFast(four, 100).first, countSolutions(four, 100).first);
}

// propagation_bitboard is the engine's search for LeetCode: the same deductions, guess cells
// and order of digits. On puzzles with several solutions the first one found shows it: a
// different guess, or the other digit first, would mostly end in another solution.
const SolutionEntry& propagationBitboard() {
  const std::vector<SolutionEntry>& all = solutions();
  auto bitboard = std::find_if(all.begin(), all.end(),
                               [](const SolutionEntry& s) { return s.name == "propagation_bitboard"; });
  if (bitboard == all.end()) throw std::runtime_error("propagation_bitboard is not registered");
  return *bitboard;
}

// How many of `puzzles` have several solutions, expecting the same first solution from both.
int expectSameFirstSolution(const std::vector<Case>& puzzles) {
  int several = 0;
  for (const Case& c : puzzles) {
    Board board = c.puzzle;
    propagationBitboard().solve(board);
    NineCount engine = countNine(toLine(c.puzzle), 2);
    several += engine.solutions == 2;
    EXPECT_EQ(toLine(board), std::string(engine.first.begin(), engine.first.end())) << c.where;
  }
  return several;
}

TEST(Engine, FindsTheSameFirstSolutionAsPropagationBitboard) {
  std::vector<Case> cases = loadCases(kRoot + "/testcases/serg_multi.txt");
  ASSERT_FALSE(cases.empty());
  EXPECT_GT(expectSameFirstSolution(cases), int(cases.size()) / 2);  // the set is there for its several solutions
}

// The same, where both searches run long enough to switch to templates (32 calls) before a
// first solution: the forum's hardest, each without one of its givens, kept where that leaves
// several solutions and a long search.
TEST(Engine, FindsTheSameFirstSolutionAsPropagationBitboardWithTemplates) {
  std::vector<Case> deep;
  for (const Case& c : loadCases(kRoot + "/testcases/forum_hardest.txt"))
    for (int cell = 0; cell < 81; ++cell) {
      Case fewer{c.puzzle, std::nullopt, c.where + " without " + cellName(cell / 9, cell % 9)};
      char& given = fewer.puzzle[cell / 9][cell % 9];
      if (given == kEmpty) continue;
      given = kEmpty;
      std::string cells = toLine(fewer.puzzle);
      if (countNine(cells, 2).solutions == 2 && countNine(cells, 1).guesses >= 32) deep.push_back(fewer);
    }
  ASSERT_GT(deep.size(), 50u);
  EXPECT_EQ(expectSameFirstSolution(deep), int(deep.size()));
}

}  // namespace
}  // namespace sudoku
