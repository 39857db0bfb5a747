// A submission's job (serve/job.h): the judge's arguments for a Run, a Submit and a Replay, in
// the page's language, kept in the history unless it is off; its folder private, holding the
// posted bytes, and gone with the job.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/scratch_folder.h"
#include "serve/job.h"

namespace serve {
namespace {

using Args = std::vector<std::string>;

Options withHistory(const std::string& lang) {
  Options options;
  options.lang = lang;
  options.historyDb = "/home/me/submissions.sqlite";
  return options;
}

TEST(ServeJob, ARunJudgesItsCaseAndIsKept) {
  EXPECT_EQ(judgeArgs(withHistory("en"), {"run", "code", "board = ..."}),
            (Args{"--json-lines", "--case", "case.txt", "--record", "run", "--history-db",
                  "/home/me/submissions.sqlite", "--lang", "en", "--", "solution.cpp"}));
}

TEST(ServeJob, ASubmitHasItsStandingAndShrinksInThePagesLanguage) {
  Options options = withHistory("zh");
  options.standing = "0", options.shrinkSeconds = 2;
  EXPECT_EQ(judgeArgs(options, {"submit", "code", ""}),
            (Args{"--json-lines", "--standing", "0", "--shrink-seconds", "2", "--record", "submit", "--history-db",
                  "/home/me/submissions.sqlite", "--lang", "zh_CN", "--", "solution.cpp"}));
}

TEST(ServeJob, AReplayIsNeverKeptAndTakesItsCaseOnlyWhenThereIsOne) {
  EXPECT_EQ(judgeArgs(withHistory("en"), {"replay", "code", "board = ..."}),
            (Args{"--replay", "--case", "case.txt", "--lang", "en", "--", "solution.cpp"}));
  EXPECT_EQ(judgeArgs(withHistory("en"), {"replay", "code", ""}), (Args{"--replay", "--lang", "en", "--", "solution.cpp"}));
}

TEST(ServeJob, WithTheHistoryOffNothingIsKept) {
  Options off = withHistory("en");
  off.historyDb = "";
  Args args = judgeArgs(off, {"submit", "code", ""});
  EXPECT_EQ(std::find(args.begin(), args.end(), "--record"), args.end());
}

TEST(ServeJob, ItsFolderIsPrivateHoldsThePostedBytesAndGoesWithIt) {
  core::ScratchFolder under("job-test");
  std::string path;
  {
    JobFolder folder(under.path(), {"run", std::string("class Solution {};\0\xff", 20), "board = [[...]]"});
    path = folder.path();
    struct stat info;
    ASSERT_EQ(stat(path.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0700u);
    ASSERT_EQ(stat((path + "/solution.cpp").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0600u);
    std::ostringstream code, puzzle;
    code << std::ifstream(path + "/solution.cpp", std::ios::binary).rdbuf();
    puzzle << std::ifstream(path + "/case.txt").rdbuf();
    EXPECT_EQ(code.str(), std::string("class Solution {};\0\xff", 20));
    EXPECT_EQ(puzzle.str(), "board = [[...]]");
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
}  // namespace serve
