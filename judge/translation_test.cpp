// The judge in the reader's language (core/words.h, po/README.md): every message
// it can print has its Chinese in po/zh_CN.po, none stale; a wrong, a slow and a
// crashing file judged in Chinese read in leetcode.cn's words, from the switch
// (--lang) and from a Chinese desktop's LANG; JSON stays English; with no setting
// the report is English. The suite itself runs in English whatever the desktop
// speaks (kEnglishSuite below): the other tests pin English output.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/testcases.h"
#include "core/words.h"
#include "judge/sandbox/sandbox.h"
#include "judge/test_support.h"

namespace judge {
using namespace core;
namespace {

const std::string kCatalogue = kRoot + "/po/zh_CN.po";

// Before any test: no LANGUAGE, LC_ALL or LC_MESSAGES of the user's reaches a judge the tests
// run, so a Chinese desktop's `make test` checks the English the other tests pin.
const bool kEnglishSuite = [] {
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES"}) unsetenv(name);
  setenv("LANG", "C.UTF-8", 1);
  return true;
}();

std::string tool(const std::string& command, int& status) {
  std::string output;
  status = runCommand({"/bin/sh", "-c", command + " 2>&1"}, output);
  return output;
}

bool hasChinese(const std::string& text) {
  for (size_t i = 0; i + 2 < text.size(); ++i)  // U+4E00..U+9FFF: E4..E9 in UTF-8
    if ((unsigned char)text[i] >= 0xE4 && (unsigned char)text[i] <= 0xE9) return true;
  return false;
}

// The template of every message the sources can print, written by the same script as `make po`.
class Catalogue : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    pot_ = new std::string(testing::TempDir() + "/judge-messages-" + std::to_string(getpid()) + ".pot");
    int status = 0;
    std::string output = tool(kRoot + "/po/extract.sh " + *pot_, status);
    ASSERT_EQ(status, 0) << output;
  }
  static void TearDownTestSuite() {
    std::remove(pot_->c_str());
    delete pot_;
  }
  static std::string* pot_;
};
std::string* Catalogue::pot_ = nullptr;

// msgcmp: each message of the sources has a translation, neither empty nor fuzzy.
TEST_F(Catalogue, EveryMessageHasItsChinese) {
  int status = 0;
  std::string output = tool("msgcmp " + kCatalogue + " " + *pot_, status);
  EXPECT_EQ(status, 0) << "po/zh_CN.po lacks these (make po, then translate them):\n" << output;
}

// The other way round: no entry whose English the sources no longer print, none obsolete (#~).
TEST_F(Catalogue, NoEntryIsStale) {
  int status = 0;
  std::string output = tool("msgcmp --use-untranslated " + *pot_ + " " + kCatalogue, status);
  EXPECT_EQ(status, 0) << "po/zh_CN.po has entries the sources no longer print:\n" << output;
  output = tool("msgattrib --only-obsolete " + kCatalogue, status);
  EXPECT_EQ(output.find("#~"), std::string::npos) << "po/zh_CN.po has obsolete entries: remove them\n" << output;
}

// msgfmt --check: each translation takes the same values as its English (%s, %1$s).
TEST_F(Catalogue, EachTranslationTakesItsMessagesValues) {
  int status = 0;
  std::string output = tool("msgfmt --check -o /dev/null " + kCatalogue, status);
  EXPECT_EQ(status, 0) << output;
}

const std::string kExample = toLeetCode(loadCases(kRoot + "/testcases/leetcode_example.txt").at(0).puzzle);

TEST(Chinese, AWrongAnswerReadsInLeetcodeCnsWords) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--sets", "leetcode_example", "--shrink-seconds", "0",
                                    kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, status);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(output.rfind("LeetCode 执行结果：解答错误 — 0 / 1 个通过的测试用例", 0), 0u) << output;
  for (const char* words : {"\n输入：     [[", "\n输出：     [[", "\n预期结果： [[", "解答 ", " 测试集 ", "（第 1 例，共 1 例）"})
    EXPECT_NE(output.find(words), std::string::npos) << words << "\n" << output;
  EXPECT_EQ(output.find("Wrong Answer"), std::string::npos) << output;
}

TEST(Chinese, ATimeLimitExceededShowsTheLastExecutedInput) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh", "--sets", "leetcode_example", "--time-limit-ms", "100",
                                    kRoot + "/judge/fixtures/sleeps.cpp"}, status);
  EXPECT_NE(output.find("LeetCode 执行结果：超出时间限制 — 0 / 1 个通过的测试用例"), std::string::npos) << output;
  EXPECT_NE(output.find("\n最后执行的输入： " + kExample + "\n"), std::string::npos) << output;
}

