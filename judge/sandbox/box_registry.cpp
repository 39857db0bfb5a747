// The registry of live boxes (box_registry.h), its keeper, and killEveryBox() (sandbox.h).
// Async-signal-safe where a signal handler calls it: atomics, write, nanosleep and waitpid.
#include "judge/sandbox/box_registry.h"

#include "core/process/process.h"
#include "judge/sandbox/sandbox.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>

namespace judge {
namespace {

// Every live box's bwrap and namespace init, for killEveryBox() (from a signal handler).
constexpr int kBoxSlots = 256;
std::atomic<pid_t> liveBoxes[kBoxSlots][2];
// killEveryBox() has begun (the judge is ending: no box may start), and how many threads are
// between deciding to start a bwrap and registering it (a box the handler's scan cannot see yet).
std::atomic<bool> ending{false};
std::atomic<int> forking{0};

// A box is registered as soon as its bwrap runs (init 0: still starting), so that
// killEveryBox() also ends a box that Ctrl-C meets while it starts.
void registerBox(pid_t bwrap, pid_t init) {
  for (auto& slot : liveBoxes) {
    pid_t empty = 0;
    if (slot[0].compare_exchange_strong(empty, bwrap)) {
      slot[1] = init;
      return;
    }
  }
}

// The keeper's end of its pipe, in the judge (-1: no keeper). Each message is one int32_t: a box's
// process group started (+pgid) or ended (-pgid); a write of 4 bytes to a pipe is never split.
std::atomic<int> keeperPipe{-1};
std::atomic<pid_t> keeperPid{0};

void tellKeeper(int32_t message) {
  int fd = keeperPipe.load();
  if (fd < 0) return;
  while (write(fd, &message, sizeof message) < 0 && errno == EINTR) {
  }
}

// The keeper itself, a copy of the judge (core/process's startCopy): only async-signal-safe calls
// (the judge's other threads may have held any lock at the fork). Deaf to the stops a terminal or
// make serve sends the judge (its own group, SIGINT, SIGTERM and SIGHUP ignored: startKeeper()),
// holding nothing of the judge's but its pipe (no output, no folder), it reads until the judge's
// end closes the pipe.
constexpr int kKeeperIn = 3;  // the keeper's end of its pipe

[[noreturn]] void keep() {
  prctl(PR_SET_NAME, "judge-keeper");
  static pid_t groups[kBoxSlots * 4];
  int count = 0;
  for (int32_t message;;) {
    ssize_t n = read(kKeeperIn, &message, sizeof message);
    if (n < 0 && errno == EINTR) continue;
    if (n != sizeof message) break;  // the judge has ended: nothing writes to the pipe
    if (message > 0 && count < kBoxSlots * 4) groups[count++] = message;
    for (int i = 0; message < 0 && i < count; ++i)
      if (groups[i] == -message) groups[i] = groups[--count];
  }
  for (int i = 0; i < count; ++i) kill(-groups[i], SIGKILL);
  _exit(0);
}

// Waits while `busy()` holds, up to `most` milliseconds, in steps a signal handler may take.
template <class Busy>
void waitWhile(Busy busy, int most) {
  for (int waited = 0; busy() && waited < most; ++waited) {
    timespec step{0, 1'000'000};
    nanosleep(&step, nullptr);
  }
}

}  // namespace

namespace box {

void startKeeper() {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return;  // no keeper: as before it, killEveryBox() alone
  core::process::Options options;
  options.fds = {core::process::kNull, core::process::kNull, core::process::kNull, ends[0]};  // kKeeperIn
  options.ownGroup = true;
  options.workingDir = "/";
  options.ignoredSignals = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT};
  pid_t keeper = -1;
  try {
    keeper = core::process::startCopy(keep, options);
  } catch (const std::exception&) {
  }
  close(ends[0]);
  if (keeper < 0) return void(close(ends[1]));
  keeperPid = keeper;
  keeperPipe = ends[1];
  std::atexit([] { endKeeper(); });
}

void endKeeper() {
  int fd = keeperPipe.exchange(-1);
  if (fd >= 0) close(fd);
  pid_t keeper = keeperPid.exchange(0);
  if (keeper > 0) core::process::waitFor(keeper, std::chrono::seconds(1));
}

bool mayFork() {
  if (++forking, ending) {
    --forking;
    return false;
  }
  return true;
}

void forked(pid_t bwrap) {
  if (bwrap > 0) registerBox(bwrap, 0), tellKeeper(bwrap);
  --forking;
}

void boxStarted(pid_t bwrap, pid_t init) {
  for (auto& slot : liveBoxes)
    if (slot[0].load() == bwrap) slot[1] = init;
}

void unregisterBox(pid_t bwrap) {
  for (auto& slot : liveBoxes) {
    pid_t mine = bwrap;
    if (slot[0].load() == bwrap) slot[1] = 0, slot[0].compare_exchange_strong(mine, 0);
  }
  tellKeeper(-bwrap);
}

}  // namespace box

void killEveryBox() {
  ending = true;
  // A bwrap being forked on another thread: registered within microseconds; wait up to 1 s.
  waitWhile([] { return forking.load() > 0; }, 1000);
  for (auto& slot : liveBoxes) {
    pid_t init = slot[1].load();
    if (init > 0) ::kill(init, SIGKILL);  // its bwrap follows; killed first, it would orphan it
  }
  // A box still starting: its init is named within milliseconds (bwrap's --info-fd), more on a
  // loaded machine; wait up to 3 s for it, in steps a signal handler may take (nanosleep), then
  // end it. (A bwrap ended before its init asked to die with it would leave the init behind.)
  // Not named by then: the box's process group (box.cpp), where an init that bwrap cloned stays
  // until bwrap has named it and let it go on (bwrap's setup eventfd, then the init's setsid).
  for (auto& slot : liveBoxes) {
    waitWhile([&] { return slot[0].load() > 0 && slot[1].load() == 0; }, 3000);
    pid_t bwrap = slot[0].load(), init = slot[1].load();
    if (bwrap > 0 && init > 0) ::kill(init, SIGKILL);
    else if (bwrap > 0) ::kill(-bwrap, SIGKILL);
  }
  box::endKeeper();  // the judge ends by this signal: its keeper is not left to the system to reap
}

}  // namespace judge
