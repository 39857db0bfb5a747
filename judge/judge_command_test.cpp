// The judge as users call it: the program's exit status and usage messages,
// and `make judge`'s quoting of the path and the options it passes on.
#include <gtest/gtest.h>

#include <filesystem>

#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

int lines(const std::string& text) { return int(std::count(text.begin(), text.end(), '\n')); }

TEST(JudgeCommand, ABadOptionIsAShortUsageErrorWithStatus2) {
  Outcome bogus = judge({"--bogus", kFixtures + "pb_ds.cpp"});
  EXPECT_EQ(bogus.status, 2);
  EXPECT_NE(bogus.output.find("--bogus"), std::string::npos) << bogus.output;
  EXPECT_LE(lines(bogus.output), 3) << bogus.output;
  EXPECT_EQ(judge({"--shrink-seconds", "601", kFixtures + "pb_ds.cpp"}).output,
            "judge: --shrink-seconds: takes a whole number from 0 to 600, not '601'\n");
  Outcome zero = judge({"--time-limit-ms", "0", kFixtures + "pb_ds.cpp"});
  EXPECT_EQ(zero.status, 2);
  EXPECT_EQ(zero.output, "judge: --time-limit-ms: takes a whole number from 1 to 600000, not '0'\n");
  Outcome huge = judge({"--max-cases", std::string(300, '9'), kFixtures + "pb_ds.cpp"});
  EXPECT_EQ(huge.status, 2);
  EXPECT_LE(huge.output.size(), 400u) << huge.output;
  EXPECT_EQ(judge({"--sets", "no_such_set", kFixtures + "pb_ds.cpp"}).status, 2);
  EXPECT_EQ(judge({}).status, 2);
}

// The stress sets show, but only the LeetCode tier decides the exit status,
// unless --strict or --sets makes every set count. (Not shrunk: the shrinking is
// findings_test's, and here it would spend its 15 s on each call.)
TEST(JudgeCommand, ExitStatusFollowsTheLeetCodeVerdictUnlessStrict) {
  std::string file = kFixtures + "gives_up_on_17_clue.cpp";
  Outcome lenient = judge({"--shrink-seconds", "0", "--max-cases", "2", file});
  EXPECT_EQ(lenient.status, 0) << lenient.output;
  EXPECT_NE(lenient.output.find("LeetCode verdict: Accepted"), std::string::npos) << lenient.output;
  EXPECT_NE(lenient.output.find("seventeen_clue"), std::string::npos) << lenient.output;
  EXPECT_NE(lenient.output.find("not shrunk: --shrink-seconds 0"), std::string::npos) << lenient.output;
  EXPECT_EQ(judge({"--shrink-seconds", "0", "--strict", "--max-cases", "2", file}).status, 1);
  EXPECT_EQ(judge({"--shrink-seconds", "0", "--sets", "leetcode_example, seventeen_clue", "--max-cases", "2", file}).status, 1);
  EXPECT_EQ(judge({"--sets", " leetcode_example ,project_euler_96", "--max-cases", "2", file}).status, 0);
}

TEST(JudgeCommand, ACompileErrorOnLeetCodeExitsWith1) {
  Outcome outcome = judge({kFixtures + "defines_main.cpp"});
  EXPECT_EQ(outcome.status, 1);
  EXPECT_NE(outcome.output.find("LeetCode verdict: Compile Error"), std::string::npos);
}

// `make judge` hands the path and SETS to the judge as one word each, as typed.
TEST(MakeJudge, PassesThePathAndSetsAsTyped) {
  std::string path = "dir with space/my sol (v2) $HOME & 'quoted'.cpp";
  std::string output;
  int status = runCommand({"/usr/bin/make", "--no-print-directory", "-s", "-n", "-C", kRoot,
                           "BUILD=" BUILD_DIR, "judge", "SOLUTION=" + path,
                           "SETS=magictour, forum_hardest", "STRICT=1", "STANDING=full"},
                          output);
  ASSERT_EQ(status, 0) << output;
  std::string line = output.substr(output.rfind(std::string(BUILD_DIR) + "/bin/judge"));
  EXPECT_NE(line.find("--sets 'magictour, forum_hardest'"), std::string::npos) << line;
  EXPECT_NE(line.find("--strict"), std::string::npos) << line;
  EXPECT_NE(line.find("--standing 'full'"), std::string::npos) << line;
  EXPECT_NE(line.find("-- 'dir with space/my sol (v2) $HOME & '\\''quoted'\\''.cpp'"),
            std::string::npos) << line;
}

// CASE= and FORMAT=json reach the judge as --case (one word, as typed) and --json.
TEST(MakeJudge, PassesCaseAndFormat) {
  std::string output;
  int status = runCommand({"/usr/bin/make", "--no-print-directory", "-s", "-n", "-C", kRoot,
                           "BUILD=" BUILD_DIR, "judge", "SOLUTION=f.cpp",
                           R"(CASE=board = [["5","."]] $HOME 'x')", "FORMAT=json"},
                          output);
  ASSERT_EQ(status, 0) << output;
  std::string line = output.substr(output.rfind(std::string(BUILD_DIR) + "/bin/judge"));
  EXPECT_NE(line.find(R"(--case 'board = [["5","."]] $HOME '\''x'\''')"), std::string::npos) << line;
  EXPECT_NE(line.find("--json"), std::string::npos) << line;
  status = runCommand({"/usr/bin/make", "--no-print-directory", "-s", "-C", kRoot, "BUILD=" BUILD_DIR,
                       "judge", "SOLUTION=f.cpp", "FORMAT=xml"},
                      output);
  EXPECT_NE(status, 0);
  EXPECT_NE(output.find("FORMAT is text or json"), std::string::npos) << output;
}

// make judge keeps the judgement in the history (HISTORY_DB= moves it, HISTORY=0 keeps none);
// make, which judges every bundled solution, keeps none of them.
TEST(MakeJudge, RecordsTheUsersFileOnly) {
  auto judgeLine = [](std::vector<std::string> args) {
    std::vector<std::string> command = {"/usr/bin/make", "--no-print-directory", "-s", "-n", "-C", kRoot,
                                        "BUILD=" BUILD_DIR};
    command.insert(command.end(), args.begin(), args.end());
    std::string output;
    EXPECT_EQ(runCommand(command, output), 0) << output;
    size_t at = output.rfind(std::string(BUILD_DIR) + "/bin/judge");
    return at == std::string::npos ? output : output.substr(at);
  };
  std::string kept = judgeLine({"judge", "SOLUTION=f.cpp", "HISTORY=1", "HISTORY_DB=/x/my history.sqlite"});
  EXPECT_NE(kept.find("--record judge --history-db '/x/my history.sqlite'"), std::string::npos) << kept;
  EXPECT_EQ(judgeLine({"judge", "SOLUTION=f.cpp", "HISTORY=0"}).find("--record"), std::string::npos);
  std::string all = judgeLine({"all", "HISTORY=1"});
  EXPECT_NE(all.find("--strict"), std::string::npos) << all;
  EXPECT_EQ(all.find("--record"), std::string::npos) << all;
}

}  // namespace
}  // namespace judge
