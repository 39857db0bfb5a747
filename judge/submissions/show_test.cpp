// make history ID=N (show.h) as a user reads it: a judgement kept by the judge, shown again, in
// the reader's language whichever language it was judged in.
#include "judge/submissions/show.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "core/text_file.h"
#include "history/store.h"
#include "judge/findings/findings.h"
#include "judge/report/report.h"
#include "judge/test_support.h"
#include "messages/json.h"

namespace judge {
namespace {

bool holdsChinese(const std::string& text) {
  for (unsigned char c : text)
    if (c >= 0xE4 && c <= 0xE9) return true;  // U+4E00..U+9FFF's first byte in UTF-8
  return false;
}

// A history of its own for one test, gone after it.
struct ScratchHistory {
  std::string db = testing::TempDir() + "show-test-" + std::to_string(getpid()) + "-" +
                   testing::UnitTest::GetInstance()->current_test_info()->name() + ".sqlite";
  ~ScratchHistory() {
    for (const char* end : {"", "-wal", "-shm"}) std::remove((db + end).c_str());
  }
  std::string shown(long long id, const char* language) {
    return judge({"history", "--history-db", db, "--id", std::to_string(id), "--lang", language}).output;
  }
};

// A Wrong Answer judged and kept, in `language`: box_index_sum leaves r1c3 empty.
void judgeAWrongAnswer(const ScratchHistory& history, const char* language, const std::string& format = "") {
  std::vector<std::string> args = {"--lang", language, "--record", "judge", "--history-db", history.db, "--sets",
                                   "leetcode_example", "--standing", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"};
  if (!format.empty()) args.insert(args.begin(), format);
  judge(args);
}

// make history ID=N prints a kept report's findings again: read back from the report the judge
// kept in the history, they are the text the same run printed (the shrunk puzzle and its make
// debug line; the state between calls; the TLE risk), and make history prints them.
TEST(HistoryShow, AKeptReportsFindingsPrintAsTheJudgePrintedThem) {
  ScratchHistory history;
  std::vector<std::vector<std::string>> runs = {
      {"--sets", "leetcode_example", "--standing", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"},
      {"--sets", "magictour", "--max-cases", "3", "--standing", "0", kRoot + "/solutions/wrong_answer/globals_not_reset.cpp"},
      {"--sets", "leetcode_example,leetcode_reported", "--max-cases", "1", "--time-limit-ms", "300", "--standing", "0",
       kRoot + "/judge/fixtures/slow_near_limit.cpp"}};
  long long id = 0;
  for (std::vector<std::string> args : runs) {
    args.insert(args.begin(), {"--record", "judge", "--history-db", history.db});
    std::string text = judge(args).output;
    std::optional<history::Submission> kept = history::Store(history.db, false).find(++id);
    ASSERT_TRUE(kept) << text;
    Json report = Json::parse(kept->report);
    FileResult result = resultFromJson(report);
    std::string again = findingsText(findingsFromJson(report, result), result, builtWorkspace()).english();
    ASSERT_GT(again.size(), 40u) << args.back() << "\n" << report.dump();
    EXPECT_NE(text.find(again), std::string::npos) << args.back() << ": the judge printed\n" << text << "\nread back:\n" << again;
    std::string shown = history.shown(id, "en");
    EXPECT_NE(shown.find(again), std::string::npos) << args.back() << ": make history ID=" << id << " printed\n" << shown;
  }
}

// The issue's acceptance: a report made with JUDGE_LANG=zh_CN reads in English on an English
// terminal, and one made in English reads in Chinese on a Chinese one; a Wrong Answer stays a
// Wrong Answer both ways. What the history keeps is message ids, never a translation.
TEST(HistoryShow, AReportMadeInChineseReadsInEnglishAndTheReverse) {
  ScratchHistory history;
  judgeAWrongAnswer(history, "zh_CN");  // 1: the terminal's report in Chinese
  judgeAWrongAnswer(history, "en");     // 2
  for (long long id : {1, 2}) {
    std::optional<history::Submission> kept = history::Store(history.db, false).find(id);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->verdict, "Wrong Answer");
    EXPECT_FALSE(holdsChinese(kept->report)) << id << ": kept a translation\n" << kept->report;
  }
  std::string english = history.shown(1, "en");
  EXPECT_NE(english.find("LeetCode verdict: Wrong Answer — 0 / 1 testcases passed"), std::string::npos) << english;
  EXPECT_NE(english.find("Wrong Answer on testcases/leetcode_example.txt:3 (case 1 of 1): r1c3 is still '.'"),
            std::string::npos) << english;
  EXPECT_NE(english.find("\npuzzle                    returned"), std::string::npos) << english;
  EXPECT_NE(english.find("The smallest failing puzzle:"), std::string::npos) << english;
  EXPECT_FALSE(holdsChinese(english)) << english;
  std::string chinese = history.shown(2, "zh_CN");
  EXPECT_NE(chinese.find("LeetCode 执行结果：解答错误 — 0 / 1 个通过的测试用例"), std::string::npos) << chinese;
  EXPECT_NE(chinese.find("r1c3 仍是 '.'"), std::string::npos) << chinese;
  EXPECT_NE(chinese.find("\n题目                      返回"), std::string::npos) << chinese;
  for (const char* english : {"Wrong Answer", "is still", "testcases passed", "The smallest failing puzzle", "Step through"})
    EXPECT_EQ(chinese.find(english), std::string::npos) << english << " in\n" << chinese;
  // Each as it was judged, too: the same words as the terminal printed then.
  EXPECT_EQ(history.shown(1, "zh_CN").find("Wrong Answer"), std::string::npos);
  EXPECT_FALSE(holdsChinese(history.shown(2, "en")));
}

// The page's data: the server shows a kept report with messages::shown in the page's language (the
// Submissions tab). The same report reads in English on an English page and in Chinese on a
// Chinese one, its verdict's name the schema's in both.
TEST(HistoryShow, AKeptReportIsThePagesDataInThePagesLanguage) {
  ScratchHistory history;
  judgeAWrongAnswer(history, "zh_CN", "--json-lines");  // a Submit of a Chinese page
  std::optional<history::Submission> kept = history::Store(history.db, false).find(1);
  ASSERT_TRUE(kept);
  Json report = Json::parse(kept->report);
  Json englishPage = messages::shown(report);
  EXPECT_EQ(englishPage["leetcode_verdict"], "Wrong Answer");
  EXPECT_EQ(englishPage["failing_case"]["reason"], "r1c3 is still '.'");
  EXPECT_FALSE(holdsChinese(englishPage.dump())) << englishPage.dump();
  ASSERT_TRUE(core::speak("zh_CN"));
  Json chinesePage = messages::shown(report);
  core::speak("en");
  unsetenv("LANGUAGE");  // speak() set it: the judges later tests run must not inherit it
  EXPECT_EQ(chinesePage["leetcode_verdict"], "Wrong Answer");
  EXPECT_EQ(chinesePage["failing_case"]["reason"], "r1c3 仍是 '.'");
  EXPECT_NE(chinesePage["sets"][0]["failure"].get<std::string>().find("解答错误，在 testcases/leetcode_example.txt:3"),
            std::string::npos) << chinesePage.dump();
}

// Reports kept by judges before messages were are never rewritten, and still read: one of the
// page's, English with its Chinese in "local", in either language; one of a Chinese terminal's,
// its sentences kept in Chinese, as they are.
TEST(HistoryShow, ReportsKeptBeforeMessagesStillRead) {
  ScratchHistory history;
  history::Submission page;
  page.source = "submit", page.verdict = "Wrong Answer", page.passed = 0, page.total = 56;
  page.report = core::readTextFile(kRoot + "/messages/testdata/report_with_local.json");
  history::Submission terminal = page;
  terminal.source = "judge", terminal.file = "mine.cpp";
  terminal.report = R"({"file": "mine.cpp", "leetcode_verdict": "Wrong Answer", "passed": 0, "total": 1,
    "verdict": "Wrong Answer", "message": "", "sets": [{"set": "leetcode_example", "tier": "leetcode",
    "verdict": "Wrong Answer", "passed": 0, "total": 1, "limit_ms": 10000, "failure": "解答错误，在 x：r1c3 仍是 '.'"}]})";
  {
    history::Store store(history.db, true);
    store.add(page), store.add(terminal);
  }
  std::string before = core::readTextFile(history.db);
  std::string english = history.shown(1, "en"), chinese = history.shown(1, "zh_CN");
  EXPECT_NE(english.find("LeetCode verdict: Wrong Answer"), std::string::npos) << english;
  EXPECT_NE(english.find("r1c3 is still '.'"), std::string::npos) << english;
  EXPECT_FALSE(holdsChinese(english)) << english;
  EXPECT_NE(chinese.find("LeetCode 执行结果：解答错误"), std::string::npos) << chinese;
  EXPECT_NE(chinese.find("r1c3 仍是 '.'"), std::string::npos) << chinese;
  EXPECT_EQ(chinese.find("is still"), std::string::npos) << chinese;
  Outcome old = judge({"history", "--history-db", history.db, "--id", "2", "--lang", "en"});
  EXPECT_EQ(old.status, 0) << old.output;
  EXPECT_NE(old.output.find("LeetCode verdict: Wrong Answer"), std::string::npos) << old.output;
  EXPECT_NE(old.output.find("r1c3 仍是 '.'"), std::string::npos) << old.output;  // as it was kept
  EXPECT_EQ(core::readTextFile(history.db), before);  // read, never rewritten
}

}  // namespace
}  // namespace judge
