// Running judged code, and compiling it, in a sandbox that the code cannot
// see out of, outlive, or fool.
//
// Every child (a runner: runner.cpp linked with one solution) and every compile
// runs under bubblewrap (bwrap, Debian package bubblewrap) in new user, PID,
// mount, network, IPC and UTS namespaces: the system's /usr read-only, a
// private /tmp, no repository (a runner sees only its own program, at
// /box/solution), no network, its own PID namespace (so it cannot signal the
// judge, and all of it dies when the namespace's first process dies), dying
// with the judge (--die-with-parent, the judge's own end included).
//
// Time and memory are measured from outside (process_tree.h): the judge reads
// the CPU time and resident memory of every process of the namespace, threads
// and forks included, and kills the namespace on overrun. Nothing the
// submission defines (timers, clock_gettime, signal dispositions) takes part.
//
// The answer channel: the runner says "ready" on fd 3 once main runs; the
// judge then sends one puzzle at a time on fd 4 and takes the next line on fd
// 3 as the answer to it. A line before its puzzle was sent is a Runtime Error.
#pragma once
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/board.h"
#include "core/process/process.h"
#include "core/words.h"
#include "judge/sandbox/process_tree.h"

namespace judge {
using namespace core;

// What a whole process tree may use, watched from the parent.
struct Limits {
  std::chrono::milliseconds wall{0};  // wall clock of one case (of the whole run for a command)
  long long cpuMicros = 0;            // CPU time of one case (of the whole run for a command)
  long long memoryKb = 0;             // resident memory of the whole tree at any moment
  int processes = 0;                  // processes alive at once, the namespace's init included
};

// A runner's memory and output limits, LeetCode's Memory Limit Exceeded and
// Output Limit Exceeded (judge/time_limits.txt says them; its times come per
// set and case). The judge sets them once from that file; these are the
// defaults until then.
struct RunnerLimits {
  long long memoryKb = 1024LL << 10;   // peak resident memory of the case's processes
  long long outputBytes = 8LL << 20;   // a case's stdout; the set's stderr
};
void setRunnerLimits(const RunnerLimits& limits);
RunnerLimits runnerLimits();
// The processes of a runner's tree alive at once: only its namespace's init and
// the runner, since the runner may not create processes (threads it may).
constexpr int kRunnerProcesses = 64;
// The message of a runner that tried to create a process.
extern const char* const kCreatedProcess;

// Compiles: the judge stops one that passes a limit and says which.
constexpr long long kCompileCpuMicros = 20'000'000;
constexpr std::chrono::milliseconds kCompileWall{60'000};
constexpr long long kCompileMemoryKb = 2048LL << 10;
constexpr int kCompileProcesses = 32;
// The compile's memory limit is kCompileMemoryKb unless set lower: the tests stop their compile
// bombs at a quarter of it, by the same watch, in a quarter of the time (make test-all: the whole).
void setCompileMemoryKb(long long kb);
constexpr long long kMaxSourceBytes = 256 << 10;

// The sandbox is on unless the judge was told --no-sandbox. Then children and
// compiles run as plain processes, still timed from outside, but with the
// judge's rights: their verdicts are unprotected.
void disableSandbox();
// Kills every box's namespace init that this process started and has not yet
// reaped, so that each box ends whole. Async-signal-safe: for the judge's
// Ctrl-C handler, before it exits.
void killEveryBox();
bool sandboxEnabled();

// Why the sandbox cannot start here (no seccomp program for this CPU, bwrap
// missing, user namespaces disabled, ...), or nullopt when it can. Tried
// once, then remembered.
std::optional<std::string> sandboxProblem();

struct Answer {
  long long cpuMicros = 0;  // CPU time of the child's whole tree for this case, measured outside
  long long memoryKb = 0;   // the tree's peak resident memory during this case, measured outside
  Board board;              // the board as solveSudoku left it
};

// One running runner. The destructor kills it, and all it started, if it
// still runs.
class Child {
 public:
  // Starts `program` to solve `puzzles` in order, each within `cpuLimitMs` of
  // CPU time. Throws std::runtime_error when it cannot start (the sandbox's
  // reason included).
  Child(const std::string& program, const std::vector<Board>& puzzles, int cpuLimitMs);
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // Sends the next puzzle and returns its answer, or nullopt when none came
  // within `wall` (the child is then killed: timedOut()), the case ran past
  // the CPU limit (overCpuLimit()) or the child failed otherwise (see
  // exitReason()).
  std::optional<Answer> next(std::chrono::milliseconds wall);
  // One more puzzle to solve after those given so far (a session of trials, verdict.h).
  void add(const Board& puzzle) { puzzles_.push_back(puzzle); }
  // Once `flag` is set (by another thread), the case under way is not waited for: the child is
  // killed within a watch's step and next() returns nullopt. A shared set's later part, once an
  // earlier part has failed (verdict.cpp), needs none of its cases, the one it runs included.
  void abandonWhen(const std::atomic<bool>& flag) { abandon_ = &flag; }
  bool abandoned() const { return stop_ == Stop::kAbandoned; }
  bool timedOut() const { return stop_ == Stop::kWall; }
  bool overCpuLimit() const { return stop_ == Stop::kCpu; }
  // Memory Limit Exceeded: the tree's peak passed the limit (the judge
  // stopped it), or ASan said it ran out of memory. Output Limit Exceeded:
  // stdout or stderr reached its cap (SIGXFSZ, or a file at the cap).
  bool overMemoryLimit() const;
  bool overOutputLimit() const;
  // The tree's peak resident memory so far in this case (after a failure: in the case that failed).
  long long memoryKb() const { return peakKb_; }

  // After the last answer: lets the child end (its puzzle channel closed)
  // and checks how. Nullopt when it exited with status 0; otherwise why not
  // (a sanitizer's report at exit, a crash in a destructor, a limit).
  std::optional<Text> finish(std::chrono::milliseconds wall);

  // Why the child failed: "killed by signal 11 (Segmentation fault)", "exit
  // code 1", a limit, an answer before its case ... with the last lines of
  // its stderr (made printable), if any; kept for its reader (core/words.h).
  Text exitReason() const;
  // After a failure of its own (no limit stopped it): the child's whole report, its stderr with
  // the program's frames named (sanitizers.h), ended by the signal that killed it, as a shell
  // says it ("Aborted (SIGABRT)"): what runtime_story.h reads.
  std::string runtimeReport() const;

  // What the child wrote on its stdout since the last call (the runner
  // flushes it before each answer, so after next() it is that case's), made
  // printable: at most `maxBytes` of it, then a note of how much more. The
  // file is emptied, so a set's prints never fill the disk.
  Text takeStdout(size_t maxBytes);

 private:
  enum class Stop { kNone, kWall, kCpu, kMemory, kOutput, kProcesses, kEarlyAnswer, kMalformed, kMute, kAbandoned };
  bool outputFull() const;
  std::string programAsRun() const;  // its path in the box, where its frames name it

  void readRunnerPrecisely();
  ProcessTree::Usage settledSample();
  bool sendNextPuzzle();
  bool readLine(std::string& line, std::chrono::steady_clock::time_point deadline);
  bool watch();  // false, with stop_ set and the tree killed, when a limit is passed
  bool waitForExit(std::chrono::steady_clock::time_point deadline);
  void kill(Stop why);

  std::vector<Board> puzzles_;
  size_t sent_ = 0;
  long long cpuLimitMicros_ = 0;
  std::string program_;  // on the host, for naming a sanitizer's frames
  pid_t pid_ = -1;     // bwrap (or, without the sandbox, the runner)
  pid_t init_ = 0;     // the namespace's first process, on the host
  int puzzleFd_ = -1;  // our end of the child's fd 4
  int answers_ = -1;   // read end of the child's fd 3
  int stderr_ = -1;    // an unlinked file that holds the child's stderr
  int stdout_ = -1;    // an unlinked file that holds its stdout since the last takeStdout
  process::Status status_;  // once the child is reaped
  bool ready_ = false;
  Stop stop_ = Stop::kNone;
  std::optional<ProcessTree> tree_;
  long long caseStart_ = 0;  // the tree's CPU micros when this case began
  long long peakKb_ = 0;     // the tree's peak memory in this case, as last sampled
  RunnerLimits limits_ = runnerLimits();
  std::string pending_;      // answer text read but not yet a whole line
  const std::atomic<bool>* abandon_ = nullptr;  // abandonWhen's flag
};

// Host paths a sandboxed command sees, each at its own path.
struct Mounts {
  std::vector<std::string> readOnly;
  std::vector<std::string> writable;  // directories, which must exist
};

// "solution.cpp is 52428800 bytes; the limit is 262144" when `file` is
// larger than kMaxSourceBytes, else nullopt.
std::optional<Text> sourceTooLarge(const std::string& file);

// Runs the compile command `argv` in the sandbox, with the compile limits,
// stdin from /dev/null; stdout and stderr, made printable and capped, go to
// `output`. Returns the exit code (127: could not be run; 128 + signal when
// killed), or kLimitExit with the limit named in `output`. Throws
// std::runtime_error when the sandbox cannot start. Safe to call from several
// threads.
constexpr int kLimitExit = 124;
int runCommand(const std::vector<std::string>& argv, const Mounts& mounts, std::string& output);

// Runs one of the judge's own tools (`argv`, trusted: no sandbox, no limits)
// to completion (core/process's capture); stdout and stderr go to `output`.
// Returns its exit code (127: could not be run, and `output` says why; 128 +
// signal when killed). Safe from several threads.
int runCommand(const std::vector<std::string>& argv, std::string& output);

// `path` with a suffix no other judge process or thread uses at the same moment
// ("path.<pid>.<n>"): a temporary to build in, then rename over `path`.
std::string ownName(const std::string& path);

// Writes `text` to `path` in one step (to ownName(path), then renamed): a build of the same file
// by another judge or thread at the same moment never reads half of it. Throws
// std::runtime_error when it cannot.
void writeWhole(const std::string& path, const std::string& text);

}  // namespace judge
