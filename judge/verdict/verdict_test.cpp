// The judge's own tests: a judge that cannot fail is worthless. Every file in
// solutions/{wrong_answer,time_limit_exceeded,runtime_error}/ (the Kattis
// problem-package folders) must get the verdict its header names, and a
// solution pasted from outside the repository must be judged like a bundled one.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>

#include "core/catalog.h"
#include "core/repo_root.h"
#include "judge/header_value.h"
#include "judge/sandbox/sandbox.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// A few cases per set keep the known-wrong checks quick; each bug shows by case 2.
constexpr int kCasesPerSet = 3;
// The endless loops only need to outlast a limit; a short one saves seconds.
constexpr int kShortLimitMs = 200;

const std::map<std::string, Verdict> kFolderVerdicts = {
    {"wrong_answer", Verdict::kWrongAnswer},
    {"time_limit_exceeded", Verdict::kTimeLimitExceeded},
    {"runtime_error", Verdict::kRuntimeError},
};

std::vector<std::string> knownWrongFiles() {
  std::vector<std::string> files;
  for (const auto& [folder, verdict] : kFolderVerdicts)
    for (const auto& entry : fs::directory_iterator(kRoot + "/solutions/" + folder))
      if (entry.path().extension() == ".cpp") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// Compiles every file these tests judge, two at a time, before the first test
// needs one: on a fresh build, compiling is most of these tests' time.
void buildAllOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
    std::vector<std::string> files = knownWrongFiles();
    for (const auto& entry : fs::directory_iterator(kRoot + "/judge/fixtures"))
      files.push_back(entry.path().string());
    buildPrograms(files, 2, builtWorkspace());  // each test still checks its own file's build
  });
}

const SetResult* firstFailure(const FileResult& result) {
  for (const SetResult& set : result.sets)
    if (set.verdict != Verdict::kAccepted) return &set;
  return nullptr;
}

class KnownWrong : public testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() { buildAllOnce(); }
};

class Judge : public testing::Test {
 protected:
  static void SetUpTestSuite() { buildAllOnce(); }
};

TEST_P(KnownWrong, GetsTheVerdictItsHeaderNames) {
  const std::string& file = GetParam();
  std::string folder = fs::path(file).parent_path().filename().string();
  Verdict expected = kFolderVerdicts.at(folder);
  ASSERT_EQ(headerValue(file, "Expected verdict"), verdictName(expected))
      << file << ": its header must name the verdict of its folder, " << folder;

  JudgeOptions options;
  options.maxCases = kCasesPerSet;
  if (expected == Verdict::kTimeLimitExceeded) options.timeLimitMs = kShortLimitMs;
  FileResult result = judgeFile(file, options);
  ASSERT_EQ(result.verdict, expected) << result.message;
  const SetResult* failed = firstFailure(result);
  ASSERT_NE(failed, nullptr);
  EXPECT_EQ(failed->verdict, expected) << failed->failure;
  EXPECT_NE(failed->failure.english().find(headerValue(file, "Expected report contains")), std::string::npos)
      << failed->failure;
  if (expected == Verdict::kTimeLimitExceeded) {  // run once more before the verdict
    EXPECT_NE(failed->failure.english().find("twice; first stopped"), std::string::npos) << failed->failure;
  }
}

INSTANTIATE_TEST_SUITE_P(Files, KnownWrong, testing::ValuesIn(knownWrongFiles()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return camelCase(fs::path(info.param).stem().string());
                         });

TEST(KnownWrongFolders, EachHoldsAtLeastOneFile) {
  std::map<std::string, int> counts;
  for (const std::string& file : knownWrongFiles())
    ++counts[fs::path(file).parent_path().filename().string()];
  for (const auto& [folder, verdict] : kFolderVerdicts) EXPECT_GT(counts[folder], 0) << folder;
}

