// The Markdown pages keep their promises: every relative link and anchor of every page resolves,
// as GitHub resolves it. The checks are first shown failing on small pages written here.
#include <gtest/gtest.h>

#include <fstream>

#include "markdown/markdown.h"

namespace markdown {
namespace {

namespace fs = std::filesystem;
const fs::path kRoot = REPO_ROOT;

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
      "[ref]: testcases/README.md\n<img src=\"explore/screenshot.png\">\n");
  std::vector<std::string> targets;
  for (const Link& link : page.links) targets.push_back(std::to_string(link.line) + " " + link.target);
  EXPECT_EQ(targets, (std::vector<std::string>{"1 judge/README.md#exit-status", "1 bench/chart.png",
                                               "7 with space.md", "7 https://example.com", "7 a_(b).md",
                                               "8 testcases/README.md", "9 explore/screenshot.png"}));
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

TEST(Repository, EveryRelativeLinkAndAnchorResolves) {
  std::vector<fs::path> files = markdownFiles(kRoot);
  ASSERT_GE(files.size(), 6u) << "README.md and the folders' manuals";
  for (const fs::path& file : files)
    for (const Problem& problem : brokenLinks(file)) ADD_FAILURE() << problem.where << ": " << problem.what;
}

}  // namespace
}  // namespace markdown
