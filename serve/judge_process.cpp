#include "serve/judge_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>
#include <map>
#include <thread>

#include "core/process/proc.h"
#include "core/process/process.h"

namespace serve {
namespace {

namespace process = core::process;
using Clock = std::chrono::steady_clock;
constexpr size_t kStderrKept = 65536;

void pause(std::chrono::milliseconds how) { std::this_thread::sleep_for(how); }

// Reads a judge's stdout (`out`) a line at a time into `onLine` and its stderr (`err`) into
// `stderrText` until both end; false as soon as `onLine` says the page has gone.
bool readOutput(int out, int err, const std::function<bool(const std::string&)>& onLine, std::string& stderrText) {
  std::string pending;
  bool open[2] = {true, true};
  while (open[0] || open[1]) {
    pollfd fds[2] = {{open[0] ? out : -1, POLLIN, 0}, {open[1] ? err : -1, POLLIN, 0}};
    if (poll(fds, 2, 50) < 0 && errno != EINTR) break;
    char buffer[65536];
    for (int i = 0; i < 2; ++i) {
      if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n <= 0) {
        open[i] = false;
      } else if (i == 1) {
        if (stderrText.size() < kStderrKept) stderrText.append(buffer, size_t(n));
      } else {
        pending.append(buffer, size_t(n));
        for (size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1))
          if (!onLine(pending.substr(0, end))) return false;
      }
    }
    if (!onLine("")) return false;  // "" asks only whether the page is still there
  }
  if (!pending.empty()) onLine(pending);  // a last line without its newline
  return true;
}

// Interrupts a judge as Ctrl-C would (it ends its boxes: judge/sandbox/README.md), then, if it
// is still there after `grace`, kills its group. Its strays are ended by the caller.
void stopJudge(pid_t pid, std::chrono::milliseconds grace) {
  kill(pid, SIGINT);
  if (process::waitFor(pid, grace)) return;
  kill(-pid, SIGKILL);
  process::wait(pid);
}

}  // namespace

JudgeOutcome Judges::run(const std::vector<std::string>& args, const std::string& dir,
                         const std::function<bool(const std::string&)>& onLine) {
  int out[2], err[2];
  if (pipe2(out, O_CLOEXEC) != 0) return {-1, "pipe failed"};
  if (pipe2(err, O_CLOEXEC) != 0) return close(out[0]), close(out[1]), JudgeOutcome{-1, "pipe failed"};
  pid_t pid = -1;
  std::string refused;
  try {
    pid = start(args, dir, out[1], err[1]);
  } catch (const std::exception& e) {
    refused = e.what();
  }
  close(out[1]), close(err[1]);
  if (pid < 0) return close(out[0]), close(err[0]), JudgeOutcome{-1, refused};
  long number = ++started_;
  std::cerr << "serve: judge #" << number << " started (pid " << pid << "): " << (args.empty() ? "" : args[0]) << "\n";
  JudgeOutcome outcome;
  bool stayed = readOutput(out[0], err[0], onLine, outcome.stderrText);
  close(out[0]), close(err[0]);
  if (!stayed) {
    stopJudge(pid, std::chrono::milliseconds(2000));
  } else {
    outcome.status = process::wait(pid).shellCode();
  }
  kill(-pid, SIGKILL);  // what is left in its group (the group outlives its leader while it has one)
  forget(pid);
  std::vector<pid_t> left = endStrays(std::chrono::milliseconds(2000));
  std::cerr << "serve: judge #" << number << " ended (" << outcome.status << ")"
            << (left.empty() ? "" : "; " + std::to_string(left.size()) + " of its processes would not end") << "\n";
  return outcome;
}

pid_t Judges::start(const std::vector<std::string>& args, const std::string& dir, int out, int err) {
  std::vector<std::string> command = {binary_};
  command.insert(command.end(), args.begin(), args.end());
  process::Options options;
  options.fds = {process::kNull, out, err};
  options.ownGroup = true;
  options.workingDir = dir;
  std::lock_guard<std::mutex> starting(mutex_);  // a running judge from its first instant: no stray
  pid_t pid = process::start(command, options);
  running_.insert(pid);
  return pid;
}

void Judges::forget(pid_t pid) {
  std::lock_guard<std::mutex> lock(mutex_);
  running_.erase(pid);
}

void Judges::interruptAll() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (pid_t pid : running_) kill(pid, SIGINT);  // each judge ends its boxes, then itself
}

void Judges::endAll(std::chrono::milliseconds most) {
  for (auto until = Clock::now() + most; Clock::now() < until; pause(std::chrono::milliseconds(20))) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (running_.empty()) return;
    for (auto it = running_.begin(); it != running_.end();)
      it = process::ended(*it) ? running_.erase(it) : std::next(it);
  }
  std::lock_guard<std::mutex> lock(mutex_);
  for (pid_t pid : running_) kill(-pid, SIGKILL), process::wait(pid);
  running_.clear();
}

std::vector<pid_t> Judges::endStrays(std::chrono::milliseconds most) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<pid_t> left = straysLocked();
  for (auto until = Clock::now() + most; !left.empty() && Clock::now() < until; left = straysLocked()) {
    for (pid_t pid : left) kill(pid, SIGKILL);
    for (pid_t pid : left) process::ended(pid);  // not the server's child: nothing to reap
    pause(std::chrono::milliseconds(10));
  }
  return left;
}

// The server's descendants that are no running judge's, nor a judge: what a judge left.
std::vector<pid_t> Judges::straysLocked() const {
  std::multimap<pid_t, pid_t> below;
  for (auto [pid, parent] : process::parents()) below.emplace(parent, pid);
  std::vector<pid_t> found, todo = {getpid()};
  while (!todo.empty()) {
    pid_t parent = todo.back();
    todo.pop_back();
    for (auto [at, end] = below.equal_range(parent); at != end; ++at)
      if (!running_.count(at->second)) found.push_back(at->second), todo.push_back(at->second);
  }
  return found;
}

bool becomeSubreaper() { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; }

}  // namespace serve
