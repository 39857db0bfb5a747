// make history ID=N (show.h) as a user reads it: a judgement kept by the judge, shown again.
#include "judge/history/show.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "history/store.h"
#include "judge/findings/findings.h"
#include "judge/report/report.h"
#include "judge/test_support.h"

namespace judge {
namespace {

// make history ID=N prints a kept report's findings again: read back from the report the judge
// kept in the history, they are the text the same run printed (the shrunk puzzle and its make
// debug line; the state between calls; the TLE risk), and make history prints them.
TEST(HistoryShow, AKeptReportsFindingsPrintAsTheJudgePrintedThem) {
  std::string db = testing::TempDir() + "findings-read-back-" + std::to_string(getpid()) + ".sqlite";
  std::vector<std::vector<std::string>> runs = {
      {"--sets", "leetcode_example", "--standing", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"},
      {"--sets", "magictour", "--max-cases", "3", "--standing", "0", kRoot + "/solutions/wrong_answer/globals_not_reset.cpp"},
      {"--sets", "leetcode_example,leetcode_reported", "--max-cases", "1", "--time-limit-ms", "300", "--standing", "0",
       kRoot + "/judge/fixtures/slow_near_limit.cpp"}};
  long long id = 0;
  for (std::vector<std::string> args : runs) {
    args.insert(args.begin(), {"--record", "judge", "--history-db", db});
    std::string text = judge(args).output;
    std::optional<history::Submission> kept = history::Store(db, false).find(++id);
    ASSERT_TRUE(kept) << text;
    Json report = Json::parse(kept->report);
    FileResult result = resultFromJson(report);
    std::string again = findingsText(findingsFromJson(report, result), result, builtWorkspace());
    ASSERT_GT(again.size(), 40u) << args.back() << "\n" << report.dump();
    EXPECT_NE(text.find(again), std::string::npos) << args.back() << ": the judge printed\n" << text << "\nread back:\n" << again;
    std::string shown = judge({"--history", "--history-db", db, "--id", std::to_string(id)}).output;
    EXPECT_NE(shown.find(again), std::string::npos) << args.back() << ": make history ID=" << id << " printed\n" << shown;
  }
  for (const char* end : {"", "-wal", "-shm"}) std::remove((db + end).c_str());
}

// A report kept with its sentences' translations beside them (a Submit of the page in Chinese, or
// make judge FORMAT=json) shows them in the terminal's language: Chinese where the terminal speaks
// it, English where it speaks English, never the two mixed in one report.
TEST(HistoryShow, AKeptReportsSentencesAreInTheTerminalsLanguage) {
  std::string db = testing::TempDir() + "local-read-back-" + std::to_string(getpid()) + ".sqlite";
  Outcome judged = judge({"--json", "--lang", "zh_CN", "--record", "judge", "--history-db", db, "--sets", "leetcode_example",
                          "--standing", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"});
  ASSERT_NE(judged.output.find("\"local\""), std::string::npos) << judged.output;
  std::string chinese = judge({"--history", "--history-db", db, "--id", "1", "--lang", "zh_CN"}).output;
  EXPECT_NE(chinese.find("r1c3 仍是 '.'"), std::string::npos) << chinese;
  EXPECT_EQ(chinese.find("is still"), std::string::npos) << chinese;
  std::string english = judge({"--history", "--history-db", db, "--id", "1", "--lang", "en"}).output;
  EXPECT_NE(english.find("r1c3 is still '.'"), std::string::npos) << english;
  EXPECT_EQ(english.find("仍是"), std::string::npos) << english;
  for (const char* end : {"", "-wal", "-shm"}) std::remove((db + end).c_str());
}

}  // namespace
}  // namespace judge
