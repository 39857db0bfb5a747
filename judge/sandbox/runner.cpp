// The judged process: one solution file (compiled with the driver that
// judge/sandbox/build_solution.sh appends) run on every puzzle of a set, all in this
// one process, as LeetCode runs a submission: a fresh Solution per case, but
// globals live on between cases.
//
// The exchange (sandbox.h): once main runs, "ready" on file descriptor 3;
// then, for each puzzle line read on file descriptor 4, one answer line on 3:
// the number of rows, then each row in hex. The judge sends the next puzzle
// only after the answer to the last one, and times the whole process tree
// from outside: nothing here measures or limits itself, so nothing the
// solution defines (timers, clocks, signal handlers) can change a verdict.
// stdin, stdout and stderr stay the solution's own: a debug print or a stray
// read cannot corrupt the exchange. stdout is flushed (C's and C++'s buffers,
// which a solution may have unsynced) before each answer, so that what the
// judge finds in it is the case's own, as LeetCode's "Stdout" shows it.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "core/board.h"
#include "judge/sandbox/runner.h"

namespace judge {
using namespace core;
namespace {

// "<rows> r<hex> r<hex> ...": every row in hex, whatever bytes and shape the
// solution left, so the checker sees exactly what came back.
std::string encodeAnswer(const Board& board) {
  static const char kHex[] = "0123456789abcdef";
  std::string line = std::to_string(board.size());
  for (const auto& row : board) {
    line += " r";
    for (char c : row) (line += kHex[(c >> 4) & 15]) += kHex[c & 15];
  }
  return line + "\n";
}

bool writeAll(const std::string& text) {
  for (size_t done = 0; done < text.size();) {
    ssize_t n = write(kAnswerFd, text.data() + done, text.size() - done);
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

}  // namespace

}  // namespace judge

// 0 when the judge closed the puzzle channel, 3 when an answer could not be
// written, 4 without a channel.
int judge_run_cases(int, char**, void (*solve)(core::Board&)) {
  using namespace judge;
  FILE* puzzles = fdopen(kPuzzleFd, "r");
  // The reading and writing of a board once before "ready", so that their
  // first-use costs (the allocator's first pages) are not timed as case 1's.
  encodeAnswer(parseBoard(std::string(81, kEmpty)));
  if (!puzzles || !writeAll("ready\n")) return 4;
  char* text = nullptr;
  size_t capacity = 0;
  for (ssize_t length; (length = getline(&text, &capacity, puzzles)) > 0;) {
    std::string_view line(text, size_t(length));
    if (line.back() == '\n') line.remove_suffix(1);
    Board board = parseBoard(line);
    solve(board);
    std::cout.flush();
    std::fflush(stdout);
    if (!writeAll(encodeAnswer(board))) return 3;
  }
  std::free(text);
  return 0;
}
