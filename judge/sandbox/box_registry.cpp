// The registry of live boxes (box_registry.h), and killEveryBox() (sandbox.h). Async-signal-safe
// where a signal handler calls it: atomics only, and nanosleep.
#include "judge/sandbox/box_registry.h"

#include "judge/sandbox/sandbox.h"

#include <signal.h>
#include <time.h>

#include <atomic>

namespace judge {
namespace {

// Every live box's bwrap and namespace init, for killEveryBox() (from a signal handler).
constexpr int kBoxSlots = 256;
std::atomic<pid_t> liveBoxes[kBoxSlots][2];
// killEveryBox() has begun (the judge is ending: no box may start), and how many threads are
// between deciding to fork a bwrap and registering it (a box the handler's scan cannot see yet).
std::atomic<bool> ending{false};
std::atomic<int> forking{0};

// A box is registered as soon as its bwrap is forked (init 0: still starting), so that
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

bool mayFork() {
  if (++forking, ending) {
    --forking;
    return false;
  }
  return true;
}

void forked(pid_t bwrap) {
  if (bwrap > 0) registerBox(bwrap, 0);
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
}

}  // namespace judge
