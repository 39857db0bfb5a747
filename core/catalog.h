// What the judge runs a solution file on: the bundled testcase sets
// (testcases/*.txt), the LeetCode tier among them (judge/tiers.txt), the sets a
// bundled solution declares (solutions/sets.txt) and each set's time limit per
// case (judge/time_limits.txt).
#pragma once
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace core {

// A missing or malformed catalog file: "judge/time_limits.txt:4: ...".
struct CatalogError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Sorted stems of testcases/*.txt under `root`.
std::vector<std::string> bundledSets(const std::string& root);

// solutions/sets.txt: solution name -> the sets it declares.
std::map<std::string, std::set<std::string>> declaredSets(const std::string& root);

// The bundled sets of 9x9 boards, in name order: a set's first case gives its size (only that
// case is read). A set whose first case does not load counts as 9x9, so that whoever runs it
// reports the loader's error.
std::vector<std::string> nineByNineSets(const std::string& root);

// judge/tiers.txt: the LeetCode tier's sets, in the order they run. Every
// other set is a stress tier.
std::vector<std::string> leetcodeTier(const std::string& root);

// The sets a bundled solution runs on (the harness, the judge and the bench
// agree on it): the LeetCode tier, then those solutions/sets.txt lists for it,
// else every 9x9 set, as LeetCode's solutions never see other sizes.
std::vector<std::string> setsForSolution(const std::string& solution, const std::string& root);

// The LeetCode tier, then every other 9x9 set: what a file from outside the
// repository is judged on.
std::vector<std::string> setsForAnyFile(const std::string& root);

// Sorted stems of the bundled solutions, solutions/*.cpp under `root`.
std::vector<std::string> bundledSolutions(const std::string& root);

// A step of the reading path (solutions/README.md, "## Reading path"): its
// label ("4", "7b"), the solutions its row links to, in the row's order, and
// the idea it adds (the next cell, as written: Markdown).
struct ReadingStep {
  std::string step;
  std::vector<std::string> solutions;
  std::string idea = "";
};

// The reading path's steps in the table's order, read from the markdown
// table under the `heading` of `readme`'s text (the Chinese README's is
// "## 阅读路径"): each row `| step | [`name`](name.cpp), ... | idea | ...`.
// Empty when there is no such table.
std::vector<ReadingStep> readingPath(const std::string& readme, const std::string& heading = "## Reading path");

// The step of the path that links to `solution`, or "" when none does.
std::string stepOf(const std::vector<ReadingStep>& path, const std::string& solution);

// judge/time_limits.txt: the CPU time limit per case, in milliseconds, of each
// set; the line "default N" covers sets it does not name; "memory_mb N" and
// "output_mb N" the memory and output limits (1024 and 8 when not given).
class TimeLimits {
 public:
  explicit TimeLimits(const std::string& path);
  int forSet(const std::string& set) const;
  long long memoryMb() const { return memoryMb_; }
  long long outputMb() const { return outputMb_; }

 private:
  std::map<std::string, int> perSet_;
  int default_ = 0;
  long long memoryMb_ = 1024, outputMb_ = 8;
};

}  // namespace core