TEST(Chinese, ARuntimeErrorShowsTheLastExecutedInput) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN.UTF-8", "--sets", "leetcode_example", "--shrink-seconds", "0",
                                    kRoot + "/solutions/runtime_error/digit_as_index.cpp"}, status);
  EXPECT_EQ(status, 1);
  EXPECT_NE(output.find("LeetCode 执行结果：执行出错 — 0 / 1 个通过的测试用例"), std::string::npos) << output;
  EXPECT_NE(output.find("\n最后执行的输入： " + kExample + "\n"), std::string::npos) << output;
}

// A Chinese desktop (LANG=zh_CN.UTF-8, Debian's LANGUAGE=zh_CN:zh) on a machine that may not have
// generated that locale: the judge speaks Chinese all the same, from its first line.
TEST(Chinese, FromTheDesktopsLanguageWithoutItsLocale) {
  std::string output;
  runCommand({"/usr/bin/env", "LANG=zh_CN.UTF-8", "LANGUAGE=zh_CN:zh", kJudge, "--sets", "leetcode_example",
              "--shrink-seconds", "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, output);
  EXPECT_EQ(output.rfind("LeetCode 执行结果：解答错误", 0), 0u) << output;
}

TEST(Chinese, UsageErrorsToo) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--jobs", "0", "f.cpp"}, status);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(output, "judge: --jobs 需要 1 到 64 之间的整数，而不是 '0'\n");
  output = judgeOutput({"--lang", "fr", "f.cpp"}, status);
  EXPECT_EQ(status, 2) << output;
}

using Json = nlohmann::ordered_json;

// `json` without its "local" members, at every depth.
Json withoutLocal(Json json) {
  if (json.is_object()) json.erase("local");
  if (json.is_structured())
    for (Json& value : json) value = withoutLocal(value);
  return json;
}

// JSON is read by programs: its keys and its values stay English, whatever the language; the
// sentences' Chinese is beside them, in "local" (judge/report/README.md).
TEST(Chinese, JsonStaysEnglish) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--json", "--sets", "leetcode_example", "--shrink-seconds",
                                    "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, status);
  Json report = Json::parse(output, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << output;
  EXPECT_EQ(report["leetcode_verdict"], "Wrong Answer") << output;
  EXPECT_EQ(report["local"]["leetcode_verdict"], "解答错误") << output;
  EXPECT_EQ(report["failing_case"]["reason"], "r1c3 is still '.'") << output;
  EXPECT_EQ(report["failing_case"]["local"]["reason"], "r1c3 仍是 '.'") << output;
  EXPECT_FALSE(hasChinese(withoutLocal(report).dump())) << output;
}

// In English, no "local" at all.
TEST(English, JsonHasNoLocal) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "en", "--json-lines", "--sets", "leetcode_example", "--shrink-seconds",
                                    "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, status);
  EXPECT_NE(output.find("\"reason\":\"r1c3 is still '.'\""), std::string::npos) << output;
  EXPECT_EQ(output.find("\"local\""), std::string::npos) << output;
}

// A line that reads as English: two words of letters in a row.
bool readsAsEnglish(const std::string& line) {
  static const std::regex twoWords("[A-Za-z]{2,} [A-Za-z]{2,}");
  return std::regex_search(line, twoWords);
}

// Each string of `json` (at every depth, a list's strings too), with the object that holds it and its key.
void eachSentence(const Json& json, const std::function<void(const Json&, const std::string&, const std::string&)>& see) {
  if (json.is_array())
    for (const Json& element : json) eachSentence(element, see);
  if (!json.is_object()) return;
  for (const auto& [key, value] : json.items()) {
    if (key == "local") continue;
    if (value.is_string()) see(json, key, value.get<std::string>());
    else if (value.is_array() && !value.empty() && value[0].is_string())
      for (const Json& v : value) see(json, key, v.is_string() ? v.get<std::string>() : "");
    else eachSentence(value, see);
  }
}

