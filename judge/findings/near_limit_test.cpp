// Near the limit (near_limit.h): the rule on made-up times, then a correct
// file that spends most of its limit on every case.
#include "core/repo_root.h"
#include "judge/findings/near_limit.h"

#include <gtest/gtest.h>

namespace judge {
using namespace core;
namespace {

SetResult setWithTimes(std::string name, int limitMs, std::vector<long long> micros) {
  SetResult set;
  set.set = std::move(name), set.limitMs = limitMs, set.micros = std::move(micros);
  set.passed = set.total = int(set.micros.size());
  return set;
}

TEST(NearLimit, FlagsHalfTheLimitOrMoreAndEveryRerun) {
  FileResult result;
  result.sets.push_back(setWithTimes("magictour", 800, {399999, 400000, 720000, 1000}));
  result.sets.back().reruns = {3};  // over the limit once, then 1 ms
  result.sets.push_back(setWithTimes("serg_multi", 100, {10, 20}));
  std::vector<NearLimit> found = nearLimit(result);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0].index, 1u);
  EXPECT_EQ(found[1].index, 2u);
  EXPECT_TRUE(found[2].rerun);
  EXPECT_EQ(nearLimitText(found, result).english(),
            "TLE risk: 3 cases at 50% of the limit or more\n"
            "  magictour case 2 of 4: 400 ms of 800 ms (50%)\n"
            "  magictour case 3 of 4: 720 ms of 800 ms (90%)\n"
            "  magictour case 4 of 4: 1 ms of 800 ms (0%), after going over the limit once and "
            "passing when run again\n");
}

TEST(NearLimit, NothingNearTheLimitSaysNothing) {
  FileResult result;
  result.sets.push_back(setWithTimes("magictour", 800, {1000, 2000}));
  EXPECT_TRUE(nearLimit(result).empty());
  EXPECT_EQ(nearLimitText(nearLimit(result), result).english(), "");
}

TEST(NearLimitFixture, ASlowCorrectFileIsAcceptedAndFlagged) {
  JudgeOptions options;
  options.sets = {"leetcode_example", "project_euler_96"};
  options.maxCases = 2;
  options.timeLimitMs = 300;
  FileResult result = judgeFile(kRoot + "/judge/fixtures/slow_near_limit.cpp", options);
  ASSERT_EQ(result.verdict, Verdict::kAccepted) << result.message;
  std::vector<NearLimit> found = nearLimit(result);
  EXPECT_EQ(found.size(), 3u);
  EXPECT_EQ(nearLimitText(found, result).english().rfind("TLE risk: 3 cases at 50% of the limit or more\n", 0), 0u);
}

}  // namespace
}  // namespace judge
