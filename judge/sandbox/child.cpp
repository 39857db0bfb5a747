// The runner's Child (sandbox.h): a judged program in its box, sent one puzzle at a time on fd 4
// and read one answer a line on fd 3 (runner.h), its tree watched against the case's limits.
#include "judge/sandbox/sandbox.h"

#include "core/process/proc.h"
#include "core/words.h"
#include "judge/sandbox/box.h"
#include "judge/sandbox/printable.h"
#include "judge/sandbox/runner.h"
#include "judge/sandbox/runtime_story.h"
#include "judge/sandbox/sanitizers.h"
#include "judge/sandbox/seccomp.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <sstream>
#include <thread>

namespace judge {
using namespace core;
namespace {

using Clock = std::chrono::steady_clock;

constexpr size_t kStderrTail = 256 << 10;     // the sanitizer's report ends the child's stderr
constexpr size_t kMaxAnswerLine = 1 << 20;  // a 25x25 answer is under 2 KB
// How long a sample waits for the runner to stop after it answers, and how often it looks: on a
// core, it stops within microseconds to read the next puzzle; still runnable after that, it is
// waiting for a core, and its clock was brought up to date when it lost its own
// (judge/sandbox/README.md, "CPU time is measured outside").
constexpr std::chrono::milliseconds kSettleAtMost{1};
constexpr std::chrono::microseconds kSettleEvery{20};
// The exit after the last case (finish()): its CPU time at least.
constexpr long long kExitCpuMicros = 2'000'000;

std::atomic<long long> memoryLimitKb{RunnerLimits{}.memoryKb};
std::atomic<long long> outputLimitBytes{RunnerLimits{}.outputBytes};

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// "r3132" -> {'1', '2'}; nullopt for anything else.
std::optional<std::vector<char>> decodeRow(const std::string& word) {
  if (word.empty() || word[0] != 'r' || word.size() % 2 == 0) return std::nullopt;
  std::vector<char> row;
  for (size_t i = 1; i < word.size(); i += 2) {
    int high = hexDigit(word[i]), low = hexDigit(word[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    row.push_back(char(high * 16 + low));
  }
  return row;
}

// "2 r3132 r3334" -> the board {{'1','2'},{'3','4'}}.
std::optional<Board> decodeBoard(const std::string& line) {
  std::istringstream words(line);
  Board board;
  size_t rows = 0;
  if (!(words >> rows)) return std::nullopt;
  for (std::string word; board.size() < rows && words >> word;) {
    std::optional<std::vector<char>> row = decodeRow(word);
    if (!row) return std::nullopt;
    board.push_back(std::move(*row));
  }
  if (board.size() != rows) return std::nullopt;
  return board;
}

}  // namespace

void setRunnerLimits(const RunnerLimits& limits) {
  memoryLimitKb = limits.memoryKb;
  outputLimitBytes = limits.outputBytes;
}

RunnerLimits runnerLimits() { return {memoryLimitKb.load(), outputLimitBytes.load()}; }

Child::Child(const std::string& program, const std::vector<Board>& puzzles, int cpuLimitMs)
    : puzzles_(puzzles), cpuLimitMicros_(cpuLimitMs * 1000LL), program_(program) {
  if (auto problem = sandboxProblem()) throw std::runtime_error(*problem);
  stderr_ = box::anonymousFile();
  stdout_ = box::anonymousFile();
  int puzzleEnds[2], answerEnds[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, puzzleEnds) != 0)
    throw box::systemError("socketpair");
  if (pipe2(answerEnds, O_CLOEXEC) != 0) throw box::systemError("pipe");
  puzzleFd_ = puzzleEnds[0], answers_ = answerEnds[0];
  box::Launch launch;
  launch.command = {sandboxEnabled() ? box::kProgramInBox : program};
  launch.sandboxArgs = {"--ro-bind", program, box::kProgramInBox};
  launch.environment = {box::asanOptions(limits_), box::kUbsanOptions, "PATH=/usr/bin:/bin"};
  launch.fds[1] = stdout_, launch.fds[2] = stderr_, launch.fds[kAnswerFd] = answerEnds[1];
  launch.fds[kPuzzleFd] = puzzleEnds[1];
  launch.outputBytes = rlim_t(limits_.outputBytes);
  if (sandboxEnabled()) {
    // Compiled once (libseccomp); sandboxProblem() has refused a CPU without a program.
    static const std::optional<std::vector<sock_filter>> filter = box::noProcessesFilter(box::judgedCpu());
    if (!filter) throw std::runtime_error(*box::cpuWithoutFilter(box::judgedCpu()));
    launch.seccompFd = box::anonymousFile();
    size_t bytes = filter->size() * sizeof(sock_filter);
    if (write(launch.seccompFd, filter->data(), bytes) != ssize_t(bytes) || lseek(launch.seccompFd, 0, SEEK_SET) != 0)
      throw box::systemError("cannot write the seccomp program");
  }
  box::Launched launched;
  try {
    launched = box::start(launch, stderr_);
  } catch (...) {
    close(puzzleEnds[1]), close(answerEnds[1]);
    if (launch.seccompFd >= 0) close(launch.seccompFd);
    throw;
  }
  close(puzzleEnds[1]), close(answerEnds[1]);
  if (launch.seccompFd >= 0) close(launch.seccompFd);
  pid_ = launched.pid, init_ = launched.init;
  tree_.emplace(init_, sandboxEnabled() ? 0 : pid_);
}

Child::~Child() {
  kill(Stop::kNone);
  if (puzzleFd_ >= 0) close(puzzleFd_);
  if (answers_ >= 0) close(answers_);
  if (stderr_ >= 0) close(stderr_);
  if (stdout_ >= 0) close(stdout_);
}

// Once the runner has said "ready": the tree read with the runner's own CPU
// clock, to the nanosecond. Without the sandbox, the runner was that already.
void Child::readRunnerPrecisely() {
  if (!sandboxEnabled()) return;
  std::vector<pid_t> runner = process::childrenOf(init_);  // bwrap's init has one child: the runner
  if (!runner.empty()) tree_.emplace(init_, runner.front());
}

std::optional<Answer> Child::next(std::chrono::milliseconds wall) {
  auto deadline = Clock::now() + wall;
  std::string line;
  if (!ready_) {  // until then the limits hold for its start, its static constructors included
    if (!readLine(line, deadline)) return std::nullopt;
    if (line != "ready") return kill(decodeBoard(line) ? Stop::kEarlyAnswer : Stop::kMalformed), std::nullopt;
    ready_ = true;
    readRunnerPrecisely();
    caseStart_ = settledSample().cpuMicros;
    tree_->resetPeak();  // the runner's start (ASan's, the driver's) is not case 1's peak
  }
  if (!sendNextPuzzle() || !readLine(line, deadline)) return std::nullopt;
  std::optional<Board> board = decodeBoard(line);
  if (!board) return kill(Stop::kMalformed), std::nullopt;
  ProcessTree::Usage usage = settledSample();
  peakKb_ = usage.peakKb;
  // A peak between two samples, or an answer written at once, is still seen: VmHWM keeps it.
  if (peakKb_ > limits_.memoryKb) return kill(Stop::kMemory), std::nullopt;
  if (outputFull()) return kill(Stop::kOutput), std::nullopt;
  Answer answer{usage.cpuMicros - caseStart_, peakKb_, std::move(*board)};
  caseStart_ = usage.cpuMicros;  // the time between answers counts too: work in a thread cannot hide there
  tree_->resetPeak();
  return answer;
}

// The tree's sample once the runner has stopped to wait for its next puzzle: its clock lags while
// it runs (ProcessTree::mainRunning), so a sample taken between its answer and its next read gave
// the case less than it used, and the next case the rest (judge/sandbox/README.md, "CPU time is
// measured outside").
ProcessTree::Usage Child::settledSample() {
  auto until = Clock::now() + kSettleAtMost;
  while (tree_->mainRunning() && Clock::now() < until) std::this_thread::sleep_for(kSettleEvery);
  return tree_->sample();
}

// The child may hold no answer when a case is sent: one would be for a case it has not seen.
bool Child::sendNextPuzzle() {
  pollfd waiting{answers_, POLLIN, 0};
  if (pending_.empty() && poll(&waiting, 1, 0) > 0 && (waiting.revents & POLLIN)) {
    char buffer[1 << 14];
    ssize_t n = read(answers_, buffer, sizeof buffer);
    if (n > 0) pending_.append(buffer, size_t(n));
  }
  if (!pending_.empty()) return kill(Stop::kEarlyAnswer), false;
  if (sent_ >= puzzles_.size()) return kill(Stop::kMalformed), false;
  std::string line = toLine(puzzles_[sent_++]) + "\n";
  // Non-blocking: a child that does not read cannot stall the judge.
  if (send(puzzleFd_, line.data(), line.size(), MSG_NOSIGNAL | MSG_DONTWAIT) != ssize_t(line.size()))
    return kill(Stop::kMute), false;
  return true;
}

// Reads one line from fd 3, watching the limits while it waits.
bool Child::readLine(std::string& line, Clock::time_point deadline) {
  while (pending_.find('\n') == std::string::npos) {
    if (pending_.size() > kMaxAnswerLine) return kill(Stop::kMalformed), false;
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return kill(Stop::kWall), false;
    pollfd ready{answers_, POLLIN, 0};
    if (poll(&ready, 1, int(std::min(left, box::kWatchEvery).count()) + 1) > 0) {
      char buffer[1 << 14];
      ssize_t n = read(answers_, buffer, sizeof buffer);
      if (n > 0) pending_.append(buffer, size_t(n));
      if (n == 0) return waitForExit(deadline), false;  // fd 3 closed: it has ended
    }
    // Still waiting: check the limits (an answer is measured by the caller).
    if (pending_.find('\n') == std::string::npos) {
      if (abandon_ && abandon_->load()) return kill(Stop::kAbandoned), false;
      if (!watch()) return false;
    }
  }
  size_t end = pending_.find('\n');
  line = pending_.substr(0, end);
  pending_.erase(0, end + 1);
  return true;
}

bool Child::watch() {
  if (pid_ <= 0) return false;
  Limits limits{{}, cpuLimitMicros_, limits_.memoryKb, kRunnerProcesses};
  ProcessTree::Usage usage = tree_->sample();
  peakKb_ = usage.peakKb;
  box::Over passed = box::limitPassed(usage, limits, caseStart_);
  if (passed == box::Over::kNothing && outputFull()) return kill(Stop::kOutput), false;
  if (passed == box::Over::kNothing) return true;
  kill(passed == box::Over::kCpu ? Stop::kCpu : passed == box::Over::kMemory ? Stop::kMemory : Stop::kProcesses);
  return false;
}

// Waits for the child to end by itself, the limits watched; false when it
// had to be killed.
bool Child::waitForExit(Clock::time_point deadline) {
  while (pid_ > 0) {
    if (std::optional<process::Status> ended = process::ended(pid_)) {
      status_ = *ended;
      box::reapOrphanedInit({pid_, init_});
      pid_ = -1;
      return true;
    }
    if (Clock::now() >= deadline) return kill(Stop::kWall), false;
    if (!watch()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return true;
}

std::optional<Text> Child::finish(std::chrono::milliseconds wall) {
  if (pid_ <= 0) return std::nullopt;
  shutdown(puzzleFd_, SHUT_WR);  // the runner reads the end of its puzzles and returns from main
  // The exit (destructors, ASan's and LSan's checks of the whole heap) is no case: it gets at
  // least kExitCpuMicros, so that a busy machine cannot turn a last case near its limit into a
  // Runtime Error, while an exit that loops is still stopped.
  cpuLimitMicros_ = std::max(cpuLimitMicros_, kExitCpuMicros);
  if (waitForExit(Clock::now() + wall) && status_.succeeded())
    return std::nullopt;
  return said("after the last answer: %s", {exitReason()});
}

Text Child::exitReason() const {
  Text reason;
  switch (stop_) {
    case Stop::kWall: reason = said("still running at the wall-clock limit (killed)"); break;
    case Stop::kCpu: reason = said("passed the CPU time limit (killed)"); break;
    case Stop::kMemory:
      reason = said("its processes held more than %s MB of memory, the limit (killed)",
                    {std::to_string(limits_.memoryKb >> 10)});
      break;
    case Stop::kOutput:
      reason = said("wrote %s MB or more to stdout or stderr, the limit (killed)",
                    {std::to_string(limits_.outputBytes >> 20)});
      break;
    case Stop::kProcesses:
      reason = said("ran more than %s processes at once, the limit (killed)", {std::to_string(kRunnerProcesses)});
      break;
    case Stop::kEarlyAnswer:
      reason = said("wrote an answer before its case was sent (case %s)", {std::to_string(sent_ + 1)});
      break;
    case Stop::kMalformed: reason = said("wrote something other than an answer on file descriptor 3"); break;
    case Stop::kMute: reason = said("stopped reading its puzzles"); break;
    case Stop::kAbandoned: reason = said("not needed any more: an earlier part of its set failed (killed)"); break;
    case Stop::kNone:
      reason = overOutputLimit() ? said("wrote %s MB to stdout or stderr, the limit: %s",
                                        {std::to_string(limits_.outputBytes >> 20), box::endReason(status_)})
                                 : box::endReason(status_);
      break;
  }
  return reason + box::symbolized(box::reportLines(printable(box::readTail(stderr_, kStderrTail), kStderrTail)),
                                  program_, programAsRun());
}

std::string Child::runtimeReport() const {
  std::string report = box::symbolized(printable(box::readTail(stderr_, kStderrTail), kStderrTail), program_,
                                       programAsRun());
  int signal = stop_ == Stop::kNone && pid_ <= 0 ? box::endSignal(status_) : 0;
  if (signal && !(signal == SIGSYS && sandboxEnabled()))  // SIGSYS in the box: a process created, said so
    report += (report.empty() || report.back() == '\n' ? "" : "\n") + signalLine(signal) + "\n";
  return report;
}

std::string Child::programAsRun() const { return sandboxEnabled() ? box::kProgramInBox : program_; }

bool Child::outputFull() const {
  struct stat out {}, err {};
  return (fstat(stdout_, &out) == 0 && out.st_size >= limits_.outputBytes) ||
         (fstat(stderr_, &err) == 0 && err.st_size >= limits_.outputBytes);
}
bool Child::overMemoryLimit() const {
  if (stop_ == Stop::kMemory) return true;
  if (stop_ != Stop::kNone || pid_ > 0) return false;
  return box::saysOutOfMemory(box::readTail(stderr_, kStderrTail));
}

bool Child::overOutputLimit() const {
  if (stop_ == Stop::kOutput) return true;
  if (stop_ != Stop::kNone || pid_ > 0) return false;
  return box::endSignal(status_) == SIGXFSZ || outputFull();
}

Text Child::takeStdout(size_t maxBytes) {
  off_t size = lseek(stdout_, 0, SEEK_END);
  if (size <= 0) return {};
  Text text = printable(box::readFile(stdout_, 0, maxBytes).substr(0, maxBytes), maxBytes);
  if (size > off_t(maxBytes))
    text += "\n" + said("[... %s more bytes not shown]", {std::to_string(size - off_t(maxBytes))});
  // The child shares this file's offset: back to 0, its next write starts the file again.
  if (ftruncate(stdout_, 0) != 0 || lseek(stdout_, 0, SEEK_SET) != 0) text += "\n[stdout not reset]";
  return text;
}

void Child::kill(Stop why) {
  if (stop_ == Stop::kNone) stop_ = why;
  if (pid_ <= 0) return;
  box::killTree({pid_, init_}, status_);
  pid_ = -1;
}
}  // namespace judge
