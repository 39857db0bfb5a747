// The harness: one test body (SolvesSet) runs every registered solution on
// every testcase set it is expected to finish (solutions/sets.txt), a fresh
// Solution per case, each answer judged by the checker. Tests are named
// Solution.Set, e.g. BitmaskMrvStdFunction.Magictour.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "core/catalog.h"
#include "core/checker.h"
#include "core/registry.h"
#include "core/repo_root.h"
#include "core/testcases.h"
#include "core/text_file.h"

namespace {
using namespace core;

class SolvesSet : public testing::Test {
 public:
  SolvesSet(const SolutionEntry& solution, std::string set) : solution_(solution), set_(set) {}

  void TestBody() override {
    std::vector<Case> cases;
    ASSERT_NO_THROW(cases = loadCases(kRoot + "/testcases/" + set_ + ".txt"));
    ASSERT_FALSE(cases.empty());
    int failures = 0;
    for (const Case& c : cases) {
      Board answer = c.puzzle;
      solution_.solve(answer);
      const Board* expected = c.solution ? &*c.solution : nullptr;
      std::string reason = check(c.puzzle, answer, expected);
      EXPECT_EQ(reason, "") << c.where << ": " << report(reason, c.puzzle, answer, expected);
      if (!reason.empty() && ++failures == 3) FAIL() << "stopping after 3 wrong answers";
    }
  }

 private:
  const SolutionEntry& solution_;
  std::string set_;
};

// A set of a solution this build could not compile: reported as skipped, with
// the reason, never as passed.
class SkipsSet : public testing::Test {
 public:
  explicit SkipsSet(std::string reason) : reason_(std::move(reason)) {}

  void TestBody() override { GTEST_SKIP() << reason_; }

 private:
  std::string reason_;
};

// Registers Solution.Set for every solution and each set it must finish.
// Runs from main(): the solutions register themselves during static start-up.
void registerHarness() {
  // A listed solution runs on the sets it lists, any other on every 9x9 set
  // (testcases/README.md): LeetCode's solutions never see other sizes.
  for (const SolutionEntry& solution : solutions())
    for (const std::string& set : setsForSolution(solution.name, kRoot))
      testing::RegisterTest(camelCase(solution.name).c_str(), camelCase(set).c_str(), nullptr,
                            nullptr, __FILE__, __LINE__,
                            [&solution, set]() -> testing::Test* { return new SolvesSet(solution, set); });
  for (const SkippedSolution& skipped : skippedSolutions())
    for (const std::string& set : setsForSolution(skipped.name, kRoot))
      testing::RegisterTest(camelCase(skipped.name).c_str(), camelCase(set).c_str(), nullptr,
                            nullptr, __FILE__, __LINE__,
                            [&skipped]() -> testing::Test* { return new SkipsSet(skipped.reason); });
}

std::set<std::string> solutionFiles() {
  std::set<std::string> stems;
  for (const auto& file : std::filesystem::directory_iterator(kRoot + "/solutions"))
    if (file.path().extension() == ".cpp") stems.insert(file.path().stem().string());
  return stems;
}

std::string trimEnd(std::string s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

// Every file is registered once: compiled, or skipped by this build.
TEST(Registry, EverySolutionFileIsRegisteredOnce) {
  std::set<std::string> registered;
  for (const SolutionEntry& s : solutions()) EXPECT_TRUE(registered.insert(s.name).second) << s.name;
  for (const SkippedSolution& s : skippedSolutions())
    EXPECT_TRUE(registered.insert(s.name).second) << s.name << " is both compiled and skipped";
  EXPECT_EQ(registered, solutionFiles());
}

// Only a file whose header says it needs C++23 may be skipped (the Makefile
// skips it where no installed compiler accepts C++23).
TEST(Registry, OnlyFilesThatNeedCxx23AreSkipped) {
  for (const SkippedSolution& s : skippedSolutions())
    EXPECT_NE(("\n" + tryReadTextFile(kRoot + "/" + s.file).value_or("")).find("\n// Needs: C++23"), std::string::npos)
        << s.file << " is skipped (" << s.reason << ") but its header does not say it needs C++23";
}

// The text each registered solution was compiled from is today's file.
TEST(Registry, CompiledTextIsTheFileOnDisk) {
  for (const SolutionEntry& s : solutions())
    EXPECT_EQ(trimEnd(std::string(s.source)), trimEnd(tryReadTextFile(kRoot + "/" + s.file).value_or("")))
        << s.file << " changed since the build, or another file's code was linked in its place";
}

// Each file keeps its own class Solution (solutions::<name>::Solution): the
// linker cannot have folded one file's class into another's.
TEST(Registry, EachSolutionIsItsOwnClass) {
  std::set<std::string> types;
  for (const SolutionEntry& s : solutions()) {
    std::string type = s.type->name();
    EXPECT_NE(type.find(s.name), std::string::npos) << type << " is not " << s.name << "'s class";
    EXPECT_TRUE(types.insert(type).second) << type << " is shared";
  }
}

TEST(Registry, SetsListNamesRealSolutionsAndSets) {
  auto files = solutionFiles();
  auto sets = bundledSets(kRoot);
  for (const auto& [name, declared] : declaredSets(kRoot)) {
    EXPECT_TRUE(files.count(name)) << "solutions/sets.txt names " << name << ", not a solution file";
    for (const std::string& set : declared)
      EXPECT_TRUE(std::count(sets.begin(), sets.end(), set)) << name << ": no set " << set;
  }
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  registerHarness();
  return RUN_ALL_TESTS();
}
