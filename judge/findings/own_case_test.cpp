// The judge's Run button (--case, make judge CASE=...): one's own puzzles in
// any form the reader takes, run in the sandbox; Input, Output, whether it is
// valid, Expected when unique, Stdout, CPU time; exit 0, 1 or 2.
#include <gtest/gtest.h>

#include <fstream>

#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"
#include "core/testcases.h"

namespace judge {
using namespace core;
namespace {

std::string runCase(const std::string& text, const std::string& file, int& status,
                    bool json = false) {
  std::vector<std::string> args = {JUDGE_BINARY, "--case", text, kFixtures + file};
  if (json) args.insert(args.begin() + 1, "--json");
  std::string output;
  status = runCommand(args, output);
  return output;
}

TEST(OwnCase, TheExampleAsLeetCodeShowsItIsSolvedAndValid) {
  int status = 0;
  std::string output = runCase("board = " + toLeetCode(example().puzzle), "plain_backtracking.cpp", status);
  EXPECT_EQ(status, 0) << output;
  EXPECT_NE(output.find("Input:    " + toLeetCode(example().puzzle) + "\n" + toGrid(example().puzzle)),
            std::string::npos) << output;
  EXPECT_NE(output.find("Output:   " + toLeetCode(*example().solution) + "\n" + toGrid(*example().solution)),
            std::string::npos) << output;
  EXPECT_NE(output.find("Valid:    yes"), std::string::npos) << output;
  EXPECT_NE(output.find("Solutions of Input: one solution\nExpected: " + toLeetCode(*example().solution)),
            std::string::npos) << output;
  EXPECT_NE(output.find("Stdout: (none)\nCPU time: "), std::string::npos) << output;
}

TEST(OwnCase, AWrongOutputIsNotValidAndItsStdoutIsShown) {
  int status = 0;
  std::string output = runCase(toLine(example().puzzle), "debug_prints_wrong.cpp", status);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("Valid:    no: "), std::string::npos) << output;
  EXPECT_NE(output.find("Stdout:\n  debug: 30 givens\n  try 1\n  debug: done\n"), std::string::npos) << output;
}

// Consistent givens, no solution: r1c9 can only be 9, and column 9 has a 9.
TEST(OwnCase, AnUnsolvableBoardHasNoValidOutputAndNoExpected) {
  std::string board = "12345678." "........9" + std::string(63, '.');
  int status = 0;
  std::string output = runCase(board, "plain_backtracking.cpp", status);
  EXPECT_EQ(status, 1) << output;
  EXPECT_NE(output.find("Valid:    no: "), std::string::npos) << output;
  EXPECT_NE(output.find("Solutions of Input: no solution\n"), std::string::npos) << output;
  EXPECT_EQ(output.find("Expected:"), std::string::npos) << output;
}

TEST(OwnCase, AMalformedBoardIsAUsageErrorSayingWhy) {
  int status = 0;
  std::string output = runCase("[[\"5\",\"3\"],[\"6\"]]", "plain_backtracking.cpp", status);
  EXPECT_EQ(status, 2) << output;
  EXPECT_EQ(output.rfind("judge: CASE:1: ", 0), 0u) << output;
  EXPECT_EQ(std::count(output.begin(), output.end(), '\n'), 1) << output;
  EXPECT_EQ(runCase("no puzzle here", "plain_backtracking.cpp", status).rfind("judge: ", 0), 0u);
  EXPECT_EQ(status, 2);
}

TEST(OwnCase, AFileOfCasesRunsEachAndReportsJson) {
  std::string path = testing::TempDir() + "own_cases.txt";
  std::ofstream(path) << "# two of mine\n" << toLine(example().puzzle) << "\n"
                      << std::string(81, '.') << "\n";
  int status = 0;
  Json report = Json::parse(runCase(path, "plain_backtracking.cpp", status, true));
  EXPECT_EQ(status, 0);
  EXPECT_EQ(report.at("file").get<std::string>(), kFixtures + "plain_backtracking.cpp");
  const auto& cases = report.at("cases");
  ASSERT_EQ(cases.size(), 2u);
  EXPECT_EQ(cases.at(0).at("where").get<std::string>(), path + ":2");
  EXPECT_EQ(cases.at(0).at("input").get<std::string>(), toLeetCode(example().puzzle));
  EXPECT_EQ(cases.at(0).at("output").get<std::string>(), toLeetCode(*example().solution));
  EXPECT_TRUE(cases.at(0).at("valid").get<bool>());
  EXPECT_EQ(cases.at(0).at("expected").get<std::string>(), toLeetCode(*example().solution));
  EXPECT_GT(cases.at(0).at("cpu_us").get<long long>(), 0);
  EXPECT_TRUE(cases.at(1).at("valid").get<bool>());  // the empty board: any valid grid
  EXPECT_TRUE(cases.at(1).at("expected").is_null());
  EXPECT_EQ(cases.at(1).at("solutions").get<std::string>(), "more than one solution: any valid Output is right");
}

}  // namespace
}  // namespace judge
