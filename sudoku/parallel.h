// Parallel solving, two ways:
// - a batch of puzzles on N threads (`sudoku solve --jobs N`): forEachIndex;
// - one puzzle's search tree split across threads (searchTree): the first
//   levels are expanded breadth-first into a frontier of subtrees, kept in
//   depth-first order; threads take the next subtree from a shared index and
//   search it depth-first (bitmask, hidden singles and MRV: grid.h). When the
//   limit of solutions is reached, every thread stops at its next node: with
//   limit 1 the first solution found wins.
// Plain std::thread: the work is a flat list of subtrees with one shared stop
// flag, so a task scheduler would add a link dependency (-ltbb) and nothing else.
#pragma once
#include <cstddef>
#include <functional>
#include <limits>

#include "core/board.h"

namespace sudoku {
using namespace core;

struct TreeSearch {
  long solutions = 0;    // min(number of solutions, limit)
  Board first;           // a solution, if any (with threads > 1, whichever came first)
  long nodes = 0;        // cells filled during the search: the effort
  bool finished = true;  // false: the budget ran out before `limit` solutions or the end
};

// Searches `puzzle` for up to `limit` (>= 1) solutions on `threads` threads,
// stopping soon after `budget` nodes. threads == 1 is the plain depth-first
// search: its `nodes` depend only on the puzzle, so they rate its difficulty.
// A bad shape, a symbol outside 1..side or conflicting givens give 0 solutions.
TreeSearch searchTree(const Board& puzzle, long limit, int threads,
                      long budget = std::numeric_limits<long>::max());

// Runs task(i) once for every i in [0, count) on `jobs` threads (at least 1).
// Tasks write their results by index, so output keeps the input's order. The
// first exception a task throws is rethrown once all threads have finished.
void forEachIndex(size_t count, int jobs, const std::function<void(size_t)>& task);

}  // namespace sudoku
