// Every runtime error of judge/fixtures/runtime/ judged by this build's judge, as the page and the
// terminal get it: the failing case's story in JSON (the headline the runtime's own first line,
// each line of the file the report names with its role, the report's own words kept), and the
// text, which names each of those lines as FILE:LINE, where an editor jumps to.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "core/testcases.h"
#include "core/text_file.h"
#include "judge/header_value.h"
#include "judge/report/report.h"
#include "judge/report/runtime_error.h"
#include "judge/test_support.h"
#include "messages/json.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> runtimeFixtures() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(kFixtures + "runtime"))
    if (entry.path().extension() == ".cpp") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// The "verdict" line of --json-lines: the LeetCode tier's report, and its text as the terminal prints it
// (in English: its messages kept as message ids, messages/README.md).
Json verdictEvent(const std::string& output) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    Json event = Json::parse(line, nullptr, false);
    if (event.is_object() && event.value("event", "") == "verdict") {
      event["text"] = messages::textOf(event["text"]).english();
      return event;
    }
  }
  return nullptr;
}

// Chinese for one test, English again after it: a judge a later test starts inherits the language.
struct InChinese {
  bool ok;
  InChinese() { ok = core::speak("zh_CN"); }
  ~InChinese() { core::speak("en"); }
};

// "11 failed, 10 allocated", as a fixture's header writes them.
std::string storyLines(const Json& story) {
  std::string text;
  for (const Json& line : story["lines"])
    text += (text.empty() ? "" : ", ") + std::to_string(line["line"].get<int>()) + " " + line["role"].get<std::string>();
  return text.empty() ? "none" : text;
}

std::string keptText(const Json& story) {
  std::string text;
  for (const Json& part : story["parts"])
    if (part["kind"] == "report")
      for (const Json& line : part["lines"]) text += line.get<std::string>() + "\n";
  return text;
}

std::vector<std::string> splitOnBars(const std::string& list) {
  std::vector<std::string> items;
  for (size_t from = 0; from <= list.size();) {
    size_t bar = list.find(" | ", from);
    items.push_back(list.substr(from, bar == std::string::npos ? std::string::npos : bar - from));
    if (bar == std::string::npos) break;
    from = bar + 3;
  }
  return items;
}

class RuntimeFixture : public testing::TestWithParam<std::string> {};

TEST_P(RuntimeFixture, TellsItsStoryInJsonAndInText) {
  const std::string& file = GetParam();
  Outcome outcome = judge({"--json-lines", "--sets", "leetcode_example", "--shrink-seconds", "0", file});
  Json verdict = verdictEvent(outcome.output);
  ASSERT_TRUE(verdict.is_object()) << outcome.output;
  ASSERT_EQ(verdict["leetcode_verdict"], headerValue(file, "Expected verdict")) << outcome.output;
  if (verdict["leetcode_verdict"] == "Accepted") return;
  const Json& failing = verdict["failing_case"];
  ASSERT_TRUE(failing.contains("runtime_error")) << failing.dump(2);
  const Json& story = failing["runtime_error"];
  std::string headline = story["headline"];
  EXPECT_NE(headline.find(headerValue(file, "Expected headline")), std::string::npos) << headline;
  // The headline is the report's own first line, as the runtime wrote it (its "==PID==ERROR: " aside).
  std::string report = story["report"];
  EXPECT_NE(report.find(headline), std::string::npos) << report;
  EXPECT_EQ(storyLines(story), headerValue(file, "Expected lines")) << story.dump(2);
  std::string contains = headerValue(file, "Expected report contains");
  if (!contains.empty())
    for (const std::string& words : splitOnBars(contains)) {
      std::string where = words.find("more frames of your file") != std::string::npos ? verdict["text"].get<std::string>()
                                                                                       : keptText(story);
      EXPECT_NE(where.find(words), std::string::npos) << words << "\n" << where;
    }
  // The terminal's text: the headline (a signal alone: in the failure's reason, "killed by signal 11
  // (Segmentation fault)"), and each line as a compiler names it, the failing one an error.
  std::string text = verdict["text"];
  if (story["parts"].empty()) EXPECT_NE(text.find("(" + headline.substr(0, headline.find(" (SIG")) + ")\n"), std::string::npos) << text;
  else EXPECT_NE(text.find("\n  " + headline + "\n"), std::string::npos) << text;
  for (const Json& line : story["lines"]) {
    std::string where = file + ":" + std::to_string(line["line"].get<int>());
    if (line["column"] != 0) where += ":" + std::to_string(line["column"].get<int>());
    bool failedHere = line["role"] == "failed" && line["depth"] == 0;
    EXPECT_NE(text.find("\n" + where + (failedHere ? ": error: " : ": note: ")), std::string::npos) << where << "\n" << text;
    // The line's role is a message kept for its reader (the page shows it in its language).
    ASSERT_TRUE(line["said"].is_object()) << line.dump();
    std::string said = messages::textOf(line["said"]).english();
    EXPECT_NE(text.find(where + (failedHere ? ": error: " : ": note: ") + said + "\n"), std::string::npos) << said << "\n" << text;
  }
}

INSTANTIATE_TEST_SUITE_P(Files, RuntimeFixture, testing::ValuesIn(runtimeFixtures()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           return core::camelCase(fs::path(info.param).stem().string());
                         });

