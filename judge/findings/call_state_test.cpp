// State between calls (call_state.h): made-up orders whose shortest failing
// sequence is known, then the known-wrong file whose globals are never reset.
#include "core/repo_root.h"
#include "judge/findings/call_state.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace judge {
using namespace core;
namespace {

using std::chrono::milliseconds;

constexpr milliseconds kSearchBudget{60000};

bool ran(const std::vector<size_t>& indices, size_t k) {
  return std::find(indices.begin(), indices.end() - 1, k) != indices.end() - 1;
}

TEST(StateBetweenCalls, OneEarlierCaseIsFoundAsAPair) {
  int trials = 0;
  auto failsAfterCase2 = [&](const std::vector<size_t>& indices) { return ++trials, ran(indices, 2); };
  std::optional<StateBetweenCalls> found = findStateBetweenCalls(5, failsAfterCase2, kSearchBudget);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->sequence, (std::vector<size_t>{2, 5}));
  EXPECT_TRUE(found->shortest);
  EXPECT_EQ(found->trials, trials);
}

TEST(StateBetweenCalls, TwoEarlierCasesTogetherAreFoundByDroppingTheRest) {
  auto failsAfter1And3 = [](const std::vector<size_t>& indices) {
    return ran(indices, 1) && ran(indices, 3);
  };
  std::optional<StateBetweenCalls> found = findStateBetweenCalls(9, failsAfter1And3, kSearchBudget);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->sequence, (std::vector<size_t>{1, 3, 9}));
  EXPECT_TRUE(found->shortest);
}

TEST(StateBetweenCalls, ACaseThatFailsAloneIsNotAboutOrder) {
  EXPECT_FALSE(findStateBetweenCalls(3, [](const std::vector<size_t>&) { return true; }, kSearchBudget));
}

TEST(StateBetweenCalls, ASpentBudgetKeepsEveryEarlierCase) {
  auto failsAfter0And1 = [](const std::vector<size_t>& indices) { return ran(indices, 0) && ran(indices, 1); };
  std::optional<StateBetweenCalls> found = findStateBetweenCalls(3, failsAfter0And1, milliseconds(0));
  ASSERT_TRUE(found);
  EXPECT_EQ(found->sequence, (std::vector<size_t>{0, 1, 2, 3}));
  EXPECT_FALSE(found->shortest);
}

// The globals bug, as the judge runs it: case 2 of magictour fails after
// case 1 and passes alone.
TEST(StateBetweenCallsKnownWrong, GlobalsNotResetFailAfterTheCaseBefore) {
  Program program = buildProgram(kRoot + "/solutions/wrong_answer/globals_not_reset.cpp", builtWorkspace());
  ASSERT_EQ(program.verdict, Verdict::kAccepted) << program.message;
  std::vector<Case> cases = loadCases(kRoot + "/testcases/magictour.txt");
  cases.resize(3);
  FailsInOrder fails = failsInOrderWith(program.path, cases, Verdict::kWrongAnswer, 800);
  ASSERT_TRUE(fails({0, 1})) << "the judge's own run fails case 2 after case 1";
  std::optional<StateBetweenCalls> found = findStateBetweenCalls(1, fails, kSearchBudget);
  ASSERT_TRUE(found) << "case 2 must pass alone";
  EXPECT_EQ(found->sequence, (std::vector<size_t>{0, 1}));
  EXPECT_TRUE(found->shortest);
}

}  // namespace
}  // namespace judge
