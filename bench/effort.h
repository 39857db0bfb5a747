// Search effort without touching a solution's text: `make bench` builds the solutions once more,
// at -O2 and instrumented (g++'s -finstrument-functions: every call the source makes, inlined or
// not; clang, for the C++23 file: -after-inlining, the calls inlining left), so that each
// function entry and exit calls a hook (bench/effort.cpp). A call to a function that is already running is a recursive call; counted
// per function, that is the search effort of the recursive solutions (one per guess for
// propagation_bitboard, one per filled cell tried for the bitmask ones) and nothing for
// iterative_dfs, whose loop makes no calls.
#pragma once

#include <string>
#include <vector>

namespace effort {

struct Recursion {
  std::string function;  // short name: "search", "lambda(int) in solveSudoku", "a static function"
  long calls;            // calls made while the function was already running
};

// Starts counting, from zero.
void start();

// Stops counting: the solution's own functions (not the standard library's) that recursed,
// most calls first. Empty where the solutions were built without -finstrument-functions.
std::vector<Recursion> stop();

// Whether this binary's solutions call the hooks (built with -finstrument-functions).
bool instrumented();

}  // namespace effort