// LeetCode's example of the issue, as the page judges it: a file named solution.cpp, judged from its
// folder. The terminal names solution.cpp:LINE; --full prints the report whole, its shadow bytes too.
TEST(RuntimeErrorText, NamesTheFileAsTheUserGaveIt) {
  fs::path folder = fs::temp_directory_path() / ("runtime-error-test-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  fs::copy_file(kFixtures + "runtime/heap_buffer_overflow.cpp", folder / "solution.cpp", fs::copy_options::overwrite_existing);
  std::vector<std::string> judged = {"/usr/bin/env", "-C", folder.string(), kJudge, "--sets", "leetcode_example",
                                     "--shrink-seconds", "0", "solution.cpp"};
  std::string folded, whole;
  runCommand(judged, folded);
  judged.insert(judged.end() - 1, "--full");
  runCommand(judged, whole);
  fs::remove_all(folder);
  for (const char* told : {"\n  AddressSanitizer: heap-buffer-overflow on address 0x", "\n  READ of size 4 at 0x",
                           "is located 0 bytes after 12-byte region",
                           "\nsolution.cpp:11:29: error: it failed here: heap-buffer-overflow, READ of size 4 (in Solution::solveSudoku)\n",
                           "\nsolution.cpp:10:17: note: the memory was allocated here: 12-byte region (in Solution::solveSudoku)\n",
                           "[ASan's shadow bytes around the address: "})
    EXPECT_NE(folded.find(told), std::string::npos) << told << "\n" << folded;
  EXPECT_EQ(folded.find("Shadow byte legend"), std::string::npos) << folded;
  EXPECT_EQ(folded.find("/tmp/solution.cpp"), std::string::npos) << folded;
  for (const char* told : {"Shadow byte legend", "==ABORTING", "in std::vector<int, std::allocator<int>",  // "> >" by llvm-symbolizer 14, ">>" by 19
                           "\nsolution.cpp:11:29: error: it failed here"})
    EXPECT_NE(whole.find(told), std::string::npos) << told << "\n" << whole;
}

// make history ID=N prints a kept report again from its JSON: the story comes back whole.
TEST(RuntimeErrorText, AKeptReportTellsItsStoryAgain) {
  RuntimeStory story = readStory(core::readTextFile(kFixtures + "runtime/reports/heap_buffer_overflow.txt"), "solution.cpp");
  ASSERT_TRUE(story.told());
  FileResult result{"solution.cpp", Verdict::kRuntimeError, "", {}};
  SetResult tier;
  tier.set = "leetcode_example", tier.leetcodeTier = true, tier.limitMs = 10000, tier.verdict = Verdict::kRuntimeError;
  tier.total = 1, tier.failure = "Runtime Error on testcases/leetcode_example.txt:3 (case 1 of 1): exit code 1";
  tier.failedCase = FailedCase{0, "testcases/leetcode_example.txt:3", "exit code 1", example().puzzle, std::nullopt,
                               example().solution, "", 0, "", story};
  result.sets.push_back(tier);
  Json kept = Json::parse(dumpJson(reportJson(result)));
  EXPECT_EQ(kept["failing_case"]["runtime_error"]["headline"], story.headline);
  FileResult again = resultFromJson(kept);
  ASSERT_TRUE(again.sets.at(0).failedCase && again.sets[0].failedCase->story);
  EXPECT_EQ(again.sets[0].failedCase->story->report, story.report);
  std::string first = failureDetails(result, true).shown(), second = failureDetails(again, true).shown();
  EXPECT_EQ(second, first);
  EXPECT_NE(second.find("\nsolution.cpp:11:29: error: it failed here: heap-buffer-overflow, READ of size 4"), std::string::npos)
      << second;
}

// The headings and roles around the report are messages, shown in the reader's language; the
// report's own words never are: a kept story walked for a Chinese page, and printed in Chinese.
TEST(RuntimeErrorText, ItsWordsInTheReadersLanguageTheReportsAsWritten) {
  RuntimeStory story = readStory(core::readTextFile(kFixtures + "runtime/reports/heap_buffer_overflow.txt"), "solution.cpp");
  ASSERT_TRUE(story.told());
  Json kept = runtimeErrorJson(story);
  InChinese chinese;
  ASSERT_TRUE(chinese.ok);
  Json page = messages::shown(kept);
  EXPECT_EQ(page["headline"], story.headline);
  EXPECT_EQ(page["report"], story.report);
  std::string role = page["lines"].at(0)["said"];
  EXPECT_EQ(role.rfind("在这里出错：heap-buffer-overflow, READ of size 4", 0), 0u) << role;
  bool folded = false;
  for (const Json& part : page["parts"])
    if (part["kind"] == "shadow") {
      folded = true;
      EXPECT_NE(part["summary"].get<std::string>().find("影子字节"), std::string::npos) << part;
    }
  EXPECT_TRUE(folded) << page.dump(2);
  std::string text = runtimeErrorText(story, "solution.cpp").shown();
  EXPECT_NE(text.find("\nsolution.cpp:11:29: error: 在这里出错：heap-buffer-overflow, READ of size 4"), std::string::npos) << text;
  EXPECT_NE(text.find("\n  READ of size 4 at 0x"), std::string::npos) << text;
}

}  // namespace
}  // namespace judge
