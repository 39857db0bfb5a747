// A report's sentences kept as message ids (json.h): written and read back whole, never as a
// translation, and shown by the one walk in the reader's language, whichever language the
// report was made in; the schema's values (a verdict's name) never translated; a report kept
// before messages were (its translations in "local") still reads, in either language.
#include "messages/json.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>

#include "core/repo_root.h"
#include "core/text_file.h"
#include "core/words.h"

namespace messages {
namespace {

using core::said;
using core::saidc;
using core::saidn;
using core::Text;

// Chinese for the length of one test: the suite's process is English again after it, and no
// judge a later test starts inherits the language (core::speak sets LANGUAGE).
class InChinese {
 public:
  InChinese() { ok = core::speak("zh_CN"); }
  ~InChinese() {
    core::speak("en");
    unsetenv("LANGUAGE");
  }
  bool ok = false;
};

bool hasChinese(const std::string& text) {
  for (unsigned char c : text)
    if (c >= 0xE4 && c <= 0xE9) return true;  // U+4E00..U+9FFF's first byte in UTF-8
  return false;
}

// A Wrong Answer's words as the judge keeps them: a message whose values are a literal and a
// message, in a context, padded, and a plural.
Text wrongAnswer() {
  return "\n== " + saidc("set", "%s on %s: %s", {"mine", "leetcode_example", said("%s is still '.'", {"r1c3"})}) +
         "\n" + core::leftAligned(said("puzzle"), 26) + "|\n" +
         saidn("%s file: %s pass, %s do not (LeetCode verdicts: %s)", "%s files: %s pass, %s do not (LeetCode verdicts: %s)",
               2, {"2", "1", "1", said("Wrong Answer")});
}

TEST(MessagesJson, ATextIsKeptAsMessageIdsAndReadBackWhole) {
  Text text = wrongAnswer();
  Json kept = toJson(text);
  ASSERT_TRUE(kept.is_object()) << kept.dump();
  ASSERT_TRUE(kept.contains("parts")) << kept.dump();
  const Json& sentence = kept["parts"][1];
  EXPECT_EQ(sentence["msgid"], "%s on %s: %s");
  EXPECT_EQ(sentence["msgctxt"], "set");
  EXPECT_EQ(sentence["args"][0], "mine");  // a literal is a string
  EXPECT_EQ(sentence["args"][2]["msgid"], "%s is still '.'");
  EXPECT_EQ(kept["parts"][3]["pad"], 26);
  EXPECT_EQ(kept["parts"][5]["msgid_plural"], "%s files: %s pass, %s do not (LeetCode verdicts: %s)");
  EXPECT_EQ(kept["parts"][5]["n"], 2);
  Text again = textOf(Json::parse(kept.dump()));
  EXPECT_EQ(again.english(), text.english());
  EXPECT_EQ(toJson(again), kept);
  EXPECT_EQ(again.english(), "\n== mine on leetcode_example: r1c3 is still '.'\npuzzle                    |\n"
                             "2 files: 1 pass, 1 do not (LeetCode verdicts: Wrong Answer)");
  EXPECT_EQ(toJson(Text("a file's name")), "a file's name");  // no message: English alone, a string
}

// What is kept is the message, whatever language the judge speaks; it is shown in the reader's.
TEST(MessagesJson, NothingKeptIsATranslationAndEachReaderShowsItsOwnLanguage) {
  std::string kept, chinese;
  {
    InChinese zh;
    ASSERT_TRUE(zh.ok) << "no Chinese catalogue: make builds it (po/rules.mk)";
    kept = toJson(wrongAnswer()).dump();
    chinese = shown(Json::parse(kept)).get<std::string>();
  }
  EXPECT_FALSE(hasChinese(kept)) << kept;
  EXPECT_NE(chinese.find("r1c3 仍是 '.'"), std::string::npos) << chinese;
  EXPECT_NE(chinese.find("\n题目                      |\n"), std::string::npos) << chinese;  // padded to its own width
  EXPECT_NE(chinese.find("解答错误"), std::string::npos) << chinese;
  std::string english = shown(Json::parse(kept)).get<std::string>();
  EXPECT_EQ(english, wrongAnswer().english());
  EXPECT_FALSE(hasChinese(english)) << english;
}

// The walk changes sentences only: a verdict's name, a set's, a number stay as the schema has them.
TEST(MessagesJson, TheWalkShowsEverySentenceAndNothingElse) {
  Json report = Json{{"leetcode_verdict", "Wrong Answer"}, {"passed", 0},
                     {"sets", Json::array({Json{{"set", "leetcode_example"}, {"verdict", "Wrong Answer"},
                                                {"failure", toJson(wrongAnswer())}}})},
                     {"standing_notes", Json::array({toJson(said("not measured: the file passed no set")), "as is"})}};
  InChinese zh;
  Json page = shown(report);
  EXPECT_EQ(page["leetcode_verdict"], "Wrong Answer");
  EXPECT_EQ(page["sets"][0]["verdict"], "Wrong Answer");
  EXPECT_EQ(page["sets"][0]["set"], "leetcode_example");
  EXPECT_EQ(page["passed"], 0);
  EXPECT_NE(page["sets"][0]["failure"].get<std::string>().find("r1c3 仍是 '.'"), std::string::npos) << page.dump();
  EXPECT_TRUE(hasChinese(page["standing_notes"][0].get<std::string>())) << page.dump();
  EXPECT_EQ(page["standing_notes"][1], "as is");
  Json english = inEnglish(report);  // --json: for programs, whatever the judge speaks
  EXPECT_EQ(english["sets"][0]["failure"], wrongAnswer().english());
  EXPECT_EQ(english["standing_notes"][0], "not measured: the file passed no set");
}

// A report kept before messages were (judged on the page in Chinese): English sentences, their
// Chinese in "local" beside them. Each reader gets its own language; the verdict's name stays.
TEST(MessagesJson, AReportKeptWithLocalTranslationsReadsInEitherLanguage) {
  Json kept = Json::parse(core::readTextFile(kRoot + "/messages/testdata/report_with_local.json"));
  ASSERT_TRUE(kept.contains("local"));
  Json english = shown(kept);
  EXPECT_FALSE(english.contains("local"));
  EXPECT_EQ(english["failing_case"]["reason"], "r1c3 is still '.'");
  EXPECT_FALSE(hasChinese(english.dump())) << english.dump();
  InChinese zh;
  Json chinese = shown(kept);
  EXPECT_EQ(chinese["failing_case"]["reason"], "r1c3 仍是 '.'");
  EXPECT_EQ(chinese["leetcode_verdict"], "Wrong Answer");  // local held "解答错误": the schema's stays
  EXPECT_EQ(chinese["sets"][0]["verdict"], "Wrong Answer");
  EXPECT_NE(chinese["sets"][0]["failure"].get<std::string>().find("r1c3 仍是 '.'"), std::string::npos);
  EXPECT_EQ(chinese.dump().find("\"local\""), std::string::npos);
}

// Whatever a kept report holds, reading it never throws: a message object of the wrong kinds, a
// number where a text was, a "pad" past any screen.
TEST(MessagesJson, AnyJsonReadsAsSomeText) {
  EXPECT_EQ(textOf(Json(42)).english(), "42");
  EXPECT_TRUE(textOf(Json(nullptr)).empty());
  EXPECT_EQ(textOf(Json{{"msgid", "%s and %s"}, {"args", "not a list"}}).english(), " and ");
  EXPECT_EQ(textOf(Json{{"msgid", "x"}, {"pad", 1e12}}).english(), "x");
  EXPECT_EQ(textOf(Json{{"msgid", "x"}, {"pad", 99999999}}).english().size(), 4096u);
  EXPECT_EQ(textOf(Json{{"msgid", 7}}).english(), "{\"msgid\":7}");
  EXPECT_EQ(shown(Json{{"parts", Json::array({1, "a"})}}), "1a");
}

}  // namespace
}  // namespace messages
