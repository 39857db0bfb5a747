// Running judged code in a child process, so that an endless loop, a crash or
// a sanitizer abort ends that child, never the judge. The child is a runner
// (runner_main.cpp linked with one solution): it reads puzzles on fd 4 and
// answers each on fd 3; the judge reads the answers with a wall-clock deadline
// and kills the child when it passes.
#pragma once
#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "board.h"

namespace judge {

struct Answer {
  long long cpuMicros = 0;  // CPU time of solveSudoku, measured in the child
  Board board;              // the board as solveSudoku left it
};

// One running runner. The destructor kills it if it still runs.
class Child {
 public:
  // Starts `program` with `puzzles` (one per line) to solve, each within
  // `cpuLimitMs` of CPU time. Throws std::runtime_error when it cannot start.
  Child(const std::string& program, const std::vector<Board>& puzzles, int cpuLimitMs);
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // The next answer, or nullopt when none came within `wall` (the child is
  // then killed: timedOut()), the case ran past the CPU limit (overCpuLimit())
  // or the child ended otherwise (see exitReason()).
  std::optional<Answer> next(std::chrono::milliseconds wall);
  bool timedOut() const { return timedOut_; }
  bool overCpuLimit() const;

  // Why the child ended before answering: "killed by signal 11 (Segmentation
  // fault)", "exit code 1", ... with the sanitizer's report lines, if any.
  std::string exitReason() const;

 private:
  bool waitForExit(std::chrono::steady_clock::time_point deadline);
  void kill();

  pid_t pid_ = -1;
  int answers_ = -1;  // read end of the child's fd 3
  int stderr_ = -1;   // an unlinked file that holds the child's stderr
  int status_ = 0;    // from waitpid, once the child is reaped
  bool timedOut_ = false;
  bool malformed_ = false;  // it wrote something that is not an answer on fd 3
  std::string pending_;  // answer text read but not yet a whole line
};

// Runs `argv` to completion; stdout and stderr go to `output`. Returns the
// exit code (127: could not be run; 128 + signal when killed), or throws
// std::runtime_error. Safe to call from several threads.
int runCommand(const std::vector<std::string>& argv, std::string& output);

}  // namespace judge
