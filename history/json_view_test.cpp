// The history's JSON view (history/json_view.h), as the page's Submissions tab reads it: each
// member named and typed as the page expects, the stress and report as JSON, what a row lacks
// as null, the list without code, one row whole.
#include <gtest/gtest.h>

#include "core/scratch_folder.h"
#include "history/json_view.h"

namespace history {
namespace {

class HistoryJsonView : public ::testing::Test {
 protected:
  static Submission judged(const std::string& file, const std::string& verdict) {
    Submission s;
    s.source = "submit", s.file = file, s.code = "class Solution {};\n", s.verdict = verdict;
    s.passed = 56, s.total = 56, s.runtimeMicros = 1481, s.memoryKb = 7372;
    s.stress = R"([{"set": "magictour", "verdict": "Time Limit Exceeded"}])";
    s.report = R"({"file": ")" + file + R"(", "leetcode_verdict": ")" + verdict + R"("})";
    return s;
  }

  core::ScratchFolder scratch{"json-view-test"};
  std::string dir = scratch.path();
};

TEST_F(HistoryJsonView, ARowsSummaryHasEveryMemberThePageReads) {
  Submission s = judged("a.cpp", "Accepted");
  s.id = 7, s.when = "2026-12-06T04:05:06.123Z", s.whenLocal = "2026-12-06 05:05:06", s.note = "mine";
  Json json = summaryJson(s);
  std::vector<std::string> keys;
  for (auto& [key, value] : json.items()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"id", "when", "when_local", "source", "file", "verdict", "passed",
                                            "total", "runtime_us", "memory_kb", "stress", "note", "state"}));
  EXPECT_EQ(json["id"], 7);
  EXPECT_EQ(json["runtime_us"], 1481);
  EXPECT_EQ(json["stress"][0]["verdict"], "Time Limit Exceeded");  // JSON, not its text
  EXPECT_EQ(json["note"], "mine");
  EXPECT_FALSE(json.contains("code"));
}

TEST_F(HistoryJsonView, WhatARowLacksIsNull) {
  Submission s = judged("a.cpp", "Compile Error");
  s.passed.reset(), s.total.reset(), s.runtimeMicros.reset(), s.memoryKb.reset();
  s.stress = "not JSON";
  Json json = summaryJson(s);
  for (const char* key : {"passed", "total", "runtime_us", "memory_kb", "stress"})
    EXPECT_TRUE(json[key].is_null()) << key;
  EXPECT_NO_THROW(json.dump());
}

TEST_F(HistoryJsonView, ListsNewestFirstAndShowsOneWhole) {
  std::string path = dir + "/h.sqlite";
  Store store(path, true);
  long long first = store.add(judged("a.cpp", "Accepted"));
  long long second = store.add(judged("b.cpp", "Wrong Answer"));
  Json list = listJson(Store(path, false));
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["id"], second);
  EXPECT_EQ(list[1]["file"], "a.cpp");
  EXPECT_FALSE(list[0].contains("code"));
  std::optional<Json> one = submissionJson(Store(path, false), first);
  ASSERT_TRUE(one);
  EXPECT_EQ((*one)["code"], "class Solution {};\n");
  EXPECT_EQ((*one)["report"]["leetcode_verdict"], "Accepted");  // the report as JSON
  EXPECT_FALSE(submissionJson(Store(path, false), second + 1));
}

}  // namespace
}  // namespace history
