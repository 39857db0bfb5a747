// Grid: a board with its bit masks, for the searches of parallel.cpp and
// generator.cpp over any side (4, 9, 16, 25). Each step of a search asks for
// the next Branch, the cell to fill and the values to try there:
//   a cell with no candidate (a dead end) or one (forced), else
//   a hidden single: a value with one place left in a row, column or box, else
//   the cell with the fewest candidates (MRV).
// Hidden singles are what make 16x16 and 25x25 uniqueness proofs fast enough
// for the generator: plain MRV takes minutes on a minimal 16x16 puzzle.
#pragma once
#include <cstdint>
#include <vector>

#include "core/board.h"

namespace sudoku {
using namespace core;

struct Branch {
  int r = -1, c = -1;   // r < 0: the board is full
  uint32_t values = 0;  // the values to try at (r, c); 0: a dead end
};

// Where the units of a side lie, computed once per side: a search step would
// otherwise divide by the box side for every cell it looks at.
struct UnitTables {
  std::vector<int> boxOf;                     // r * side + c -> box
  std::vector<std::pair<int, int>> cells;     // u * side + k -> the k-th cell of unit u

  explicit UnitTables(int side) {
    int n = boxSide(side);
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) boxOf.push_back(n ? r / n * n + c / n : 0);
    for (int u = 0; u < 3 * side; ++u)  // rows, then columns, then boxes
      for (int k = 0; k < side; ++k) {
        int i = u % side;
        if (u < side) cells.push_back({i, k});
        else if (u < 2 * side) cells.push_back({k, i});
        else cells.push_back({i / n * n + k / n, i % n * n + k % n});
      }
  }
};

inline const UnitTables& unitTables(int side) {
  static const UnitTables four(4), nine(9), sixteen(16), twentyFive(25);
  return side == 4 ? four : side == 9 ? nine : side == 16 ? sixteen : twentyFive;
}

// A board with one bit mask per row, column and box: bit v-1 set in rows[r]
// means value v stands in row r. The board must have a valid side and only
// symbols 1..side (see checker.h); place and clear keep masks and cells in step.
struct Grid {
  int side, n;
  const UnitTables* units;
  Board board;
  std::vector<uint32_t> rows, cols, boxes;

  explicit Grid(const Board& puzzle)
      : side(int(puzzle.size())),
        n(boxSide(side)),
        units(&unitTables(side)),
        board(puzzle),
        rows(side),
        cols(side),
        boxes(side) {
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        if (int v = valueOf(board[r][c]); v > 0) toggle(r, c, 1u << (v - 1));
  }
  int box(int r, int c) const { return units->boxOf[r * side + c]; }
  uint32_t all() const { return (1u << side) - 1; }
  uint32_t candidates(int r, int c) const {
    return ~(rows[r] | cols[c] | boxes[box(r, c)]) & all();
  }
  void toggle(int r, int c, uint32_t bit) {
    rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit;
  }
  void place(int r, int c, uint32_t bit) {
    toggle(r, c, bit), board[r][c] = symbol(__builtin_ctz(bit) + 1);
  }
  void clear(int r, int c, uint32_t bit) { toggle(r, c, bit), board[r][c] = kEmpty; }

  Branch next() const {
    Branch cell = mostConstrained();
    if (cell.r < 0 || __builtin_popcount(cell.values) <= 1) return cell;
    Branch single = hiddenSingle();
    return single.r >= 0 ? single : cell;
  }

  // The empty cell with the fewest candidates, and those candidates.
  Branch mostConstrained() const {
    Branch best;
    int fewest = side + 1;
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        if (board[r][c] == kEmpty) {
          uint32_t values = candidates(r, c);
          if (__builtin_popcount(values) < fewest)
            fewest = __builtin_popcount(values), best = {r, c, values};
          if (fewest <= 1) return best;  // a dead end or a forced cell: none is better
        }
    return best;
  }

  // Unit u: rows 0..side-1, then columns, then boxes; its k-th cell.
  std::pair<int, int> cellOf(int u, int k) const { return units->cells[u * side + k]; }
  uint32_t placed(int u) const {
    return u < side ? rows[u] : u < 2 * side ? cols[u - side] : boxes[u - 2 * side];
  }

  // A value with exactly one place left in some unit, or with none (values 0);
  // r < 0 when there is no such value.
  Branch hiddenSingle() const {
    for (int u = 0; u < 3 * side; ++u) {
      uint32_t once = 0, twice = 0;  // values possible in at least one, two empty cells
      for (int k = 0; k < side; ++k)
        if (auto [r, c] = cellOf(u, k); board[r][c] == kEmpty) {
          twice |= once & candidates(r, c);
          once |= candidates(r, c);
        }
      uint32_t nowhere = all() & ~placed(u) & ~once, single = once & ~twice;
      if (nowhere || single) return inUnit(u, nowhere ? 0 : single & -single);
    }
    return {};
  }

  // The branch that puts `bit` in the empty cell of unit u that can take it;
  // bit 0: a dead end at the unit's first empty cell.
  Branch inUnit(int u, uint32_t bit) const {
    for (int k = 0; k < side; ++k)
      if (auto [r, c] = cellOf(u, k); board[r][c] == kEmpty && (!bit || candidates(r, c) & bit))
        return {r, c, bit};
    return {};
  }
};

}  // namespace sudoku