// judge/fixtures/pasted_from_web.cpp brings its own #include <bits/stdc++.h>,
// `using namespace std;`, globals and free functions, as pasted from a website.
TEST_F(Judge, AcceptsASolutionPastedFromOutside) {
  JudgeOptions options;
  options.maxCases = 20;
  FileResult result = judgeFile(kRoot + "/judge/fixtures/pasted_from_web.cpp", options);
  ASSERT_EQ(result.verdict, Verdict::kAccepted) << result.message;
  ASSERT_FALSE(result.sets.empty());
  for (const SetResult& set : result.sets) {
    EXPECT_EQ(set.passed, set.total) << set.set << ": " << set.failure;
    EXPECT_EQ(set.micros.size(), size_t(set.total)) << set.set;  // every case timed
  }
}

TEST_F(Judge, ReportsACompileErrorWithTheCompilersMessage) {
  FileResult result = judgeFile(kRoot + "/judge/fixtures/compile_error.cpp", {});
  EXPECT_EQ(result.verdict, Verdict::kCompileError);
  EXPECT_TRUE(result.sets.empty());
  EXPECT_NE(result.message.english().find("compile_error.cpp:5"), std::string::npos) << result.message;
  EXPECT_NE(result.message.english().find("solveFrom"), std::string::npos) << result.message;
}

// A child that blocks uses no CPU time: the wall-clock watchdog ends it.
TEST_F(Judge, KillsASolutionThatNeverAnswers) {
  JudgeOptions options;
  options.sets = {"leetcode_example"};
  options.timeLimitMs = 100;
  FileResult result = judgeFile(kRoot + "/judge/fixtures/sleeps.cpp", options);
  ASSERT_EQ(result.sets.size(), 1u);
  EXPECT_EQ(result.sets[0].verdict, Verdict::kTimeLimitExceeded);
  EXPECT_NE(result.sets[0].failure.english().find("of wall time (killed)"), std::string::npos)
      << result.sets[0].failure;
}

// LeetCode's many cases per process: the globals bug passes a one-case set
// and fails case 2 of every longer one.
TEST_F(Judge, RunsEveryCaseOfASetInOneProcess) {
  JudgeOptions options;
  options.sets = {"leetcode_example", "magictour"};
  options.maxCases = kCasesPerSet;
  FileResult result = judgeFile(kRoot + "/solutions/wrong_answer/globals_not_reset.cpp", options);
  ASSERT_EQ(result.sets.size(), 2u);
  EXPECT_EQ(result.sets[0].verdict, Verdict::kAccepted) << result.sets[0].failure;
  EXPECT_EQ(result.sets[1].verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(result.sets[1].passed, 1);
}

// Two programs' runs taking their cases in turn (the standing's rounds) each keep a child of its
// own: a file that keeps state between calls fails at its second case whatever ran in between, and
// the other runs on.
TEST_F(Judge, CaseRunsTakingTurnsKeepAChildEach) {
  std::vector<Case> cases = loadCases(kRoot + "/testcases/magictour.txt");
  cases.resize(3);
  Program keepsState = buildProgram(kRoot + "/solutions/wrong_answer/globals_not_reset.cpp", builtWorkspace());
  Program correct = buildProgram(kRoot + "/solutions/bitmask_mrv_std_function.cpp", builtWorkspace());
  CaseRun failing(keepsState.path, cases, 10000), passing(correct.path, cases, 10000);
  EXPECT_TRUE(failing.step());
  EXPECT_TRUE(passing.step());
  EXPECT_FALSE(failing.step());
  EXPECT_TRUE(passing.step());
  EXPECT_FALSE(failing.step());  // no case after a failure
  RunOutcome failed = failing.finish(), passed = passing.finish();
  EXPECT_EQ(failed.verdict, Verdict::kWrongAnswer);
  EXPECT_EQ(failed.failedAt, 1u);
  EXPECT_EQ(failed.micros.size(), 1u);
  EXPECT_EQ(passed.verdict, Verdict::kAccepted) << passed.why;
  EXPECT_EQ(passed.micros.size(), 3u);
}

TEST_F(Judge, BundledSolutionsRunOnTheLeetCodeTierThenTheSetsTheyDeclare) {
  auto declared = declaredSets(kRoot);
  std::vector<std::string> tier = leetcodeTier(kRoot);
  for (const auto& [name, sets] : declared) {
    std::vector<std::string> expected = tier;
    for (const std::string& set : sets)
      if (std::count(tier.begin(), tier.end(), set) == 0) expected.push_back(set);
    EXPECT_EQ(setsFor(kRoot + "/solutions/" + name + ".cpp", builtWorkspace()), expected) << name;
  }
}

void expectEveryNineByNineSet(const std::vector<std::string>& sets) {
  for (const std::string& set : bundledSets(kRoot)) {
    bool nineByNine = loadCases(kRoot + "/testcases/" + set + ".txt").front().puzzle.size() == 9;
    EXPECT_EQ(std::count(sets.begin(), sets.end(), set), nineByNine ? 1 : 0) << set;
  }
}

TEST_F(Judge, OtherFilesRunOnEveryNineByNineSet) {
  std::string file = kRoot + "/judge/fixtures/pasted_from_web.cpp";
  expectEveryNineByNineSet(setsFor(file, builtWorkspace()));
}

TEST_F(Judge, UnlistedBundledSolutionsRunOnEveryNineByNineSet) {
  auto declared = declaredSets(kRoot);
  for (const auto& entry : fs::directory_iterator(kRoot + "/solutions"))
    if (entry.path().extension() == ".cpp" && !declared.count(entry.path().stem().string()))
      expectEveryNineByNineSet(setsFor(entry.path().string(), builtWorkspace()));
}

// --- LeetCode's compile: the file at global scope, the driver after it ---

FileResult judgeOnTier(const std::string& file) {
  JudgeOptions options;
  options.sets = leetcodeTier(kRoot);
  return judgeFile(file, options);
}

// A fixture LeetCode would not compile: a Compile Error whose message says `why`.
void expectCompileErrorSaying(const std::string& fixture, const std::string& why) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/" + fixture);
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kCompileError) << fixture;
  EXPECT_NE(result.message.english().find(why), std::string::npos) << result.message;
}