// The page speaks the judge's language (make serve runs the judge with --lang): every sentence of
// a Wrong Answer's JSON lines (the checker's reasons, the failure lines of the tiers, the smallest
// failing puzzle's, the notes, the summary) has its Chinese in "local", the terminal report's
// words; an English line is left only where the Chinese text report leaves it English too (a
// make command, a file's name).
TEST(Chinese, EverySentenceOfTheJsonLinesHasItsChineseInLocal) {
  std::vector<std::string> args = {"--lang", "zh_CN", "--standing", "0", "--shrink-seconds", "2",
                                   kRoot + "/solutions/wrong_answer/box_index_sum.cpp"};
  int status = 0;
  std::string text = judgeOutput(args, status);
  ASSERT_TRUE(hasChinese(text)) << text;
  args.insert(args.begin(), "--json-lines");
  std::istringstream lines(judgeOutput(args, status));
  std::vector<std::string> untranslated;
  int sentences = 0, events = 0;
  for (std::string line; std::getline(lines, line);) {
    Json event = Json::parse(line, nullptr, false);
    if (event.is_discarded() || !event.is_object()) continue;
    ++events;
    eachSentence(event, [&](const Json& holder, const std::string& key, const std::string& value) {
      std::string local = holder.contains("local") && holder["local"].contains(key) ? holder["local"][key].dump() : "";
      std::istringstream valueLines(value);
      for (std::string english; std::getline(valueLines, english);) {
        size_t first = english.find_first_not_of(' ');
        std::string trimmed = first == std::string::npos ? "" : english.substr(first);
        if (!readsAsEnglish(trimmed) || text.find(trimmed) != std::string::npos) continue;
        ++sentences;
        if (local.empty() || local.find(Json(trimmed).dump().substr(1, Json(trimmed).dump().size() - 2)) != std::string::npos)
          untranslated.push_back(event["event"].get<std::string>() + "." + key + ": " + trimmed);
      }
    });
  }
  EXPECT_GT(events, 5);
  EXPECT_GT(sentences, 20);
  EXPECT_TRUE(untranslated.empty()) << untranslated.size() << " sentences without their Chinese:\n"
                                    << testing::PrintToString(untranslated);
}

// No setting, or --lang en: English, as the judge always spoke.
TEST(English, WithNoSettingAndWithLangEn) {
  for (std::vector<std::string> lang : {std::vector<std::string>{}, {"--lang", "en"}}) {
    lang.insert(lang.end(), {"--sets", "leetcode_example", "--shrink-seconds", "0",
                             kRoot + "/solutions/wrong_answer/box_index_sum.cpp"});
    int status = 0;
    std::string output = judgeOutput(lang, status);
    EXPECT_EQ(output.rfind("LeetCode verdict: Wrong Answer — 0 / 1 testcases passed", 0), 0u) << output;
    EXPECT_FALSE(hasChinese(output)) << output;
  }
}

TEST(Words, FillTakesValuesInOrderOrByPosition) {
  EXPECT_EQ(fill("%s on %s: %s", {"a", "b", "c"}), "a on b: c");
  EXPECT_EQ(fill("%3$s，%1$s 在 %2$s", {"a", "b", "c"}), "c，a 在 b");
  EXPECT_EQ(fill("%s of %s (%s%%)", {"1", "2", "50"}), "1 of 2 (50%)");
  EXPECT_EQ(fill("%d stays", {"x"}), "%d stays");
}

TEST(Words, AChineseCharacterTakesTwoColumns) {
  EXPECT_EQ(columns("解答错误"), 8u);
  EXPECT_EQ(columns("Wrong Answer — 1"), 16u);
  EXPECT_EQ(padRight("通过", 6), "通过  ");
  EXPECT_EQ(padLeft("1/1", 5), "  1/1");
}

// In JSON mode: each message written answers in English and keeps its Chinese, for local(): a
// message whole, within a line, a table's heading word by word; nothing else (a compiler's
// "expected" is its own). English again after speakEnglish().
TEST(Words, LocalTranslatesTheMessagesWrittenAndNothingElse) {
  ASSERT_TRUE(speak("zh_CN"));
  speakEnglishKeepingLocal();
  std::string reason = trf("%s is still '.'", {"r1c3"});
  std::string heading = padRight(tr("puzzle"), 10) + tr("expected");
  speakEnglish();  // the suite's process English again, whatever follows
  unsetenv("LANGUAGE");
  EXPECT_EQ(reason, "r1c3 is still '.'");
  EXPECT_EQ(heading, "puzzle    expected");
  ASSERT_TRUE(speak("zh_CN"));
  speakEnglishKeepingLocal();
  EXPECT_EQ(local(reason), "r1c3 仍是 '.'");
  EXPECT_EQ(local("== " + reason + "\n" + heading), "== r1c3 仍是 '.'\n" + padRight("题目", 10) + "预期结果");
  EXPECT_EQ(local("error: expected ';' after expression"), "error: expected ';' after expression");
  speakEnglish();
  unsetenv("LANGUAGE");  // speak() set it: the judges other tests run must not inherit it
  EXPECT_EQ(local(reason), reason);
}

// Nothing asked for speak(): the tests' own process stays English.
TEST(Words, EnglishUntilALanguageIsChosen) {
  EXPECT_STREQ(tr("Wrong Answer"), "Wrong Answer");
  EXPECT_EQ(spokenLanguage(), "en");
}

}  // namespace
}  // namespace judge
