#include "core/checker.h"

#include <algorithm>
#include <cstdint>
#include <sstream>
#include <utility>
#include <vector>

#include "core/words.h"

namespace core {
namespace {

using Cell = std::pair<int, int>;
enum class Unit { kRow, kColumn, kBox };
// "row 4 has two 7s (r4c2 and r4c8)", a message a unit (a translation words each its own way).
const char* const kTwiceIn[] = {N_("row %s has two %ss (%s and %s)"), N_("column %s has two %ss (%s and %s)"),
                                N_("box %s has two %ss (%s and %s)")};

// The k-th cell of a unit; n is the box side.
Cell unitCell(Unit unit, int index, int k, int n) {
  if (unit == Unit::kRow) return {index, k};
  if (unit == Unit::kColumn) return {k, index};
  return {index / n * n + k / n, index % n * n + k % n};
}

// Whether some unit holds a symbol twice: one bit per symbol and unit, read
// once per cell (the loader and the sudoku command ask it of every puzzle).
bool hasDuplicate(const Board& board) {
  int side = int(board.size()), n = boxSide(side);
  uint32_t rows[25] = {}, columns[25] = {}, boxes[25] = {};
  for (int r = 0; r < side; ++r)
    for (int c = 0, b = r / n * n; c < side; ++b)  // b: the box of cells c .. c + n - 1
      for (int end = c + n; c < end; ++c) {
        int v = valueOf(board[r][c]);
        if (v <= 0 || v > side) continue;
        uint32_t bit = 1u << v;
        if ((rows[r] | columns[c] | boxes[b]) & bit) return true;
        rows[r] |= bit, columns[c] |= bit, boxes[b] |= bit;
      }
  return false;
}

// "row 4 has two 7s (r4c2 and r4c8)" for the first repeated symbol in a unit.
Text firstDuplicate(const Board& board) {
  if (!hasDuplicate(board)) return {};
  int side = int(board.size()), n = boxSide(side);
  for (Unit unit : {Unit::kRow, Unit::kColumn, Unit::kBox})
    for (int i = 0; i < side; ++i) {
      Cell seen[26];  // by symbol value, 1..25
      std::fill(seen, seen + side + 1, Cell{-1, -1});
      for (int k = 0; k < side; ++k) {
        auto [r, c] = unitCell(unit, i, k, n);
        int v = valueOf(board[r][c]);
        if (v <= 0 || v > side) continue;
        if (seen[v].first >= 0)
          return said(kTwiceIn[int(unit)], {std::to_string(i + 1), std::string(1, board[r][c]),
                                            cellName(seen[v].first, seen[v].second), cellName(r, c)});
        seen[v] = {r, c};
      }
    }
  return {};
}

// Every cell of a symbol that stands twice in some unit, marked in `marks`.
void markDuplicates(const Board& board, std::vector<std::vector<bool>>& marks) {
  int side = int(board.size()), n = boxSide(side);
  for (Unit unit : {Unit::kRow, Unit::kColumn, Unit::kBox})
    for (int i = 0; i < side; ++i) {
      std::vector<int> count(side + 1, 0);
      for (int k = 0; k < side; ++k) {
        auto [r, c] = unitCell(unit, i, k, n);
        int v = valueOf(board[r][c]);
        if (v > 0 && v <= side) ++count[v];
      }
      for (int k = 0; k < side; ++k) {
        auto [r, c] = unitCell(unit, i, k, n);
        int v = valueOf(board[r][c]);
        if (v > 0 && v <= side && count[v] > 1) marks[r][c] = true;
      }
    }
}

// toGrid's lines, with the marked cells' symbols in bold red (ANSI): the separator lines are
// toGrid's own, so only the cells' lines are written again.
std::string colouredGrid(const Board& board, const std::vector<std::vector<bool>>& marks) {
  std::istringstream plain(toGrid(board));
  int n = boxSide(int(board.size()));
  if (n == 0) n = int(board.size());
  std::string out;
  size_t r = 0;
  for (std::string line; std::getline(plain, line);) {
    bool separator = r > 0 && r % n == 0 && line.find('+') != std::string::npos &&
                     line.find_first_not_of("-+") == std::string::npos;
    if (separator || r >= board.size()) {
      out += line + '\n';
      continue;
    }
    line.clear();
    for (size_t c = 0; c < board[r].size(); ++c) {
      if (c && c % n == 0) line += " |";
      std::string cell(1, board[r][c]);
      if (marks[r][c]) cell = "\033[1;31m" + cell + "\033[0m";
      line += (c ? " " : "") + cell;
    }
    out += line + '\n';
    ++r;
  }
  return out;
}

std::string dims(const Board& board) {
  return std::to_string(board.size()) + "x" + std::to_string(board.empty() ? 0 : board[0].size());
}

}  // namespace

Text shapeProblem(const Board& board) {
  for (size_t r = 0; r < board.size(); ++r)
    if (board[r].size() != board.size())
      return r == 0 || board[r].size() == board[0].size()
                 ? said("board is %s", {dims(board)})
                 : said("row %s has %s cells, row 1 has %s", {std::to_string(r + 1), std::to_string(board[r].size()),
                                                               std::to_string(board[0].size())});
  if (boxSide(int(board.size())) == 0)
    return said("board is %s; a board is 4x4, 9x9, 16x16 or 25x25", {dims(board)});
  return {};
}

Text firstConflict(const Board& board) {
  Text shape = shapeProblem(board);
  return shape.empty() ? firstDuplicate(board) : shape;
}

Text brokenRule(const Board& puzzle, const Board& answer, const Board* expected) {
  int side = int(puzzle.size());
  if (Text shape = shapeProblem(answer); !shape.empty()) return shape;
  if (answer.size() != puzzle.size())
    return said("board is %s, the puzzle %s", {dims(answer), dims(puzzle)});
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      char got = answer[r][c], given = puzzle[r][c];
      int v = valueOf(got);
      if (got == kEmpty) return said("%s is still '.'", {cellName(r, c)});
      if (v <= 0 || v > side)
        return said("%s holds '%s', not a symbol 1-%s", {cellName(r, c), std::string(1, got), std::string(1, symbol(side))});
      if (valueOf(given) > 0 && given != got)
        return said("given at %s changed from %s to %s", {cellName(r, c), std::string(1, given), std::string(1, got)});
    }
  if (Text dup = firstDuplicate(answer); !dup.empty()) return dup;
  if (expected)
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        if ((*expected)[r][c] != answer[r][c])
          return said("%s is %s, the known solution has %s",
                      {cellName(r, c), std::string(1, answer[r][c]), std::string(1, (*expected)[r][c])});
  return {};
}