TEST_F(Judge, AMainOfItsOwnIsACompileErrorThatSaysLeetCodeSuppliesMain) {
  expectCompileErrorSaying("defines_main.cpp", "defines main(); LeetCode supplies main()");
}

TEST_F(Judge, NoClassSolutionIsOneLineNamingWhatWasFound) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/lowercase_solution.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kCompileError);
  EXPECT_EQ(result.message.english(), kRoot + "/judge/fixtures/lowercase_solution.cpp: no class Solution; "
                            "found class solution (line 3) instead. LeetCode calls "
                            "Solution().solveSudoku(board).");
  result = judgeOnTier(kRoot + "/judge/fixtures/empty.cpp");
  EXPECT_EQ(result.message.english(), kRoot + "/judge/fixtures/empty.cpp: the file is empty; LeetCode "
                            "calls Solution().solveSudoku(board).");
}

// Public solutions found pasted so: the compiler's own error, in the file, not the driver's.
TEST_F(Judge, AnErrorAboveTheClassIsTheCompilersNotAMissingClass) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/stray_line_before_class.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kCompileError);
  EXPECT_NE(result.message.english().find("stray_line_before_class.cpp:1:1: error: unknown type name 'https'"),
            std::string::npos) << result.message;
  for (const char* wrong : {"no class Solution", "LeetCode driver", "undeclared identifier 'Solution'"})
    EXPECT_EQ(result.message.english().find(wrong), std::string::npos) << wrong << " in:\n" << result.message;
  // clang's count is of the two errors shown ("unknown type name", "expected unqualified-id"),
  // not three with the driver's left out.
  EXPECT_NE(result.message.english().find(":1:6: error: expected unqualified-id"), std::string::npos) << result.message;
  EXPECT_NE(result.message.english().find("\n2 errors generated."), std::string::npos) << result.message;
}

