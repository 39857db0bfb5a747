// The replay program's loop, linked into every program `judge --replay` builds
// (build_replay.sh): the user's file, compiled unchanged with explore's hooks
// (-finstrument-functions), and this file, which is not instrumented. It speaks
// the judged program's exchange (judge/sandbox/runner.h): for each puzzle sent,
// explore::capture runs a fresh Solution on it (twice: capture.h), and the trace
// goes to stdout as explore's page data (explore::toJson, one puzzle, the trace
// marked "yours"), then the answer line to the judge. Everything here runs in
// the judge's box: the judge reads stdout as data (explore::fromJson), never as
// a page.
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "explore/capture.h"
#include "explore/page.h"
#include "judge/sandbox/runner.h"

namespace {

void (*userSolve)(core::Board&) = nullptr;

// Writes all of `text` to fd 1, past the buffers of C and C++.
void writeOut(const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = write(1, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += size_t(n);
  }
}

// One puzzle: captured, its trace printed, the board left as the capture's second run left it.
// The user's own prints go to stderr meanwhile, so that stdout holds the trace alone.
void captureOne(core::Board& board) {
  std::cout.flush();
  std::fflush(stdout);
  int out = dup(1);
  dup2(2, 1);
  core::SolutionEntry entry{core::kYoursEntry, "", userSolve, "", nullptr};
  explore::Limits limits;
  explore::Trace trace = explore::capture(entry, board, limits);
  std::cout.flush();
  std::fflush(stdout);
  dup2(out, 1);
  close(out);
  explore::Yours yours{core::kYoursEntry, "", ""};
  writeOut(explore::toJson({{"", board, {trace}}}, limits, &yours) + "\n");
  board = trace.answer;
}

}  // namespace

// main() of the replay program, called by the driver build_replay.sh appends with a function
// that runs Solution().solveSudoku(board). A C name: the user's file may define anything.
extern "C" int judge_replay_main(int argc, char** argv, void (*solve)(core::Board&)) {
  userSolve = solve;
  return judge_run_cases(argc, argv, captureOne);
}
