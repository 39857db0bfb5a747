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
#include <string>
#include <vector>

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

// JSON is read by programs: its keys and its values stay English, whatever the language.
TEST(Chinese, JsonStaysEnglish) {
  int status = 0;
  std::string output = judgeOutput({"--lang", "zh_CN", "--json", "--sets", "leetcode_example", "--shrink-seconds",
                                    "0", kRoot + "/solutions/wrong_answer/box_index_sum.cpp"}, status);
  EXPECT_NE(output.find("\"leetcode_verdict\": \"Wrong Answer\""), std::string::npos) << output;
  EXPECT_FALSE(hasChinese(output)) << output;
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

// Nothing asked for speak(): the tests' own process stays English.
TEST(Words, EnglishUntilALanguageIsChosen) {
  EXPECT_STREQ(tr("Wrong Answer"), "Wrong Answer");
  EXPECT_EQ(spokenLanguage(), "en");
}

}  // namespace
}  // namespace judge
