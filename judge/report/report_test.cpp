// The judge's report as a user reads it: the LeetCode verdict before any
// stress row, read through a pipe while the stress sets still run; Ctrl-C
// then; a failing case in LeetCode's words (Input, Output, Expected, Stdout);
// and the JSON report, read back field by field.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <pty.h>

#include <cstdio>
#include <sstream>

#include "core/catalog.h"
#include "core/checker.h"
#include "core/process/process.h"
#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"
#include "core/testcases.h"
#include "messages/json.h"

namespace judge {
using namespace core;
namespace {

// The judge with its stdout on a pipe, read line by line as it comes.
class PipedJudge {
 public:
  explicit PipedJudge(const std::vector<std::string>& args) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return;
    std::vector<std::string> command = {kJudge};
    command.insert(command.end(), args.begin(), args.end());
    process::Options options;
    options.fds = {0, ends[1], 2};
    pid_ = process::start(command, options);
    close(ends[1]);
    out_ = fdopen(ends[0], "r");
  }
  ~PipedJudge() {
    if (pid_ > 0) kill(pid_, SIGKILL), process::wait(pid_);
    if (out_) std::fclose(out_);
  }

  // The next line, or nullopt at the end of the output.
  std::optional<std::string> line() {
    char buffer[4096];
    if (!out_ || !std::fgets(buffer, sizeof buffer, out_)) return std::nullopt;
    return std::string(buffer);
  }
  void interrupt() { kill(pid_, SIGINT); }
  int status() {  // the exit status, or 128 + the signal that ended it
    int status = process::wait(pid_).shellCode();
    pid_ = -1;
    return status;
  }

