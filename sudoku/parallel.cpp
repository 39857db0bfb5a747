#include "sudoku/parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

#include "core/checker.h"
#include "sudoku/grid.h"

namespace sudoku {
using namespace core;
namespace {

// What the threads share: the limit and the solutions found so far, the
// budget and the nodes spent (together the stop signal), the first solution.
struct Shared {
  Shared(long limit, long budget) : limit(limit), budget(budget) {}
  const long limit, budget;
  std::atomic<long> found{0};
  std::atomic<long> nodes{0};  // each thread adds its nodes in steps of kStep
  std::atomic<bool> outOfBudget{false};
  std::mutex firstMutex;
  Board first;

  static constexpr long kStep = 256;

  bool done() const {
    return found.load(std::memory_order_relaxed) >= limit ||
           outOfBudget.load(std::memory_order_relaxed);
  }
  // Counts one node in a thread's `pending`; every kStep, adds them up and checks the budget.
  void spend(long& pending) {
    if (++pending < kStep) return;
    if ((nodes += pending) > budget) outOfBudget = true;
    pending = 0;
  }
  void record(const Board& board) {
    if (found.fetch_add(1) > 0) return;
    std::lock_guard<std::mutex> lock(firstMutex);
    first = board;
  }
};

void depthFirst(Grid& grid, Shared& shared, long& pending) {
  if (shared.done()) return;  // enough solutions or nodes, here or in another thread
  auto [r, c, values] = grid.next();
  if (r < 0) return shared.record(grid.board);
  for (uint32_t mask = values; mask && !shared.done(); mask &= mask - 1) {
    uint32_t bit = mask & -mask;
    shared.spend(pending);
    grid.place(r, c, bit);
    depthFirst(grid, shared, pending);
    grid.clear(r, c, bit);
  }
}

// The subtrees below the first levels of the tree, in depth-first order: whole
// levels are expanded while there are fewer than `wanted` and the search is
// not done. Solutions met on the way are recorded; dead ends are dropped.
std::vector<Grid> frontier(const Grid& root, Shared& shared, size_t wanted, long& pending) {
  std::vector<Grid> level{root};
  while (!level.empty() && level.size() < wanted && !shared.done()) {
    std::vector<Grid> next;
    for (const Grid& grid : level) {
      auto [r, c, values] = grid.next();
      if (r < 0) shared.record(grid.board);
      for (uint32_t mask = values; mask; mask &= mask - 1) {
        shared.spend(pending);
        next.push_back(grid);
        next.back().place(r, c, mask & -mask);
      }
    }
    level = std::move(next);
  }
  return level;
}

// Symbols within 1..side, no repeated symbol, a side of 4, 9, 16 or 25.
bool searchable(const Board& puzzle) {
  if (!checkShape(puzzle).empty()) return false;
  for (const auto& row : puzzle)
    for (char cell : row)
      if (valueOf(cell) < 0 || valueOf(cell) > int(puzzle.size())) return false;
  return findConflict(puzzle).empty();
}

}  // namespace

TreeSearch searchTree(const Board& puzzle, long limit, int threads, long budget) {
  if (limit < 1 || !searchable(puzzle)) return {};
  Shared shared(limit, budget);
  long pending = 0;
  std::vector<Grid> subtrees{Grid(puzzle)};
  if (threads > 1) subtrees = frontier(subtrees[0], shared, size_t(threads) * 32, pending);
  shared.nodes += pending;
  forEachIndex(subtrees.size(), threads, [&](size_t i) {
    long pending = 0;
    depthFirst(subtrees[i], shared, pending);
    shared.nodes += pending;
  });
  long found = std::min(shared.found.load(), limit);
  return {found, std::move(shared.first), shared.nodes, found == limit || !shared.outOfBudget};
}

void forEachIndex(size_t count, int jobs, const std::function<void(size_t)>& task) {
  std::atomic<size_t> next{0};
  std::mutex errorMutex;
  std::exception_ptr error;  // the first exception a task threw, rethrown after the join
  auto work = [&] {
    for (size_t i; (i = next++) < count;) try {
        task(i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(errorMutex);
        if (!error) error = std::current_exception();
      }
  };
  std::vector<std::thread> threads;
  for (long j = 1; j < std::min<long>(jobs, long(count)); ++j) threads.emplace_back(work);
  work();  // the calling thread is one of the jobs
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace sudoku
