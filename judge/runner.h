// The judged program's loop, linked with every program the judge builds. The
// program itself is one translation unit, as LeetCode compiles a submission:
// judge/prelude.h, the user's file at global scope, then the driver that
// judge/build_solution.sh appends, whose main() calls runCases with
// `Solution().solveSudoku(board)`.
#pragma once
#include "board.h"

namespace judge {

// Runs `solve` on every puzzle the judge sends (runner.cpp describes the
// channels; the judge times and limits the process from outside, so no
// argument is needed). Returns main's status.
int runCases(int argc, char** argv, void (*solve)(Board&));

}  // namespace judge