 private:
  pid_t pid_ = -1;
  FILE* out_ = nullptr;
};

// blocks_on_17_clue.cpp passes the LeetCode tier, then sleeps on seventeen_clue
// until the watchdog (over 30 s): the verdict can only come first if it is
// printed the moment the tier is done.
TEST(LiveReport, PrintsTheVerdictBeforeAnyStressRowThenCtrlCKeepsItsStatus) {
  PipedJudge judge({"--max-cases", "1", kFixtures + "blocks_on_17_clue.cpp"});
  std::string seen;
  std::optional<std::string> line;
  while ((line = judge.line()) && line->rfind("LeetCode verdict:", 0) != 0) seen += *line;
  ASSERT_TRUE(line) << seen;
  std::string cases = std::to_string(leetcodeTier(kRoot).size());  // one case of each set
  EXPECT_EQ(*line, "LeetCode verdict: Accepted — " + cases + " / " + cases + " testcases passed\n");
  EXPECT_EQ(seen.find("Beyond LeetCode"), std::string::npos) << seen;
  // The tier's table follows; then the stress sets, as they finish, without seventeen_clue.
  while ((line = judge.line()) && line->find("the stress tiers") == std::string::npos) seen += *line;
  ASSERT_TRUE(line) << seen;
  for (int row = 0; row < 2 && (line = judge.line()); ++row) seen += *line;  // header, a row
  judge.interrupt();
  std::string rest;
  while ((line = judge.line())) rest += *line;
  EXPECT_EQ(judge.status(), 0) << seen << rest;
  EXPECT_NE(rest.find("interrupted"), std::string::npos) << rest;
  EXPECT_EQ((seen + rest).find("seventeen_clue"), std::string::npos) << seen << rest;
}

// The example's first failing case, as LeetCode shows it, under the grids.
TEST(LeetCodeWords, AWrongAnswerShowsInputOutputExpectedAndStdout) {
  int status = 0;
  std::string output = judgeOutput({"--sets", "leetcode_example", kFixtures + "debug_prints_wrong.cpp"}, status);
  EXPECT_EQ(status, 1);
  Case example = loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  EXPECT_NE(output.find("LeetCode verdict: Wrong Answer — 0 / 1 testcases passed"), std::string::npos) << output;
  size_t grids = output.find("returned"), input = output.find("\nInput:    " + toLeetCode(example.puzzle) + "\n");
  ASSERT_NE(input, std::string::npos) << output;
  EXPECT_LT(grids, input) << output;
  size_t at = output.find("\nOutput:   [[");
  ASSERT_NE(at, std::string::npos) << output;
  std::string shown = output.substr(at + 11, output.find('\n', at + 1) - at - 11);
  Board answer = parseBoard(shown);
  EXPECT_NE(check(example.puzzle, answer, &*example.solution), "") << shown;
  EXPECT_NE(output.find("\nExpected: " + toLeetCode(*example.solution) + "\n"), std::string::npos) << output;
  EXPECT_NE(output.find("\nStdout:\n  debug: 30 givens\n  try 1\n  debug: done\n"), std::string::npos) << output;
  EXPECT_EQ(output.find('\x1b'), std::string::npos) << "an escape sequence reached the report";
}

TEST(LeetCodeWords, ATimeLimitExceededShowsTheLastExecutedInput) {
  int status = 0;
  std::string output = judgeOutput({"--sets", "leetcode_example", "--time-limit-ms", "100",
                                    kFixtures + "sleeps.cpp"}, status);
  Case example = loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  EXPECT_NE(output.find("LeetCode verdict: Time Limit Exceeded — 0 / 1 testcases passed"), std::string::npos) << output;
  EXPECT_NE(output.find("\nLast executed input: " + toLeetCode(example.puzzle) + "\n"), std::string::npos) << output;
  EXPECT_EQ(output.find("\nOutput:"), std::string::npos) << output;
}

TEST(JsonReport, HoldsTheVerdictEachSetAndTheFailingCaseInLeetCodesForm) {
  int status = 0;
  std::string file = kFixtures + "debug_prints_wrong.cpp";
  std::vector<std::string> tier = leetcodeTier(kRoot), names = tier;
  names.push_back("serg_multi");  // a stress set
  std::string list;
  for (const std::string& set : names) list += set + ",";
  std::string output = judgeOutput({"--json", "--max-cases", "2", "--sets", list, file}, status);
  EXPECT_EQ(status, 1);
  Json report = Json::parse(output);
  EXPECT_EQ(report.at("file").get<std::string>(), file);
  EXPECT_EQ(report.at("leetcode_verdict").get<std::string>(), "Wrong Answer");
  EXPECT_EQ(report.at("passed").get<long long>(), 0);
  int total = 0;
  for (const std::string& set : tier) total += std::min<int>(2, int(loadCases(kRoot + "/testcases/" + set + ".txt").size()));
  EXPECT_EQ(report.at("total").get<long long>(), total);
  const auto& sets = report.at("sets");
  ASSERT_EQ(sets.size(), names.size());
  TimeLimits limits(kRoot + "/judge/time_limits.txt");
  for (size_t i = 0; i < sets.size(); ++i) {
    const Json& set = sets[i];
    EXPECT_EQ(set.at("set").get<std::string>(), names[i]);
    EXPECT_EQ(set.at("tier").get<std::string>(), i < tier.size() ? "leetcode" : "stress");
    EXPECT_EQ(set.at("verdict").get<std::string>(), "Wrong Answer");
    EXPECT_EQ(set.at("passed").get<long long>(), 0);
    EXPECT_EQ(set.at("limit_ms").get<long long>(), limits.forSet(set.at("set").get<std::string>()));
    EXPECT_TRUE(set.at("median_us").is_null() && set.at("max_us").is_null());  // no case passed
    EXPECT_EQ(set.at("failing_case").at("case").get<long long>(), 1);
  }
  const Json& failing = report.at("failing_case");
  Case example = loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  EXPECT_EQ(failing.at("set").get<std::string>(), "leetcode_example");
  EXPECT_EQ(failing.at("where").get<std::string>(), "testcases/leetcode_example.txt:3");
  EXPECT_EQ(failing.at("input").get<std::string>(), toLeetCode(example.puzzle));
  EXPECT_EQ(failing.at("expected").get<std::string>(), toLeetCode(*example.solution));
  EXPECT_NE(check(example.puzzle, parseBoard(failing.at("output").get<std::string>()), &*example.solution), "");
  EXPECT_EQ(failing.at("stdout").get<std::string>(), "debug: 30 givens\ntry 1\ndebug: done");
  EXPECT_FALSE(failing.at("reason").get<std::string>().empty());
}

TEST(JsonReport, AnAcceptedFileHasItsTimesAndNoFailingCase) {
  int status = 0;
  std::string output = judgeOutput({"--json", "--sets", "leetcode_example,project_euler_96",
                                    kFixtures + "plain_backtracking.cpp"}, status);
  EXPECT_EQ(status, 0) << output;
  Json report = Json::parse(output);
  EXPECT_EQ(report.at("leetcode_verdict").get<std::string>(), "Accepted");
  EXPECT_EQ(report.at("passed").get<long long>(), report.at("total").get<long long>());
  EXPECT_TRUE(report.at("failing_case").is_null());
  for (const Json& set : report.at("sets")) {
    EXPECT_EQ(set.at("passed").get<long long>(), set.at("total").get<long long>());
    EXPECT_GT(set.at("median_us").get<long long>(), 0);
    EXPECT_LE(set.at("median_us").get<long long>(), set.at("max_us").get<long long>());
    EXPECT_TRUE(set.at("failing_case").is_null());
  }
}

// make history shows a kept report again from its JSON: the results read back from the document
// print the same text, and give the same document, as those it was written from.
TEST(JsonReport, ReadBackPrintsTheSameReport) {
  Case example = loadCases(kRoot + "/testcases/leetcode_example.txt").at(0);
  Board wrong = *example.solution;
  wrong[0][2] = wrong[0][3];
  FileResult original{"mine.cpp", Verdict::kWrongAnswer, "", {}};
  SetResult tier;
  tier.set = "leetcode_example", tier.leetcodeTier = true, tier.limitMs = 10000, tier.verdict = Verdict::kWrongAnswer;
  tier.total = 1, tier.failure = "testcases/leetcode_example.txt:3 (case 1 of 1): row 1 has two 6s";
  tier.failedCase = FailedCase{0, "testcases/leetcode_example.txt:3", "row 1 has two 6s", example.puzzle, wrong,
                               example.solution, "debug: 30 givens", 7300, "", std::nullopt};
  SetResult stress;
  stress.set = "serg_multi", stress.limitMs = 100, stress.passed = stress.total = 3;
  stress.micros = {120, 80, 4000}, stress.memoryKb = {7200, 7400, 7300};
  stress.rerun = "case 2";
  original.sets = {tier, stress};
  Json document = reportJson(original);
  FileResult back = resultFromJson(document);
  EXPECT_EQ(dumpJson(reportJson(back)), dumpJson(document));
  for (bool leetcode : {true, false}) EXPECT_EQ(failureDetails(back, leetcode).english(), failureDetails(original, leetcode).english());
  Tables tables({"mine.cpp"});
  for (size_t i = 0; i < original.sets.size(); ++i)
    EXPECT_EQ(tables.setRow("mine.cpp", back.sets[i]), tables.setRow("mine.cpp", original.sets[i]));
  EXPECT_EQ(verdictWords(back).english(), verdictWords(original).english());
  EXPECT_EQ(verdictNamed("Time Limit Exceeded"), Verdict::kTimeLimitExceeded);
  EXPECT_FALSE(verdictNamed("Pending"));
}

// The judge's own words for a compile error (no class Solution) end their line as the compiler's
// message does, so that a blank line, not the summary, follows it.
TEST(TextReport, ACompileErrorsMessageEndsItsLineWhoeverWroteIt) {
  FileResult judges{"f.cpp", Verdict::kCompileError, "f.cpp: the file is empty; LeetCode calls Solution().solveSudoku(board).", {}};
  EXPECT_EQ(failureDetails(judges, true).english(),
            "\n== f: Compile Error\nf.cpp: the file is empty; LeetCode calls Solution().solveSudoku(board).\n");
  FileResult compilers{"f.cpp", Verdict::kCompileError, "f.cpp:1:1: error: expected unqualified-id\n1 error generated.\n", {}};
  EXPECT_EQ(failureDetails(compilers, true).english(),
            "\n== f: Compile Error\nf.cpp:1:1: error: expected unqualified-id\n1 error generated.\n");
}

TEST(JsonReport, ACompileErrorCarriesTheCompilersMessage) {
  int status = 0;
  Json report = Json::parse(judgeOutput({"--json", kFixtures + "compile_error.cpp"}, status));
  EXPECT_EQ(status, 1);
  EXPECT_EQ(report.at("leetcode_verdict").get<std::string>(), "Compile Error");
  EXPECT_NE(report.at("message").get<std::string>().find("error"), std::string::npos);
  EXPECT_TRUE(report.at("sets").empty());
}

// --json-lines (make serve's page reads it): every line one JSON object, "event" its first key;
// the verdict before any stress set; the failing case's wrong cells those of core::wrongCells;
// the last line the --json document, its sentences message ids that read as --json's English.
TEST(JsonLines, OneObjectALineTheVerdictFirstTheDocumentLast) {
  int status = 0;
  std::string file = kFixtures + "debug_prints_wrong.cpp";
  std::string list;
  for (const std::string& set : leetcodeTier(kRoot)) list += set + ",";
  std::string output = judgeOutput({"--json-lines", "--shrink-seconds", "0", "--max-cases", "2", "--sets",
                                    list + "serg_multi", file}, status);
  EXPECT_EQ(status, 1);
  std::vector<Json> events;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    Json event = Json::parse(line);  // throws when a line is not one JSON document
    ASSERT_EQ(event.begin().key(), "event") << line;
    if (event.at("event") != "progress") events.push_back(event);
  }
  ASSERT_GE(events.size(), 4u) << output;
  EXPECT_EQ(events[0].at("event"), "verdict");
  EXPECT_EQ(events[0].at("leetcode_verdict"), "Wrong Answer");
  const Json& failing = events[0].at("failing_case");
  Board input = parseBoard(failing.at("input").get<std::string>());
  Board answer = parseBoard(failing.at("output").get<std::string>());
  Board expected = parseBoard(failing.at("expected").get<std::string>());
  Json cells = Json::array();
  for (auto [r, c] : wrongCells(input, answer, &expected)) cells.push_back({r, c});
  EXPECT_FALSE(cells.empty());
  EXPECT_EQ(failing.at("wrong_cells"), cells);
  EXPECT_EQ(events[1].at("event"), "stress_set");
  EXPECT_EQ(events[1].at("set"), "serg_multi");
  EXPECT_EQ(events[events.size() - 2].at("event"), "findings");
  const Json& done = events.back();
  EXPECT_EQ(done.at("event"), "done");
  EXPECT_EQ(done.at("exit_status"), 1);
  Json document = Json::parse(judgeOutput({"--json", "--shrink-seconds", "0", "--max-cases", "2", "--sets",
                                           list + "serg_multi", file}, status));
  std::vector<std::string> keys, documentKeys;
  for (const auto& item : done.at("report").items()) keys.push_back(item.key());
  for (const auto& item : document.items()) documentKeys.push_back(item.key());
  EXPECT_EQ(keys, documentKeys);
  Json failingThen = done.at("report").at("failing_case"), failingNow = document.at("failing_case");
  failingThen.erase("memory_kb"), failingNow.erase("memory_kb");  // measured, each run its own
  EXPECT_TRUE(failingThen.at("reason").contains("msgid")) << failingThen.dump();
  EXPECT_EQ(messages::inEnglish(failingThen), failingNow);
  std::string both = judgeOutput({"--json-lines", "--json", file}, status);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(both.rfind("judge: --json excludes --json-lines\n", 0), 0u) << both;  // CLI11's words
}

