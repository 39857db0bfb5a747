// The puzzle generator: a random complete grid, then givens removed in a
// random order while the solution stays unique, until no given can go (a
// minimal puzzle) or a floor of givens is reached. Uniqueness is decided by
// the 9x9 engine (engine.h) on 9x9 boards and by the one-thread search of
// parallel.h on the others (hidden singles make it fast enough for 16x16);
// the tests re-check it with the independent core/counter.h.
// Randomness is std::mt19937_64 with our own uniform draws and shuffle (the
// standard library's distributions differ between implementations), so a
// seed gives the same puzzles everywhere.
#pragma once
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "core/board.h"

namespace sudoku {
using namespace core;

struct Removal {
  int minGivens = 0;  // stop once this many givens are left; 0: go on to a minimal puzzle
  // Nodes allowed to each uniqueness check of a board other than 9x9 (the 9x9
  // engine needs none). A check that runs out keeps its given (the puzzle
  // stays unique, but may not be minimal): 25x25 needs this.
  long budget = std::numeric_limits<long>::max();
};

struct Generated {
  Board puzzle;  // exactly one solution
  Board solution;
  long rating;   // rate(puzzle), or -1 when not asked for
  bool minimal;  // no given can be removed without losing uniqueness
};

// Puzzle number `index` of the batch for `seed`, on a board of side 4, 9, 16
// or 25. Each index has its own random stream, so a puzzle does not depend on
// the ones before it. `rated`: compute its rating (one more search). Throws
// std::invalid_argument on a bad side.
Generated generate(int side, uint64_t seed, uint64_t index, const Removal& removal = {},
                   bool rated = true);

// Difficulty: the nodes (cells filled, forced ones included) of a fixed
// solver, the one-thread search of parallel.h, to find the solution and prove
// it unique.
long rate(const Board& puzzle);

// The parts, for tests.
// Puzzle `index`'s random stream: mt19937_64 seeded by
// std::seed_seq{seed, seed >> 32, index, index >> 32} (32-bit halves), by a faster copy of it.
std::mt19937_64 streamOf(uint64_t seed, uint64_t index);
uint64_t uniformBelow(std::mt19937_64& rng, uint64_t bound);  // in [0, bound), bound >= 1
Board randomGrid(int side, std::mt19937_64& rng);
// The same by the size-generic search of grid.h on every side. randomGrid's own 9x9 fill
// makes the same choices from the same draws, only faster: the tests compare the two.
Board randomGridGeneric(int side, std::mt19937_64& rng);
// minimal, when not null, is set to whether the result is known to be minimal.
Board removeGivens(const Board& grid, std::mt19937_64& rng, const Removal& removal,
                   bool* minimal = nullptr);
// The same by counting solutions (parallel.h's search) on every side. removeGivens decides
// 9x9 boards by the engine and cheaper proofs, and must decide alike: the tests compare them.
Board removeGivensByCounting(const Board& grid, std::mt19937_64& rng, const Removal& removal);

}  // namespace sudoku
