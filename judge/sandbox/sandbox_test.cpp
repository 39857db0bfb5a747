// The sandbox's tests: every file in judge/fixtures/hostile/ (one per attack
// the sandbox stops) gets the verdict its header names, leaves the repository
// and the judge's programs unchanged, and leaves no process behind; an
// interrupted or killed judge leaves none either; without bwrap the judge
// refuses, unless told --no-sandbox, and then says the verdicts are unprotected.
#include <gtest/gtest.h>

#include <csignal>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "core/process/proc.h"
#include "core/process/process.h"
#include "judge/header_value.h"
#include "judge/sandbox/build_lock.h"
#include "judge/sandbox/printable.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

const std::string kHostile = kRoot + "/judge/fixtures/hostile";
// The processes the fixtures start name themselves so (prctl PR_SET_NAME).
const std::string kHostileName = "hostile-";

std::vector<std::string> hostileFiles() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(kHostile))
    if (entry.path().extension() == ".cpp") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// What judged code must not change: the repository's files and the judge's programs, by size and
// modification time.
std::string repositoryState() {
  std::string state = repositoryFiles();
  std::vector<fs::path> programs = {process::programOf(getpid()), JUDGE_BINARY};
  for (const auto& entry : fs::directory_iterator(builtWorkspace().judged))
    if (entry.is_regular_file()) programs.push_back(entry.path());
  for (const fs::path& program : programs) {
    struct stat info {};
    stat(program.c_str(), &info);
    state += program.string() + " " + std::to_string(info.st_size) + " " +
             std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec) + "\n";
  }
  return state;
}

// Processes whose name starts with `prefix` and that run a program of this
// build's judge (another checkout's tests, running at the same time, start
// processes of the same names), as "pid name" lines.
std::string processesNamed(const std::string& prefix) {
  std::set<std::pair<dev_t, ino_t>> programs;
  std::error_code none;  // a fresh clone: no program built yet (the judge a test starts builds it)
  for (const auto& entry : fs::directory_iterator(builtWorkspace().judged + "/bin", none)) {
    struct stat info {};
    if (stat(entry.path().c_str(), &info) == 0) programs.insert({info.st_dev, info.st_ino});
  }
  std::string found;
  for (pid_t pid : process::processes()) {
    std::string name = process::nameOf(pid);
    std::optional<std::pair<dev_t, ino_t>> program = process::programFileOf(pid);
    if (name.rfind(prefix, 0) == 0 && program && programs.count(*program))
      found += std::to_string(pid) + " " + name + "\n";
  }
  return found;
}

// Waits up to `most` for `done`: the kernel ends a namespace's processes
// after its init, so a check right after the judge ends could be early.
bool eventually(const std::function<bool()>& done, std::chrono::seconds most) {
  auto deadline = std::chrono::steady_clock::now() + most;
  while (!done() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return done();
}

// The failures' paragraphs, and a runtime error's whole report, as the judge shows them.
std::string everyReport(const FileResult& result) {
  std::string text = result.message.english();
  for (const SetResult& set : result.sets) {
    text += set.failure.english() + "\n";
    if (set.failedCase && set.failedCase->story) text += set.failedCase->story->report;
  }
  return text;
}

bool hasControlCharacters(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char c) {
    auto u = static_cast<unsigned char>(c);
    return (u < 0x20 && c != '\n' && c != '\t') || u == 0x7f;
  });
}

// The compile bomb is stopped at a quarter of the compile's memory limit here, sooner than at
// the whole limit, where SandboxedCompileThorough stops it. The files that compile are built two
// at a time first; the bomb is built by its test only (a compile stopped at a limit is never
// cached).
class Hostile : public testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    setCompileMemoryKb(kCompileMemoryKb / 4);
    std::vector<std::string> compiling;
    for (const std::string& file : hostileFiles())
      if (headerValue(file, "Expected verdict") != "Compile Error") compiling.push_back(file);
    buildPrograms(compiling, 2, builtWorkspace());
  }
  static void TearDownTestSuite() { setCompileMemoryKb(kCompileMemoryKb); }
};