std::string checkShape(const Board& board) { return shapeProblem(board).shown(); }
std::string findConflict(const Board& board) { return firstConflict(board).shown(); }
std::string check(const Board& puzzle, const Board& answer, const Board* expected) {
  return brokenRule(puzzle, answer, expected).shown();
}

std::vector<std::pair<int, int>> wrongCells(const Board& puzzle, const Board& answer,
                                            const Board* expected) {
  int side = int(answer.size());
  if (!checkShape(answer).empty() || answer.size() != puzzle.size()) return {};
  std::vector<std::vector<bool>> marks(side, std::vector<bool>(side, false));
  if (expected && expected->size() == answer.size() && checkShape(*expected).empty()) {
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) marks[r][c] = answer[r][c] != (*expected)[r][c];
  } else {
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c) {
        int v = valueOf(answer[r][c]), given = valueOf(puzzle[r][c]);
        marks[r][c] = v <= 0 || v > side || (given > 0 && puzzle[r][c] != answer[r][c]);
      }
    markDuplicates(answer, marks);
  }
  std::vector<std::pair<int, int>> cells;
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c)
      if (marks[r][c]) cells.push_back({r, c});
  return cells;
}

Text sideBySide(const Board& puzzle, const Board& answer, const Board* expected, bool colour) {
  std::vector<std::pair<Text, const Board*>> boards = {{said("puzzle"), &puzzle}, {said("returned"), &answer}};
  if (expected) boards.push_back({said("expected"), expected});
  std::vector<std::vector<Text>> columns;
  size_t height = 0;
  for (auto& [title, board] : boards) {
    std::vector<Text> lines = {title};
    std::string text = toGrid(*board);
    if (colour && board == &answer && checkShape(answer).empty()) {
      std::vector<std::vector<bool>> marks(answer.size(), std::vector<bool>(answer.size(), false));
      for (auto [r, c] : wrongCells(puzzle, answer, expected)) marks[r][c] = true;
      text = colouredGrid(answer, marks);
    }
    std::istringstream grid(text);
    for (std::string line; std::getline(grid, line);) lines.push_back(line);
    height = std::max(height, lines.size());
    columns.push_back(lines);
  }
  Text out;
  for (size_t i = 0; i < height; ++i) {
    for (size_t b = 0; b < columns.size(); ++b)
      out += leftAligned(i < columns[b].size() ? columns[b][i] : Text(), 24) + (b + 1 < columns.size() ? "  " : "");
    out += "\n";
  }
  if (expected && checkShape(answer).empty() && answer.size() == expected->size()) {
    std::vector<std::string> differ;
    for (size_t r = 0; r < answer.size(); ++r)
      for (size_t c = 0; c < answer.size(); ++c)
        if (answer[r][c] != (*expected)[r][c]) differ.push_back(cellName(int(r), int(c)));
    if (!differ.empty()) out += said("differs from expected in %s cells:", {std::to_string(differ.size())});
    for (size_t i = 0; i < differ.size() && i < 12; ++i) out += " " + differ[i];
    if (!differ.empty()) out += differ.size() > 12 ? " ...\n" : "\n";
  }
  return out;
}

Text failureReport(const Text& reason, const Board& puzzle, const Board& answer, const Board* expected,
                   bool colour) {
  return reason + "\n" + sideBySide(puzzle, answer, expected, colour);
}

std::string report(const std::string& reason, const Board& puzzle, const Board& answer, const Board* expected,
                   bool colour) {
  return failureReport(Text(reason), puzzle, answer, expected, colour).shown();
}

}  // namespace core
