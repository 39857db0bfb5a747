// For the judge's tests that run the judge as a user does: where the repository
// and the fixtures are, LeetCode's example, and this build's judge run with
// arguments, its output and exit status. JUDGE_BINARY, the judge's path, is given to every test
// file by the build (mk/tests.mk).
#pragma once
#include <sys/stat.h>

#include <filesystem>
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

// Every file and folder of the repository but .git/ and the build folders (/build*/, as
// .gitignore has them), each with its size and modification time, a line each: what judged code
// must not change. Walked rather than asked of `git status`, which says nothing in a tree that is
// not a clone (the container check's copy) or on a machine without git (the image).
inline std::string repositoryFiles() {
  namespace fs = std::filesystem;
  std::string state;
  for (auto entry = fs::recursive_directory_iterator(kRoot); entry != fs::recursive_directory_iterator();
       ++entry) {
    std::string name = entry->path().filename().string();
    if (entry.depth() == 0 && (name == ".git" || name.rfind("build", 0) == 0)) {
      entry.disable_recursion_pending();
      continue;
    }
    struct stat info {};
    lstat(entry->path().c_str(), &info);
    state += entry->path().string() + " " + std::to_string(info.st_size) + " " +
             std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec) + "\n";
  }
  return state;
}

}  // namespace judge
