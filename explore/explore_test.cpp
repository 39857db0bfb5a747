// The capture and the page: a trace replayed from the puzzle gives the solution's own answer,
// two ways of writing one search make the same moves, a long search stops at its limit, and
// headless Chromium shows, after N steps, the board the trace has after N steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "core/checker.h"
#include "core/process/process.h"
#include "explore/page.h"
#include "core/testcases.h"
#include "core/text_file.h"

namespace explore {
namespace {

const std::string kRoot = REPO_ROOT;

core::Case loadCase(const std::string& set, size_t index) {
  return core::loadCases(kRoot + "/testcases/" + set + ".txt").at(index);
}
core::Case leetcodeExample() { return loadCase("leetcode_example", 0); }
core::Case ladderPuzzle() {  // testcases/magictour.txt:37, bench/ladder.txt's hard puzzle
  for (const core::Case& c : core::loadCases(kRoot + "/testcases/magictour.txt"))
    if (c.where.size() > 3 && c.where.compare(c.where.size() - 3, 3, ":37") == 0) return c;
  throw std::runtime_error("magictour.txt has no line 37");
}

const core::SolutionEntry& solution(const std::string& name) {
  for (const core::SolutionEntry& e : core::solutions())
    if (e.name == name) return e;
  throw std::runtime_error("no solution " + name);
}

std::vector<std::string> solutionNames() {
  std::vector<std::string> names;
  for (const core::SolutionEntry& e : core::solutions()) names.push_back(e.name);
  return names;
}

int filledBySearch(const core::Board& puzzle, const core::Board& board) {
  int filled = 0;
  for (size_t r = 0; r < board.size(); ++r)
    for (size_t c = 0; c < board.size(); ++c) filled += puzzle[r][c] == '.' && board[r][c] != '.';
  return filled;
}

// Each step's `from` is what the replayed board holds there, and `to` differs from it.
void expectConsistent(const Trace& trace) {
  core::Board board = trace.puzzle;
  for (size_t i = 0; i < trace.steps.size(); ++i) {
    const Step& s = trace.steps[i];
    char& cell = board[s.cell / 9][s.cell % 9];
    ASSERT_EQ(cell, s.from) << trace.solution << " step " << i;
    ASSERT_NE(s.from, s.to) << trace.solution << " step " << i;
    cell = s.to;
  }
}

class Capture : public testing::TestWithParam<std::string> {};

TEST_P(Capture, ReplayOfTheLeetCodeExampleGivesTheAnswer) {
  core::Case example = leetcodeExample();
  Trace trace = capture(solution(GetParam()), example.puzzle);
  ASSERT_EQ(trace.stopped, "");
  ASSERT_FALSE(trace.steps.empty());
  expectConsistent(trace);
  core::Board replayed = replay(trace.puzzle, trace.steps, trace.steps.size());
  EXPECT_EQ(core::toLine(replayed), core::toLine(trace.answer));
  EXPECT_EQ(core::check(example.puzzle, replayed, example.solution ? &*example.solution : nullptr), "");
}

TEST_P(Capture, ReplayOfTheLadderPuzzleGivesTheAnswerOrStopsAtTheLimit) {
  core::Case ladder = ladderPuzzle();
  Trace trace = capture(solution(GetParam()), ladder.puzzle);
  expectConsistent(trace);
  core::Board replayed = replay(trace.puzzle, trace.steps, trace.steps.size());
  if (!trace.stopped.empty()) {
    EXPECT_NE(core::check(ladder.puzzle, replayed), "") << "stopped, yet the board is solved";
    return;
  }
  EXPECT_EQ(core::toLine(replayed), core::toLine(trace.answer));
  EXPECT_EQ(core::check(ladder.puzzle, replayed, &*ladder.solution), "");
}

INSTANTIATE_TEST_SUITE_P(Explore, Capture, testing::ValuesIn(solutionNames()),
                         [](const testing::TestParamInfo<std::string>& info) { return core::camelCase(info.param); });

void expectSameMoves(const Trace& a, const Trace& b) {
  ASSERT_FALSE(a.steps.empty());
  ASSERT_EQ(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const Step &x = a.steps[i], &y = b.steps[i];
    ASSERT_TRUE(x.cell == y.cell && x.from == y.from && x.to == y.to && x.depth == y.depth)
        << "step " << i << ": cell " << x.cell << " " << x.from << x.to << " depth " << x.depth << " against cell "
        << y.cell << " " << y.from << y.to << " depth " << y.depth;
  }
  EXPECT_EQ(a.searchCalls, b.searchCalls);
}

TEST(Capture, StdFunctionAndYCombinatorMakeTheSameMovesStepForStep) {
  for (const core::Case& c : {leetcodeExample(), ladderPuzzle()}) {
    Trace viaFunction = capture(solution("bitmask_mrv_std_function"), c.puzzle);
    Trace viaY = capture(solution("bitmask_mrv_y_combinator"), c.puzzle);
    EXPECT_EQ(viaFunction.stopped, "");
    expectSameMoves(viaFunction, viaY);
  }
}

bool registered(const std::string& name) {
  std::vector<std::string> names = solutionNames();
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The other ways of writing bitmask + MRV (globals, the hardware popcount, deducing this where
// this build has it) make its moves too; iterative_dfs makes them without recursing (depth 0).
TEST(Capture, TheBitmaskMrvRewritesMakeTheSameMoves) {
  Trace reference = capture(solution("bitmask_mrv_std_function"), ladderPuzzle().puzzle);
  for (const char* name : {"bitmask_mrv_globals", "bitmask_mrv_popcnt", "bitmask_mrv_deducing_this"})
    if (registered(name)) expectSameMoves(reference, capture(solution(name), ladderPuzzle().puzzle));
  for (Step& s : reference.steps) s.depth = 0;
  reference.searchCalls.clear();
  expectSameMoves(reference, capture(solution("iterative_dfs"), ladderPuzzle().puzzle));
}

// bool_arrays changes only how a digit is checked: its moves are naive backtracking's.
TEST(Capture, BoolArraysMakeTheMovesOfNaiveBacktracking) {
  Trace naive = capture(solution("naive_backtracking"), leetcodeExample().puzzle);
  Trace arrays = capture(solution("bool_arrays"), leetcodeExample().puzzle);
  expectSameMoves(naive, arrays);
}

// For a search that fills one cell per level, the depth at a placement is the number of cells
// it has filled, and a cell is taken back at the depth it was placed at.
TEST(Capture, DepthIsTheLevelOfTheRecursion) {
  for (const char* name : {"naive_backtracking", "bitmask_mrv_std_function", "generic_bitmask_mrv"}) {
    Trace trace = capture(solution(name), ladderPuzzle().puzzle, {3000, 20000000});
    core::Board board = trace.puzzle;
    for (size_t i = 0; i < trace.steps.size(); ++i) {
      const Step& s = trace.steps[i];
      board[s.cell / 9][s.cell % 9] = s.to;
      int filled = filledBySearch(trace.puzzle, board);
      ASSERT_EQ(s.depth, s.to == '.' ? filled + 1 : filled) << name << " step " << i;
    }
  }
}

TEST(Capture, NaiveIsStoppedAtTheStepLimitAndUnwound) {
  Trace trace = capture(solution("naive_backtracking"), ladderPuzzle().puzzle, {1000, 20000000});
  EXPECT_EQ(trace.steps.size(), 1000u);
  EXPECT_EQ(trace.stopped, "stopped after 1000 steps");
  Trace again = capture(solution("naive_backtracking"), ladderPuzzle().puzzle, {1000, 20000000});
  expectSameMoves(trace, again);  // nothing of the stopped run leaked into the next
}

TEST(Capture, ASearchIsStoppedAtTheCallLimit) {
  Trace trace = capture(solution("dancing_links"), ladderPuzzle().puzzle, {30000, 500});
  EXPECT_EQ(trace.stopped, "stopped after 500 calls");
  EXPECT_EQ(trace.calls, 501);
}

// Dancing Links searches on its links and writes the board once, after its search: the
// capture sees its search calls, and then only placements, never an undo.
TEST(Capture, DancingLinksWritesTheBoardOnlyAfterItsSearch) {
  Trace trace = capture(solution("dancing_links"), ladderPuzzle().puzzle);
  EXPECT_EQ(trace.searchFunction, "search");
  EXPECT_GT(*std::max_element(trace.searchCalls.begin(), trace.searchCalls.end()), 10);
  EXPECT_TRUE(std::all_of(trace.steps.begin(), trace.steps.end(),
                          [](const Step& s) { return s.from == '.' && s.depth == 0; }));
  EXPECT_GE(trace.callsBeforeFirstStep, trace.calls * 9 / 10);
}

TEST(Capture, IterativeDfsHasNoSearchFunction) {
  Trace trace = capture(solution("iterative_dfs"), leetcodeExample().puzzle);
  EXPECT_EQ(trace.searchFunction, "");
  EXPECT_TRUE(trace.searchCalls.empty());
}

TEST(Page, NeedsItsDataPlaceholder) {
  EXPECT_THROW(renderPage("<html></html>", {}, {}), std::invalid_argument);
  std::string page = renderPage("<script>const DATA = /*@DATA@*/null;</script>", {}, {30000, 5});
  EXPECT_EQ(page, "<script>const DATA = {\"stepLimit\":30000,\"callLimit\":5,\"puzzles\":[]};</script>");
}

// The page stands alone: the board's files it shares with make serve's page are put inline, so
// nothing is left for a browser to fetch.
TEST(Page, PutsTheSharedBoardInline) {
  std::string page = pageTemplate(kRoot + "/explore");
  EXPECT_EQ(page.find("<script src="), std::string::npos);
  EXPECT_EQ(page.find("<link rel=\"stylesheet\""), std::string::npos);
  EXPECT_NE(page.find("const SudokuBoard"), std::string::npos);
  EXPECT_NE(page.find(".cell.c2, .cell.c5"), std::string::npos);
  EXPECT_THROW(pageTemplate(kRoot + "/no such folder"), std::invalid_argument);
}

TEST(Page, EncodesAStepInThreeCharacters) {
  Trace trace;
  trace.solution = "naive_backtracking";
  trace.puzzle = trace.answer = leetcodeExample().puzzle;
  trace.steps = {{2, '.', '4', 1}, {80, '"', '\\', 0}};
  std::string json = toJson({{"x", trace.puzzle, {trace}}}, {});
  EXPECT_NE(json.find("\"steps\":\"\\\"4!p\\\\ \""), std::string::npos) << json;
  EXPECT_NE(json.find("\"idea\":\"Naive backtracking: fill"), std::string::npos);
}

// make explore SOLUTION=f.cpp: the user's file is named by its path and marked; the others not.
TEST(Page, MarksTheUsersFileAndNamesItByItsPath) {
  core::Board puzzle = leetcodeExample().puzzle;
  std::vector<Puzzle> puzzles = {{"x", puzzle, {capture(solution("naive_backtracking"), puzzle),
                                                capture(solution("dancing_links"), puzzle)}}};
  Yours yours{"naive_backtracking", "my dir/mine.cpp"};
  std::string json = toJson(puzzles, {}, &yours);
  EXPECT_NE(json.find("{\"solution\":\"mine (your file)\",\"yours\":true,\"file\":\"my dir/mine.cpp\""),
            std::string::npos) << json.substr(0, 300);
  EXPECT_NE(json.find("{\"solution\":\"dancing_links\",\"yours\":false,"), std::string::npos);
  EXPECT_EQ(toJson(puzzles, {}).find("\"yours\":true"), std::string::npos);
}

// judge --replay of a bundled solution's code (the page's Editorial): named as that solution.
TEST(Page, NamesABundledFileAsItself) {
  core::Board puzzle = leetcodeExample().puzzle;
  std::vector<Puzzle> puzzles = {{"x", puzzle, {capture(solution("naive_backtracking"), puzzle)}}};
  Yours yours{"naive_backtracking", "solutions/naive_backtracking.cpp", "", true};
  std::string json = toJson(puzzles, {}, &yours);
  EXPECT_NE(json.find("{\"solution\":\"naive_backtracking\",\"yours\":true,\"file\":\"solutions/naive_backtracking.cpp\""),
            std::string::npos) << json.substr(0, 300);
  EXPECT_NE(json.find("\"bundled\":true"), std::string::npos);
  EXPECT_EQ(json.find("your file"), std::string::npos);
}

// A file name is the user's: one that closes the script or is not UTF-8 still makes a page that
// parses, the name shown as near as JSON allows.
TEST(Page, KeepsTheScriptWholeWhateverTheFileIsCalled) {
  core::Board puzzle = leetcodeExample().puzzle;
  std::vector<Puzzle> puzzles = {{"x", puzzle, {capture(solution("naive_backtracking"), puzzle)}}};
  Yours yours{"naive_backtracking", "a</script>\xff\n.cpp"};
  std::string json = toJson(puzzles, {}, &yours);
  EXPECT_EQ(json.find("</"), std::string::npos);
  EXPECT_NE(json.find("\"file\":\"a\\u003c/script>\xEF\xBF\xBD\\n.cpp\""), std::string::npos) << json.substr(0, 300);
}

// Every solution on the default puzzles, within the step limit, makes a page that opens at once.
TEST(Page, OfTheDefaultPuzzlesIsUnderThreeMegabytes) {
  std::vector<Puzzle> puzzles;
  for (const core::Case& c : {leetcodeExample(), ladderPuzzle()}) {
    puzzles.push_back({c.where, c.puzzle, {}});
    for (const core::SolutionEntry& entry : core::solutions()) puzzles.back().traces.push_back(capture(entry, c.puzzle));
  }
  EXPECT_LT(toJson(puzzles, {}).size(), 3u << 20);
}

// --- The page in a real browser. ---

std::string run(const std::string& command) {
  return core::process::captureStdout({"/bin/sh", "-c", command}).output;
}

std::string chromium(const std::string& arguments) {
  std::string profile = std::string(EXPLORE_DIR) + "/profile";
  std::filesystem::remove_all(profile);
  return run("timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
             "--disable-background-networking --disable-component-update --disable-sync --user-data-dir=" +
             profile + " " + arguments + " 2>/dev/null");
}

// The 81 cells the board with this id shows, as a line ('.' for an empty cell).
std::string shownBoard(const std::string& dom, const std::string& id) {
  size_t at = dom.find("id=\"" + id + "\"");
  if (at == std::string::npos) return "no " + id;
  std::string board = dom.substr(at, dom.find("</div>", at) - at), line;
  for (size_t span = board.find("<span"); span != std::string::npos; span = board.find("<span", span + 1)) {
    size_t text = board.find('>', span) + 1;
    std::string shown = board.substr(text, board.find('<', text) - text);
    line += shown.empty() ? "." : shown;
  }
  return line;
}

class Browser : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    if (run("command -v chromium").empty()) return;
    std::filesystem::create_directories(EXPLORE_DIR);
    for (const core::Case& c : {leetcodeExample(), ladderPuzzle()}) {
      puzzles_.push_back({c.where, c.puzzle, {}});
      for (const char* name : {"bitmask_mrv_std_function", "naive_backtracking", "dancing_links"})
        puzzles_.back().traces.push_back(capture(solution(name), c.puzzle));
    }
    std::ofstream(page()) << renderPage(pageTemplate(kRoot + "/explore"), puzzles_, {});
  }
  void SetUp() override {
    if (puzzles_.empty()) FAIL() << "chromium not found: sudo apt-get install chromium";
  }
  static std::string page() { return std::string(EXPLORE_DIR) + "/index.html"; }
  static std::vector<Puzzle> puzzles_;
};
std::vector<Puzzle> Browser::puzzles_;

TEST_F(Browser, ShowsTheTracesBoardAfterNStepsWithoutErrors) {
  const Trace &left = puzzles_[1].traces[0], &right = puzzles_[1].traces[1];  // the ladder puzzle
  for (size_t n : {size_t(0), size_t(1), size_t(777), size_t(5000)}) {
    std::string dom = chromium("--dump-dom 'file://" + page() + "?puzzle=1&left=bitmask_mrv_std_function" +
                               "&right=naive_backtracking&steps=" + std::to_string(n) + "'");
    std::string head = dom.substr(0, 2000);
    ASSERT_NE(dom.find("data-ready=\"yes\""), std::string::npos) << "the page's script did not finish:\n" << head;
    EXPECT_NE(dom.find("<pre id=\"errors\"></pre>"), std::string::npos) << "errors on the page:\n" << head;
    EXPECT_EQ(shownBoard(dom, "board-left"), core::toLine(replay(left.puzzle, left.steps, n))) << n << " steps";
    EXPECT_EQ(shownBoard(dom, "board-right"), core::toLine(replay(right.puzzle, right.steps, n))) << n << " steps";
  }
}

// A page with a file of the user's opens with that file in the left panel.
TEST_F(Browser, OpensWithTheUsersFileOnTheLeft) {
  Yours yours{"naive_backtracking", "my dir/mine.cpp"};
  std::string path = std::string(EXPLORE_DIR) + "/yours.html";
  std::ofstream(path) << renderPage(pageTemplate(kRoot + "/explore"), puzzles_, {}, &yours);
  std::string dom = chromium("--dump-dom 'file://" + path + "'");
  ASSERT_NE(dom.find("data-ready=\"yes\""), std::string::npos) << dom.substr(0, 2000);
  EXPECT_NE(dom.find("<pre id=\"errors\"></pre>"), std::string::npos) << dom.substr(0, 2000);
  std::string left = dom.substr(dom.find("id=\"left\""), 600);
  EXPECT_NE(left.find("(my dir/mine.cpp)"), std::string::npos) << left;
  EXPECT_NE(dom.find("Your file, my dir/mine.cpp, is on the left"), std::string::npos);
}

TEST_F(Browser, WritesAScreenshot) {
  std::string shot = std::string(EXPLORE_DIR) + "/screenshot.png";
  std::filesystem::remove(shot);
  chromium("--screenshot=" + shot + " --window-size=1100,900 'file://" + page() + "?steps=400'");
  ASSERT_TRUE(std::filesystem::exists(shot));
  std::ifstream in(shot, std::ios::binary);
  char magic[8] = {};
  in.read(magic, 8);
  EXPECT_EQ(std::string(magic + 1, 3), "PNG");
  EXPECT_GT(std::filesystem::file_size(shot), 10000u);
}

// The whole of make explore SOLUTION=f.cpp, in this build's folder and with its flags: the
// page holds the file, marked, and the file is left as it was.
TEST(MakeExplore, PutsTheUsersFileOnThePageUnchanged) {
  std::string dir = std::string(EXPLORE_DIR) + "/make-explore";  // the file's name has a space
  std::filesystem::create_directories(dir);
  std::string file = dir + "/my plain.cpp", page = dir + "/index.html";
  std::filesystem::copy_file(kRoot + "/judge/fixtures/plain_backtracking.cpp", file,
                             std::filesystem::copy_options::overwrite_existing);
  std::filesystem::remove(page);
  std::string before = core::tryReadTextFile(file).value_or("");
  std::string output = run("env -u MAKEFLAGS make -s -C '" + kRoot + "' explore EXPLORE_BUILD='" +
                           EXPLORE_BUILD_DIR + "' EXPLORE_FLAGS='" + EXPLORE_FLAGS_USED + "' EXPLORE_PAGE='" + page + "' SOLUTION='" +
                           file + "' PUZZLE=testcases/leetcode_example.txt 2>&1");
  EXPECT_NE(output.find("my plain (your file): 8365 steps"), std::string::npos) << output;
  std::string html = core::tryReadTextFile(page).value_or("");
  EXPECT_NE(html.find("\"solution\":\"my plain (your file)\",\"yours\":true"), std::string::npos) << output;
  EXPECT_NE(html.find("\"solution\":\"dancing_links\",\"yours\":false"), std::string::npos);
  EXPECT_EQ(core::tryReadTextFile(file).value_or(""), before);
}

TEST(MakeExplore, ANamedFileThatIsMissingIsAUsageError) {
  std::string output = run("env -u MAKEFLAGS make -s -C '" + kRoot + "' explore EXPLORE_BUILD='" +
                           EXPLORE_BUILD_DIR + "' SOLUTION=no/such/file.cpp 2>&1; echo status $?");
  EXPECT_NE(output.find("explore: no file no/such/file.cpp"), std::string::npos) << output;
  EXPECT_NE(output.find("status 2"), std::string::npos) << output;
}

}  // namespace
}  // namespace explore
