// The judged process: one solution file (compiled with the driver that
// judge/build_solution.sh appends) run on every puzzle of a set, all in this
// one process, as LeetCode runs a submission: a fresh Solution per case, but
// globals live on between cases. Puzzles come on file descriptor 4, one per line; for each, one line
// goes to file descriptor 3: the CPU microseconds of solveSudoku and the
// returned board. The judge (sandbox.cpp) watches the clock and checks the answers here
// outside, so a crash or endless loop cannot take the judge down with it.
// stdin, stdout and stderr stay the solution's own: a debug print or a stray
// read cannot corrupt the exchange.
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "board.h"
#include "runner.h"

namespace {

constexpr int kAnswerFd = 3;
constexpr int kPuzzleFd = 4;

// The thread's clock, not the process's: with a process-wide CPU timer armed,
// Linux reads the process clock at scheduler-tick granularity (4 ms).
long long cpuMicroseconds() {
  timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

// "<us> <rows> r<hex> r<hex> ...": every row in hex, whatever bytes and shape
// the solution left, so the checker sees exactly what came back.
std::string encodeAnswer(long long micros, const judge::Board& board) {
  static const char kHex[] = "0123456789abcdef";
  std::string line = std::to_string(micros) + " " + std::to_string(board.size());
  for (const auto& row : board) {
    line += " r";
    for (char c : row) (line += kHex[(c >> 4) & 15]) += kHex[c & 15];
  }
  return line + "\n";
}

// Arms (or with 0, disarms) the timer that ends this process with SIGPROF
// once it has used `ms` more milliseconds of CPU time.
void cpuAlarm(long ms) {
  itimerval timer{};
  timer.it_value.tv_sec = ms / 1000;
  timer.it_value.tv_usec = ms % 1000 * 1000;
  setitimer(ITIMER_PROF, &timer, nullptr);
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

int judge_run_cases(int argc, char** argv, void (*solve)(judge::Board&)) {
  long limitMs = argc == 2 ? std::atol(argv[1]) : 0;
  if (limitMs <= 0) {
    std::fprintf(stderr, "usage: %s LIMIT_MS\n", argc > 0 ? argv[0] : "runner");
    return 2;
  }
  FILE* puzzles = fdopen(kPuzzleFd, "r");
  char* text = nullptr;
  size_t capacity = 0;
  for (ssize_t length; puzzles && (length = getline(&text, &capacity, puzzles)) > 0;) {
    std::string_view line(text, size_t(length));
    if (line.back() == '\n') line.remove_suffix(1);
    judge::Board board = judge::parseBoard(line);
    cpuAlarm(limitMs + 1);  // so that a stopped case has used more than the limit
    long long start = cpuMicroseconds();
    solve(board);
    long long micros = cpuMicroseconds() - start;
    cpuAlarm(0);
    if (!writeAll(encodeAnswer(micros, board))) return 3;
  }
  std::free(text);
  return puzzles ? 0 : 4;
}
