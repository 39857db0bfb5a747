// The judge's process (serve/judge_process.h), with a shell script for the judge: its stdout
// relayed a line at a time, its stderr kept, its status; a judge whose page has gone stopped,
// its group with it, even one that ignores SIGINT; what a judge left outside its group (a stray,
// come back to the server, its subreaper) ended; a judge that cannot start, the reason said. Each
// runs in a child process of the test's own (a death test's), made a subreaper as the server is,
// since the server ends every process below it that is no judge.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/scratch_folder.h"
#include "serve/judge_process.h"

namespace serve {
namespace {

// A folder of the test's own, and a judge written in it as a shell script.
class ServeJudges : public ::testing::Test {
 protected:
  std::string judge(const std::string& script) const {
    std::string path = dir + "/judge.sh";
    std::ofstream(path) << "#!/bin/sh\n" << script;
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path;
  }
  pid_t pidIn(const std::string& name) const {
    std::ifstream in(dir + "/" + name);
    pid_t pid = 0;
    in >> pid;
    return pid;
  }
  static bool gone(pid_t pid) { return pid > 0 && kill(pid, 0) != 0 && errno == ESRCH; }

  core::ScratchFolder scratch{"judges-test"};
  std::string dir = scratch.path();
};

// In the death test's child: exits 0 when `failure` is "", else says it and exits 1.
[[noreturn]] void endWith(const std::string& failure) {
  if (!failure.empty()) std::fprintf(stderr, "%s\n", failure.c_str());
  std::_Exit(failure.empty() ? 0 : 1);
}

TEST_F(ServeJudges, ItsLinesAreRelayedItsStderrKeptItsStatusTold) {
  std::string binary = judge("echo first\necho \"$1\" >&2\nprintf 'second\\nlast'\nexit 3\n");
  EXPECT_EXIT(
      {
        Judges judges(binary);
        std::vector<std::string> lines;
        JudgeOutcome outcome = judges.run({"said on stderr"}, dir, [&](const std::string& line) {
          if (!line.empty()) lines.push_back(line);
          return true;
        });
        std::ostringstream why;
        if (lines != std::vector<std::string>{"first", "second", "last"}) why << "lines: " << lines.size() << " ";
        if (outcome.stderrText != "said on stderr\n") why << "stderr: " << outcome.stderrText << " ";
        if (outcome.status != 3) why << "status: " << outcome.status << " ";
        if (judges.started() != 1) why << "started: " << judges.started();
        endWith(why.str());
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(ServeJudges, AJudgeWhosePageHasGoneIsStoppedWithItsGroup) {
  std::string binary = judge("trap '' INT\necho $$ > judge.pid\nsleep 300 &\necho $! > child.pid\necho started\nwait\n");
  EXPECT_EXIT(
      {
        if (!becomeSubreaper()) endWith("no subreaper");  // as the server is: its child killed comes back, reaped
        Judges judges(binary);
        JudgeOutcome outcome = judges.run({}, dir, [](const std::string& line) { return line != "started"; });
        std::ostringstream why;
        if (outcome.status != -1) why << "status: " << outcome.status << " ";
        if (!gone(pidIn("judge.pid"))) why << "the judge is still there ";
        if (!gone(pidIn("child.pid"))) why << "its child is still there";
        endWith(why.str());
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(ServeJudges, WhatAJudgeLeftOutsideItsGroupIsEnded) {
  std::string binary = judge("setsid sleep 300 > /dev/null 2>&1 &\necho $! > stray.pid\necho done\n");
  EXPECT_EXIT(
      {
        if (!becomeSubreaper()) endWith("no subreaper");
        Judges judges(binary);
        JudgeOutcome outcome = judges.run({}, dir, [](const std::string&) { return true; });
        std::ostringstream why;
        if (outcome.status != 0) why << "status: " << outcome.status << " ";
        if (!gone(pidIn("stray.pid"))) why << "the stray is still there";
        endWith(why.str());
      },
      ::testing::ExitedWithCode(0), "");
}

TEST_F(ServeJudges, AJudgeThatCannotStartSaysWhyAndCountsNone) {
  std::string binary = judge("echo never\n");
  EXPECT_EXIT(
      {
        Judges judges(binary);
        bool relayed = false;
        JudgeOutcome outcome = judges.run({}, dir + "/no such folder", [&](const std::string& line) {
          relayed |= !line.empty();
          return true;
        });
        std::ostringstream why;
        if (outcome.status != -1) why << "status: " << outcome.status << " ";
        if (outcome.stderrText.find("cannot start " + binary) == std::string::npos)
          why << "stderr: " << outcome.stderrText << " ";
        if (relayed) why << "a line was relayed ";
        if (judges.started() != 0) why << "started: " << judges.started();
        endWith(why.str());
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace serve
