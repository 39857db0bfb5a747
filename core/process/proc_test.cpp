// /proc read (proc.h, proc_dir.h): a stat line and a status text parsed, field by field; a
// process of this test's own read through them, alive and gone; a /proc read again and again.
#include "core/process/proc.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

#include "core/process/proc_dir.h"
#include "core/process/process.h"

namespace core::process {
namespace {

bool holds(const std::vector<pid_t>& pids, pid_t pid) { return std::find(pids.begin(), pids.end(), pid) != pids.end(); }

// A name with a space and a ')' of its own: the fields are counted from the last ')'.
TEST(Proc, ParsesAStatLineWhateverTheName) {
  Stat stat = parseStat("4242 (a b) c) S 17 4242 4242 0 -1 4194560 100 0 0 0 30 12 5 2 20 0 1 0 "
                        "123 4096 321 18446744073709551615\n");
  ASSERT_TRUE(stat.ok);
  EXPECT_EQ(stat.parent, 17);
  EXPECT_EQ(stat.state, 'S');
  EXPECT_EQ(stat.ownTicks, 42);
  EXPECT_EQ(stat.reapedTicks, 7);
  EXPECT_EQ(stat.residentPages, 321);
  EXPECT_FALSE(parseStat("").ok);
  EXPECT_FALSE(parseStat("4242 (cut) S 17 1 2").ok);
  EXPECT_FALSE(parseStat("4242 (x) S seventeen 4242 4242 0 -1 4194560 100 0 0 0 30 12 5 2 20 0 1 0 123 4096 321").ok);
}

TEST(Proc, ReadsAStatusFieldByItsWholeName) {
  std::string status = "Name:\tsleep\nSeccomp_filters:\t3\nSeccomp:\t2\nVmHWM:\t    1234 kB\nEmpty:\t\n";
  EXPECT_EQ(statusField(status, "Seccomp"), "2");
  EXPECT_EQ(statusField(status, "Seccomp_filters"), "3");
  EXPECT_EQ(statusField(status, "VmHWM"), "1234 kB");
  EXPECT_EQ(statusNumber(status, "VmHWM"), 1234);
  EXPECT_EQ(statusField(status, "Name"), "sleep");
  EXPECT_EQ(statusField(status, "Empty"), "");
  EXPECT_EQ(statusField(status, "Vm"), "");
  EXPECT_EQ(statusNumber(status, "VmRSS"), 0);
}

// A sleeper of this test's own: its parent, name, command line; among this process's children
// and descendants; then gone, and every reader says nothing.
TEST(Proc, ReadsAProcessOfItsOwnThenNothingOnceItIsGone) {
  pid_t shell = start({"sh", "-c", "sleep 30 & wait"});
  pid_t sleeper = 0;
  for (int tries = 0; tries < 500 && !sleeper; ++tries) {
    std::vector<pid_t> children = childrenOf(shell);
    if (!children.empty() && nameOf(children.front()) == "sleep") sleeper = children.front();
    else std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_NE(sleeper, 0) << "the shell started no sleeper";
  EXPECT_EQ(parentOf(shell), getpid());
  EXPECT_EQ(parentOf(sleeper), shell);
  EXPECT_EQ(commandOf(sleeper), (std::vector<std::string>{"sleep", "30"}));
  EXPECT_EQ(statusOf(sleeper, "PPid"), std::to_string(shell));
  EXPECT_TRUE(holds(childrenOf(getpid()), shell));
  EXPECT_FALSE(holds(childrenOf(getpid()), sleeper));
  std::vector<pid_t> below = descendantsOf(getpid());
  ASSERT_TRUE(holds(below, shell) && holds(below, sleeper));
  EXPECT_LT(std::find(below.begin(), below.end(), shell), std::find(below.begin(), below.end(), sleeper));
  EXPECT_EQ(parents().at(sleeper), shell);
  EXPECT_TRUE(holds(processes(), sleeper));
  kill(sleeper, SIGKILL);
  wait(shell);
  for (int tries = 0; tries < 500 && statOf(sleeper).ok; ++tries) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(statOf(sleeper).ok);
  EXPECT_EQ(parentOf(sleeper), 0);
  EXPECT_EQ(nameOf(sleeper), "");
  EXPECT_TRUE(commandOf(sleeper).empty());
  EXPECT_EQ(statusOf(sleeper, "Name"), "");
}

TEST(Proc, ReadsWhatThisProcessHolds) {
  std::string file = testing::TempDir() + "proc_test_" + std::to_string(getpid());
  int fd = open(file.c_str(), O_CREAT | O_RDWR | O_CLOEXEC, 0600);
  ASSERT_GE(fd, 0);
  std::vector<int> fds = descriptorsOf(getpid());
  EXPECT_NE(std::find(fds.begin(), fds.end(), fd), fds.end());
  EXPECT_EQ(descriptorTarget(getpid(), fd), std::filesystem::canonical(file).string());
  close(fd);
  std::remove(file.c_str());
  EXPECT_EQ(workingDirOf(getpid()), std::filesystem::current_path().string());
  EXPECT_EQ(statusOf(getpid(), "Pid"), std::to_string(getpid()));
  EXPECT_EQ(innermostPid(getpid()), std::to_string(getpid()));
  struct stat program {};
  ASSERT_EQ(stat(programOf(getpid()).c_str(), &program), 0);
  EXPECT_EQ(programFileOf(getpid()), std::make_pair(program.st_dev, program.st_ino));
  EXPECT_EQ(programFileOf(0), std::nullopt);
}

TEST(Proc, TicksAndPagesHaveTheirSize) {
  EXPECT_EQ(microsPerTick(), 1000000 / sysconf(_SC_CLK_TCK));
  EXPECT_EQ(pageKb(), sysconf(_SC_PAGESIZE) / 1024);
}

// The host's /proc, read again and again: a process's kept stat answers as it changes, and ""
// once the process is gone.
TEST(ProcDir, ReadsAProcessAgainUntilItIsGone) {
  ProcDir proc;
  ASSERT_TRUE(proc.ready());
  pid_t sleeper = start({"sleep", "30"});
  std::string name = std::to_string(sleeper);
  std::vector<std::string> listed = proc.pids();
  EXPECT_NE(std::find(listed.begin(), listed.end(), name), listed.end());
  Stat stat = parseStat(proc.read(name, ProcDir::kStat));
  EXPECT_TRUE(stat.ok);
  EXPECT_EQ(stat.parent, getpid());
  kill(sleeper, SIGSTOP);
  for (int tries = 0; tries < 500 && parseStat(proc.read(name, ProcDir::kStat)).state != 'T'; ++tries)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(parseStat(proc.read(name, ProcDir::kStat)).state, 'T');  // the kept file, read anew
  EXPECT_EQ(statusField(proc.read(name, ProcDir::kStatus), "Pid"), name);
  EXPECT_TRUE(proc.write(name, ProcDir::kClearRefs, "5"));
  kill(sleeper, SIGKILL);
  wait(sleeper);
  EXPECT_EQ(proc.read(name, ProcDir::kStat), "");
  proc.keepOnly({});
  EXPECT_EQ(proc.read(name, ProcDir::kStatus), "");
}

// A namespace whose /proc is not there (its init is no process): never read, never the host's.
TEST(ProcDir, ANamespaceNotYetMountedIsNotRead) {
  pid_t gone = start({"true"});
  wait(gone);
  ProcDir proc(gone);
  EXPECT_FALSE(proc.ready());
  EXPECT_TRUE(proc.pids().empty());
  EXPECT_EQ(proc.read("1", ProcDir::kStat), "");
}

}  // namespace
}  // namespace core::process
