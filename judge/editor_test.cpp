// The editor wired in: .vscode/tasks.json and launch.json are strict JSON, run
// make targets that exist (`make help` lists them), read the compiler's
// messages as the judge prints them, and debug the program make debug-build
// writes.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>

#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  return nlohmann::json::parse(in, nullptr, true, false);  // throws on a comment or a trailing comma
}

std::string makeHelp() {
  std::string output;
  EXPECT_EQ(runCommand({"/usr/bin/make", "--no-print-directory", "-s", "-C", kRoot, "BUILD=" BUILD_DIR, "help"},
                       output), 0) << output;
  return output;
}

bool listsTarget(const std::string& help, const std::string& target) {
  return std::regex_search(help, std::regex("(^|\n)" + target + " "));
}

TEST(Editor, EveryTaskRunsAMakeTargetThatExists) {
  nlohmann::json tasks = readJson(kRoot + "/.vscode/tasks.json");
  std::string help = makeHelp();
  ASSERT_GE(tasks.at("tasks").size(), 3u);
  bool stress = false;
  for (const nlohmann::json& task : tasks.at("tasks")) {
    EXPECT_EQ(task.at("command"), "make") << task.dump();
    std::string target = task.at("args").at(0);
    EXPECT_TRUE(listsTarget(help, target)) << target << " is not in make help:\n" << help;
    EXPECT_EQ(task.at("args").at(1), "SOLUTION=${file}") << task.dump();
    for (const nlohmann::json& arg : task.at("args")) stress |= arg == "STRESS=30";
  }
  EXPECT_TRUE(stress) << "a task with STRESS=30";
}

// The problem matcher finds the file, line and column in what the judge prints for a Compile Error.
TEST(Editor, TheProblemMatcherReadsTheJudgesCompilerMessages) {
  nlohmann::json tasks = readJson(kRoot + "/.vscode/tasks.json");
  const nlohmann::json& pattern = tasks.at("tasks").at(0).at("problemMatcher").at("pattern");
  std::regex matcher(pattern.at("regexp").get<std::string>());
  std::string file = kRoot + "/judge/fixtures/compile_error.cpp", output;
  runCommand({JUDGE_BINARY, "--sets", "leetcode_example", file}, output);
  std::smatch found;
  std::istringstream lines(output);
  bool matched = false;
  for (std::string line; std::getline(lines, line) && !matched;)
    if (std::regex_match(line, found, matcher)) {
      matched = true;
      EXPECT_EQ(found[pattern.at("file").get<int>()], file) << line;
      EXPECT_EQ(found[pattern.at("line").get<int>()], "5") << line;
      EXPECT_EQ(found[pattern.at("severity").get<int>()], "error") << line;
    }
  EXPECT_TRUE(matched) << output;
}

TEST(Editor, TheLaunchBuildsWithMakeDebugBuildAndRunsWhatItWrites) {
  nlohmann::json launch = readJson(kRoot + "/.vscode/launch.json");
  nlohmann::json tasks = readJson(kRoot + "/.vscode/tasks.json");
  const nlohmann::json& config = launch.at("configurations").at(0);
  const nlohmann::json* task = nullptr;
  for (const nlohmann::json& t : tasks.at("tasks"))
    if (t.at("label") == config.at("preLaunchTask")) task = &t;
  ASSERT_NE(task, nullptr) << "no task named " << config.at("preLaunchTask");
  EXPECT_EQ(task->at("args").at(0), "debug-build");
  // make debug-build's fixed paths, in the default build folder (make debug-build prints them).
  EXPECT_EQ(config.at("program"), "${workspaceFolder}/build/debug/program");
  EXPECT_EQ(config.at("args").at(0), "${workspaceFolder}/build/debug/case.txt");
  EXPECT_EQ(config.at("MIMode"), "gdb");
  bool breaks = false;
  for (const nlohmann::json& command : config.at("setupCommands"))
    breaks |= command.at("text").get<std::string>().find("Solution::solveSudoku") != std::string::npos;
  EXPECT_TRUE(breaks);
}

}  // namespace
}  // namespace judge
