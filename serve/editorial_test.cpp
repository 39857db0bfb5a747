// The Editorial's matter (serve/editorial.h), read from this repository's files: every step of
// solutions/README.md's reading path, each file's code, idea, diff and times, the run named; and a
// tree whose files are missing or say nothing of a reading path, refused with a reason.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "serve/editorial.h"
#include "serve/files.h"

namespace serve {
namespace {

using Json = nlohmann::json;
namespace fs = std::filesystem;

Json editorial(const std::string& lang) { return Json::parse(editorialJson(REPO_ROOT, lang)); }

TEST(ServeEditorial, WalksEveryStepOfTheReadingPath) {
  Json e = editorial("en");
  std::vector<std::string> steps, first;
  for (const Json& step : e["steps"]) steps.push_back(step["step"]), first.push_back(step["solutions"][0]["name"]);
  EXPECT_EQ(steps, (std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "7b", "8", "9"}));
  EXPECT_EQ(first.front(), "naive_backtracking");
  EXPECT_EQ(first.back(), "propagation_bitboard");
  EXPECT_EQ(e["steps"][4]["solutions"].size(), 4u);  // step 5: four ways to recurse
  EXPECT_EQ(e["steps"][1]["idea"], "remember each unit's digits: an O(1) check");
}

TEST(ServeEditorial, GivesEachFileItsCodeIdeaDiffAndTimes) {
  Json e = editorial("en");
  for (const Json& step : e["steps"])
    for (const Json& s : step["solutions"]) {
      std::string name = s["name"];
      std::ifstream in(std::string(REPO_ROOT) + "/solutions/" + name + ".cpp");
      std::string code((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      EXPECT_EQ(s["code"], code) << name;
      EXPECT_EQ(code.rfind("// " + s["comment"].get<std::string>().substr(0, 20), 0), 0u) << name;
      EXPECT_TRUE(e["results"]["sets"]["times"].contains(name)) << name;
      if (name == "naive_backtracking") {
        EXPECT_TRUE(s["base"].is_null());
        continue;
      }
      std::string diff = s["diff"];
      EXPECT_EQ(diff.rfind("--- " + s["base"].get<std::string>() + "\n+++ solutions/" + name + ".cpp\n@@", 0), 0u) << name;
    }
  // Where the README names the file to compare with, that one; else the step before's first.
  Json step5 = editorial("en")["steps"][4]["solutions"];
  EXPECT_EQ(step5[3]["name"], "bitmask_mrv_popcnt");
  EXPECT_EQ(step5[3]["base"], "solutions/bitmask_mrv_y_combinator.cpp");
  EXPECT_EQ(step5[1]["base"], "solutions/bitmask_mrv_std_function.cpp");
}

TEST(ServeEditorial, NamesTheRunItsTimesComeFrom) {
  Json r = editorial("en")["results"];
  std::string run = r["run"];
  EXPECT_EQ(run.rfind("Written by `make -j2 bench` on ", 0), 0u) << run;
  EXPECT_EQ(run.back(), '.');
  EXPECT_EQ(r["sets"]["columns"][0], "leetcode_example (1)");
  EXPECT_EQ(r["sets"]["times"]["naive_backtracking"][1], "-");  // not run on the 17-clue set
  EXPECT_FALSE(r["ladder"]["times"]["propagation_bitboard"][0].get<std::string>().empty());
}

TEST(ServeEditorial, SpeaksThePagesLanguage) {
  Json e = editorial("zh");
  EXPECT_EQ(e["readme"], "solutions/README.zh-CN.md");
  EXPECT_EQ(e["steps"].size(), editorial("en")["steps"].size());
  EXPECT_NE(e["steps"][0]["idea"].get<std::string>().find("第一个空格"), std::string::npos);
}

TEST(ServeEditorial, RefusesATreeWithoutItsFiles) {
  fs::path root = fs::temp_directory_path() / ("serve-editorial-test-" + std::to_string(::getpid()));
  fs::create_directories(root / "solutions");
  EXPECT_THROW(editorialJson(root.string(), "en"), std::runtime_error);  // no README
  std::ofstream(root / "solutions/README.md") << "# Solutions\n\nNo reading path here.\n";
  try {
    editorialJson(root.string(), "en");
    ADD_FAILURE() << "a README without a reading path was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("reading path has no step"), std::string::npos) << e.what();
  }
  fs::remove_all(root);
}

// The page's files: the page's folder, explore's board, CodeMirror's, and nothing else.
TEST(ServePageFiles, ListsThePagesFilesOnly) {
  std::vector<PageFile> files = pageFiles(REPO_ROOT, std::string(REPO_ROOT) + "/no codemirror here");
  std::vector<std::string> urls;
  for (const PageFile& f : files) urls.push_back(f.url);
  EXPECT_NE(std::find(urls.begin(), urls.end(), "/page/main.js"), urls.end());
  EXPECT_NE(std::find(urls.begin(), urls.end(), "/explore/board.js"), urls.end());
  for (const std::string& url : urls) {
    EXPECT_EQ(url.find(".."), std::string::npos) << url;
    EXPECT_NE(url, "/page/index.html");  // served at /, with its settings
    EXPECT_EQ(url.rfind("/codemirror/", 0), std::string::npos) << url;
  }
  EXPECT_FALSE(haveCodeMirror(std::string(REPO_ROOT) + "/no codemirror here"));
}

}  // namespace
}  // namespace serve