TEST_F(Judge, AMacroThatBreaksTheDriversMainIsNotCalledAMainOfItsOwn) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/define_int_long_long.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kCompileError);
  EXPECT_NE(result.message.english().find("'main' must return 'int'"), std::string::npos) << result.message;
  EXPECT_NE(result.message.english().find("#define int long long"), std::string::npos) << result.message;
  EXPECT_EQ(result.message.english().find("defines main()"), std::string::npos) << result.message;
}

// No wrapper, namespace or build path: the user's file and line only.
TEST_F(Judge, CompileErrorsNameOnlyTheUsersFile) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/compile_error.cpp");
  for (const char* foreign : {"namespace", "build/", "judged", "LeetCode driver", ".cc"})
    EXPECT_EQ(result.message.english().find(foreign), std::string::npos) << foreign << " in:\n" << result.message;
}

TEST_F(Judge, ADiscussStyleFileWithABomAndAFunctionNamedJudgeIsAccepted) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/discuss_style.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kAccepted) << result.message;
}

TEST_F(Judge, APrivateSolveSudokuIsACompileErrorThatSaysSo) {
  expectCompileErrorSaying("private_solve.cpp", "has no public void solveSudoku");
}

TEST_F(Judge, GnuExtensionHeadersCompileAsOnLeetCode) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/pb_ds.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kAccepted) << result.message;
}

// What most LeetCode users submit: scanning isValid, no pruning beyond it.
TEST_F(Judge, PlainBacktrackingGetsTheLeetCodeVerdictAccepted) {
  FileResult result = judgeOnTier(kRoot + "/judge/fixtures/plain_backtracking.cpp");
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kAccepted);
  EXPECT_TRUE(result.passes(false));
  int tierSets = 0;
  for (const SetResult& set : result.sets) {
    tierSets += set.leetcodeTier;
    if (set.leetcodeTier) {
      EXPECT_EQ(set.passed, set.total) << set.set << ": " << set.failure;
    }
  }
  EXPECT_EQ(tierSets, int(leetcodeTier(kRoot).size()));
}

// A path with spaces, parentheses, '$' and '&' is only a name.
TEST_F(Judge, JudgesAFileWhosePathHasSpacesAndParentheses) {
  std::string dir = testing::TempDir() + "dir with space $HOME & co";
  fs::create_directories(dir);
  std::string file = dir + "/my sol (v2).cpp";
  fs::copy_file(kRoot + "/judge/fixtures/plain_backtracking.cpp", file,
                fs::copy_options::overwrite_existing);
  FileResult result = judgeOnTier(file);
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kAccepted) << result.message;
}

// `cp -p` of an older, correct file over a judged wrong one: the cache keys
// on the text, not on modification times.
TEST_F(Judge, AFileReplacedWithAnOlderOneIsJudgedAnew) {
  std::string file = testing::TempDir() + "replaced_with_cp_p.cpp";
  fs::copy_file(kRoot + "/solutions/wrong_answer/box_index_sum.cpp", file,
                fs::copy_options::overwrite_existing);
  JudgeOptions options;
  options.sets = {"leetcode_example"};
  ASSERT_EQ(judgeFile(file, options).verdict, Verdict::kWrongAnswer);
  auto mtime = fs::last_write_time(file);
  fs::copy_file(kRoot + "/judge/fixtures/plain_backtracking.cpp", file,
                fs::copy_options::overwrite_existing);
  fs::last_write_time(file, mtime - std::chrono::hours(24));  // older than the judged program
  EXPECT_EQ(judgeFile(file, options).verdict, Verdict::kAccepted);
}

TEST(FileResult, ALeetCodeTierFailureDecidesTheVerdictAStressFailureOnlyWhenStrict) {
  FileResult result;
  result.sets.resize(2);
  result.sets[0].set = "leetcode_example", result.sets[0].leetcodeTier = true;
  result.sets[1].set = "magictour";
  result.sets[1].verdict = result.verdict = Verdict::kTimeLimitExceeded;
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kAccepted);
  EXPECT_TRUE(result.passes(false));
  EXPECT_FALSE(result.passes(true));
  result.sets[0].verdict = Verdict::kWrongAnswer;
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kWrongAnswer);
  EXPECT_FALSE(result.passes(false));
}

