// judge --replay: the page of a file's own search, its code run in the judge's
// box. The trace read back from the page replays to the board the checker
// accepts; the hostile files are held as under the judge; a Compile Error, a
// program whose output is not a trace or is too large, and a search that never
// returns each give exit 1 and one line in LeetCode's words, never a crash.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <map>

#include "core/checker.h"
#include "core/testcases.h"
#include "core/text_file.h"
#include "explore/capture.h"
#include "explore/page.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;
namespace {

namespace fs = std::filesystem;

// A folder of this test process's own, for pages and made-up files.
std::string scratch() {
  std::string dir = testing::TempDir() + "replay_test_" + std::to_string(getpid()) + "/";
  fs::create_directories(dir);
  return dir;
}

struct Replay {
  int status;
  std::string stderrText;  // with --out, the judge writes nothing else (runCommand joins the two)
  std::string page;        // the page written to --out, "" if none
};

// `build/bin/judge --replay ARGS --out PAGE -- FILE`, as the serve command calls it.
Replay replay(const std::string& file, const std::vector<std::string>& args = {}) {
  std::string page = scratch() + "page.html";
  fs::remove(page);
  std::vector<std::string> argv = {JUDGE_BINARY, "--replay"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.end(), {"--out", page, "--", file});
  Replay r;
  r.status = runCommand(argv, r.stderrText);
  r.page = tryReadTextFile(page).value_or("");
  return r;
}

// The page's data, read back as the page reads it.
std::vector<explore::Puzzle> dataOf(const std::string& page) {
  const std::string start = "const DATA = ";
  size_t at = page.find(start);
  if (at == std::string::npos) return {};
  at += start.size();
  return explore::fromJson(page.substr(at, page.find(";\n", at) - at), 16 << 20);
}

// A file made up for one test, in the scratch folder.
std::string madeUp(const std::string& name, const std::string& text) {
  std::string path = scratch() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Replay, PlainBacktrackingReplaysToTheBoardTheCheckerAccepts) {
  Replay r = replay(kFixtures + "plain_backtracking.cpp");
  ASSERT_EQ(r.status, 0) << r.stderrText;
  std::vector<explore::Puzzle> puzzles = dataOf(r.page);
  ASSERT_EQ(puzzles.size(), 1u);
  ASSERT_EQ(puzzles[0].traces.size(), 1u);
  EXPECT_EQ(puzzles[0].board, example().puzzle);
  EXPECT_EQ(puzzles[0].where, "testcases/leetcode_example.txt:3");
  const explore::Trace& t = puzzles[0].traces[0];
  EXPECT_EQ(t.steps.size(), 8365u);  // naive_backtracking's: the same search (explore/README.md)
  Board end = explore::replay(example().puzzle, t.steps, t.steps.size());
  EXPECT_EQ(check(example().puzzle, end), "");
  EXPECT_EQ(end, *example().solution);
  // The page shows it in its left panel, named as the user's file.
  EXPECT_NE(r.page.find("\"solution\":\"plain_backtracking (your file)\",\"yours\":true"), std::string::npos);
}

// The page's Editorial replays a bundled file by posting its code, given to the judge as
// solution.cpp: the page names it as the bundled solution it is, not as the user's file; a
// byte changed, and it is the user's again.
TEST(Replay, ABundledFilesCodeIsNamedAsThatSolutionNotAsYourFile) {
  std::string bundled = readTextFile(kRoot + "/solutions/bool_arrays.cpp");
  Replay r = replay(madeUp("solution.cpp", bundled));
  ASSERT_EQ(r.status, 0) << r.stderrText;
  EXPECT_NE(r.page.find("\"solution\":\"bool_arrays\",\"yours\":true,\"file\":\"solutions/bool_arrays.cpp\""),
            std::string::npos);
  EXPECT_NE(r.page.find("\"bundled\":true"), std::string::npos);
  EXPECT_EQ(r.page.find("(your file)"), std::string::npos);
  Replay changed = replay(madeUp("solution.cpp", bundled + "// mine now\n"));
  ASSERT_EQ(changed.status, 0) << changed.stderrText;
  EXPECT_NE(changed.page.find("\"solution\":\"solution (your file)\",\"yours\":true"), std::string::npos);
  EXPECT_EQ(changed.page.find("\"bundled\":true"), std::string::npos);
}

// Compiled by the judge's compiler (clang 19, LeetCode's), so a file in C++23 that the judge
// accepts replays too: deducing this, which g++ 12 (the replay's compiler before) refused.
TEST(Replay, AFileInCpp23ThatTheJudgeAcceptsReplays) {
  Replay r = replay(kRoot + "/solutions/bitmask_mrv_deducing_this.cpp");
  ASSERT_EQ(r.status, 0) << r.stderrText;
  std::vector<explore::Puzzle> puzzles = dataOf(r.page);
  ASSERT_EQ(puzzles.size(), 1u);
  ASSERT_EQ(puzzles[0].traces.size(), 1u);
  const explore::Trace& t = puzzles[0].traces[0];
  EXPECT_FALSE(t.steps.empty());
  Board end = explore::replay(example().puzzle, t.steps, t.steps.size());
  EXPECT_EQ(end, *example().solution);
}

TEST(Replay, TakesTheCaseInAnyFormTheJudgeReadsAndWritesStdoutWithoutOut) {
  std::string line = toLine(example().puzzle);
  std::string out;
  int status = runCommand({"/bin/sh", "-c", std::string(JUDGE_BINARY) + " --replay --data --case '" + line + "' -- '" +
                                                kFixtures + "plain_backtracking.cpp' 2>/dev/null"},
                          out);
  ASSERT_EQ(status, 0) << out;
  std::vector<explore::Puzzle> puzzles = explore::fromJson(out, 16 << 20);
  ASSERT_EQ(puzzles.size(), 1u);
  EXPECT_EQ(puzzles[0].where, "CASE:1");
  EXPECT_EQ(puzzles[0].traces.at(0).steps.size(), 8365u);
}

TEST(Replay, ASecondReplayOfTheSameFileIsNotCompiledAgain) {
  std::string fixture = tryReadTextFile(kFixtures + "plain_backtracking.cpp").value_or("");
  std::string file = madeUp("cached.cpp", fixture + "// " + std::to_string(getpid()) + "\n");
  ASSERT_EQ(replay(file).status, 0);
  std::string bin = builtWorkspace().judged + "/replay/bin";
  // The cache's own entries (KEY, KEY.cpp, KEY.failed), not the mktemp files (KEY.XXXXXX) of
  // builds running beside this test in other shards, which come and go.
  auto cached = [&bin] {
    std::map<std::string, fs::file_time_type> times;
    for (const auto& entry : fs::directory_iterator(bin)) {
      std::string ext = entry.path().extension();
      std::error_code gone;
      fs::file_time_type time = fs::last_write_time(entry.path(), gone);
      if (!gone && (ext.empty() || ext == ".cpp" || ext == ".failed")) times[entry.path()] = time;
    }
    return times;
  };
  std::map<std::string, fs::file_time_type> before = cached();
  Replay again = replay(file);
  EXPECT_EQ(again.status, 0) << again.stderrText;
  for (const auto& [path, time] : cached())
    if (before.count(path)) {
      EXPECT_EQ(time, before[path]) << path;
    }
  EXPECT_FALSE(dataOf(again.page).empty());
}

// Two replays of one new file at once (two terminals, two shards): both get the page, and the
// file is built under its cache entry's lock (KEY.lock), so that the second waits for the first.
TEST(Replay, TwoReplaysOfOneNewFileAtOnceBothSucceed) {
  std::string fixture = tryReadTextFile(kFixtures + "plain_backtracking.cpp").value_or("");
  std::string file = madeUp("twice.cpp", fixture + "// at once " + std::to_string(getpid()) + "\n");
  auto replayTo = [&file](const std::string& name) {  // replay() writes one page path: each its own
    std::string page = scratch() + name;
    Replay r;
    r.status = runCommand({JUDGE_BINARY, "--replay", "--out", page, "--", file}, r.stderrText);
    r.page = tryReadTextFile(page).value_or("");
    return r;
  };
  std::future<Replay> other = std::async(std::launch::async, replayTo, "twice-2.html");
  Replay one = replayTo("twice-1.html"), two = other.get();
  EXPECT_EQ(one.status, 0) << one.stderrText;
  EXPECT_EQ(two.status, 0) << two.stderrText;
  EXPECT_FALSE(dataOf(one.page).empty());
  EXPECT_FALSE(dataOf(two.page).empty());
  bool locked = false;
  for (const auto& entry : fs::directory_iterator(builtWorkspace().judged + "/replay/bin"))
    locked = locked || entry.path().extension() == ".lock";
  EXPECT_TRUE(locked);
}

TEST(Replay, AFileThatRewritesTheRepositoryCannotTouchIt) {
  std::string before = repositoryFiles();
  ASSERT_NE(before.find("/judge/replay/replay_test.cpp "), std::string::npos) << before;
  Replay r = replay(kFixtures + "hostile/rewrites_repo.cpp");
  EXPECT_EQ(r.status, 0) << r.stderrText;  // a correct search: only the attack failed
  EXPECT_EQ(repositoryFiles(), before);
  EXPECT_FALSE(fs::exists(kRoot + "/hostile_was_here.txt"));
}

TEST(Replay, AFileThatReadsTheTestcasesFindsNone) {
  Replay r = replay(kFixtures + "hostile/reads_testcases.cpp");
  ASSERT_EQ(r.status, 0) << r.stderrText;
  std::vector<explore::Puzzle> puzzles = dataOf(r.page);
  ASSERT_EQ(puzzles.size(), 1u);
  EXPECT_NE(puzzles[0].traces.at(0).answer, *example().solution);  // it found no answer to copy
}

TEST(Replay, AForkBombIsStoppedAtItsFirstProcess) {
  Replay r = replay(kFixtures + "hostile/fork_bomb.cpp");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Runtime Error: ", 0), 0u) << r.stderrText;
  EXPECT_NE(r.stderrText.find("created a process"), std::string::npos) << r.stderrText;
  EXPECT_EQ(r.page, "");
}

// In the reader's language, as the judge's report is: leetcode.cn's verdict words first.
TEST(Replay, AFailureSpeaksChineseWhenAsked) {
  Replay r = replay(kFixtures + "compile_error.cpp", {"--lang", "zh_CN"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("编译出错：", 0), 0u) << r.stderrText;
  EXPECT_NE(r.stderrText.find("compile_error.cpp:5:"), std::string::npos) << r.stderrText;
}

TEST(Replay, ACompileErrorGivesTheCompilersMessage) {
  Replay r = replay(kFixtures + "compile_error.cpp");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Compile Error: ", 0), 0u) << r.stderrText;
  EXPECT_NE(r.stderrText.find("compile_error.cpp:5:"), std::string::npos) << r.stderrText;
  EXPECT_NE(r.stderrText.find("solveFrom"), std::string::npos) << r.stderrText;
  EXPECT_EQ(r.page, "");
}

// A solution that writes `bytes` of junk where the trace goes: the stdout that the replay's loop
// keeps aside while the solution runs (the regular files it holds open above fd 4).
std::string junkWriter(const std::string& name, long bytes) {
  return madeUp(name, "#include <sys/stat.h>\n#include <unistd.h>\n"
                      "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n"
                      "        string junk(" + std::to_string(bytes) + ", 'x');\n"
                      "        for (int fd = 5; fd < 64; ++fd) {\n"
                      "            struct stat s;\n"
                      "            if (fstat(fd, &s) == 0 && S_ISREG(s.st_mode)) (void)!write(fd, junk.data(), junk.size());\n"
                      "        }\n    }\n};\n");
}

TEST(Replay, OutputThatIsNotATraceIsAClearError) {
  Replay r = replay(junkWriter("garbles.cpp", 10));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Runtime Error: the replay's output on testcases/leetcode_example.txt:3 is not a "
                               "trace: it is not JSON", 0), 0u) << r.stderrText;
  EXPECT_EQ(r.page, "");
}