// The side-by-side boards' wrong cells in colour on a terminal, and no escape in a pipe.
TEST(LeetCodeWords, TheWrongCellsAreColouredOnATerminalOnly) {
  std::vector<std::string> args = {kJudge, "--sets", "leetcode_example", "--shrink-seconds", "0",
                                   "--standing", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"};
  std::string piped;
  runCommand(args, piped);
  EXPECT_NE(piped.find("returned"), std::string::npos) << piped;
  EXPECT_EQ(piped.find('\033'), std::string::npos) << piped;
  int terminal = -1, judgesSide = -1;  // a pseudo-terminal: the judge's stdout is a terminal
  ASSERT_EQ(openpty(&terminal, &judgesSide, nullptr, nullptr, nullptr), 0);
  process::Options options;
  options.fds = {judgesSide, judgesSide, judgesSide};
  pid_t pid = process::start(args, options);
  close(judgesSide);
  std::string shown;
  char buffer[4096];
  for (ssize_t n; (n = read(terminal, buffer, sizeof buffer)) > 0;) shown.append(buffer, size_t(n));
  close(terminal);
  process::wait(pid);
  EXPECT_NE(shown.find("\033[1;31m.\033[0m"), std::string::npos) << shown;  // r1c3, still '.'
}

}  // namespace
}  // namespace judge

// Whatever bytes a solution prints, the document is valid UTF-8 and reads back: a byte that is
// not UTF-8 becomes U+FFFD, a control character an escape; keys stay in the order they were set.
TEST(JsonReport, IsValidUtf8WhateverASolutionPrints) {
  judge::Json doc{{"stdout", "caf\xc3\xa9 \xff\xfe tab\t\x01"}, {"a", 1}, {"b", nullptr}};
  std::string text = judge::dumpJson(doc);
  EXPECT_NE(text.find("\\u0001"), std::string::npos) << text;
  judge::Json back = judge::Json::parse(text);  // throws on invalid UTF-8
  EXPECT_EQ(back.at("stdout").get<std::string>(), "caf\xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd tab\t\x01");
  std::vector<std::string> keys;
  for (const auto& item : back.items()) keys.push_back(item.key());
  EXPECT_EQ(keys, (std::vector<std::string>{"stdout", "a", "b"}));
  EXPECT_TRUE(back.at("b").is_null());
}
