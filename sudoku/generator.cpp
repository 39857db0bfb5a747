#include "sudoku/generator.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include "sudoku/engine.h"
#include "sudoku/grid.h"
#include "sudoku/parallel.h"

namespace sudoku {
using namespace core;
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

// A set of cells of a 9x9 board: bit x % 64 of word x / 64 for the cell x.
struct Cells {
  uint64_t words[2] = {};
  void flip(int x) { words[x / 64] ^= 1ull << x % 64; }
  bool meets(const Cells& other) const {
    return (words[0] & other.words[0]) | (words[1] & other.words[1]);
  }
};

// Unavoidable sets of a solution grid that pass through cell x: in two rows of one band,
// the values of some columns can trade rows (a b c over b c a) and leave a valid grid, the
// columns a cycle of the values' swaps; the same for two columns of one stack. A puzzle
// with no given on such a set has that other grid as a second solution. x lies on one
// cycle of each of the two other rows of its band and the two other columns of its stack.
struct Cycles {
  Cells through[81][4];

  explicit Cycles(const std::string& grid) {
    int found[81] = {};
    for (int a = 0; a < 9; ++a)
      for (int b = a + 1; b < a / 3 * 3 + 3; ++b)
        for (bool columns : {false, true}) {
          int one[9], other[9];
          for (int k = 0; k < 9; ++k)
            one[k] = columns ? 9 * k + a : 9 * a + k, other[k] = columns ? 9 * k + b : 9 * b + k;
          addCycles(one, other, grid, found);
        }
  }

  // The cycles of the lines `one` and `other` (their cells in order), added to their cells.
  void addCycles(const int (&one)[9], const int (&other)[9], const std::string& grid,
                 int (&found)[81]) {
    int at[9];  // where each digit stands in `one`
    for (int k = 0; k < 9; ++k) at[grid[one[k]] - '1'] = k;
    uint32_t done = 0;
    for (int start = 0; start < 9; ++start) {
      if (done >> start & 1) continue;
      Cells cycle;
      uint32_t columns = 0;
      for (int k = start; !(done >> k & 1);) {
        done |= 1u << k, columns |= 1u << k, cycle.flip(one[k]), cycle.flip(other[k]);
        k = at[grid[other[k]] - '1'];  // `one` takes other's value at k: on to where it stood
      }
      for (int k = 0; k < 9; ++k)
        if (columns >> k & 1)
          through[one[k]][found[one[k]]++] = through[other[k]][found[other[k]]++] = cycle;
    }
  }
};

// A unique 9x9 puzzle losing givens: the line the engine reads, the masks of the givens
// (bit v-1 of rows[r]: v is given in row r) and the set of their cells, kept in step.
struct NineThinning {
  std::string line;
  uint32_t rows[9] = {}, cols[9] = {}, boxes[9] = {};
  Cells givens;
  Cycles cycles;

  explicit NineThinning(const Board& grid) : line(toLine(grid)), cycles(line) {
    for (int x = 0; x < 81; ++x) toggle(x, line[x]);
  }
  void toggle(int x, char digit) {
    uint32_t bit = 1u << (digit - '1');
    rows[kNine.row[x]] ^= bit, cols[kNine.col[x]] ^= bit, boxes[kNine.box[x]] ^= bit;
    givens.flip(x);
  }
  uint32_t seen(int x) const { return rows[kNine.row[x]] | cols[kNine.col[x]] | boxes[kNine.box[x]]; }

  // Whether the givens alone put `digit` back in the empty cell x: the others of its 9
  // values are seen (a naked single), or some unit of x has no other place for it (a hidden
  // single). Then every solution has it there, and no search is needed. Most of the first
  // givens removed are such cells.
  bool forced(int x, char digit) const {
    if (kNine.count[seen(x)] == 8) return true;
    uint32_t bit = 1u << (digit - '1');
    for (int u : {int(kNine.row[x]), 9 + kNine.col[x], 18 + kNine.box[x]}) {
      bool elsewhere = false;
      for (int y : kNine.unit[u]) elsewhere |= y != x && line[y] == kEmpty && !(seen(y) & bit);
      if (!elsewhere) return true;
    }
    return false;
  }

  // Whether some unavoidable set through the empty cell x has no given left: then the
  // puzzle has two solutions.
  bool open(int x) const {
    for (const Cells& cycle : cycles.through[x])
      if (!cycle.meets(givens)) return true;
    return false;
  }

  // Takes away the given at x if the puzzle stays unique: it does exactly when no solution
  // puts another digit there (the engine looks for one). Always finished.
  bool remove(int x, bool& finished) {
    finished = true;
    char given = std::exchange(line[x], kEmpty);
    toggle(x, given);
    if (forced(x, given)) return true;
    if (!open(x) && !solvableWithout(line, x, given)) return true;
    line[x] = given;
    toggle(x, given);
    return false;
  }
  Board puzzle() const { return parseBoard(line); }
};

// Any side: counts to 2 within `budget` nodes; `finished` says whether that sufficed (a given
// whose check runs out stays).
struct Thinning {
  Board board;
  long budget;

