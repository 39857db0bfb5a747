// The process tree's clock (process_tree.h), read from outside a process that keeps running after
// it has told the judge something, as a runner does between its answer and its next read.
#include "judge/sandbox/process_tree.h"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace judge {
namespace {

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

// A child that spins, says so, spins on (as a runner does after its answer), then waits for the
// parent; woken, it sends its own CPU time. The parent waits until mainRunning() says it stopped,
// then samples: the sample holds all of that time, the spin after the word included.
TEST(ProcessTree, ASampleOnceTheMainProcessStoppedHoldsAllTheTimeItSpent) {
  int toParent[2], toChild[2];
  ASSERT_EQ(pipe(toParent), 0);
  ASSERT_EQ(pipe(toChild), 0);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    char go = 0;
    spinFor(10);
    if (write(toParent[1], "x", 1) != 1) _exit(1);
    spinFor(30);
    if (read(toChild[0], &go, 1) != 1) _exit(1);
    long long spent = ownCpuMicros();
    _exit(write(toParent[1], &spent, sizeof spent) == sizeof spent ? 0 : 1);
  }
  ProcessTree tree(0, child);
  char word = 0;
  ASSERT_EQ(read(toParent[0], &word, 1), 1);
  EXPECT_TRUE(tree.mainRunning());  // 30 ms of spinning ahead of it
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (tree.mainRunning() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  EXPECT_FALSE(tree.mainRunning());
  long long sampled = tree.sample().cpuMicros;
  ASSERT_EQ(write(toChild[1], "g", 1), 1);
  long long spent = 0;
  ASSERT_EQ(read(toParent[0], &spent, sizeof spent), ssize_t(sizeof spent));
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_EQ(status, 0);
  // What it spent after the sample: a wake-up and one clock read, well under 2 ms.
  EXPECT_LE(sampled, spent);
  EXPECT_GE(sampled, spent - 2000) << "the sample missed the time spent after the word";
  for (int fd : {toParent[0], toParent[1], toChild[0], toChild[1]}) close(fd);
}

}  // namespace
}  // namespace judge
