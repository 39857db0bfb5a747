// judge --replay [--case PUZZLE] [--out PATH] [--data] -- FILE.cpp: the page that
// replays how FILE's own search fills the board, as explore/'s page does for the
// bundled solutions, with FILE's code run only inside the judge's box.
//
// FILE is compiled unchanged with explore's hooks (build_replay.sh) in the compile
// box, cached as the judge caches its programs; it then runs in the judge's box
// (judge/sandbox: bwrap, no network, no repository, the seccomp filter, CPU, wall,
// memory and output limits), one box per puzzle, where explore::capture records
// its search and prints the trace as explore's page data (replay_program.cpp).
// The judge reads that stdout as untrusted data: at most kMaxTraceBytes, parsed
// and checked field by field (explore::fromJson), the puzzle compared with the
// one it sent; then it writes the page (explore::renderPage, explore/page.html)
// from what it parsed, never from the program's bytes.
#pragma once
#include <optional>
#include <string>

#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

// The most of a replay program's stdout read for one puzzle: a trace at the capture's limits
// (30,000 steps of 3 bytes, as many search calls) takes about 130 KB.
constexpr size_t kMaxTraceBytes = 1 << 20;
// The most puzzles replayed at once (explore's page takes as many).
constexpr size_t kMaxReplayPuzzles = 4;

struct ReplayRequest {
  std::string file;
  std::optional<std::string> caseText;  // --case: any form the judge's --case reads; else LeetCode's example
  std::string out;                      // --out: the page's path; "" for stdout
  bool data = false;                    // --data: explore's page data (JSON) instead of the page
  int timeLimitMs = 10000;              // CPU time of one puzzle's replay (both capture runs)
};

// The command: 0 with the page (or data) written; 1 when the file does not compile or its
// replay fails (Compile Error, Time Limit Exceeded, Runtime Error, ...: one line on stderr
// in LeetCode's words, the compiler's message after it); 2 for a usage error (a bad --case,
// no such file, a puzzle that is not 9x9).
int replayCommand(const ReplayRequest& request, const Workspace& workspace);

}  // namespace judge
