// The findings after a verdict as a user reads them (findings.h): the judge
// command run on the known-wrong files and on a slow correct one, its text
// and its JSON report read back; and the standing's JSON on made-up figures.
#include "judge/findings/findings.h"

#include <gtest/gtest.h>

#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

Json judgeJson(std::vector<std::string> args) {
  args.insert(args.begin(), "--json");
  std::string output = judge(args).output;
  return Json::parse(output.substr(output.find('{')));
}

std::string knownWrong(const std::string& name) { return kRoot + "/solutions/wrong_answer/" + name; }

TEST(Findings, TheBoxIndexBugShrinksToOneEmptyCellThatStillFailsAlone) {
  Json report = judgeJson({"--sets", "leetcode_example", "--standing", "0", knownWrong("box_index_sum.cpp")});
  const Json& shrunk = report.at("shrunk");
  ASSERT_FALSE(shrunk.is_null()) << report.dump();
  EXPECT_EQ(shrunk.at("empty_before").get<long long>(), 51);
  EXPECT_EQ(shrunk.at("empty_after").get<long long>(), 1);
  EXPECT_TRUE(shrunk.at("minimal").get<bool>());
  EXPECT_NE(shrunk.at("reason").get<std::string>().find("is still '.'"), std::string::npos);
  Board puzzle = parseBoard(shrunk.at("puzzle").get<std::string>());  // LeetCode's form
  EXPECT_EQ(emptyCells(puzzle), 1);
  EXPECT_EQ(toLine(puzzle), shrunk.at("line").get<std::string>());
  EXPECT_TRUE(report.at("state_between_calls").is_null());
  Program program = buildProgram(knownWrong("box_index_sum.cpp"), builtWorkspace());
  Case example = loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  RunOutcome alone = runCases(program.path, {Case{puzzle, example.solution, "shrunk"}}, 10000);
  EXPECT_EQ(alone.verdict, Verdict::kWrongAnswer) << "the shrunk puzzle fails alone, in a fresh child";
  std::string output;  // and as the user runs it: CASE= (--case) exits 1 when the output is not valid
  EXPECT_EQ(runCommand({kJudge, "--case", shrunk.at("line").get<std::string>(), knownWrong("box_index_sum.cpp")}, output), 1)
      << output;
  EXPECT_NE(output.find("Valid:    no: r9c6 is still '.'"), std::string::npos) << output;
}

TEST(Findings, TheTextShowsTheShrunkBoardInBothForms) {
  std::string text = judge({"--sets", "leetcode_example", "--standing", "0", knownWrong("box_index_sum.cpp")}).output;
  EXPECT_NE(text.find("== The smallest failing puzzle: leetcode_example case 1 (testcases/leetcode_example.txt:3) "
                      "shrunk from 51 empty cells to 1"), std::string::npos) << text;
  EXPECT_NE(text.find("of a 15 s budget"), std::string::npos);
  EXPECT_NE(text.find("  LeetCode's form: [[\"5\",\"3\",\"4\","), std::string::npos);
  EXPECT_NE(text.find("CASE='534678912"), std::string::npos);
}

TEST(Findings, GlobalsNotResetPassAloneAndFailAfterTheCaseBefore) {
  std::vector<std::string> args = {"--sets", "magictour", "--max-cases", "3", "--standing", "0",
                                   knownWrong("globals_not_reset.cpp")};
  std::string text = judge(args).output;
  EXPECT_NE(text.find("magictour case 2 (testcases/magictour.txt:4) passes alone, fails after case 1: the solution "
                      "keeps state between calls (globals or statics not reset?)"), std::string::npos) << text;
  EXPECT_EQ(text.find("smallest failing puzzle"), std::string::npos);
  Json report = judgeJson(args);
  const Json& order = report.at("state_between_calls");
  ASSERT_FALSE(order.is_null()) << report.dump();
  EXPECT_EQ(order.at("case").get<long long>(), 2);
  EXPECT_EQ(order.at("fails_after_case").get<long long>(), 1);
  ASSERT_EQ(order.at("sequence").size(), 2u);
  EXPECT_EQ(order.at("sequence").at(0).at("where").get<std::string>(), "testcases/magictour.txt:3");
  EXPECT_TRUE(order.at("shortest").get<bool>());
  EXPECT_TRUE(report.at("shrunk").is_null());
}