TEST(Replay, OutputTooLargeIsAClearError) {
  Replay r = replay(junkWriter("floods.cpp", 3 << 20));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Runtime Error: the replay's output on testcases/leetcode_example.txt:3 is not a "
                               "trace: more than 1024 KB", 0), 0u) << r.stderrText;
  EXPECT_EQ(r.page, "");
}

TEST(Replay, ASolutionThatSleepsIsStoppedByTheWallClock) {
  Replay r = replay(kFixtures + "sleeps.cpp", {"--time-limit-ms", "200"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Time Limit Exceeded: the replay stopped after 2000 ms of wall-clock time", 0), 0u)
      << r.stderrText;
}

TEST(Replay, ASearchThatNeverReturnsIsStoppedByTheCpuLimit) {
  std::string loops = madeUp("loops.cpp", "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) {\n"
                                          "        for (volatile long i = 0;; i = i + 1) {}\n    }\n};\n");
  Replay r = replay(loops, {"--time-limit-ms", "300"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.stderrText.rfind("Time Limit Exceeded: the replay stopped after 300 ms of CPU time", 0), 0u)
      << r.stderrText;
}

TEST(Replay, UsageErrorsExitTwo) {
  EXPECT_EQ(replay(kFixtures + "no_such_file.cpp").status, 2);
  EXPECT_EQ(replay(kFixtures + "plain_backtracking.cpp", {"--case", "53..7"}).status, 2);
  std::string out;
  EXPECT_EQ(runCommand({JUDGE_BINARY, "--out", "x.html", kFixtures + "plain_backtracking.cpp"}, out), 2) << out;
}

// explore::fromJson, which reads the box's stdout: toJson's data comes back whole, and data that is
// not a trace is refused with the reason, never read past.
std::string oneTrace(const std::string& steps, const std::string& extra = "") {
  return "{\"puzzles\":[{\"where\":\"w\",\"side\":9,\"puzzle\":\"" + toLine(example().puzzle) +
         "\",\"traces\":[{\"solution\":\"x\",\"yours\":true,\"steps\":\"" + steps +
         "\",\"searchCalls\":\"!\",\"searchCallCount\":1,\"searchFunction\":\"f\",\"calls\":3," +
         "\"callsBeforeFirstStep\":0,\"stepsSeenTogether\":0,\"stopped\":\"\",\"answer\":\"" +
         toLine(example().puzzle) + "\"" + extra + "}]}]}";
}

std::string refusal(const std::string& text, size_t maxBytes = 1 << 20) {
  try {
    explore::fromJson(text, maxBytes);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(ReplayData, ReadsBackWhatToJsonWrote) {
  explore::Trace t;
  t.solution = kYoursEntry, t.puzzle = example().puzzle, t.answer = *example().solution;
  t.steps = {{2, '.', '4', 1}, {2, '4', '.', 1}}, t.searchCalls = {1, 2}, t.calls = 9;
  explore::Yours yours{kYoursEntry, "mine.cpp", ""};
  std::vector<explore::Puzzle> read = explore::fromJson(explore::toJson({{"w", t.puzzle, {t}}}, {}, &yours), 1 << 20);
  ASSERT_EQ(read.size(), 1u);
  const explore::Trace& back = read[0].traces.at(0);
  EXPECT_EQ(back.solution, kYoursEntry);
  ASSERT_EQ(back.steps.size(), 2u);
  EXPECT_EQ(back.steps[1].from, '4');  // rebuilt by replaying the steps
  EXPECT_EQ(back.searchCalls, t.searchCalls);
  EXPECT_EQ(back.calls, 9);
  EXPECT_EQ(back.answer, t.answer);
}

TEST(ReplayData, RefusesWhatIsNotATrace) {
  EXPECT_EQ(refusal(oneTrace("$4!")), "");                      // a step: cell 4, '4', depth 1
  EXPECT_EQ(refusal("not json"), "it is not JSON");
  EXPECT_EQ(refusal(oneTrace("$4!"), 100), "the data is larger than 100 bytes");
  EXPECT_EQ(refusal(oneTrace("~4!")), "a step's cell is off the board");  // 126 - 32 = 94 > 80
  EXPECT_EQ(refusal(oneTrace("$4")), "\"steps\" is not made of 3-character steps");
  EXPECT_EQ(refusal(oneTrace("$4\\u0001")), "a depth code out of range");
  EXPECT_EQ(refusal("{\"puzzles\":{}}"), "\"puzzles\" is not a list of at most 100");
  EXPECT_EQ(refusal("[1]"), "no \"puzzles\"");
  std::string noCount = oneTrace("$4!");
  noCount.replace(noCount.find("\"calls\":3"), 9, "\"calls\":-3");
  EXPECT_EQ(refusal(noCount), "\"calls\" is not a count");
  std::string shortAnswer = oneTrace("$4!");
  shortAnswer.replace(shortAnswer.rfind(toLine(example().puzzle)), 81, "123");
  EXPECT_EQ(refusal(shortAnswer), "\"answer\" is not a board of the puzzle's size");
}

}  // namespace
}  // namespace judge
