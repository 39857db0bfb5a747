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
void shuffle(T* items, size_t size, std::mt19937_64& rng) {
  for (size_t i = size; i > 1; --i) std::swap(items[i - 1], items[uniformBelow(rng, i)]);
}

// Depth-first fill along Grid::next(), the values of each branch in a random order.
// Gives up (false) when the budget of cells placed runs out.
bool fillRandomly(Grid& grid, std::mt19937_64& rng, long& budget) {
  auto [r, c, values] = grid.next();
  if (r < 0) return true;
  std::vector<uint32_t> bits;
  for (uint32_t mask = values; mask; mask &= mask - 1) bits.push_back(mask & -mask);
  shuffle(bits.data(), bits.size(), rng);
  for (uint32_t bit : bits) {
    if (--budget < 0) return false;
    grid.place(r, c, bit);
    if (fillRandomly(grid, rng, budget)) return true;
    grid.clear(r, c, bit);
  }
  return false;
}

// The 9x9 layout, built at compile time: each cell's row, column and box, and the cells of
// each unit in Grid's order (rows, then columns, then boxes: UnitTables in grid.h).
struct Nine {
  uint8_t row[81], col[81], box[81], unit[27][9];
  uint8_t count[512];  // bits set in a 9-bit mask: __builtin_popcount is a call without -mpopcnt
  constexpr Nine() : row(), col(), box(), unit(), count() {
    for (int x = 0; x < 81; ++x) row[x] = x / 9, col[x] = x % 9, box[x] = x / 27 * 3 + x % 9 / 3;
    for (int u = 0; u < 27; ++u)
      for (int k = 0, i = u % 9; k < 9; ++k)
        unit[u][k] = u < 9 ? 9 * i + k : u < 18 ? 9 * k + i : 9 * (i / 3 * 3 + k / 3) + i % 3 * 3 + k % 3;
    for (int mask = 1; mask < 512; ++mask) count[mask] = count[mask >> 1] + (mask & 1);
  }
};
constexpr Nine kNine;

// The cell to fill (x < 0: the board is full) and the values to try there (0: a dead end).
struct Choice {
  int x = -1;
  uint32_t values = 0;
};

// fillRandomly on a 9x9 Grid without its vectors: the same choices in the same order (Grid's
// next(): a dead end or forced cell, else a hidden single, else MRV), so the same draws give
// the same grid. Masks as in Grid: bit v-1 of rows[r] set when value v stands in row r.
struct NineFill {
  uint32_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
  uint8_t values[81] = {};  // 0: empty

  uint32_t candidates(int x) const {
    return ~(rows[kNine.row[x]] | cols[kNine.col[x]] | boxes[kNine.box[x]]) & 0x1FF;
  }
  void toggle(int x, uint32_t bit) {
    rows[kNine.row[x]] ^= bit, cols[kNine.col[x]] ^= bit, boxes[kNine.box[x]] ^= bit;
  }
  uint32_t placed(int u) const { return u < 9 ? rows[u] : u < 18 ? cols[u - 9] : boxes[u - 18]; }

  // Grid::next(). The scan for the fewest candidates keeps each cell's, for hiddenSingle.
  Choice next() const {
    uint32_t found[81];  // an empty cell's candidates; 0 for a filled one
    Choice best;
    for (int x = 0, fewest = 10; x < 81; ++x) {
      found[x] = values[x] ? 0 : candidates(x);
      if (values[x] || kNine.count[found[x]] >= fewest) continue;
      fewest = kNine.count[found[x]], best = {x, found[x]};
      if (fewest <= 1) return best;  // a dead end or a forced cell: none is better
    }
    if (best.x < 0) return best;
    Choice single = hiddenSingle(found);
    return single.x >= 0 ? single : best;
  }

  // Grid::hiddenSingle(): in the first unit with a value that has one place left or none,
  // the lowest such value's cell, or a dead end; x < 0 when no unit has one.
  Choice hiddenSingle(const uint32_t (&found)[81]) const {
    for (int u = 0; u < 27; ++u) {
      uint32_t once = 0, twice = 0;
      for (int x : kNine.unit[u]) twice |= once & found[x], once |= found[x];
      uint32_t nowhere = 0x1FF & ~placed(u) & ~once, single = once & ~twice;
      if (nowhere) return {kNine.unit[u][0], 0};
      if (!single) continue;
      uint32_t bit = single & -single;
      for (int x : kNine.unit[u])
        if (found[x] & bit) return {x, bit};
    }
    return {};
  }

  // fillRandomly.
  bool fill(std::mt19937_64& rng, long& budget) {
    auto [x, choices] = next();
    if (x < 0) return true;
    uint32_t bits[9];
    size_t size = 0;
    for (uint32_t mask = choices; mask; mask &= mask - 1) bits[size++] = mask & -mask;
    shuffle(bits, size, rng);
    for (size_t i = 0; i < size; ++i) {
      if (--budget < 0) return false;
      toggle(x, bits[i]), values[x] = uint8_t(__builtin_ctz(bits[i]) + 1);
      if (fill(rng, budget)) return true;
      toggle(x, bits[i]), values[x] = 0;
    }
    return false;
  }

  Board board() const {
    Board grid(9, std::vector<char>(9));
    for (int x = 0; x < 81; ++x) grid[x / 9][x % 9] = symbol(values[x]);
    return grid;
  }
};

}  // namespace

uint64_t uniformBelow(std::mt19937_64& rng, uint64_t bound) {
  const uint64_t max = std::numeric_limits<uint64_t>::max();
  const uint64_t accepted = max - max % bound;  // a multiple of bound: no value is favoured
  uint64_t draw;
  do draw = rng();
  while (draw >= accepted);
  return draw % bound;
}

// A rare unlucky early choice can cost a long search: each fill gets a budget of 4 placements
// a cell, and starts again on an empty grid when it runs out.
Board randomGrid(int side, std::mt19937_64& rng) {
  if (side != 9) return randomGridGeneric(side, rng);
  for (;;) {
    NineFill grid;
    long budget = 4L * 81;
    if (grid.fill(rng, budget)) return grid.board();
  }
}

Board randomGridGeneric(int side, std::mt19937_64& rng) {
  if (boxSide(side) == 0)
    throw std::invalid_argument("side " + std::to_string(side) + " is not 4, 9, 16 or 25");
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
  shuffle(cells.data(), cells.size(), rng);
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