// Every case at 60% of a 300 ms limit: Accepted, and flagged.
TEST(Findings, ASlowCorrectFileIsFlaggedAsATleRisk) {
  std::vector<std::string> args = {"--sets", "leetcode_example,leetcode_reported", "--max-cases", "1",
                                   "--time-limit-ms", "300", "--standing", "0",
                                   kRoot + "/judge/fixtures/slow_near_limit.cpp"};
  std::string text = judge(args).output;
  EXPECT_NE(text.find("LeetCode verdict: Accepted"), std::string::npos) << text;
  EXPECT_NE(text.find("== TLE risk: 2 cases at 50% of the limit or more\n  leetcode_example case 1 of 1: "),
            std::string::npos) << text;
  Json report = judgeJson(args);
  ASSERT_EQ(report.at("near_limit").size(), 2u) << report.dump();
  EXPECT_EQ(report.at("near_limit").at(1).at("set").get<std::string>(), "leetcode_reported");
  EXPECT_EQ(report.at("near_limit").at(1).at("limit_ms").get<long long>(), 300);
  EXPECT_GE(report.at("near_limit").at(1).at("micros").get<long long>(), 150000);
}

TEST(Findings, TheStandingIsAListOfRatiosInJson) {
  Findings found;
  StandingReport standing;
  standing.rows.push_back({"dancing_links", "magictour", 0.5, 0.45, 0.6, 50, 100, 5, 5, false});
  standing.floorMicros["magictour"] = 30;
  found.standing = standing;
  Json report = Json::object();
  addFindings(report, found);
  Json back = Json::parse(report.dump());
  const Json& row = back.at("standing").at(0);
  EXPECT_EQ(row.at("solution").get<std::string>(), "dancing_links");
  EXPECT_EQ(row.at("set").get<std::string>(), "magictour");
  EXPECT_DOUBLE_EQ(row.at("ratio").get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(row.at("your_micros").get<double>() / row.at("its_micros").get<double>(), 0.5);
  EXPECT_DOUBLE_EQ(report.at("standing_floor_micros").at("magictour").get<double>(), 30);
  EXPECT_TRUE(report.at("shrunk").is_null());
  EXPECT_TRUE(report.at("near_limit").empty());
}

TEST(Findings, AStandingReadBackIsTheSameText) {
  Findings found;
  StandingReport standing;
  standing.rows.push_back({"dancing_links", "magictour", 0.5, 0.45, 0.6, 50, 100, 5, 5, false});
  standing.rows.push_back({"naive_backtracking", "magictour", 0.01, 0.009, 0.011, 50, 5000, 5, 5, true});
  standing.floorMicros["magictour"] = 30;
  standing.notes.push_back("bitmask_mrv_deducing_this: not timed");
  standing.subset = "5 cases a set";
  found.standing = standing;
  Json report = Json::object();
  addFindings(report, found);
  FileResult result;
  result.file = "mine.cpp";
  std::string again = findingsText(findingsFromJson(Json::parse(dumpJson(report)), result), result, builtWorkspace()).english();
  EXPECT_EQ(again, findingsText(found, result, builtWorkspace()).english());
  EXPECT_NE(again.find("dancing_links"), std::string::npos) << again;
}

// A kept report is the user's file: a member of the wrong kind, or a case number past any set, is
// left out, never thrown or allocated for.
TEST(Findings, ADamagedReportReadsBackAsNoFindings) {
  FileResult result;
  result.file = "mine.cpp";
  for (const char* text : {R"({"shrunk": {"case": "x", "line": 5, "set": 1}})",
                           R"({"shrunk": {"case": 1, "line": "not a board"}, "near_limit": 3})",
                           R"({"state_between_calls": {"case": 1e15, "sequence": [{"case": -4}]}})",
                           R"({"near_limit": [{"case": 99999999999}, 7], "standing": {"rows": 1}})", R"([1, 2])",
                           R"("text")"}) {
    Findings found = findingsFromJson(Json::parse(text), result);
    EXPECT_FALSE(found.shrunk || found.order || found.standing || found.failing || found.debugCase) << text;
    EXPECT_TRUE(found.nearLimit.empty()) << text;
  }
  Findings partial = findingsFromJson(Json::parse(R"({"standing": [{"solution": 3, "ratio": "fast"}]})"), result);
  ASSERT_TRUE(partial.standing) << "a row of the wrong kinds is kept with what it has";
  EXPECT_EQ(partial.standing->rows.size(), 1u);
}

TEST(Findings, AStandingOtherThanQuickFullOrZeroIsAUsageError) {
  std::string output;
  EXPECT_EQ(runCommand({kJudge, "--standing", "some", knownWrong("box_index_sum.cpp")}, output), 2);
  EXPECT_NE(output.find("--standing: takes quick, full or 0, not 'some'"), std::string::npos) << output;
}

}  // namespace
}  // namespace judge
