// The stress stage (--stress, make judge STRESS=): generated puzzles after the
// sets. On a file the bundled LeetCode tier accepts but whose box check skips
// a cell, it must find a failing puzzle, report it in LeetCode's words, shrunk,
// with a CASE= line on which the file fails alone, and leave the exit status
// alone unless --strict; on a correct file, hundreds of puzzles, none failing.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>

#include "judge/header_value.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

const std::string kWrong = kFixtures + "box_check_skips_a_cell.cpp";
// A seed whose run trips the slip within its first puzzles, so the test is short; any seed
// trips it within a few hundred (the fixture's header). The time allowed is far more.
const std::string kSeed = "43";  // fails on its puzzle 29

// The text after `prefix` up to the end of its line.
std::string after(const std::string& text, const std::string& prefix) {
  size_t at = text.find(prefix);
  if (at == std::string::npos) return "";
  at += prefix.size();
  return text.substr(at, text.find('\n', at) - at);
}

TEST(Stress, FindsTheSlipTheLeetCodeTierMissesWithoutChangingTheExitStatus) {
  ASSERT_EQ(headerValue(kWrong, "Expected verdict"), "Accepted");
  Outcome tier = judge({"--sets", "leetcode_example,leetcode_reported,project_euler_96", kWrong});
  ASSERT_EQ(tier.status, 0) << tier.output;  // the whole bundled LeetCode tier passes it
  ASSERT_NE(tier.output.find("LeetCode verdict: Accepted — 56 / 56"), std::string::npos) << tier.output;
  // The LeetCode tier in full; one case of each stress set, on a short limit: they may fail.
  Outcome run = judge({"--max-cases", "1", "--time-limit-ms", "300", "--stress", "120", "--stress-seed", kSeed,
                       "--stress-puzzles", "5000", kWrong});
  EXPECT_EQ(run.status, 0) << run.output;
  EXPECT_NE(run.output.find("LeetCode verdict: Accepted"), std::string::npos) << run.output;
  std::string stress = run.output.substr(std::min(run.output.find("== Stress: "), run.output.size()));
  EXPECT_NE(stress.find(", seed " + kSeed + " (STRESS_SEED=" + kSeed + " repeats them); " +
                        headerValue(kWrong, "Expected stress verdict") + " on generated puzzle "),
            std::string::npos) << run.output;
  for (const char* part : {"\nInput:    [[", "\nOutput:   [[", "\nExpected: [[", "shrunk from ",
                           "  run it alone: make judge SOLUTION=", "  make debug SOLUTION="})
    EXPECT_NE(stress.find(part), std::string::npos) << part << "\n" << run.output;

  // The reported case fails alone, through CASE=, as make judge runs it.
  std::string line = after(stress, "  run it alone: make judge SOLUTION=" + kWrong + " CASE='");
  ASSERT_EQ(line.size(), 82u) << run.output;  // 81 cells and the closing quote
  line.pop_back();
  Outcome alone = judge({"--case", line, kWrong});
  EXPECT_EQ(alone.status, 1) << alone.output;
  EXPECT_NE(alone.output.find("Valid:    no: "), std::string::npos) << alone.output;
  EXPECT_EQ(after(stress, "  make debug SOLUTION=" + kWrong + " CASE='"), line + "'") << run.output;
}

// --strict (here by --sets): the stress stage counts. --json: the "stress" object.
TEST(Stress, CountsWhenStrictAndIsInTheJsonReport) {
  Outcome run = judge({"--json", "--sets", "leetcode_example", "--stress", "120", "--stress-seed", kSeed, kWrong});
  EXPECT_EQ(run.status, 1) << run.output;
  nlohmann::json report = nlohmann::json::parse(run.output);
  const nlohmann::json& stress = report.at("stress");
  EXPECT_EQ(stress.at("seed"), std::stoull(kSeed));
  EXPECT_GE(stress.at("puzzles").get<long>(), 1);
  EXPECT_GE(stress.at("seconds").get<double>(), 0.0);
  const nlohmann::json& failing = stress.at("failing_case");
  ASSERT_TRUE(failing.is_object()) << run.output;
  std::string puzzle = failing.at("puzzle");
  EXPECT_EQ(puzzle.size(), 81u);
  EXPECT_EQ(puzzle.find_first_not_of(".123456789"), std::string::npos) << puzzle;
  EXPECT_EQ(failing.at("verdict"), "Wrong Answer");
  EXPECT_EQ(failing.at("case"), stress.at("puzzles"));  // the run stops at its first failure
  EXPECT_TRUE(failing.at("input").is_string() && failing.at("output").is_string() &&
              failing.at("expected").is_string()) << failing.dump();
  EXPECT_EQ(failing.at("debug"), "make debug SOLUTION=" + kWrong + " CASE='" + puzzle + "'");
}

// A correct file, fast enough for hundreds of puzzles in a second or two.
TEST(Stress, ACorrectFileRunsHundredsOfPuzzlesWithNoneFailing) {
  std::string file = kRoot + "/solutions/bitmask_mrv_popcnt.cpp";
  Outcome run = judge({"--sets", "leetcode_example", "--stress", "600", "--stress-puzzles", "300", file});
  EXPECT_EQ(run.status, 0) << run.output;
  std::string line = after(run.output, "== Stress: ");
  EXPECT_EQ(line.rfind("300 generated puzzles in ", 0), 0u) << run.output;
  EXPECT_NE(line.find(": none failed"), std::string::npos) << run.output;
  std::string seed = after(line, ", seed ");
  seed = seed.substr(0, seed.find(' '));
  EXPECT_NE(line.find("(STRESS_SEED=" + seed + " repeats them)"), std::string::npos) << line;
  Outcome json = judge({"--json", "--sets", "leetcode_example", "--stress", "600", "--stress-puzzles", "40", file});
  nlohmann::json stress = nlohmann::json::parse(json.output).at("stress");
  EXPECT_EQ(stress.at("puzzles"), 40) << json.output;
  EXPECT_TRUE(stress.at("failing_case").is_null()) << json.output;
}

TEST(Stress, BadValuesAreUsageErrors) {
  std::string file = kFixtures + "plain_backtracking.cpp";
  EXPECT_EQ(judge({"--stress", "0", file}).status, 2);
  EXPECT_EQ(judge({"--stress", "ten", file}).status, 2);
  EXPECT_EQ(judge({"--stress", "5", "--stress-seed", "-1", file}).status, 2);
  EXPECT_EQ(judge({"--stress", "5", file, file}).status, 2);
  Outcome withCase = judge({"--stress", "5", "--case", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", file});
  EXPECT_EQ(withCase.status, 2);
  EXPECT_EQ(withCase.output.rfind("judge: --case excludes --stress\n", 0), 0u) << withCase.output;  // CLI11's words
}

}  // namespace
}  // namespace judge
