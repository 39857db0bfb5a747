// The checker's own tests: it must accept every valid completion and reject
// each kind of broken board with the reason that names what broke.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "core/checker.h"

namespace core {
namespace {

// LeetCode's example 1 and its unique solution.
const Board kPuzzle = parseBoard(
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
const Board kSolved = parseBoard(
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
const Board kEmptyBoard(9, std::vector<char>(9, '.'));

TEST(Checker, AcceptsTheSolution) {
  EXPECT_EQ(check(kPuzzle, kSolved), "");
  EXPECT_EQ(check(kPuzzle, kSolved, &kSolved), "");
}

TEST(Checker, AcceptsAnyValidCompletionWhenNoneIsExpected) {
  Board relabelled = kSolved;  // swapping two digits everywhere keeps a grid valid
  for (auto& row : relabelled)
    for (char& cell : row) cell = cell == '1' ? '2' : cell == '2' ? '1' : cell;
  EXPECT_EQ(check(kEmptyBoard, relabelled), "");
  EXPECT_EQ(check(kEmptyBoard, kSolved), "");
  EXPECT_NE(check(kEmptyBoard, relabelled, &kSolved), "");
}

TEST(Checker, RejectsWrongShapes) {
  Board shortBoard(kSolved.begin(), kSolved.end() - 1);
  EXPECT_EQ(check(kPuzzle, shortBoard), "board is 8x9");
  Board shortRow = kSolved;
  shortRow[3].pop_back();
  EXPECT_EQ(check(kPuzzle, shortRow), "row 4 has 8 cells, row 1 has 9");
  Board narrow = kSolved;
  for (auto& row : narrow) row.pop_back();
  EXPECT_EQ(check(kPuzzle, narrow), "board is 9x8");
  EXPECT_EQ(check(kPuzzle, Board{}), "board is 0x0; a board is 4x4, 9x9, 16x16 or 25x25");
}

TEST(Checker, RejectsEmptyAndForeignCells) {
  Board answer = kSolved;
  answer[8][8] = '.';
  EXPECT_EQ(check(kPuzzle, answer), "r9c9 is still '.'");
  answer[8][8] = '0';
  EXPECT_EQ(check(kPuzzle, answer), "r9c9 holds '0', not a symbol 1-9");
  answer[8][8] = 'A';  // a symbol of bigger boards only
  EXPECT_EQ(check(kPuzzle, answer), "r9c9 holds 'A', not a symbol 1-9");
}

TEST(Checker, RejectsAChangedGiven) {
  Board answer = kSolved;
  answer[0][1] = '6';
  EXPECT_EQ(check(kPuzzle, answer), "given at r1c2 changed from 3 to 6");
}

TEST(Checker, RejectsADuplicateInARow) {
  Board answer = kSolved;
  answer[0][2] = '5';  // r1c3 is not a given
  EXPECT_EQ(check(kPuzzle, answer), "row 1 has two 5s (r1c1 and r1c3)");
}

TEST(Checker, RejectsADuplicateInAColumnOnly) {
  Board answer = kSolved;  // swap two cells of row 1: the row stays a permutation
  std::swap(answer[0][2], answer[0][3]);
  EXPECT_EQ(check(kEmptyBoard, answer), "column 3 has two 6s (r1c3 and r5c3)");
}

TEST(Checker, RejectsADuplicateInABoxOnly) {
  Board latin(9, std::vector<char>(9));  // rows and columns are permutations
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) latin[r][c] = symbol((r + c) % 9 + 1);
  EXPECT_EQ(check(kEmptyBoard, latin), "box 1 has two 2s (r1c2 and r2c1)");
}

TEST(Checker, RejectsADifferenceFromTheKnownSolution) {
  Board other = kSolved;
  for (auto& row : other) std::swap(row[0], row[1]);  // columns 1 and 2 swapped: still valid
  EXPECT_EQ(check(kEmptyBoard, other, &kSolved), "r1c1 is 3, the known solution has 5");
}

// After jlaire/dlx-cpp: every single-cell change of a solved grid is caught.
TEST(Checker, RejectsEverySingleCellChange) {
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      for (char d = '1'; d <= '9'; ++d) {
        if (d == kSolved[r][c]) continue;
        Board answer = kSolved;
        answer[r][c] = d;
        EXPECT_NE(check(kEmptyBoard, answer), "") << cellName(r, c) << " = " << d;
      }
}

TEST(Checker, FindsConflictingGivens) {
  EXPECT_EQ(findConflict(kPuzzle), "");
  Board puzzle = kPuzzle;
  puzzle[8][0] = '5';  // r1c1 is a 5
  EXPECT_EQ(findConflict(puzzle), "column 1 has two 5s (r1c1 and r9c1)");
}

TEST(Checker, ReportShowsTheBoardsAndWhereTheyDiffer) {
  Board answer = kSolved;
  answer[4][4] = '.';
  std::string text = report("r5c5 is still '.'", kPuzzle, answer, &kSolved);
  EXPECT_EQ(text.rfind("r5c5 is still '.'\npuzzle", 0), 0u) << text;
  EXPECT_NE(text.find("returned"), std::string::npos) << text;
  EXPECT_NE(text.find("5 3 . | . 7 ."), std::string::npos) << text;
  EXPECT_NE(text.find("differs from expected in 1 cells: r5c5"), std::string::npos) << text;
}

using Cells = std::vector<std::pair<int, int>>;

TEST(Checker, WrongCellsAreThoseThatDifferFromTheExpectedBoard) {
  Board answer = kSolved;
  answer[4][4] = '.', answer[8][0] = '9';
  EXPECT_EQ(wrongCells(kPuzzle, answer, &kSolved), (Cells{{4, 4}, {8, 0}}));
  EXPECT_EQ(wrongCells(kPuzzle, kSolved, &kSolved), Cells{});
}

TEST(Checker, WithoutAnExpectedBoardWrongCellsAreTheBrokenRules) {
  Board answer = kSolved;
  answer[0][0] = '6';  // a given changed: row 1 and box 1 then hold two 6s (r1c4 is 6)
  answer[8][8] = '.';
  Cells cells = wrongCells(kPuzzle, answer);
  for (auto cell : Cells{{0, 0}, {0, 3}, {8, 8}})
    EXPECT_NE(std::find(cells.begin(), cells.end(), cell), cells.end()) << cell.first << "," << cell.second;
  EXPECT_EQ(wrongCells(kPuzzle, Board{}), Cells{});  // no shape: nothing to mark
}

TEST(Checker, ReportColoursTheWrongCellsOnlyWhenAsked) {
  Board answer = kSolved;
  answer[4][4] = '.';
  std::string plain = report("r5c5 is still '.'", kPuzzle, answer, &kSolved);
  std::string coloured = report("r5c5 is still '.'", kPuzzle, answer, &kSolved, true);
  EXPECT_EQ(plain.find('\033'), std::string::npos);
  EXPECT_NE(coloured.find("\033[1;31m.\033[0m"), std::string::npos) << coloured;
  std::string stripped = std::regex_replace(coloured, std::regex("\033\\[[0-9;]*m"), "");
  EXPECT_EQ(stripped, plain);  // the same columns: the escapes take no room
}

}  // namespace
}  // namespace core
