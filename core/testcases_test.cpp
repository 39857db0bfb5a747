// The loader: both board forms, comments, and a specific error with file and
// line for every malformed line (testcases/invalid/), never a silent skip.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/checker.h"
#include "core/repo_root.h"
#include "core/tagged_lines.h"
#include "core/testcases.h"

namespace core {
namespace {

TEST(Loader, ReadsLeetCodeFormAndLines) {
  auto cases = loadCases(kRoot + "/testcases/leetcode_example.txt");
  ASSERT_EQ(cases.size(), 1u);
  EXPECT_EQ(toLine(cases[0].puzzle).substr(0, 9), "53..7....");
  ASSERT_TRUE(cases[0].solution);
  EXPECT_EQ(toLine(*cases[0].solution).substr(0, 9), "534678912");
  EXPECT_EQ(cases[0].where, kRoot + "/testcases/leetcode_example.txt:3");
}

TEST(Loader, ZeroAndDotAreEmpty) {
  Case c = parseCase("0300" + std::string(77, '.'));
  EXPECT_EQ(c.puzzle[0][0], '.');
  EXPECT_EQ(c.puzzle[0][1], '3');
  EXPECT_EQ(c.puzzle[0][3], '.');
  EXPECT_FALSE(c.solution);
}

TEST(Loader, LeetCodeFormRoundTrips) {
  Board board = parseBoard("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  EXPECT_EQ(parseBoard(toLeetCode(board)), board);
  EXPECT_EQ(splitBoards(" " + toLeetCode(board) + "  " + toLine(board) + " ").size(), 2u);
}

TEST(Loader, EveryBundledSetLoads) {
  for (const auto& file : std::filesystem::directory_iterator(kRoot + "/testcases"))
    if (file.path().extension() == ".txt") {
      std::vector<Case> cases;
      EXPECT_NO_THROW(cases = loadCases(file.path().string())) << file.path();
      EXPECT_FALSE(cases.empty()) << file.path();
      for (const Case& c : cases)  // one size a set: its first case gives it (nineByNineSets)
        EXPECT_EQ(c.puzzle.size(), cases[0].puzzle.size()) << c.where;
    }
}

// The first cases alone: the lines after them are not read, a bad one included.
TEST(Loader, ReadsOnlyTheFirstCasesWhenToldHowMany) {
  std::string path = testing::TempDir() + "first_cases.txt";  // each shard has its own TempDir
  std::ofstream(path) << "# a comment\n\n" << std::string(81, '.') << "\n" << "not a board\n";
  std::vector<Case> first;
  ASSERT_NO_THROW(first = loadCases(path, 1));
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].where, path + ":3");
  EXPECT_TRUE(loadCases(path, 0).empty());
  try {
    loadCases(path);
    ADD_FAILURE() << path << " loaded without error";
  } catch (const LoadError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ":4: ", 0), 0u) << e.what();
  }
  std::filesystem::remove(path);
}

TEST(Loader, RejectsEveryInvalidFileWithItsMessage) {
  int files = 0;
  for (const auto& file : std::filesystem::directory_iterator(kRoot + "/testcases/invalid")) {
    std::string path = file.path().string();
    std::vector<std::string> expect = tagged(path, "# expect: ");
    ASSERT_EQ(expect.size(), 1u) << path << " needs one '# expect:' line";
    const std::string& expected = expect[0];
    ++files;
    try {
      loadCases(path);
      ADD_FAILURE() << path << " loaded without error";
    } catch (const LoadError& e) {
      EXPECT_EQ(e.what(), path + ":4: " + expected);
    }
  }
  EXPECT_GE(files, 8);
}

TEST(Loader, MissingFileIsAnError) {
  EXPECT_THROW(loadCases(kRoot + "/testcases/no_such_file.txt"), LoadError);
}

// testcases/wrong_outputs: answers the checker must reject, each with its reason.
TEST(Loader, CheckerRejectsEveryBundledWrongOutput) {
  std::ifstream in(kRoot + "/testcases/wrong_outputs/wrong_outputs.txt");
  const std::string tag = "# expect: ";
  std::string reason, line;
  int records = 0;
  while (std::getline(in, line)) {
    if (line.rfind(tag, 0) == 0) { reason = line.substr(tag.size()); continue; }
    if (line.empty() || line[0] == '#') continue;
    auto boards = splitBoards(line);
    ASSERT_EQ(boards.size(), 2u) << line;
    EXPECT_EQ(check(parseBoard(boards[0]), parseBoard(boards[1])), reason);
    ++records;
  }
  EXPECT_GE(records, 6);
}

}  // namespace
}  // namespace core
