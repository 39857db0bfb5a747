// The smallest failing puzzle. A failing case's empty cells are filled from
// its known solution while it still fails in the same way when run alone, so
// that the little left shows the bug: a box index that merges boxes
// (r / 3 + c / 3) still fails with one empty cell. The search is delta
// debugging's: fill half of the empty cells at once, then quarters, ..., then
// single cells, keeping every fill after which the puzzle still fails, until
// no single cell can be filled (the result is then 1-minimal). Such a descent
// ends at a local minimum, so more descents follow from the original puzzle,
// the cells tried in shuffled orders, while the time budget lasts; the fewest
// empty cells found stand. Filling cells from the unique solution keeps it the
// unique solution.
#pragma once
#include <chrono>
#include <functional>

#include "core/board.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct Shrunk {
  Board puzzle;                     // the failing board with the fewest empty cells found
  int emptyBefore = 0, emptyAfter = 0;
  int trials = 0;                   // boards run
  bool minimal = false;             // no single empty cell of it can be filled and still fail
  std::chrono::milliseconds spent{0};
};

// Whether `board`, run alone, fails in the same way as the case did.
using FailsAlone = std::function<bool(const Board& board)>;

// Shrinks `puzzle` towards `solution` (same shape; its cells fill the empty
// ones) for at most `budget`. `puzzle` is taken to fail: it is not run again.
Shrunk shrinkPuzzle(const Board& puzzle, const Board& solution, const FailsAlone& failsAlone,
                    std::chrono::milliseconds budget);

// The judge's own trial: `program` run on the board alone, in a fresh child,
// within `limitMs`, fails with `verdict` (the checker compares with
// `solution`, still the board's unique solution).
FailsAlone failsAloneWith(const std::string& program, const Board& solution, Verdict verdict,
                          int limitMs);

// The same trial in `session`'s child, which lives on between trials: a
// thousand trials in the time of ten fresh children, right for a program that
// keeps no state between calls; a result from it is checked in a fresh child.
FailsAlone failsInSession(Session& session, const Board& solution, Verdict verdict);

// Shrinks in one child, then checks the result in a fresh one; when it does
// not fail there (the program keeps state between calls after all), shrinks
// again with a fresh child for each trial, for what is left of the budget.
Shrunk shrinkFailingCase(const std::string& program, const Case& failing, Verdict verdict, int limitMs,
                         std::chrono::milliseconds budget);

int emptyCells(const Board& board);

}  // namespace judge
