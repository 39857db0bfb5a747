// make debug: the file in gdb on a case, stopped in Solution::solveSudoku with
// board filled (batch mode: GDB_FLAGS='-batch -ex run -ex "print ..."'); the
// case from CASE=, else the file's last failing case, else LeetCode's example;
// one line and exit 2 without gdb; make debug-build for an editor.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <future>

#include "core/testcases.h"
#include "core/text_file.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// `make debug` (or another target) as a user types it, from the repository's root.
Outcome make(const std::vector<std::string>& variables, const std::string& target = "debug",
             const std::vector<std::string>& environment = {}) {
  std::vector<std::string> args = {"/usr/bin/env"};
  args.insert(args.end(), environment.begin(), environment.end());
  args.insert(args.end(), {"/usr/bin/make", "--no-print-directory", "-s", "-C", kRoot, "BUILD=" BUILD_DIR, target});
  args.insert(args.end(), variables.begin(), variables.end());
  Outcome outcome;
  outcome.status = runCommand(args, outcome.output);
  return outcome;
}

// A copy of a fixture under a path of its own: its last failing case is its own.
std::string copyOf(const std::string& fixture, const std::string& name) {
  std::string dir = testing::TempDir() + "make_debug_" + std::to_string(getpid()) + "/";
  fs::create_directories(dir);
  std::string copy = dir + name;
  fs::copy_file(kFixtures + fixture, copy, fs::copy_options::overwrite_existing);
  return copy;
}

// What make debug-build printed after `label` ("program: ", "case: "): a path, to the line's end.
std::string printed(const Outcome& run, const std::string& label) {
  std::string rest = run.output.substr(run.output.find(label) + label.size());
  return rest.substr(0, rest.find('\n'));
}

const char kPrintCorner[] = R"(GDB_FLAGS=-batch -ex run -ex "print board[0][0]" -ex "print board[0][2]")";

