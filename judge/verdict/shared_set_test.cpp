// A stress set shared among children (shared_set.h): read as one set, its later parts abandoned
// once an earlier one failed, its first failure the one reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "core/repo_root.h"
#include "core/testcases.h"
#include "judge/sandbox/sandbox.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {


// A stress set that does not count: a worker with no set of its own takes the later half of
// the cases ahead; the set reads as one (every case, in order, each case's time).
TEST(SharedStressSet, AnIdleWorkerTakesTheLaterCasesAndTheSetReadsAsOne) {
  // Cases of 180 ms by the wall clock, as the workers deal them out, and next to no CPU time.
  Program program = buildProgram(kRoot + "/judge/fixtures/naps.cpp", builtWorkspace());
  ASSERT_EQ(program.verdict, Verdict::kAccepted) << program.message;
  JudgeOptions options;
  options.sets = {"serg_multi"};  // a stress set: 10 cases of 180 ms each
  options.maxCases = 10;
  options.timeLimitMs = 1000;
  options.setJobs = 2;
  JudgeEvents events;  // the progress a live report shows: the set's cases passed, over its parts
  std::mutex told;
  int mostDone = 0;
  events.caseDone = [&](const std::string&, int done, int) {
    std::lock_guard<std::mutex> lock(told);
    mostDone = std::max(mostDone, done);
  };
  FileResult shared = judgeProgram(program, options, builtWorkspace(), events);
  ASSERT_EQ(shared.sets.size(), 1u);
  EXPECT_EQ(mostDone, 10);
  const SetResult& set = shared.sets[0];
  EXPECT_EQ(set.verdict, Verdict::kAccepted) << set.failure;
  EXPECT_EQ(set.passed, 10);
  EXPECT_EQ(set.micros.size(), 10u);
  EXPECT_GE(set.children, 2);
  EXPECT_FALSE(set.leetcodeTier);
  // When the stress sets count (--strict, --sets), each runs in one child, as LeetCode runs one.
  options.stressCounts = true;
  FileResult whole = judgeProgram(program, options, builtWorkspace());
  EXPECT_EQ(whole.sets[0].children, 1);
  EXPECT_EQ(whole.sets[0].passed, 10);
}

// A shared set's later part, once an earlier part has failed, is killed at once, the case it runs
// included, not waited for until that case's limit: none of its cases counts any more (before, a
// plain backtracking's second seventeen_clue part ran its case to the 6 s limit after the first
// part's had failed, the whole report waiting on it).
TEST(SharedStressSet, ALaterPartIsAbandonedMidCaseOnceAnEarlierPartFailed) {
  Program program = buildProgram(kRoot + "/judge/fixtures/sleeps.cpp", builtWorkspace());
  ASSERT_EQ(program.verdict, Verdict::kAccepted) << program.message;
  std::vector<Case> cases = loadCases(kRoot + "/testcases/leetcode_example.txt");
  ASSERT_FALSE(cases.empty());
  std::atomic<bool> earlierPartFailed{false};
  Child later(program.path, {cases[0].puzzle}, 10000);
  later.abandonWhen(earlierPartFailed);
  std::thread earlier([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    earlierPartFailed = true;
  });
  std::optional<Answer> answer = later.next(std::chrono::seconds(60));  // it sleeps for an hour
  earlier.join();
  EXPECT_FALSE(answer);
  EXPECT_TRUE(later.abandoned()) << later.exitReason();
  EXPECT_FALSE(later.timedOut());
  EXPECT_NE(later.exitReason().english().find("an earlier part of its set failed"), std::string::npos) << later.exitReason();
}

// Shared or not, the set's first failure is the one reported, and the cases after it do not count.
TEST(SharedStressSet, TheFirstFailureStandsWhateverPartFoundIt) {
  Program program = buildProgram(kRoot + "/solutions/wrong_answer/globals_not_reset.cpp", builtWorkspace());
  ASSERT_EQ(program.verdict, Verdict::kAccepted) << program.message;
  JudgeOptions options;
  options.sets = {"serg_multi"};
  options.maxCases = 40;
  options.setJobs = 2;
  SetResult shared = judgeProgram(program, options, builtWorkspace()).sets.at(0);
  options.stressCounts = true;
  SetResult alone = judgeProgram(program, options, builtWorkspace()).sets.at(0);
  EXPECT_EQ(alone.verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(shared.verdict, alone.verdict);
  EXPECT_EQ(shared.passed, alone.passed);
  ASSERT_TRUE(shared.failedCase && alone.failedCase);
  EXPECT_EQ(shared.failedCase->index, alone.failedCase->index);
  EXPECT_EQ(shared.micros.size(), size_t(shared.passed));
}

}  // namespace
}  // namespace judge