TEST_P(Hostile, GetsItsVerdictAndLeavesNothingBehind) {
  const std::string& file = GetParam();
  std::string expected = headerValue(file, "Expected verdict");
  ASSERT_FALSE(expected.empty()) << file << ": its header must name its verdict";
  std::string sets = headerValue(file, "Judged on"), limit = headerValue(file, "Time limit ms");
  JudgeOptions options;
  options.sets = {sets.empty() ? "leetcode_example" : sets};
  options.timeLimitMs = limit.empty() ? 100 : std::stoi(limit);
  std::string before = repositoryState();
  ASSERT_NE(before.find("/judge/sandbox/sandbox_test.cpp "), std::string::npos) << before;

  FileResult result = judgeFile(file, options);
  std::string report = everyReport(result);
  EXPECT_EQ(verdictName(result.verdict), expected) << report;
  EXPECT_NE(report.find(headerValue(file, "Expected report contains")), std::string::npos) << report;
  EXPECT_FALSE(hasControlCharacters(report)) << report;
  EXPECT_EQ(repositoryState(), before);
  // Killed with their namespace's init, the tree's processes are gone moments later.
  eventually([] { return processesNamed(kHostileName).empty(); }, std::chrono::seconds(5));
  EXPECT_EQ(processesNamed(kHostileName), "");
}

INSTANTIATE_TEST_SUITE_P(Files, Hostile, testing::ValuesIn(hostileFiles()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return camelCase(fs::path(info.param).stem().string());
                         });

TEST(SandboxedCompileThorough, ACompileBombIsStoppedAtTheWholeMemoryLimit) {
  FileResult result = judgeFile(kHostile + "/compile_bomb.cpp", {});
  EXPECT_EQ(result.verdict, Verdict::kCompileError);
  EXPECT_NE(result.message.english().find("held more than 2048 MB of memory, its limit (stopped)"), std::string::npos)
      << result.message;
}

// The file named in the issue was 50 MB; a sparse file of that size costs nothing here.
TEST(SandboxedCompile, RefusesASourceOverTheSizeLimit) {
  std::string file = testing::TempDir() + "huge_source.cpp";
  std::ofstream(file) << "class Solution { public: void solveSudoku(vector<vector<char>>&) {} };\n//";
  fs::resize_file(file, 50 << 20);
  FileResult result = judgeFile(file, {});
  EXPECT_EQ(result.verdict, Verdict::kCompileError);
  EXPECT_NE(result.message.english().find("the limit is 262144 bytes"), std::string::npos) << result.message;
  fs::remove(file);
}

TEST(Sandbox, StartsHere) { EXPECT_EQ(sandboxProblem(), std::nullopt); }

TEST(Printable, RemovesEscapesAndControlCharacters) {
  std::string painted =
      "\x1b[2J\x1b[Hred\x1b[31m!\x1b[0m\x1b]0;title\a\x1b]2;t\x1b\\\r\n\x9b\xc2\x9b\b\x7f tab\t \xc3\xa9";
  EXPECT_EQ(printable(painted, 1000), "red!\n tab\t \xc3\xa9");
}

TEST(Printable, KeepsAtMostTheGivenSize) {
  EXPECT_EQ(printable(std::string(100, 'a'), 10),
            std::string(10, 'a') + "\n[... 90 more bytes not shown]");
}