TEST(MakeDebug, StopsInSolveSudokuWithTheExampleBoardFilled) {
  Outcome run = make({"SOLUTION=judge/fixtures/plain_backtracking.cpp",
                      "CASE=board = " + toLeetCode(example().puzzle), kPrintCorner});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("Breakpoint 1, Solution::solveSudoku"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("$1 = 53 '5'"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("$2 = 46 '.'"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("on the case given by CASE="), std::string::npos) << run.output;
}

// CASE= takes every form make judge takes: here a line of 81 cells, '0' for empty.
TEST(MakeDebug, OpensTheCaseGivenByCaseInAnyForm) {
  std::string line = toLine(example().puzzle);
  std::swap(line[0], line[1]);  // 3 5 . ...: still a valid puzzle to start from
  std::replace(line.begin(), line.end(), '.', '0');
  Outcome run = make({"SOLUTION=judge/fixtures/plain_backtracking.cpp", "CASE=" + line, kPrintCorner});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("$1 = 51 '3'"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("$2 = 46 '.'"), std::string::npos) << run.output;
  Outcome bad = make({"SOLUTION=judge/fixtures/plain_backtracking.cpp", "CASE=12345", kPrintCorner});
  EXPECT_NE(bad.status, 0) << bad.output;
  EXPECT_NE(bad.output.find("make debug: CASE:1: "), std::string::npos) << bad.output;
}

// Without CASE=: LeetCode's example until the judge finds a failing case; then that case
// (the shrunk one), which the judge's report names with its make debug line.
TEST(MakeDebug, OpensTheLastFailingCaseTheJudgeFound) {
  std::string file = copyOf("debug_prints_wrong.cpp", "prints_wrong.cpp");
  Outcome before = make({"SOLUTION=" + file, kPrintCorner});
  EXPECT_EQ(before.status, 0) << before.output;
  EXPECT_NE(before.output.find("on LeetCode's example"), std::string::npos) << before.output;
  EXPECT_NE(before.output.find("$1 = 53 '5'"), std::string::npos) << before.output;

  std::string report;
  runCommand({JUDGE_BINARY, "--sets", "leetcode_example", file}, report);
  std::string prefix = "  make debug SOLUTION=" + file + " CASE='";
  size_t at = report.find(prefix);
  ASSERT_NE(at, std::string::npos) << report;
  std::string line = report.substr(at + prefix.size(), 81);
  EXPECT_NE(report.find("(stops in Solution::solveSudoku"), std::string::npos) << report;

  Outcome after = make({"SOLUTION=" + file, kPrintCorner});
  EXPECT_EQ(after.status, 0) << after.output;
  EXPECT_NE(after.output.find("on its last failing case: leetcode_example case 1"), std::string::npos)
      << after.output;
  EXPECT_NE(after.output.find("\n  " + line + "\n"), std::string::npos) << after.output;
  std::string corner = line[0] == '.' ? "$1 = 46 '.'" : "$1 = " + std::to_string(int(line[0])) + " '" + line[0] + "'";
  EXPECT_NE(after.output.find(corner), std::string::npos) << line << "\n" << after.output;
}

// A PATH with every program of /usr/bin and /bin but gdb.
std::string pathWithoutGdb() {
  std::string dir = testing::TempDir() + "path_without_gdb_" + std::to_string(getpid());
  fs::create_directories(dir);
  for (const char* bin : {"/usr/local/bin", "/usr/bin", "/bin"})
    for (const auto& entry : fs::directory_iterator(bin)) {
      std::error_code exists;  // the first directory's program wins, as on PATH
      if (entry.path().filename() != "gdb") fs::create_symlink(entry.path(), dir / entry.path().filename(), exists);
    }
  return dir;
}

TEST(MakeDebug, WithoutGdbSaysHowToInstallItAndExits2) {
  std::string path = pathWithoutGdb();
  std::string output;
  int status = runCommand({"/usr/bin/env", "PATH=" + path, JUDGE_BINARY, "--debug", "--",
                           kFixtures + "plain_backtracking.cpp"}, output);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(output, "make debug needs gdb, which is not installed: sudo apt-get install gdb\n");
  Outcome run = make({"SOLUTION=judge/fixtures/plain_backtracking.cpp"}, "debug", {"PATH=" + path});
  EXPECT_EQ(run.status, 2) << run.output;
  EXPECT_NE(run.output.find("make debug needs gdb, which is not installed: sudo apt-get install gdb\n"),
            std::string::npos) << run.output;
  fs::remove_all(path);
}

// make debug-build: what an editor's debugger runs, at the paths .vscode/launch.json names.
TEST(MakeDebugBuild, WritesTheProgramAndItsCaseAtFixedPaths) {
  Outcome run = make({"SOLUTION=judge/fixtures/plain_backtracking.cpp", "CASE=" + toLine(example().puzzle)},
                     "debug-build");
  ASSERT_EQ(run.status, 0) << run.output;
  // The paths it prints (the fixed links may point at another shard's build by now).
  std::string program = printed(run, "program: "), caseFile = printed(run, "case: ");
  std::string debug = std::string(BUILD_DIR) + "/debug/";
  EXPECT_TRUE(fs::is_symlink(debug + "program") && fs::is_symlink(debug + "case.txt"));
  EXPECT_EQ(program.rfind(debug, 0), 0u) << program;
  std::string output;
  EXPECT_EQ(runCommand({program, caseFile}, output), 0) << output;
  EXPECT_EQ(output, "Output: " + toLeetCode(*example().solution) + "\n");
}

// Two runs of one file at once (two shards of make test, or a user's two terminals): each gets a
// case file of its own, holding its own case, not the one the other wrote last.
TEST(MakeDebugBuild, TwoRunsAtOnceOnTwoCasesEachKeepTheirOwn) {
  std::string first = toLine(example().puzzle), second = first;
  std::swap(second[0], second[1]);
  auto build = [](const std::string& line) {
    return make({"SOLUTION=judge/fixtures/plain_backtracking.cpp", "CASE=" + line}, "debug-build");
  };
  std::future<Outcome> other = std::async(std::launch::async, build, second);
  Outcome one = build(first), two = other.get();
  ASSERT_EQ(one.status, 0) << one.output;
  ASSERT_EQ(two.status, 0) << two.output;
  auto caseOf = [](const Outcome& run) { return tryReadTextFile(printed(run, "case: ")).value_or(""); };
  EXPECT_NE(caseOf(one).find("\n" + first), std::string::npos) << caseOf(one);
  EXPECT_NE(caseOf(two).find("\n" + second), std::string::npos) << caseOf(two);
}

TEST(MakeDebug, ACompileErrorIsTheCompilersMessage) {
  Outcome run = make({"SOLUTION=judge/fixtures/compile_error.cpp"});
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.output.find("compile_error.cpp:"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("Breakpoint"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace judge
