#include "shrink.h"

#include <algorithm>

namespace judge {
namespace {

using Clock = std::chrono::steady_clock;

struct Cell {
  size_t r, c;
};

std::vector<Cell> emptyCellList(const Board& board) {
  std::vector<Cell> cells;
  for (size_t r = 0; r < board.size(); ++r)
    for (size_t c = 0; c < board[r].size(); ++c)
      if (valueOf(board[r][c]) == 0) cells.push_back({r, c});
  return cells;
}

// The search's state: the smallest failing board so far and its empty cells.
class Shrinker {
 public:
  Shrinker(const Board& puzzle, const Board& solution, const FailsAlone& failsAlone,
           std::chrono::milliseconds budget)
      : best_(puzzle), solution_(solution), failsAlone_(failsAlone),
        deadline_(Clock::now() + budget), empties_(emptyCellList(puzzle)) {}

  // One sweep over the empty cells in chunks of `size`: every chunk whose
  // filling keeps the failure stays filled. Whether any did.
  bool sweep(size_t size) {
    bool filled = false;
    for (size_t first = 0; first < empties_.size() && !spent();) {
      size_t count = std::min(size, empties_.size() - first);
      if (tryFilling(first, count)) filled = true;  // the next chunk has moved to `first`
      else first += count;
    }
    return filled;
  }

  bool spent() const { return Clock::now() >= deadline_; }
  size_t empties() const { return empties_.size(); }
  const Board& best() const { return best_; }
  int trials() const { return trials_; }

 private:
  bool tryFilling(size_t first, size_t count) {
    Board candidate = best_;
    for (size_t i = first; i < first + count; ++i)
      candidate[empties_[i].r][empties_[i].c] = solution_[empties_[i].r][empties_[i].c];
    ++trials_;
    if (!failsAlone_(candidate)) return false;
    best_ = std::move(candidate);
    empties_.erase(empties_.begin() + long(first), empties_.begin() + long(first + count));
    return true;
  }

  Board best_;
  const Board& solution_;
  const FailsAlone& failsAlone_;
  Clock::time_point deadline_;
  std::vector<Cell> empties_;
  int trials_ = 0;
};

}  // namespace

int emptyCells(const Board& board) { return int(emptyCellList(board).size()); }

Shrunk shrinkPuzzle(const Board& puzzle, const Board& solution, const FailsAlone& failsAlone,
                    std::chrono::milliseconds budget) {
  Clock::time_point start = Clock::now();
  Shrinker shrinker(puzzle, solution, failsAlone, budget);
  for (size_t size = std::max<size_t>(1, shrinker.empties() / 2); size > 1 && !shrinker.spent(); size /= 2)
    shrinker.sweep(size);
  bool minimal = false;  // a whole sweep of single cells filled none
  while (!shrinker.spent() && !minimal) minimal = !shrinker.sweep(1) && !shrinker.spent();
  auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  return {shrinker.best(), emptyCells(puzzle), int(shrinker.empties()), shrinker.trials(), minimal, spent};
}

FailsAlone failsAloneWith(const std::string& program, const Board& solution, Verdict verdict,
                          int limitMs) {
  return [=](const Board& board) {
    return runCases(program, {Case{board, solution, "shrunk"}}, limitMs).verdict == verdict;
  };
}

}  // namespace judge
