// The server's command line (serve/options.h), read by CLI11: its defaults, each option's check
// (a bad value refused with status 2, its option named, the usage shown), and the page's
// language, from --lang or from the environment as the judge reads it (core/words.h).
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <vector>

#include "serve/options.h"

namespace serve {
namespace {

// The locale's variables as a test sets them, put back after it.
class ServeOptions : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
      if (const char* value = std::getenv(name)) saved[name] = value;
      unsetenv(name);
    }
  }
  void TearDown() override {
    for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) unsetenv(name);
    for (auto& [name, value] : saved) setenv(name.c_str(), value.c_str(), 1);
  }

  // The options for `args` after `serve --judge /bin/sh` (an executable file stands for the judge).
  static std::optional<Options> read(std::vector<const char*> args, int& status, std::string* said = nullptr) {
    args.insert(args.begin(), {"serve", "--judge", "/bin/sh"});
    testing::internal::CaptureStderr();
    std::optional<Options> options = readOptions(int(args.size()), args.data(), status);
    std::string text = testing::internal::GetCapturedStderr();
    if (said) *said = text;
    return options;
  }

  std::map<std::string, std::string> saved;
};

TEST_F(ServeOptions, TheDefaults) {
  int status = -1;
  std::optional<Options> options = read({}, status);
  ASSERT_TRUE(options);
  EXPECT_EQ(options->judge, "/bin/sh");
  EXPECT_EQ(options->host, "127.0.0.1");
  EXPECT_EQ(options->port, 0);
  EXPECT_EQ(options->queue, 4);
  EXPECT_EQ(options->standing, "quick");
  EXPECT_EQ(options->shrinkSeconds, 15);
  EXPECT_EQ(options->lang, "en");
  EXPECT_FALSE(options->inContainer);
  EXPECT_EQ(options->historyDb.front(), '/');  // absolute: the judges run in folders of their own
}

TEST_F(ServeOptions, EachBadValueIsRefusedNamingItsOption) {
  const std::vector<std::vector<const char*>> bad = {
      {"--port", "70000"}, {"--port", "x"}, {"--queue", "0"}, {"--queue", "65"}, {"--standing", "all"},
      {"--shrink-seconds", "601"}, {"--lang", "fr"}, {"--listen", "anywhere"}, {"--allow-host", "*"},
      {"--judge", "/nonexistent/judge"}, {"--judge", "/tmp"}, {"--judge", ""}, {"--bogus"}};
  for (const auto& args : bad) {
    int status = -1;
    std::string said;
    EXPECT_FALSE(read(args, status, &said)) << args[0];
    EXPECT_EQ(status, 2) << args[0];
    std::string option = std::string(args[0]).substr(2);
    EXPECT_NE(said.find(option), std::string::npos) << said;
    EXPECT_NE(said.find("usage: serve --judge"), std::string::npos) << said;
  }
}

TEST_F(ServeOptions, WithoutAJudgeItDoesNotStart) {
  const char* args[] = {"serve", "--port", "8000"};
  int status = -1;
  testing::internal::CaptureStderr();
  EXPECT_FALSE(readOptions(3, args, status));
  EXPECT_NE(testing::internal::GetCapturedStderr().find("--judge"), std::string::npos);
  EXPECT_EQ(status, 2);
}

TEST_F(ServeOptions, HelpIsNoError) {
  int status = -1;
  testing::internal::CaptureStdout();
  EXPECT_FALSE(read({"--help"}, status));
  EXPECT_NE(testing::internal::GetCapturedStdout().find("--allow-host"), std::string::npos);
  EXPECT_EQ(status, 0);
}

TEST_F(ServeOptions, TakesWhatMakeServePasses) {
  int status = -1;
  std::optional<Options> options =
      read({"--port", "8000", "--standing", "full", "--shrink-seconds", "0", "--queue", "1", "--allow-host",
            "box.local", "--allow-host", "10.0.0.2:8000", "--history-db", "kept.sqlite", "--lang", "zh_CN"},
           status);
  ASSERT_TRUE(options);
  EXPECT_EQ(options->port, 8000);
  EXPECT_EQ(options->standing, "full");
  EXPECT_EQ(options->shrinkSeconds, 0);
  EXPECT_EQ(options->queue, 1);
  EXPECT_EQ(options->allowHosts, (std::vector<std::string>{"box.local", "10.0.0.2:8000"}));
  EXPECT_EQ(options->historyDb.front(), '/');
  EXPECT_EQ(options->historyDb.substr(options->historyDb.size() - 12), "/kept.sqlite");
  EXPECT_EQ(options->lang, "zh");  // make serve JUDGE_LANG=zh_CN: the judge's name for it
  EXPECT_EQ(read({"--history-db", "kept.sqlite", "--no-history"}, status)->historyDb, "");
}

// As the judge reads it: the locale (LC_ALL, LC_MESSAGES, LANG), LANGUAGE first where it is not C.
TEST_F(ServeOptions, ThePageSpeaksTheEnvironmentsLanguageUnlessTold) {
  int status = -1;
  setenv("LANG", "zh_CN.UTF-8", 1);
  EXPECT_EQ(read({}, status)->lang, "zh");
  EXPECT_EQ(read({"--lang", "en"}, status)->lang, "en");
  setenv("LC_ALL", "C", 1);  // LC_ALL before LANG
  EXPECT_EQ(read({}, status)->lang, "en");
  setenv("LANGUAGE", "zh_CN", 1);
  EXPECT_EQ(read({}, status)->lang, "en");  // gettext reads no LANGUAGE where the locale is C
  setenv("LC_ALL", "fr_FR.UTF-8", 1);
  unsetenv("LANGUAGE");
  EXPECT_EQ(read({}, status)->lang, "en");  // a language the page does not speak: English
}

TEST(ServePageLanguage, AnyChineseIsZhAndEnglishEn) {
  const std::map<std::string, std::string> pageOf = {{"zh", "zh"},    {"zh_CN.UTF-8", "zh"}, {"zh-CN", "zh"},
                                                     {"en_GB", "en"}, {"fr_FR", ""},         {"english", ""}};
  for (const auto& [name, page] : pageOf) EXPECT_EQ(pageLanguage(name), page) << name;
}

}  // namespace
}  // namespace serve
