// LeetCode's whole result pane: the Memory figure beside Runtime (the tree's
// peak resident memory, read from outside, ASan included), and the verdicts
// Memory Limit Exceeded and Output Limit Exceeded (their fixtures' own
// verdicts are checked with every hostile file, sandbox_test.cpp), in the
// tables, the JSON and CASE=; neither limit's failure is shrunk.
#include <gtest/gtest.h>

#include "core/testcases.h"
#include "judge/findings/findings.h"
#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {

constexpr long long kTableKb = 256 << 10;  // holds_table.cpp's table

FileResult judgedOnTheExample(const std::string& file) {
  JudgeOptions options;
  options.sets = {"leetcode_example"};
  options.timeLimitMs = 20000;
  return judgeFile(kFixtures + file, options);
}

TEST(MemoryFigure, AFileHoldingATableIsReportedAtLeastItsSizeAndAtMostAQuarterOver) {
  FileResult result = judgedOnTheExample("holds_table.cpp");
  ASSERT_EQ(verdictName(result.verdict), std::string("Accepted")) << result.sets.at(0).failure;
  long long kb = result.sets.at(0).maxMemoryKb();
  EXPECT_GE(kb, kTableKb);
  EXPECT_LE(kb, kTableKb * 5 / 4);
  Json json = reportJson(result);
  EXPECT_EQ(json["sets"][0]["max_memory_kb"].get<long long>(), kb);
  EXPECT_EQ(json["sets"][0]["median_memory_kb"].get<long long>(), kb);  // one case
  char mb[32];
  std::snprintf(mb, sizeof mb, " %.1f\n", double(kb) / 1024);
  std::string row = Tables({result.file}).setRow(result.file, result.sets[0]);
  EXPECT_NE(row.find(mb), std::string::npos) << row;
  EXPECT_NE(Tables({result.file}).setHeader().find("max MB"), std::string::npos);
}

// The runner, ASan's runtime and the driver: a few MB, not ASan's 256 MB quarantine.
TEST(MemoryFigure, APlainFileIsAFewMegabytes) {
  FileResult result = judgedOnTheExample("plain_backtracking.cpp");
  ASSERT_EQ(result.sets.at(0).memoryKb.size(), 1u);
  EXPECT_GT(result.sets[0].maxMemoryKb(), 1 << 10);
  EXPECT_LT(result.sets[0].maxMemoryKb(), 24 << 10);
}

TEST(MemoryLimit, AFailingCaseHasItsMemoryAndIsNotShrunk) {
  FileResult result = judgedOnTheExample("hostile/grows_memory.cpp");
  ASSERT_EQ(verdictName(result.verdict), std::string("Memory Limit Exceeded")) << result.sets.at(0).failure;
  Json failing = reportJson(result)["failing_case"];
  EXPECT_GT(failing["memory_kb"].get<long long>(), runnerLimits().memoryKb);
  Findings found = findOut(buildProgram(kFixtures + "hostile/grows_memory.cpp", builtWorkspace()), result, {},
                           builtWorkspace());
  EXPECT_FALSE(found.failing);
  EXPECT_FALSE(found.shrunk);
  EXPECT_FALSE(found.order);
}

TEST(OutputLimit, IsNotShrunk) {
  FileResult result = judgedOnTheExample("hostile/floods_output.cpp");
  ASSERT_EQ(verdictName(result.verdict), std::string("Output Limit Exceeded")) << result.sets.at(0).failure;
  Findings found = findOut(buildProgram(kFixtures + "hostile/floods_output.cpp", builtWorkspace()), result, {},
                           builtWorkspace());
  EXPECT_FALSE(found.failing);
}

TEST(MemoryFigure, CaseShowsAMemoryLineAndJsonMemoryKb) {
  std::string puzzle = toLine(loadCases(kRoot + "/testcases/leetcode_example.txt").at(0).puzzle);
  std::string text, json;
  runCommand({JUDGE_BINARY, "--case", puzzle, kFixtures + "holds_table.cpp"}, text);
  runCommand({JUDGE_BINARY, "--json", "--case", puzzle, kFixtures + "holds_table.cpp"}, json);
  size_t at = text.find("\nMemory:   ");
  ASSERT_NE(at, std::string::npos) << text;
  EXPECT_GE(std::atof(text.c_str() + at + 11), 256.0) << text;
  long long kb = Json::parse(json)["cases"][0]["memory_kb"].get<long long>();
  EXPECT_GE(kb, kTableKb) << json;
  EXPECT_LE(kb, kTableKb * 5 / 4) << json;
}

}  // namespace
}  // namespace judge
