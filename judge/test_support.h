// For the judge's tests that run the judge as a user does: where the repository
// and the fixtures are, LeetCode's example, and this build's judge run with
// arguments, its output and exit status. Only for a test file the Makefile gives JUDGE_BINARY (the
// judge's path), as it does every test file that runs the judge.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/repo_root.h"
#include "core/testcases.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

inline const std::string kFixtures = kRoot + "/judge/fixtures/";
inline const std::string kJudge = JUDGE_BINARY;

// What a command did: its exit status and what it printed, stdout and stderr together.
struct Outcome {
  int status;
  std::string output;
};

// `build/bin/judge ARGS`, to its end.
inline Outcome judge(std::vector<std::string> args) {
  args.insert(args.begin(), kJudge);
  Outcome outcome;
  outcome.status = runCommand(args, outcome.output);
  return outcome;
}

// The same, for a test that reads the output first: the exit status in `status`.
inline std::string judgeOutput(std::vector<std::string> args, int& status) {
  Outcome outcome = judge(std::move(args));
  status = outcome.status;
  return outcome.output;
}

// LeetCode's example (testcases/leetcode_example.txt), with its solution.
inline const core::Case& example() {
  static const core::Case c = core::loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  return c;
}

}  // namespace judge
