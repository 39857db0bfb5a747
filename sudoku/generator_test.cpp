// The generator: complete random grids on every side, puzzles (and the bundled
// size* sets) whose unique solution the independent counter (counter.h)
// confirms, minimality given by given, the floor of givens, reproducibility
// per seed and index, the rating.
#include "core/repo_root.h"
#include "sudoku/generator.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <utility>

#include "core/checker.h"
#include "core/counter.h"
#include "core/testcases.h"

namespace sudoku {
using namespace core;
namespace {

Board emptyBoard(int side) { return Board(side, std::vector<char>(side, kEmpty)); }

int givens(const Board& board) {
  int count = 0;
  for (const auto& row : board)
    for (char cell : row) count += cell != kEmpty;
  return count;
}

// The puzzle keeps only cells of the solution, and the counter finds exactly
// that one solution.
void expectUniqueByCounter(const Generated& g) {
  EXPECT_EQ(check(g.puzzle, g.solution), "") << toLine(g.puzzle);
  Count count = countSolutions(g.puzzle, 2);
  EXPECT_EQ(count.solutions, 1) << toLine(g.puzzle);
  EXPECT_EQ(count.first, g.solution) << toLine(g.puzzle);
}

// The standard fixes mt19937_64's output: its 10000th value from the default
// seed. With our own draws on top, a seed gives the same puzzles everywhere.
TEST(Generator, RestsOnTheStandardsMersenneTwister) {
  std::mt19937_64 rng;
  rng.discard(9999);
  EXPECT_EQ(rng(), 9981545732273789042ull);
}

// streamOf's own seed sequence must seed the engine exactly as std::seed_seq does.
TEST(Generator, StreamsAreSeededAsBySeedSeq) {
  for (uint64_t seed : {0ull, 1ull, 7ull, 0xFFFFFFFFull, 123456789012ull, ~0ull})
    for (uint64_t index : {0ull, 1ull, 999ull, 1ull << 40}) {
      std::seed_seq words{uint32_t(seed), uint32_t(seed >> 32), uint32_t(index),
                          uint32_t(index >> 32)};
      EXPECT_EQ(streamOf(seed, index), std::mt19937_64(words)) << seed << " " << index;
    }
}

TEST(Generator, UniformBelowStaysInRangeAndReachesEveryValue) {
  std::mt19937_64 rng(1);
  std::vector<int> seen(7);
  for (int i = 0; i < 7000; ++i) {
    uint64_t draw = uniformBelow(rng, 7);
    ASSERT_LT(draw, 7u);
    ++seen[draw];
  }
  for (int count : seen) EXPECT_GT(count, 800);  // 1000 expected; 800 is > 6 sigma below
  EXPECT_EQ(uniformBelow(rng, 1), 0u);
}

TEST(Generator, RandomGridsAreCompleteOnEverySide) {
  std::mt19937_64 rng(3);
  for (int side : {4, 9, 16, 25}) {
    Board grid = randomGrid(side, rng);
    EXPECT_EQ(check(emptyBoard(side), grid), "") << side;
  }
}

// The 9x9 fill is a faster copy of the generic one: the same grids, the same draws used.
TEST(Generator, The9x9FillMakesTheGenericFillsGrids) {
  for (uint64_t seed = 0; seed < 300; ++seed) {
    std::mt19937_64 fast(seed), generic(seed);
    ASSERT_EQ(randomGrid(9, fast), randomGridGeneric(9, generic)) << seed;
    ASSERT_EQ(fast(), generic()) << seed;
  }
}

TEST(Generator, RandomGridsDiffer) {
  std::mt19937_64 rng(5);
  std::set<Board> grids;
  for (int i = 0; i < 20; ++i) grids.insert(randomGrid(9, rng));
  EXPECT_EQ(grids.size(), 20u);
}

TEST(Generator, PuzzlesAreUniqueByTheIndependentCounter) {
  for (int side : {4, 9})
    for (uint64_t index = 0; index < 20; ++index) expectUniqueByCounter(generate(side, 11, index));
}

TEST(Generator, LargerPuzzlesWithAFloorAreUniqueByTheIndependentCounter) {
  for (uint64_t index = 0; index < 3; ++index) {
    Generated g = generate(16, 11, index, {120});
    EXPECT_EQ(givens(g.puzzle), 120);
    expectUniqueByCounter(g);
  }
  expectUniqueByCounter(generate(25, 11, 0, {400}));
}

// The bundled sets the generator made (testcases/README.md).
void expectUniqueByTheCounter(const std::string& set) {
  for (const Case& c : loadCases(kRoot + "/testcases/" + set + ".txt")) {
    Count count = countSolutions(c.puzzle, 2);
    EXPECT_EQ(count.solutions, 1) << c.where;
    EXPECT_EQ(count.first, *c.solution) << c.where;
  }
}

TEST(Generator, BundledSetsAreUniqueByTheIndependentCounter) {
  for (const char* set : {"size4_minimal", "size16_easy", "size25_easy"}) expectUniqueByTheCounter(set);
}

// `make test-all` (Thorough suites): the hard sets take the counter half a minute.
TEST(GeneratorThorough, BundledHardSetsAreUniqueByTheIndependentCounter) {
  for (const char* set : {"size16_hard", "size25_hard"}) expectUniqueByTheCounter(set);
}

TEST(GeneratorThorough, AMinimalBundled16x16NeedsEveryGiven) {
  Board puzzle = loadCases(kRoot + "/testcases/size16_hard.txt").front().puzzle;
  for (int cell = 0; cell < 256; ++cell) {
    Board fewer = puzzle;
    if (std::exchange(fewer[cell / 16][cell % 16], kEmpty) == kEmpty) continue;
    EXPECT_EQ(countSolutions(fewer, 2).solutions, 2)
        << "without " << cellName(cell / 16, cell % 16);
  }
}

// Minimal: taking away any one given leaves several solutions.
TEST(Generator, MinimalPuzzlesNeedEveryGiven) {
  for (uint64_t index = 0; index < 5; ++index) {
    Generated g = generate(9, 13, index);
    EXPECT_TRUE(g.minimal);
    for (int cell = 0; cell < 81; ++cell) {
      Board fewer = g.puzzle;
      if (std::exchange(fewer[cell / 9][cell % 9], kEmpty) == kEmpty) continue;
      EXPECT_EQ(countSolutions(fewer, 2).solutions, 2) << toLine(g.puzzle) << " without " << cell;
    }
  }
}

// The 9x9 removal (the engine, forced cells, unavoidable sets) keeps the givens a plain count
// of solutions keeps.
TEST(Generator, The9x9RemovalKeepsWhatCountingKeeps) {
  for (uint64_t seed = 0; seed < 200; ++seed) {
    std::mt19937_64 rng(seed);
    Board grid = randomGrid(9, rng);
    std::mt19937_64 fast = rng, counting = rng;
    ASSERT_EQ(removeGivens(grid, fast, {}), removeGivensByCounting(grid, counting, {})) << seed;
  }
}

TEST(Generator, AFloorOfGivensIsNotCalledMinimal) {
  Generated g = generate(9, 13, 0, {40});
  EXPECT_EQ(givens(g.puzzle), 40);
  EXPECT_FALSE(g.minimal);
}

TEST(Generator, TheSameSeedAndIndexGiveTheSamePuzzle) {
  for (int side : {9, 16}) {
    Removal removal{side == 16 ? 120 : 0};
    Generated a = generate(side, 42, 3, removal), b = generate(side, 42, 3, removal);
    EXPECT_EQ(a.puzzle, b.puzzle);
    EXPECT_EQ(a.rating, b.rating);
    EXPECT_NE(a.puzzle, generate(side, 43, 3, removal).puzzle);
    EXPECT_NE(a.puzzle, generate(side, 42, 4, removal).puzzle);
  }
}

// The rating counts cells filled: a full grid needs none, and a grid with
// five cells taken out needs exactly five (each is forced).
TEST(Generator, RatingCountsTheCellsTheSolverFills) {
  std::mt19937_64 rng(17);
  Board grid = randomGrid(9, rng);
  EXPECT_EQ(rate(grid), 0);
  for (int cell : {0, 10, 40, 70, 80}) grid[cell / 9][cell % 9] = kEmpty;
  EXPECT_EQ(rate(grid), 5);
}

TEST(Generator, RejectsASideThatIsNotASquare) {
  EXPECT_THROW(generate(10, 1, 0), std::invalid_argument);
  EXPECT_THROW(generate(0, 1, 0), std::invalid_argument);
}

}  // namespace
}  // namespace sudoku
