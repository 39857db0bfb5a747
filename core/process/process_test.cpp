// A process started and waited for (process.h): how it ended, what it was given (its descriptors
// and no other, its environment, folder, group and limits, a fresh process's signals), what a
// start that fails says, and a child that dies with its parent.
#include "core/process/process.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <system_error>
#include <thread>

#include "core/process/proc.h"

namespace core::process {
namespace {

std::string shellSays(const std::string& script, const Options& options = {}) {
  return capture({"sh", "-c", script}, options).output;
}

TEST(Process, TellsAnExitCodeFromASignal) {
  Status three = run({"sh", "-c", "exit 3"});
  EXPECT_TRUE(three.exited());
  EXPECT_EQ(three.code(), 3);
  EXPECT_EQ(three.signal(), 0);
  EXPECT_FALSE(three.succeeded());
  Status killed = run({"sh", "-c", "kill -KILL $$"});
  EXPECT_FALSE(killed.exited());
  EXPECT_EQ(killed.signal(), SIGKILL);
  EXPECT_EQ(killed.code(), -1);
  EXPECT_EQ(killed.shellCode(), 128 + SIGKILL);
  EXPECT_TRUE(run({"true"}).succeeded());
}

TEST(Process, CapturesStdoutAndStderrTogether) {
  Captured said = capture({"sh", "-c", "echo out; echo err >&2; exit 1"});
  EXPECT_EQ(said.output, "out\nerr\n");
  EXPECT_EQ(said.status.code(), 1);
}

TEST(Process, AMissingProgramIsAnErrorThatNamesIt) {
  try {
    start({"no-such-program-of-ours"});
    ADD_FAILURE() << "started a program that is nowhere";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot start no-such-program-of-ours: no such program in PATH");
  }
  EXPECT_THROW(start({}), std::invalid_argument);
}

// The system's reason start() gave for refusing `command`, with its message; 0 if it started it.
std::pair<int, std::string> refusal(const std::vector<std::string>& command) {
  try {
    wait(start(command));
  } catch (const std::system_error& e) {
    return {e.code().value(), e.what()};
  }
  return {0, ""};
}

// A file that exists but cannot be executed: refused before the fork (no execute bit), or by
// the exec itself (no format the kernel knows), whose errno comes back through start().
TEST(Process, AFailedExecIsAnErrorWithTheSystemsReason) {
  std::string file = testing::TempDir() + "process_test_" + std::to_string(getpid());
  std::ofstream(file) << "\x7f" "ELF, but not really\n";
  chmod(file.c_str(), 0600);
  EXPECT_EQ(refusal({file}).first, EACCES);
  chmod(file.c_str(), 0700);
  auto [error, message] = refusal({file});
  EXPECT_EQ(error, ENOEXEC) << message;
  EXPECT_NE(message.find("cannot start " + file), std::string::npos) << message;
  std::remove(file.c_str());
}

// A copy that says it is ready on its fd 3, then waits: what it holds is what it was given.
TEST(Process, TheChildHoldsTheDescriptorsListedAndNoOther) {
  int leaked = open("/dev/null", O_RDONLY);  // no O_CLOEXEC: a plain fork would hand it on
  int ready[2];
  ASSERT_EQ(pipe2(ready, O_CLOEXEC), 0);
  Options options;
  options.fds = {kNull, 1, 2, ready[1]};
  pid_t child = startCopy(
      [] {
        if (write(3, "r", 1) != 1) _exit(1);
        pause();
      },
      options);
  close(ready[1]);
  char word = 0;
  ASSERT_EQ(read(ready[0], &word, 1), 1);
  EXPECT_EQ(descriptorsOf(child), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(descriptorTarget(child, 0), "/dev/null");
  kill(child, SIGKILL);
  EXPECT_EQ(wait(child).signal(), SIGKILL);
  close(ready[0]), close(leaked);
}

TEST(Process, DescriptorsAreMovedEvenWhenTheyCross) {
  int first[2], second[2];
  ASSERT_EQ(pipe2(first, O_CLOEXEC), 0);
  ASSERT_EQ(pipe2(second, O_CLOEXEC), 0);
  Options options;  // its stdout the second pipe, its stderr the first
  options.fds = {kNull, second[1], first[1]};
  Status status = run({"sh", "-c", "echo to-second; echo to-first >&2"}, options);
  close(first[1]), close(second[1]);
  char buffer[64] = {};
  EXPECT_EQ(std::string(buffer, size_t(read(second[0], buffer, sizeof buffer))), "to-second\n");
  EXPECT_EQ(std::string(buffer, size_t(read(first[0], buffer, sizeof buffer))), "to-first\n");
  EXPECT_TRUE(status.succeeded());
  close(first[0]), close(second[0]);
}

TEST(Process, GivesTheEnvironmentFolderAndLimitsAsked) {
  Options added;
  added.environment = {"PROCESS_TEST_WORD=given", "HOME=/nowhere"};
  EXPECT_EQ(shellSays("echo $PROCESS_TEST_WORD $HOME", added), "given /nowhere\n");
  EXPECT_NE(shellSays("echo $PATH", added), "\n");  // the rest of this process's, kept
  Options alone;
  alone.clearEnvironment = true;
  alone.environment = {"ONLY=this"};
  EXPECT_EQ(capture({"env"}, alone).output, "ONLY=this\n");
  Options folder;
  folder.workingDir = "/";
  EXPECT_EQ(shellSays("pwd", folder), "/\n");
  Options limited;
  limited.limits = {{RLIMIT_NOFILE, 42}};
  EXPECT_EQ(shellSays("ulimit -n", limited), "42\n");
}

TEST(Process, AGroupOfItsOwnWhenAsked) {
  Options own;
  own.ownGroup = true;
  pid_t alone = start({"sleep", "30"}, own), beside = start({"sleep", "30"});
  EXPECT_EQ(getpgid(alone), alone);
  EXPECT_EQ(getpgid(beside), getpgrp());
  kill(alone, SIGKILL), kill(beside, SIGKILL);
  wait(alone), wait(beside);
}

// A shell cannot take back a signal ignored when it started, nor receive one held back: the
// child's signals are a fresh process's whatever this thread did with them, but those it is told
// to ignore.
TEST(Process, TheChildsSignalsAreAFreshProcesss) {
  struct sigaction ignore {}, before {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ignore, &before);
  sigset_t term, mask;
  sigemptyset(&term);
  sigaddset(&term, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &term, &mask);
  Status interrupted = run({"sh", "-c", "kill -INT $$; exit 0"});
  Status terminated = run({"sh", "-c", "kill -TERM $$; exit 0"});
  Options deaf;
  deaf.ignoredSignals = {SIGTERM};
  Status ignored = run({"sh", "-c", "kill -TERM $$; exit 5"}, deaf);
  pthread_sigmask(SIG_SETMASK, &mask, nullptr);
  sigaction(SIGINT, &before, nullptr);
  EXPECT_EQ(interrupted.signal(), SIGINT);
  EXPECT_EQ(terminated.signal(), SIGTERM);
  EXPECT_EQ(ignored.code(), 5);
}

// A copy starts a sleeper that dies with it, says its pid, and exits: the sleeper follows.
TEST(Process, AChildThatDiesWithItsParentDoes) {
  int said[2];
  ASSERT_EQ(pipe2(said, O_CLOEXEC), 0);
  Options options;
  options.fds = {kNull, 1, 2, said[1]};
  pid_t middle = startCopy(
      [] {
        Options dying;
        dying.dieWithParent = true;
        pid_t sleeper = start({"sleep", "30"}, dying);
        if (write(3, &sleeper, sizeof sleeper) != sizeof sleeper) _exit(1);
      },
      options);
  close(said[1]);
  pid_t sleeper = 0;
  ASSERT_EQ(read(said[0], &sleeper, sizeof sleeper), ssize_t(sizeof sleeper));
  close(said[0]);
  EXPECT_TRUE(wait(middle).succeeded());
  auto gone = [&] {
    Stat stat = statOf(sleeper);
    return !stat.ok || stat.state == 'Z';
  };
  for (int tries = 0; tries < 500 && !gone(); ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_TRUE(gone()) << "the sleeper outlived its parent";
  if (!gone()) kill(sleeper, SIGKILL);
  ended(sleeper);  // this process's to reap where it is a subreaper (the judge's tests make it one)
}

TEST(Process, WaitsUpToATimeOrUntilTheEnd) {
  pid_t sleeper = start({"sleep", "30"});
  auto before = std::chrono::steady_clock::now();
  EXPECT_EQ(waitFor(sleeper, std::chrono::milliseconds(50)), std::nullopt);
  EXPECT_GE(std::chrono::steady_clock::now() - before, std::chrono::milliseconds(50));
  EXPECT_EQ(ended(sleeper), std::nullopt);
  kill(sleeper, SIGKILL);
  std::optional<Status> status = waitFor(sleeper, std::chrono::seconds(10));
  ASSERT_TRUE(status);
  EXPECT_EQ(status->signal(), SIGKILL);
}

TEST(Process, WaitingForNoChildReturnsAtOnce) {
  Status none = wait(getpid());
  EXPECT_EQ(none.raw, Status::kNoChild);
  EXPECT_FALSE(none.exited());
  EXPECT_EQ(none.signal(), 0);
  EXPECT_EQ(ended(getpid())->raw, Status::kNoChild);
  EXPECT_EQ(waitFor(getpid(), std::chrono::seconds(10))->raw, Status::kNoChild);
}

TEST(Process, ReplacesItselfWithAProgram) {
  pid_t replaced = startCopy([] { replaceWith({"sh", "-c", "exit 7"}); });
  EXPECT_EQ(wait(replaced).code(), 7);
  pid_t refused = startCopy([] {
    try {
      replaceWith({"no-such-program-of-ours"});
    } catch (const std::runtime_error&) {
      _exit(9);
    }
  });
  EXPECT_EQ(wait(refused).code(), 9);
}

TEST(Process, FindsAProgramInPath) {
  std::string sh = findInPath("sh");
  ASSERT_FALSE(sh.empty());
  EXPECT_EQ(sh.substr(sh.size() - 3), "/sh");
  EXPECT_EQ(findInPath("/bin/sh"), "/bin/sh");
  EXPECT_EQ(findInPath("no-such-program-of-ours"), "");
  EXPECT_EQ(findInPath(""), "");
}

}  // namespace
}  // namespace core::process
