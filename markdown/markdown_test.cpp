// The Markdown pages keep their promises: every relative link and anchor of every page resolves,
// as GitHub resolves it, and every translated page is in step with its original (headings,
// figures, links). Each check is first shown failing on small pages written here.
#include <gtest/gtest.h>

#include <fstream>

#include "markdown/markdown.h"

namespace markdown {
namespace {

namespace fs = std::filesystem;

// A folder of small pages, made fresh for each test.
class Pages : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(testing::TempDir()) / ("markdown-" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text) {
    fs::path file = dir_ / name;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
    return file;
  }
  static std::vector<std::string> what(const std::vector<Problem>& problems) {
    std::vector<std::string> out;
    for (const Problem& p : problems) out.push_back(p.where.substr(p.where.rfind('/') + 1) + " " + p.what);
    return out;
  }
  fs::path dir_;
};

TEST(Slug, IsGitHubsAnchor) {
  EXPECT_EQ(slug("5. Recursion styles"), "5-recursion-styles");
  EXPECT_EQ(slug("Building the C++23 file"), "building-the-c23-file");
  EXPECT_EQ(slug("make bench and make chart"), "make-bench-and-make-chart");
  EXPECT_EQ(slug("bitmask_mrv_popcnt: -O2 -mpopcnt"), "bitmask_mrv_popcnt--o2--mpopcnt");
  EXPECT_EQ(slug("Speed — what moves"), "speed--what-moves");
  EXPECT_EQ(slug("术语表（Glossary）"), "术语表glossary");
  EXPECT_EQ(slug("判题结果：Accepted、Wrong Answer"), "判题结果acceptedwrong-answer");
}

TEST(ReadPage, HeadingsAndTheirAnchors) {
  Page page = parsePage(
      "# Title\n\n## The `sudoku` command\n### Notes ##\n## Notes\n```sh\n# not a heading\n```\n"
      "### Notes\n<a id=\"kept\"></a>\n#not a heading either\n");
  ASSERT_EQ(page.headings.size(), 5u);
  EXPECT_EQ(page.headings[1].level, 2);
  EXPECT_EQ(page.headings[1].text, "The sudoku command");
  EXPECT_EQ(page.headings[2].text, "Notes");
  EXPECT_EQ(page.headings[4].line, 9);
  EXPECT_EQ(page.anchors, (std::vector<std::string>{"title", "the-sudoku-command", "notes", "notes-1", "notes-2", "kept"}));
}

TEST(ReadPage, LinksOutsideCode) {
  Page page = parsePage(
      "See [the judge](judge/README.md#exit-status) and ![chart](bench/chart.png \"title\").\n"
      "`[not](a-link.md)` and\n```\n[not](either.md)\n```\n"
      "[a link\nover two lines](<with space.md>) [x](https://example.com) [paren](a_(b).md)\n"
      "[the sets][ref] <img src=\"explore/screenshot.png\">\n\n[ref]: testcases/README.md\n");
  std::vector<std::string> targets;
  for (const Link& link : page.links) targets.push_back(std::to_string(link.line) + " " + link.target);
  EXPECT_EQ(targets, (std::vector<std::string>{"1 judge/README.md#exit-status", "1 bench/chart.png",
                                               "7 with space.md", "7 https://example.com", "7 a_(b).md",
                                               "8 testcases/README.md", "8 explore/screenshot.png"}));
}

// What GitHub's parser knows and a line-by-line reading would not: an indented code block, a
// `~~~` fence and an HTML comment hold no link; a definition no link uses shows nothing; a
// heading may be underlined, or quoted; `<a name>` is an anchor too; a line break inside code
// moves the links after it to the next line.
TEST(ReadPage, AsGitHubReadsIt) {
  Page page = parsePage(
      "Intro\n\n    [indented](code.md)\n\n~~~\n[fenced](code.md)\n~~~\n<!-- [hidden](note.md) "
      "<img src=\"hidden.png\"> -->\n\n[unused]: nowhere.md\n\nUnder *lined*\n===\n\n> ## Quoted\n\n"
      "<p><a name=\"old-name\" href=\"guide.md\">guide</a>\n<img\n  src='picture.png'></p>\n\n"
      "A `code\nspan`, then [a link](after.md) on line 22.\n");
  std::vector<std::string> headings, targets;
  for (const Heading& heading : page.headings) headings.push_back(std::to_string(heading.line) + " " + heading.text);
  for (const Link& link : page.links) targets.push_back(std::to_string(link.line) + " " + link.target);
  EXPECT_EQ(headings, (std::vector<std::string>{"12 Under lined", "15 Quoted"}));
  EXPECT_EQ(targets, (std::vector<std::string>{"17 guide.md", "19 picture.png", "22 after.md"}));
  EXPECT_EQ(page.anchors, (std::vector<std::string>{"under-lined", "quoted", "old-name"}));
}

TEST_F(Pages, LinkCheckFindsEveryBrokenLinkAndAnchor) {
  write("guide/README.md", "# Guide\n\n## Exit status\n");
  write("picture.png", "");
  fs::path page = write("page.md",
                        "# Page\n\n## Here\n"
                        "[fine](guide/README.md#exit-status) [fine](#here) ![fine](picture.png) [fine](guide/)\n"
                        "[gone](guide/MISSING.md)\n"
                        "[wrong anchor](guide/README.md#exit-code)\n"
                        "[no such heading](#there)\n"
                        "[external](https://example.com/nowhere) `[code](nowhere.md)`\n"
                        "[absolute](/guide/README.md)\n");
  EXPECT_EQ(what(brokenLinks(page)),
            (std::vector<std::string>{"page.md:5 (guide/MISSING.md) names no file: " + (dir_ / "guide/MISSING.md").lexically_normal().string(),
                                      "page.md:6 (guide/README.md#exit-code) names no heading of README.md: #exit-code",
                                      "page.md:7 (#there) names no heading of page.md: #there",
                                      "page.md:9 (/guide/README.md) is absolute: write it relative to this page"}));
}

TEST_F(Pages, MarkdownFilesLeaveOutBuildAndHiddenFolders) {
  write("README.md", "");
  write("judge/README.md", "");
  write("build/README.md", "");
  write(".git/README.md", "");
  write("judge/notes.txt", "");
  std::vector<fs::path> files = markdownFiles(dir_);
  EXPECT_EQ(files, (std::vector<fs::path>{dir_ / "README.md", dir_ / "judge/README.md"}));
}

TEST(Figures, AreNumbersWithTheirUnits) {
  EXPECT_EQ(figures("From 1.38 s to 1.79 us, 768,138x; 2.21 µs and 45.3us, 28% of 800 ms, -0.1%,\n"
                    "2 min 28 s, 64 MB, 0.97-1.00x, 1,089\nus."),
            (std::vector<std::string>{"1.38 s", "1.79 us", "768,138x", "2.21 µs", "45.3us", "28%", "800 ms",
                                      "0.1%", "2 min", "28 s", "64 MB", "1.00x", "1,089\nus"}));
  EXPECT_EQ(figures("9x9 boards, 3 sets, 16 solutions, x86-64, r4c2, 2026-12-01, 10 steps, 1.5"), std::vector<std::string>{});
  EXPECT_EQ(figures("耗时 1.38 s，快 768,138x。"), (std::vector<std::string>{"1.38 s", "768,138x"}));
}

// An English page and its Chinese translation, in step, and a third page both link to.
class Pair : public Pages {
 protected:
  void SetUp() override {
    Pages::SetUp();
    write("guide.md", "# Guide\n\n## Exit status\n");
    write("guide.zh-CN.md", "# 指南\n\n## 退出状态\n");
    write("other.md", "# Other\n\n## Part\n");
  }
  Translation pair(const std::string& english, const std::string& chinese) {
    return {write("page.md", english), write("page.zh-CN.md", chinese)};
  }
  static constexpr const char* kEnglish =
      "# Page\n\n[中文](page.zh-CN.md)\n\n## Speed\n\nFrom 1.38 s to 1.79 us, 768,138x ([how](#speed)).\n"
      "See [the guide](guide.md#exit-status) and [other](other.md#part).\n\n### Notes\n";
  static constexpr const char* kChinese =
      "# 页面\n\n[English](page.md)\n\n## 速度\n\n从 1.38 s 到 1.79 us，快 768,138x（[方法](#速度)）。\n"
      "见[指南](guide.zh-CN.md#退出状态)和[其他](other.md#part)。\n\n### 说明\n";
};

TEST_F(Pair, InStepHasNoProblem) { EXPECT_EQ(what(outOfStep(pair(kEnglish, kChinese))), std::vector<std::string>{}); }

TEST_F(Pair, AFigureUpdatedOnOneSideFails) {
  std::string chinese = kChinese;
  chinese.replace(chinese.find("1.79 us"), 7, "1.80 us");
  EXPECT_EQ(what(outOfStep(pair(kEnglish, chinese))),
            (std::vector<std::string>{"page.zh-CN.md the figure 1.79us is in the original, not in the translation",
                                      "page.zh-CN.md the figure 1.80us is in the translation, not in the original"}));
}

TEST_F(Pair, AHeadingOrALinkMissingFails) {
  std::string chinese = kChinese;
  chinese.erase(chinese.find("### 说明"));
  chinese.replace(chinese.find("other.md#part"), 13, "other.md");
  EXPECT_EQ(what(outOfStep(pair(kEnglish, chinese))),
            (std::vector<std::string>{"page.zh-CN.md 0 headings of level 3, the original has 1",
                                      "page.zh-CN.md the link to other.md#part is in the original, not in the translation",
                                      "page.zh-CN.md the link to other.md is in the translation, not in the original"}));
}

TEST_F(Pair, TheLinksBetweenThePagesMustBeAtTheTop) {
  std::string english = kEnglish, chinese = kChinese;
  english.erase(english.find("[中文](page.zh-CN.md)"), 20);
  chinese.replace(chinese.find("[English](page.md)"), 18, "");
  chinese += "\n[English](page.md)\n";
  std::vector<std::string> problems = what(outOfStep(pair(english, chinese)));
  EXPECT_EQ(problems, (std::vector<std::string>{"page.md does not link to its translation above its first ## heading",
                                                "page.zh-CN.md does not link to its original above its first ## heading"}));
}

TEST_F(Pair, ABrokenLinkInTheTranslationFails) {
  std::string chinese = kChinese;
  chinese.replace(chinese.find("#退出状态"), 13, "#exit-status");
  EXPECT_EQ(what(outOfStep(pair(kEnglish, chinese))),
            (std::vector<std::string>{"page.zh-CN.md:8 (guide.zh-CN.md#exit-status) names no heading of guide.zh-CN.md: #exit-status"}));
}

TEST_F(Pages, TranslationsAreFoundBesideTheirOriginals) {
  fs::path english = write("README.md", ""), chinese = write("README.zh-CN.md", ""), results = write("results.md", "");
  std::vector<Translation> pairs = translations({english, chinese, results});
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].original, english);
  EXPECT_EQ(pairs[0].translation, chinese);
}

TEST(Repository, EveryTranslationIsInStepWithItsOriginal) {
  std::vector<Translation> pairs = translations(markdownFiles(REPO_ROOT));
  ASSERT_GE(pairs.size(), 2u) << "README.md and solutions/README.md have Chinese pages";
  for (const Translation& pair : pairs)
    for (const Problem& problem : outOfStep(pair)) ADD_FAILURE() << problem.where << ": " << problem.what;
}

TEST(Repository, EveryRelativeLinkAndAnchorResolves) {
  std::vector<fs::path> files = markdownFiles(REPO_ROOT);
  ASSERT_GE(files.size(), 6u) << "README.md and the folders' manuals";
  for (const fs::path& file : files)
    for (const Problem& problem : brokenLinks(file)) ADD_FAILURE() << problem.where << ": " << problem.what;
}

}  // namespace
}  // namespace markdown