// The judge binary with `args`, started: its stdout and stderr in the file `output`. (A shell that
// started the tests in the background left SIGINT ignored; the judge, started as a fresh process,
// gets the Ctrl-C a user's terminal would send it.)
pid_t startJudge(const std::vector<std::string>& args, const std::string& output) {
  int out = open(output.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  std::vector<std::string> command = {JUDGE_BINARY};
  command.insert(command.end(), args.begin(), args.end());
  process::Options options;
  options.fds = {0, out, out};
  pid_t pid = process::start(command, options);
  close(out);
  return pid;
}

// Ctrl-C, or a kill, while a case sleeps and its setsid'd children wait.
void expectNothingLeftAfter(int signal) {
  std::string output = testing::TempDir() + "judge_output.txt";
  pid_t judge = startJudge({"--sets", "leetcode_example", "--time-limit-ms", "60000",
                            kHostile + "/sleeps_with_children.cpp"},
                           output);
  ASSERT_GT(judge, 0);
  bool started = eventually([] { return !processesNamed("hostile-sleeper").empty(); },
                            std::chrono::seconds(120));
  kill(judge, signal);
  process::Status status = process::wait(judge);
  ASSERT_TRUE(started) << tryReadTextFile(output).value_or("");
  EXPECT_EQ(status.signal(), signal) << tryReadTextFile(output).value_or("");
  EXPECT_TRUE(eventually([] { return processesNamed(kHostileName).empty(); }, std::chrono::seconds(10)))
      << processesNamed(kHostileName);
}

TEST(JudgeEnds, InterruptedLeavesNoProcess) { expectNothingLeftAfter(SIGINT); }

TEST(JudgeEnds, KilledLeavesNoProcess) { expectNothingLeftAfter(SIGKILL); }

// The processes that hold a file of `dir` or work in it (this test's own judges and boxes: each
// box's bwrap and init inherit the judge's files, made in its TMPDIR), with their command lines.
std::vector<std::string> holdersOf(const std::string& dir) {
  std::vector<std::string> found;
  for (pid_t pid : process::processes()) {
    if (pid == getpid()) continue;
    std::vector<std::string> targets = {process::workingDirOf(pid)};
    for (int fd : process::descriptorsOf(pid)) targets.push_back(process::descriptorTarget(pid, fd));
    bool holds = std::any_of(targets.begin(), targets.end(),
                             [&](const std::string& target) { return !target.empty() && target.rfind(dir, 0) == 0; });
    if (!holds) continue;
    std::string command;
    for (const std::string& arg : process::commandOf(pid)) command += arg + " ";
    found.push_back(std::to_string(pid) + " " + command.substr(0, 60));
  }
  return found;
}

// Runs the judge on `file` with TMPDIR `dir`, its output thrown away; its pid.
pid_t startQuietJudge(const std::string& dir, const std::vector<std::string>& args) {
  std::vector<std::string> command = {JUDGE_BINARY};
  command.insert(command.end(), args.begin(), args.end());
  process::Options options;
  options.fds = {0, process::kNull, process::kNull};
  options.environment = {"TMPDIR=" + dir};
  return process::start(command, options);
}

// Stopped at a random moment while its boxes start (the sandbox's check and the compile box of a
// new file; the LeetCode tier's and the stress tiers' boxes of a file compiled before, several
// at once), 36 times, the judge leaves no process. bwrap's init, cloned but not yet let go on
// by bwrap, waits for it on an eventfd for ever when bwrap dies first (judge/sandbox/README.md,
// "A stop at any moment, a box starting too"). SIGINT, as make serve stops a judge, SIGTERM and
// SIGHUP, and SIGKILL (kill -9: nothing of the judge runs after it; its keeper ends the box's
// group, box_registry.h).
TEST(JudgeEnds, StoppedWhileItsBoxesStartLeavesNoProcess) {
  std::string dir = fs::weakly_canonical(testing::TempDir()).string() + "/stopped-judges";
  fs::create_directories(dir);
  std::string source = tryReadTextFile(kRoot + "/judge/fixtures/plain_backtracking.cpp").value_or("");
  std::string compiled = dir + "/compiled_before.cpp";
  std::ofstream(compiled) << source << "\n// compiled before\n";
  process::wait(startQuietJudge(dir, {"--sets", "leetcode_example", compiled}));
  std::mt19937 random(std::random_device{}());
  std::vector<std::string> left;
  int stopped = 0, tries = 36;
  if (const char* asked = std::getenv("JUDGE_STOP_TRIES")) tries = std::max(1, std::atoi(asked));  // a soak
  for (int n = 0; n < tries; ++n) {
    bool fresh = n % 3 == 0;
    std::string file = dir + "/stopped_" + std::to_string(n) + ".cpp";
    if (fresh) std::ofstream(file) << source << "\n// " << random() << "\n";  // its compile box too
    pid_t judge = startQuietJudge(dir, {"--json-lines", "--standing", "0", fresh ? file : compiled});
    std::this_thread::sleep_for(std::chrono::microseconds(random() % (fresh ? 600'000 : 1'500'000)));
    int signal = n % 6 == 5 ? SIGHUP : n % 6 == 4 ? SIGTERM : n % 6 == 3 ? SIGKILL : SIGINT;
    stopped += kill(judge, signal) == 0;
    process::wait(judge);
    fs::remove(file);
    eventually([&] { return holdersOf(dir).empty(); }, std::chrono::seconds(3));
    for (const std::string& holder : holdersOf(dir)) {
      left.push_back("try " + std::to_string(n) + " (signal " + std::to_string(signal) + "): " + holder);
      kill(std::stoi(holder), SIGKILL);  // this test's own, found by its folder
    }
  }
  EXPECT_EQ(stopped, tries);
  EXPECT_TRUE(left.empty()) << left.size() << " left behind:\n" << testing::PrintToString(left);
  fs::remove_all(dir);
}

// A judge killed while it compiled (a page that left) leaves its build's own files beside the
// cache; the next build removes them, unless a build of their key still holds its lock.
TEST(BuildLock, WhatDeadBuildsLeftIsRemovedNotWhatALiveOneWrites) {
  std::string dir = testing::TempDir() + "dead-builds-" + std::to_string(getpid());
  fs::create_directories(dir);
  std::vector<std::string> cache = {"0123456789abcdef", "0123456789abcdef.cpp", "0123456789abcdef.lock",
                                    "0123456789abcdef.failed", "fedcba9876543210.lock"};
  std::vector<std::string> dead = {"0123456789abcdef.Ab12Cd", "0123456789abcdef.Ab12Cd.cc",
                                   "0123456789abcdef.Ab12Cd.tmp3f4efe3", "0123456789abcdef.cpp.4242.0"};
  std::vector<std::string> live = {"fedcba9876543210.Zz99Yy", "fedcba9876543210.Zz99Yy.cc"};
  for (const auto* names : {&cache, &dead, &live})
    for (const std::string& name : *names) std::ofstream(dir + "/" + name) << "x";
  {
    BuildLock building(dir + "/fedcba9876543210.lock");
    removeDeadBuilds(dir);
  }
  for (const auto* names : {&cache, &live})
    for (const std::string& name : *names) EXPECT_TRUE(fs::exists(dir + "/" + name)) << name;
  for (const std::string& name : dead) EXPECT_FALSE(fs::exists(dir + "/" + name)) << name;
  fs::remove_all(dir);
}

// Runs the judge with `variable` (NAME=value) set over its own environment.
std::string judgeWith(const std::string& variable, const std::vector<std::string>& args, int& status) {
  std::vector<std::string> command = {JUDGE_BINARY};
  command.insert(command.end(), args.begin(), args.end());
  process::Options options;
  options.environment = {variable};
  process::Captured judged = process::capture(command, options);
  status = judged.status.code();
  return judged.output;
}

// Run with a PATH where no bwrap is found.
std::string judgeWithoutBwrap(const std::vector<std::string>& args, int& status) {
  return judgeWith("PATH=/nonexistent", args, status);
}

TEST(NoSilentFallback, WithoutBwrapTheJudgeRefuses) {
  int status = 0;
  std::string output = judgeWithoutBwrap({kRoot + "/judge/fixtures/pasted_from_web.cpp"}, status);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("refusing to judge: bubblewrap (bwrap) is not installed"), std::string::npos)
      << output;
}

// A CPU the runner's seccomp program is not compiled for (seccomp.h): the judge runs no solution.
TEST(NoSilentFallback, OnACpuWithoutAFilterTheJudgeRefuses) {
  int status = 0;
  std::string file = kRoot + "/judge/fixtures/hostile/fork_bomb.cpp";
  std::string output = judgeWith("JUDGE_SECCOMP_CPU=riscv64", {"--sets", "leetcode_example", file}, status);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("refusing to judge: the sandbox has no seccomp filter for this CPU (riscv64)"),
            std::string::npos)
      << output;
  EXPECT_EQ(output.find("verdict"), std::string::npos) << output;
  output = judgeWith("JUDGE_SECCOMP_CPU=riscv64", {"--lang", "zh_CN", file}, status);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("拒绝评测：沙箱没有适用于此 CPU（riscv64）的 seccomp 过滤器"), std::string::npos) << output;
}

TEST(NoSilentFallback, NoSandboxJudgesAndSaysSo) {
  int status = 0;
  std::string output = judgeWithoutBwrap(
      {"--no-sandbox", "--sets", "leetcode_example", kRoot + "/judge/fixtures/pasted_from_web.cpp"},
      status);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("verdicts are unprotected"), std::string::npos) << output;
  EXPECT_NE(output.find("LeetCode verdict: Accepted"), std::string::npos) << output;
}

}  // namespace
}  // namespace judge
