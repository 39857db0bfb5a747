// An independent solution counter, for the validator, the `sudoku count`
// command, the generator and the judge's own cases (own_case.h: Expected,
// when a puzzle has one solution; so it is in core/): bitmask + MRV search
// over boards of any side (4, 9, 16, 25) that stops after `limit` solutions.
#pragma once
#include "core/board.h"

namespace core {

struct Count {
  long solutions = 0;  // min(number of solutions, limit)
  Board first;         // the first solution found, if any
};

// Counts completions of `puzzle` up to `limit` (>= 1). The puzzle must have
// a valid shape and no conflicting givens (see checker.h): such input gets 0.
Count countSolutions(const Board& puzzle, long limit);

}  // namespace core
