// The judge in the reader's language (core/words.h, po/README.md): every message
// it can print has its Chinese in po/zh_CN.po, none stale; a wrong, a slow and a
// crashing file judged in Chinese read in leetcode.cn's words, from the switch
// (--lang) and from a Chinese desktop's LANG; JSON keeps message ids, never a
// translation, and reads in the page's language; --json is English; with no
// setting the report is English. The suite itself runs in English whatever the
// desktop speaks (kEnglishSuite below): the other tests pin English output.
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
#include "messages/json.h"

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

// The command line's own refusals, checked by CLI11, are worded in the reader's language too.
TEST(Chinese, UsageErrorsToo) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--jobs", "0", "f.cpp"}, status);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(output, "judge: --jobs: 需要 1 到 64 之间的整数，而不是 '0'\n");
  output = judgeOutput({"--lang", "zh_CN", "--standing", "some", "f.cpp"}, status);
  EXPECT_EQ(status, 2);
  EXPECT_EQ(output, "judge: --standing: 取值为 quick、full 或 0，而不是 'some'\n");
  output = judgeOutput({"--lang", "zh_CN", "--bogus", "f.cpp"}, status);
  EXPECT_EQ(status, 2);
  EXPECT_NE(output.find("\n用法：judge "), std::string::npos) << output;
  output = judgeOutput({"--lang", "fr", "f.cpp"}, status);
  EXPECT_EQ(status, 2) << output;
}

using Json = nlohmann::ordered_json;

// --json is read by programs: its keys and its values English, whatever the judge speaks, every
// sentence a string (messages::inEnglish), no translation beside it.
TEST(Chinese, JsonStaysEnglish) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--json", "--sets", "leetcode_example", "--shrink-seconds",
                                    "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, status);
  Json report = Json::parse(output, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << output;
  EXPECT_EQ(report["leetcode_verdict"], "Wrong Answer") << output;
  EXPECT_EQ(report["failing_case"]["reason"], "r1c3 is still '.'") << output;
  EXPECT_FALSE(hasChinese(output)) << output;
  EXPECT_EQ(output.find("\"local\""), std::string::npos) << output;
  EXPECT_EQ(output.find("\"msgid\""), std::string::npos) << output;
}

// The JSON lines keep message ids (messages/README.md), the same whatever the judge speaks: the
// page's server shows them in its own language.
TEST(English, JsonLinesKeepMessageIds) {
  int status = 0;
  std::vector<std::string> args = {"--json-lines", "--sets", "leetcode_example", "--shrink-seconds", "0",
                                   kRoot + "/solutions/wrong_answer/box_index_sum.cpp"};
  args.insert(args.begin(), {"--lang", "en"});
  std::string english = judgeOutput(args, status);
  args[1] = "zh_CN";
  std::string chinese = judgeOutput(args, status);
  EXPECT_NE(english.find("\"reason\":{\"msgid\":\"%s is still '.'\",\"args\":[\"r1c3\"]}"), std::string::npos) << english;
  EXPECT_EQ(english.find("\"local\""), std::string::npos) << english;
  EXPECT_FALSE(hasChinese(chinese)) << chinese;
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

// A Chinese page reads each JSON line as the server relays it (messages::shown, in the page's
// language): every sentence of a Wrong Answer's lines (the checker's reasons, the failure lines of
// the tiers, the smallest failing puzzle's, the notes, the summary) in the terminal report's
// Chinese words; an English line is left only where the Chinese text report leaves it English too
// (a make command, a file's name, the program's own output). A verdict's name is the schema's:
// a Wrong Answer stays a Wrong Answer.
TEST(Chinese, EverySentenceOfTheJsonLinesReadsInChineseOnAChinesePage) {
  std::vector<std::string> args = {"--lang", "zh_CN", "--standing", "0", "--shrink-seconds", "2",
                                   kRoot + "/solutions/wrong_answer/box_index_sum.cpp"};
  int status = 0;
  std::string text = judgeOutput(args, status);
  ASSERT_TRUE(hasChinese(text)) << text;
  args.insert(args.begin(), "--json-lines");
  std::istringstream lines(judgeOutput(args, status));
  std::vector<Json> events;
  for (std::string line; std::getline(lines, line);) {
    Json event = Json::parse(line, nullptr, false);
    if (!event.is_discarded() && event.is_object()) events.push_back(event);
  }
  ASSERT_TRUE(speak("zh_CN"));
  for (Json& event : events) event = messages::shown(event);  // as the server relays it to a Chinese page
  speak("en");
  unsetenv("LANGUAGE");  // speak() set it: the judges other tests run must not inherit it
  std::vector<std::string> untranslated;
  int translated = 0;  // lines the page reads in Chinese
  for (const Json& event : events)
    eachSentence(event, [&](const Json&, const std::string& key, const std::string& value) {
      if (key == "verdict" || key == "leetcode_verdict") {  // the schema's, which the page words itself
        EXPECT_EQ(value, "Wrong Answer") << event.dump();
        return;
      }
      std::istringstream valueLines(value);
      for (std::string line; std::getline(valueLines, line);) {
        size_t first = line.find_first_not_of(' ');
        std::string trimmed = first == std::string::npos ? "" : line.substr(first);
        translated += hasChinese(trimmed);
        if (readsAsEnglish(trimmed) && text.find(trimmed) == std::string::npos)
          untranslated.push_back(event["event"].get<std::string>() + "." + key + ": " + trimmed);
      }
    });
  EXPECT_GT(events.size(), 5u);
  EXPECT_GT(translated, 20);
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

// A kept text (words.h) is translated where it is shown: its English is the same in every
// language, shown() speaks the reader's, a padded message takes its own words' columns there, a
// literal (a compiler's "expected") is never translated.
TEST(Words, AKeptTextIsTranslatedWhereItIsShown) {
  Text reason = said("%s is still '.'", {"r1c3"});
  Text heading = leftAligned(said("puzzle"), 10) + said("expected") + " error: expected ';'";
  ASSERT_TRUE(speak("zh_CN"));
  std::string chineseReason = reason.shown(), chineseHeading = heading.shown(), english = heading.english();
  speak("en");
  unsetenv("LANGUAGE");  // speak() set it: the judges other tests run must not inherit it
  EXPECT_EQ(chineseReason, "r1c3 仍是 '.'");
  EXPECT_EQ(chineseHeading, padRight("题目", 10) + "预期结果 error: expected ';'");
  EXPECT_EQ(english, "puzzle    expected error: expected ';'");
  EXPECT_EQ(reason.shown(), "r1c3 is still '.'");
  EXPECT_EQ(saidn("%s case", "%s cases", 2, {"2"}).shown(), "2 cases");
}

// Nothing asked for speak(): the tests' own process stays English.
TEST(Words, EnglishUntilALanguageIsChosen) {
  EXPECT_STREQ(tr("Wrong Answer"), "Wrong Answer");
  EXPECT_EQ(spokenLanguage(), "en");
}

}  // namespace
}  // namespace judge
