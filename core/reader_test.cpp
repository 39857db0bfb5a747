// The tolerant reader: every pasted form of one puzzle reads as the same
// board, sizes are inferred or required, and each malformed puzzle becomes
// one error entry at its line while the puzzles after it are still read.
#include <gtest/gtest.h>

#include <sstream>

#include "core/reader.h"
#include "core/repo_root.h"

namespace core {
namespace {

const std::string kExample =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

std::vector<Entry> read(const std::string& text, int side = 0) {
  std::istringstream in(text);
  return readPuzzles(in, "pasted", side);
}

// "where: error" for each entry, "where" alone for a good one.
std::vector<std::string> summary(const std::vector<Entry>& entries) {
  std::vector<std::string> lines;
  for (const Entry& e : entries)
    lines.push_back(e.error.empty() ? e.where : e.where + ": " + e.error);
  return lines;
}

// `side` rows of `side` cells, each cell followed by `gap`.
std::string grid(const Board& board, const std::string& gap) {
  std::string text;
  for (const auto& row : board) {
    for (char cell : row) text += std::string(1, cell) + gap;
    text += "\n";
  }
  return text;
}

// A valid complete board of any side: row r is row 0 shifted by r's band and offset.
Board patternBoard(int side) {
  int n = boxSide(side);
  Board board(side, std::vector<char>(side));
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) board[r][c] = symbol((r % n * n + r / n + c) % side + 1);
  return board;
}

TEST(Reader, ReadsEveryFormOfTheSamePuzzle) {
  std::string path = kRoot + "/testcases/cli/forms.txt";
  std::vector<Entry> entries = readPuzzleFile(path);
  std::vector<std::string> expected;
  for (int line : {6, 9, 12, 26, 40, 43}) expected.push_back(path + ":" + std::to_string(line));
  EXPECT_EQ(summary(entries), expected);
  for (const Entry& e : entries) EXPECT_EQ(toLine(e.puzzle.puzzle), kExample) << e.where;
  EXPECT_EQ(entries[0].puzzle.where, entries[0].where);
}

TEST(Reader, KeepsAKnownSolutionAndAcceptsWindowsLineEnds) {
  auto entries = read("# comment\r\n\r\n" + kExample + "\r\n");
  ASSERT_EQ(summary(entries), std::vector<std::string>{"pasted:3"});
  EXPECT_FALSE(entries[0].puzzle.solution);
  std::string solved =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  entries = read(kExample + "\t" + solved);
  ASSERT_TRUE(entries.at(0).puzzle.solution);
  EXPECT_EQ(toLine(*entries[0].puzzle.solution), solved);
}

TEST(Reader, InfersEachBoardsSideFromItsCells) {
  Board four = patternBoard(4), sixteen = patternBoard(16);
  sixteen[0][0] = four[0][0] = kEmpty;
  auto entries = read(toLine(four) + "\n" + toLine(sixteen) + "\n" + std::string(625, '.') + "\n" +
                      grid(four, " ") + "\n" + grid(sixteen, " "));
  ASSERT_EQ(entries.size(), 5u);
  std::vector<size_t> sides;
  for (const Entry& e : entries) sides.push_back(e.error.empty() ? e.puzzle.puzzle.size() : 0);
  EXPECT_EQ(sides, (std::vector<size_t>{4, 16, 25, 4, 16}));
  EXPECT_EQ(entries[3].puzzle.puzzle, four);
  EXPECT_EQ(entries[4].puzzle.puzzle, sixteen);
}

// Sixteen cells in one run are a whole 4x4 board unless --size says 16.
TEST(Reader, SizeOptionReadsRunsOf16CellsAsRows) {
  Board sixteen = patternBoard(16);
  EXPECT_EQ(read(grid(sixteen, "")).size(), 16u);  // sixteen 4x4 boards, all malformed
  auto entries = read(grid(sixteen, ""), 16);
  ASSERT_EQ(summary(entries), std::vector<std::string>{"pasted:1"});
  EXPECT_EQ(entries[0].puzzle.puzzle, sixteen);
}

TEST(Reader, SizeOptionRejectsOtherSizes) {
  std::string leetcode4 = toLeetCode(patternBoard(4));
  EXPECT_EQ(summary(read(toLine(patternBoard(4)) + "\n" + leetcode4 + "\n" + kExample, 9)),
            (std::vector<std::string>{
                "pasted:1: has 16 cells; a 9x9 board has 81, or 9 on each of 9 lines",
                "pasted:2: board is 4x4; --size asks for 9x9", "pasted:3"}));
}

TEST(Reader, AGridCutShortByABoardLineEndsThere) {
  std::string text = grid(parseBoard(kExample), " ").substr(0, 3 * 19) + kExample + "\n";
  EXPECT_EQ(
      summary(read(text)),
      (std::vector<std::string>{"pasted:1: grid ends after 3 rows; a 9x9 grid has 9", "pasted:4"}));
}

TEST(Reader, AnUnclosedArrayEndsAtTheFirstLineThatCannotContinueIt) {
  auto entries = read("[[\"1\",\".\",\".\",\".\"],\n[\".\",\".\",\".\",\".\"]\n" + kExample);
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_NE(entries[0].error.find("is not a LeetCode array"), std::string::npos)
      << entries[0].error;
  EXPECT_EQ(entries[1].where, "pasted:3");
  EXPECT_EQ(entries[1].error, "");
}

TEST(Reader, InputWithoutPuzzlesIsAnError) {
  EXPECT_EQ(summary(read("# only a comment\n\n------+------\n")),
            std::vector<std::string>{"pasted: no puzzle found"});
  EXPECT_EQ(summary(read("")), std::vector<std::string>{"pasted: no puzzle found"});
}

TEST(Reader, UnreadableFilesAreErrors) {
  std::string missing = kRoot + "/testcases/cli/no_such_file.txt";
  EXPECT_EQ(summary(readPuzzleFile(missing)), std::vector<std::string>{missing + ": cannot open"});
  std::string folder = kRoot + "/testcases/cli";
  EXPECT_EQ(summary(readPuzzleFile(folder)), std::vector<std::string>{folder + ": is a directory"});
}

}  // namespace
}  // namespace core
