// The process tree (process_tree.h): its clock, read from outside a process that keeps running
// after it has told the judge something, as a runner does between its answer and its next read;
// and its main process, read in a box's own /proc.
#include "judge/sandbox/process_tree.h"

#include <gtest/gtest.h>

#include "core/process/proc.h"
#include "core/process/process.h"

#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace judge {
namespace {

namespace process = core::process;

// Spins for `ms` of the wall clock without asking the kernel for any CPU time: reading its own
// CPU clock would bring what others read of it up to date.
void spinFor(int ms) {
  auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < until) {
  }
}

long long ownCpuMicros() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

// A child that spins, says so, spins on (as a runner does after its answer) until the parent has
// seen it running, then 10 ms more, then waits for the parent; woken, it sends its own CPU time.
// The parent waits until mainRunning() says it stopped, then samples: the sample holds all of that
// time, the spin after the word included. (The child spins until it is seen, not for a fixed
// time: on a loaded machine the parent may not run again for tens of milliseconds.)
TEST(ProcessTree, ASampleOnceTheMainProcessStoppedHoldsAllTheTimeItSpent) {
  int toParent[2], toChild[2];
  ASSERT_EQ(pipe2(toParent, O_CLOEXEC), 0);
  ASSERT_EQ(pipe2(toChild, O_CLOEXEC), 0);
  constexpr int kOut = 3, kIn = 4;  // the child's ends: toParent[1], toChild[0]
  process::Options options;
  options.fds = {0, 1, 2, toParent[1], toChild[0]};
  pid_t child = process::startCopy([] {
    char go = 0;
    spinFor(10);
    if (write(kOut, "x", 1) != 1) _exit(1);
    fcntl(kIn, F_SETFL, O_NONBLOCK);
    while (read(kIn, &go, 1) != 1) {  // never blocks: running until the parent has looked
    }
    spinFor(10);
    fcntl(kIn, F_SETFL, 0);
    if (read(kIn, &go, 1) != 1) _exit(1);
    long long spent = ownCpuMicros();
    _exit(write(kOut, &spent, sizeof spent) == sizeof spent ? 0 : 1);
  }, options);
  ProcessTree tree(0, child);
  char word = 0;
  ASSERT_EQ(read(toParent[0], &word, 1), 1);
  EXPECT_TRUE(tree.mainRunning());  // it spins until it hears that it was seen
  ASSERT_EQ(write(toChild[1], "l", 1), 1);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (tree.mainRunning() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  EXPECT_FALSE(tree.mainRunning());
  long long sampled = tree.sample().cpuMicros;
  ASSERT_EQ(write(toChild[1], "g", 1), 1);
  long long spent = 0;
  ASSERT_EQ(read(toParent[0], &spent, sizeof spent), ssize_t(sizeof spent));
  EXPECT_TRUE(process::wait(child).succeeded());
  // What it spent after the sample: a wake-up and one clock read, well under 2 ms.
  EXPECT_LE(sampled, spent);
  EXPECT_GE(sampled, spent - 2000) << "the sample missed the time spent after the word";
  for (int fd : {toParent[0], toParent[1], toChild[0], toChild[1]}) close(fd);
}

// In a box (a PID namespace of its own, read through its /proc), the main process is the box's,
// from the first look on: a process that never stops is running, before any sample() as after.
// (The host's /proc in its place named another process: pid 2 there is a kernel thread.)
TEST(ProcessTree, TheMainProcessOfABoxIsReadInItsOwnNamespace) {
  pid_t bwrap = process::start({"bwrap", "--unshare-user", "--unshare-pid", "--die-with-parent", "--ro-bind", "/usr",
                                 "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink",
                                 "usr/lib64", "/lib64", "--proc", "/proc", "--dev", "/dev", "/bin/sh", "-c",
                                 "while :; do :; done"});
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  pid_t init = 0, spinner = 0;
  auto childOf = [](pid_t parent) {
    std::vector<pid_t> children = process::childrenOf(parent);
    return children.empty() ? 0 : children.front();
  };
  while ((!init || !spinner) && std::chrono::steady_clock::now() < until) {
    if (!init) init = childOf(bwrap);
    if (init) spinner = childOf(init);
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  bool running = false;
  if (spinner) {
    ProcessTree tree(init, spinner);
    while (!(running = tree.mainRunning()) && std::chrono::steady_clock::now() < until)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_TRUE(running) << "read as stopped: not the box's process";
    EXPECT_TRUE(tree.mainRunning());
    EXPECT_EQ(tree.sample().processes, 2);  // the namespace's init and the spinner
  }
  kill(bwrap, SIGKILL);
  process::wait(bwrap);
  ASSERT_TRUE(init && spinner) << "bwrap started no box";
}

}  // namespace
}  // namespace judge
