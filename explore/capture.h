// Capture: a solution's search, recorded from outside. The solutions are compiled unchanged
// with g++'s -finstrument-functions (clang: -after-inlining), so every entry and exit of one of
// their functions calls a hook (capture.cpp). At each hook the board the solution was handed is
// compared with the one seen last: every cell that differs is a step (placed, removed or
// replaced). A step is therefore what the board shows between two calls of the solution's own
// functions; a write taken back before the next call is never seen, and nothing is invented.
//
// Depth is the number of active calls of the solution's search function: its outermost
// recursive function (the one nearest solveSudoku; 0 where it never recursed). Its entries are
// also kept, with their depth: for a solution that searches on its own structures (Dancing
// Links, propagation) and writes the board only at the end, they are all that can be seen.
#pragma once
#include <string>
#include <vector>

#include "core/board.h"
#include "core/registry.h"

namespace explore {

struct Step {
  int cell;   // r * side + c
  char from;  // what the cell held, '.' if empty
  char to;    // what it holds now
  int depth;  // active calls of the search function when the step was seen
};

struct Limits {
  long steps = 30000;      // a search is stopped after this many steps, or search calls
  long calls = 20000000;   // or this many calls of the solution's functions
};

struct Trace {
  std::string solution;
  core::Board puzzle;
  std::vector<Step> steps;
  std::vector<int> searchCalls;  // depth at each entry of the search function
  std::string searchFunction;    // its name ("search", "lambda in solveSudoku"); "" if none recursed
  long calls = 0;                // calls of the solution's functions (hooks), solveSudoku included
  long callsBeforeFirstStep = 0; // how many of them came before the board first changed
  long stepsSeenTogether = 0;    // steps seen at one hook with another step: their order is row-major
  std::string stopped;           // why it was stopped at a limit, "" if it returned
  core::Board answer;           // the board when solveSudoku returned (or when it was stopped)
};

// Runs a fresh Solution of `entry` on `puzzle`, twice (the first run finds its search
// function), and records the second. Throws std::logic_error when the binary's solutions are
// not instrumented.
Trace capture(const core::SolutionEntry& entry, const core::Board& puzzle, const Limits& limits = {});

// The board after the first n steps of `steps`, replayed from `puzzle`.
core::Board replay(const core::Board& puzzle, const std::vector<Step>& steps, size_t n);

}  // namespace explore
