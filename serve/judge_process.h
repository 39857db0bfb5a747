// The judge's process, as the server runs it: each judge a child of the server, in a process
// group of its own, in the submission's folder; its stdout read a line at a time, its stderr
// kept. A judge is stopped as Ctrl-C stops `make judge` (SIGINT: it ends its boxes, then
// itself), its group killed if it is still there after a grace.
//
// The server is its judges' subreaper (becomeSubreaper): what a judge leaves when it dies (a
// box's bwrap, or an init blocked for ever on bwrap's setup eventfd, its bwrap gone) comes back
// to the server, a "stray": every descendant of the server that is no running judge. Strays are
// found by a walk of /proc (core/process/proc.h) and ended after each judge and at the end.
//
// Thread-safe: request threads run judges, the signal's thread interrupts them.
#pragma once
#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace serve {

struct JudgeOutcome {
  int status = -1;  // exit status (128 + N: killed by signal N); -1: stopped, or never started
  std::string stderrText;
};

class Judges {
 public:
  explicit Judges(std::string binary) : binary_(std::move(binary)) {}

  // One judge run: `args` after the binary, in `dir`; its stdout a line at a time to `onLine`
  // (which returns false to stop it: the page has gone; asked with "" every 50 ms), its stderr
  // kept (at most 64 KB). Whatever way it ends, nothing of it is left when this returns.
  JudgeOutcome run(const std::vector<std::string>& args, const std::string& dir,
                   const std::function<bool(const std::string&)>& onLine);

  // Every running judge interrupted, as Ctrl-C interrupts it.
  void interruptAll();
  // Waits up to `most` for the running judges to end, then kills the groups of those left.
  void endAll(std::chrono::milliseconds most);
  // Kills and reaps every stray for up to `most`; the strays still there after it.
  std::vector<pid_t> endStrays(std::chrono::milliseconds most);
  // How many judges were started.
  long started() const { return started_.load(); }

 private:
  pid_t start(const std::vector<std::string>& args, const std::string& dir, int out, int err);
  void forget(pid_t pid);
  std::vector<pid_t> straysLocked() const;

  std::string binary_;
  std::mutex mutex_;  // held while a judge is started, so that no stray hunt takes it for one
  std::set<pid_t> running_;
  std::atomic<long> started_{0};
};

// This process made the subreaper of what its judges leave (PR_SET_CHILD_SUBREAPER); false, with
// errno set, when the kernel refuses.
bool becomeSubreaper();

}  // namespace serve
