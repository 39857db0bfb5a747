// The judged program's loop, linked with every program the judge builds. The
// program itself is one translation unit, as LeetCode compiles a submission:
// core/prelude.h, the user's file at global scope, then the driver that
// judge/sandbox/build_solution.sh appends, whose main() calls judge_run_cases with
// `Solution().solveSudoku(board)`. The name is C's, outside any namespace, so
// that the driver can declare it whatever names the user's file defines.
#pragma once
#include "core/board.h"

// Runs `solve` on every puzzle the judge sends (runner.cpp describes the
// channels; the judge times and limits the process from outside, so no
// argument is needed). Returns main's status.
extern "C" int judge_run_cases(int argc, char** argv, void (*solve)(core::Board&));

namespace judge {
// The runner's channels, which the judge opens for it (sandbox.cpp): it writes each answer to
// kAnswerFd and reads the puzzles from kPuzzleFd.
constexpr int kAnswerFd = 3, kPuzzleFd = 4;
}  // namespace judge
