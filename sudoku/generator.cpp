#include "generator.h"

#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include "engine.h"
#include "grid.h"
#include "parallel.h"

namespace judge {
namespace {

// Fisher-Yates with our own draws: the same order with every standard library.
template <class T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[uniformBelow(rng, i)]);
}

// Depth-first fill along Grid::next(), the values of each branch in a random order.
// Gives up (false) when the budget of cells placed runs out.
bool fillRandomly(Grid& grid, std::mt19937_64& rng, long& budget) {
  auto [r, c, values] = grid.next();
  if (r < 0) return true;
  std::vector<uint32_t> bits;
  for (uint32_t mask = values; mask; mask &= mask - 1) bits.push_back(mask & -mask);
  shuffle(bits, rng);
  for (uint32_t bit : bits) {
    if (--budget < 0) return false;
    grid.place(r, c, bit);
    if (fillRandomly(grid, rng, budget)) return true;
    grid.clear(r, c, bit);
  }
  return false;
}

}  // namespace

uint64_t uniformBelow(std::mt19937_64& rng, uint64_t bound) {
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  const uint64_t accepted = max - max % bound;  // a multiple of bound: no value is favoured
  uint64_t draw;
  do draw = rng();
  while (draw >= accepted);
  return draw % bound;
}

Board randomGrid(int side, std::mt19937_64& rng) {
  if (boxSide(side) == 0)
    throw std::invalid_argument("side " + std::to_string(side) + " is not 4, 9, 16 or 25");
  // A rare unlucky early choice can cost a long search: start again instead.
  for (;;) {
    Grid grid(Board(side, std::vector<char>(side, kEmpty)));
    long budget = 4L * side * side;
    if (fillRandomly(grid, rng, budget)) return grid.board;
  }
}

namespace {

// Whether the givens that see an empty cell leave it one value (a naked
// single): then no search is needed to keep the puzzle unique. Most of the
// first givens removed are such cells.
bool onlyValueLeft(const Board& puzzle, int cell) {
  int side = int(puzzle.size()), n = boxSide(side), r = cell / side, c = cell % side;
  uint32_t seen = 0;
  for (int k = 0; k < side; ++k) {
    int boxRow = r / n * n + k / n, boxColumn = c / n * n + k % n;
    for (char peer : {puzzle[r][k], puzzle[k][c], puzzle[boxRow][boxColumn]})
      if (int v = valueOf(peer); v > 0) seen |= 1u << v;
  }
  return __builtin_popcount(seen) == side - 1;
}

// Whether `puzzle`, unique with `given` at `cell`, stays unique without it.
// On 9x9 it does exactly when no solution puts another digit there (the
// engine looks for one); other sides count to 2 within `budget` nodes, and
// `finished` says whether that sufficed.
bool staysUnique(const Board& puzzle, int cell, char given, long budget, bool& finished) {
  finished = true;
  if (puzzle.size() == 9)
    return onlyValueLeft(puzzle, cell) || !solvableWithout(toLine(puzzle), cell, given);
  TreeSearch count = searchTree(puzzle, 2, 1, budget);
  finished = count.finished;
  return count.finished && count.solutions == 1;
}

}  // namespace

Board removeGivens(const Board& grid, std::mt19937_64& rng, const Removal& removal, bool* minimal) {
  int side = int(grid.size());
  std::vector<int> cells(side * side);
  std::iota(cells.begin(), cells.end(), 0);
  shuffle(cells, rng);
  Board puzzle = grid;
  int givens = side * side;
  if (minimal) *minimal = removal.minGivens == 0;
  // One pass is enough for minimality: a given that could not go stays
  // necessary, since removing more givens only adds solutions.
  for (int cell : cells) {
    if (givens <= removal.minGivens) break;
    char& given = puzzle[cell / side][cell % side];
    char kept = std::exchange(given, kEmpty);
    bool finished;
    if (staysUnique(puzzle, cell, kept, removal.budget, finished))
      --givens;
    else
      given = kept;
    if (!finished && minimal) *minimal = false;  // unknown whether this given was needed
  }
  return puzzle;
}

long rate(const Board& puzzle) { return searchTree(puzzle, 2, 1).nodes; }

Generated generate(int side, uint64_t seed, uint64_t index, const Removal& removal, bool rated) {
  std::seed_seq streams{uint32_t(seed), uint32_t(seed >> 32), uint32_t(index),
                        uint32_t(index >> 32)};
  std::mt19937_64 rng(streams);
  Board solution = randomGrid(side, rng);
  bool minimal = false;
  Board puzzle = removeGivens(solution, rng, removal, &minimal);
  long rating = rated ? rate(puzzle) : -1;
  return {std::move(puzzle), std::move(solution), rating, minimal};
}

}  // namespace judge