  bool remove(int x, bool& finished) {
    int side = int(board.size());
    char& given = board[x / side][x % side];
    char kept = std::exchange(given, kEmpty);
    TreeSearch count = searchTree(board, 2, 1, budget);
    finished = count.finished;
    if (count.finished && count.solutions == 1) return true;
    given = kept;
    return false;
  }
  Board puzzle() const { return board; }
};

// Tries each cell of `cells` in turn, down to removal.minGivens givens.
template <class Puzzle>
Board thin(Puzzle puzzle, const std::vector<int>& cells, const Removal& removal, bool* minimal) {
  int givens = int(cells.size());
  if (minimal) *minimal = removal.minGivens == 0;
  // One pass is enough for minimality: a given that could not go stays
  // necessary, since removing more givens only adds solutions.
  for (int cell : cells) {
    if (givens <= removal.minGivens) break;
    bool finished;
    if (puzzle.remove(cell, finished)) --givens;
    if (!finished && minimal) *minimal = false;  // unknown whether this given was needed
  }
  return puzzle.puzzle();
}

}  // namespace

Board removeGivens(const Board& grid, std::mt19937_64& rng, const Removal& removal, bool* minimal) {
  int side = int(grid.size());
  std::vector<int> cells(side * side);
  std::iota(cells.begin(), cells.end(), 0);
  shuffle(cells.data(), cells.size(), rng);
  if (side == 9) return thin(NineThinning(grid), cells, removal, minimal);
  return thin(Thinning{grid, removal.budget}, cells, removal, minimal);
}

Board removeGivensByCounting(const Board& grid, std::mt19937_64& rng, const Removal& removal) {
  std::vector<int> cells(grid.size() * grid.size());
  std::iota(cells.begin(), cells.end(), 0);
  shuffle(cells.data(), cells.size(), rng);
  return thin(Thinning{grid, removal.budget}, cells, removal, nullptr);
}

long rate(const Board& puzzle) { return searchTree(puzzle, 2, 1).nodes; }

namespace {

// std::seed_seq's generate as the standard defines it ([rand.util.seedseq]), for four words:
// libstdc++ reduces five indices mod n with a division each at every step, a cost every puzzle
// generated pays; here they step and wrap.
struct FourWords {
  using result_type = uint32_t;
  uint32_t words[4];

  template <class Out>
  void generate(Out begin, Out end) const {
    const size_t n = end - begin, s = 4;
    if (n == 0) return;
    const size_t t = n >= 623 ? 11 : n >= 68 ? 7 : n >= 39 ? 5 : n >= 7 ? 3 : (n - 1) / 2;
    const size_t p = (n - t) / 2, q = p + t, m = std::max(s + 1, n);
    std::fill(begin, end, 0x8b8b8b8bu);
    auto mix = [](uint32_t x) { return x ^ x >> 27; };
    auto wrap = [n](size_t i) { return i + 1 == n ? 0 : i + 1; };
    // i, ip, iq, before: k, k + p, k + q and k - 1, mod n.
    for (size_t k = 0, i = 0, ip = p % n, iq = q % n, before = n - 1; k < m + n;
         ++k, before = i, i = wrap(i), ip = wrap(ip), iq = wrap(iq)) {
      uint32_t& a = begin[i];
      uint32_t& b = begin[ip];
      uint32_t& c = begin[iq];
      if (k < m) {
        uint32_t r1 = 1664525u * mix(a ^ b ^ begin[before]);
        uint32_t r2 = r1 + uint32_t(k == 0 ? s : k <= s ? i + words[k - 1] : i);
        b += r1, c += r2, a = r2;
      } else {
        uint32_t r3 = 1566083941u * mix(a + b + begin[before]);
        b ^= r3, c ^= r3 - uint32_t(i), a = r3 - uint32_t(i);
      }
    }
  }
};

}  // namespace

std::mt19937_64 streamOf(uint64_t seed, uint64_t index) {
  FourWords words{{uint32_t(seed), uint32_t(seed >> 32), uint32_t(index), uint32_t(index >> 32)}};
  return std::mt19937_64(words);
}

Generated generate(int side, uint64_t seed, uint64_t index, const Removal& removal, bool rated) {
  std::mt19937_64 rng = streamOf(seed, index);
  Board solution = randomGrid(side, rng);
  bool minimal = false;
  Board puzzle = removeGivens(solution, rng, removal, &minimal);
  long rating = rated ? rate(puzzle) : -1;
  return {std::move(puzzle), std::move(solution), rating, minimal};
}

}  // namespace sudoku
