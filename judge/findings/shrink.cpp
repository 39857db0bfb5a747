#include "judge/findings/shrink.h"

#include <algorithm>
#include <random>

namespace judge {
using namespace core;
namespace {

using Clock = std::chrono::steady_clock;

// Descents tried: one in row-major order, then others in shuffled orders while
// the budget lasts, since each ends at a board from which no single cell can
// be filled, but not always at the fewest empty cells.
constexpr unsigned kOrders = 8;

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
  // `order`: 0 tries the empty cells in row-major order, any other number in
  // an order shuffled by it.
  Shrinker(const Board& puzzle, const Board& solution, const FailsAlone& failsAlone,
           Clock::time_point deadline, unsigned order)
      : best_(puzzle), solution_(solution), failsAlone_(failsAlone), deadline_(deadline),
        empties_(emptyCellList(puzzle)) {
    if (order) std::shuffle(empties_.begin(), empties_.end(), std::mt19937(order));
  }

  // Halves, quarters, ... of the empty cells, then single cells until a
  // whole sweep fills none (or the time is up). Whether it ended so.
  bool descend() {
    for (size_t size = std::max<size_t>(1, empties_.size() / 2); size > 1 && !spent(); size /= 2) sweep(size);
    bool minimal = false;  // a whole sweep of single cells filled none
    while (!spent() && !minimal) minimal = !sweep(1) && !spent();
    return minimal;
  }

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
  Clock::time_point start = Clock::now(), deadline = start + budget;
  Shrunk best{puzzle, emptyCells(puzzle), emptyCells(puzzle), 0, false, {}};
  for (unsigned order = 0; order < kOrders && Clock::now() < deadline; ++order) {
    Shrinker shrinker(puzzle, solution, failsAlone, deadline, order);
    bool minimal = shrinker.descend();
    best.trials += shrinker.trials();
    if (int(shrinker.empties()) < best.emptyAfter || (order == 0 && minimal))
      best.puzzle = shrinker.best(), best.emptyAfter = int(shrinker.empties()), best.minimal = minimal;
    if (best.emptyAfter <= 1) break;  // none fails with fewer (a full board is not a puzzle left to solve)
  }
  best.spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  return best;
}

FailsAlone failsInSession(Session& session, const Board& solution, Verdict verdict) {
  return [&session, solution, verdict](const Board& board) {
    return session.run(Case{board, solution, "shrunk"}) == verdict;
  };
}

Shrunk shrinkFailingCase(const std::string& program, const Case& failing, Verdict verdict, int limitMs,
                         std::chrono::milliseconds budget) {
  Clock::time_point start = Clock::now();
  FailsAlone alone = failsAloneWith(program, *failing.solution, verdict, limitMs);
  Session session(program, limitMs);
  Shrunk shrunk = shrinkPuzzle(failing.puzzle, *failing.solution,
                               failsInSession(session, *failing.solution, verdict), budget);
  if (alone(shrunk.puzzle)) return shrunk;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(start + budget - Clock::now());
  Shrunk again = shrinkPuzzle(failing.puzzle, *failing.solution, alone, std::max(left, std::chrono::milliseconds(0)));
  again.trials += shrunk.trials;
  again.spent = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
  return again;
}

FailsAlone failsAloneWith(const std::string& program, const Board& solution, Verdict verdict,
                          int limitMs) {
  return [=](const Board& board) {
    return runCases(program, {Case{board, solution, "shrunk"}}, limitMs).verdict == verdict;
  };
}

}  // namespace judge
