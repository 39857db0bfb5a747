#include "counter.h"

#include <cstdint>

#include "checker.h"

namespace judge {
namespace {

// One bit per symbol: bit v-1 set in rows[r] means value v stands in row r.
struct Search {
  int side, n;
  long limit;
  Board board;
  std::vector<uint32_t> rows, cols, boxes;
  Count result;

  int box(int r, int c) const { return r / n * n + c / n; }
  uint32_t candidates(int r, int c) const {
    uint32_t all = side == 32 ? ~0u : (1u << side) - 1;
    return ~(rows[r] | cols[c] | boxes[box(r, c)]) & all;
  }
  void toggle(int r, int c, uint32_t bit) { rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit; }

  // The empty cell with the fewest candidates, or {-1, -1} when none is empty.
  std::pair<int, int> mostConstrained() const {
    std::pair<int, int> best{-1, -1};
    int fewest = side + 1;
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        if (board[r][c] == kEmpty) {
          int count = __builtin_popcount(candidates(r, c));
          if (count < fewest) fewest = count, best = {r, c};
          if (fewest == 0) return best;
        }
    return best;
  }

  void search() {
    auto [r, c] = mostConstrained();
    if (r < 0) {  // complete: a solution
      if (result.solutions++ == 0) result.first = board;
      return;
    }
    for (uint32_t mask = candidates(r, c); mask && result.solutions < limit; mask &= mask - 1) {
      uint32_t bit = mask & -mask;
      toggle(r, c, bit);
      board[r][c] = symbol(__builtin_ctz(bit) + 1);
      search();
      toggle(r, c, bit);
    }
    board[r][c] = kEmpty;
  }
};

}  // namespace

Count countSolutions(const Board& puzzle, long limit) {
  if (!findConflict(puzzle).empty() || limit < 1) return {};
  int side = int(puzzle.size());
  Search s{side, boxSide(side), limit, puzzle, std::vector<uint32_t>(side),
           std::vector<uint32_t>(side), std::vector<uint32_t>(side), {}};
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c)
      if (int v = valueOf(puzzle[r][c]); v > 0) s.toggle(r, c, 1u << (v - 1));
  s.search();
  return s.result;
}

}  // namespace judge