TEST(FileResult, ASkippedFileNeverPasses) {
  FileResult result;
  result.verdict = Verdict::kSkipped;
  EXPECT_EQ(result.leetcodeVerdict(), Verdict::kSkipped);
  EXPECT_FALSE(result.passes(false));
}

// The harness links every solution inside a namespace of its own; LeetCode
// compiles each alone at global scope. Each must pass that compile too.
TEST_F(Judge, EveryBundledSolutionPassesLeetCodesCompileAndExample) {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(kRoot + "/solutions"))
    if (entry.path().extension() == ".cpp") files.push_back(entry.path().string());
  auto programs = buildPrograms(files, 2, builtWorkspace());
  JudgeOptions options;
  options.sets = {"leetcode_example"};
  for (size_t i = 0; i < files.size(); ++i) {
    const Program* program = std::get_if<Program>(&programs[i]);
    ASSERT_NE(program, nullptr) << files[i];
    if (program->verdict == Verdict::kSkipped) continue;  // needs C++23: Registry.* say why
    FileResult result = judgeProgram(*program, options, builtWorkspace());
    EXPECT_EQ(result.verdict, Verdict::kAccepted)
        << files[i] << ": " << result.message;
  }
}

// Each says what the path is, not "no such file" for a folder that is there.
TEST_F(Judge, AMissingFileIsAnErrorNotAVerdict) {
  auto errorOf = [](const std::string& path) -> std::string {
    try {
      judgeFile(path, {});
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "judged";
  };
  EXPECT_EQ(errorOf(kRoot + "/solutions/no_such_solution.cpp"), kRoot + "/solutions/no_such_solution.cpp: no such file");
  EXPECT_EQ(errorOf(kRoot + "/solutions"), kRoot + "/solutions: a folder, not a solution file");
  EXPECT_EQ(errorOf("/dev/null"), "/dev/null: not a regular file (a solution is a .cpp file)");
}

// The limits file names real sets only, so a renamed set cannot silently fall
// back to the default limit.
TEST(TimeLimits, NameOnlyBundledSets) {
  std::vector<std::string> sets = bundledSets(kRoot);
  std::ifstream in(kRoot + "/judge/time_limits.txt");
  for (std::string line; std::getline(in, line);) {
    std::string name = line.substr(0, line.find_first_of(" \t#"));
    if (!name.empty() && name != "default" && name != "memory_mb" && name != "output_mb") {
      EXPECT_EQ(std::count(sets.begin(), sets.end(), name), 1) << name;
    }
  }
}

std::string limitsError(const std::string& text) {
  std::string path = testing::TempDir() + "time_limits.txt";
  std::ofstream(path) << text;
  try {
    TimeLimits limits(path);
  } catch (const CatalogError& e) {
    return std::string(e.what()).substr(path.size());
  }
  return "";
}

TEST(TimeLimits, ReadsEachSetsLimitAndTheDefault) {
  std::string path = testing::TempDir() + "time_limits.txt";
  std::ofstream(path) << "# set  ms\nmagictour 40  # measured\ndefault 1000\n";
  TimeLimits limits(path);
  EXPECT_EQ(limits.forSet("magictour"), 40);
  EXPECT_EQ(limits.forSet("serg_multi"), 1000);
}

TEST(TimeLimits, RejectsMalformedLines) {
  EXPECT_EQ(limitsError("default 1000\nmagictour\n"), ":2: expected a set and its limit in ms");
  EXPECT_EQ(limitsError("default 1000\nmagictour 4x\n"),
            ":2: '4x' is not a positive number of milliseconds");
  EXPECT_EQ(limitsError("default 0\n"), ":1: '0' is not a positive number of milliseconds");
  EXPECT_EQ(limitsError("magictour 40\n"), ": no 'default' limit");
}

}  // namespace
}  // namespace judge
