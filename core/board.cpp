#include "core/board.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <stdexcept>

namespace core {

int boxSide(int side) {
  for (int n = 2; n <= 5; ++n)
    if (n * n == side) return n;
  return 0;
}

char symbol(int value) { return value <= 9 ? char('0' + value) : char('A' + value - 10); }

std::string cellName(int r, int c) {
  return "r" + std::to_string(r + 1) + "c" + std::to_string(c + 1);
}

namespace {

std::string printable(char c) {
  if (c >= 0x21 && c < 0x7f) return std::string("'") + c + "'";
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02x", unsigned(static_cast<unsigned char>(c)));
  return hex;
}

// Checks that `c` may stand in a cell of a board of this side.
void requireCell(char c, int side, int index) {
  int v = valueOf(c);
  if (v < 0 || v > side)
    throw std::invalid_argument("cell " + std::to_string(index + 1) + " is " + printable(c) +
                                "; expected a symbol 1-" + symbol(side) + ", '.' or '0'");
}

Board fromCells(std::string_view cells) {
  int side = 0;
  for (int n = 2; n <= 5; ++n)
    if (cells.size() == size_t(n * n * n * n)) side = n * n;
  if (side == 0)
    throw std::invalid_argument("has " + std::to_string(cells.size()) +
                                " cells; a board has 16, 81, 256 or 625");
  Board board(side, std::vector<char>(side));
  for (int i = 0; i < side * side; ++i) {
    requireCell(cells[i], side, i);
    board[i / side][i % side] = valueOf(cells[i]) ? cells[i] : kEmpty;
  }
  return board;
}

// LeetCode's array form, read by hand so that every message is ours and any
// input, however deep or long, costs one pass: an array of rows, each an array
// of cells; a cell is a quoted string ("5") or, to be named in the message, a
// bare word (5, null). An array inside a row is refused at once.
class ArrayReader {
 public:
  explicit ArrayReader(std::string_view text) : text_(text) {}

  // The rows, each a list of cells as written ("\"5\"", "5"); an element
  // that is not an array is kept as a row of no cells, and its index in `notArrays`.
  std::vector<std::vector<std::string>> rows(std::vector<size_t>& notArrays) {
    std::vector<std::vector<std::string>> rows;
    expect('[');
    if (!skipTo(']')) {
      do {
        skipBlanks();
        if (peek() == '[')
          rows.push_back(row());
        else
          notArrays.push_back(rows.size()), cell(), rows.emplace_back();
      } while (next(']'));
    }
    skipBlanks();
    if (i_ < text_.size()) fail("unexpected '" + std::string(1, text_[i_]) + "' after the board");
    return rows;
  }

 private:
  std::string_view text_;
  size_t i_ = 0;

  [[noreturn]] void fail(const std::string& what) const {
    size_t line = 1, column = 1;
    for (size_t k = 0; k < i_ && k < text_.size(); ++k)
      text_[k] == '\n' ? (++line, column = 1) : ++column;
    throw std::invalid_argument("is not a LeetCode array: " + what + " at line " +
                                std::to_string(line) + ", column " + std::to_string(column));
  }
  char peek() const { return i_ < text_.size() ? text_[i_] : '\0'; }
  void skipBlanks() {
    while (i_ < text_.size() && isBlank(text_[i_])) ++i_;
  }
  void expect(char c) {
    skipBlanks();
    if (i_ == text_.size()) fail(std::string("unexpected end of input; expected '") + c + "'");
    if (text_[i_] != c) fail(std::string("expected '") + c + "'");
    ++i_;
  }
  // After an opening '[': true (and past it) when `close` comes at once.
  bool skipTo(char close) {
    skipBlanks();
    return peek() == close ? (++i_, true) : false;
  }
  // After an element: true at ',', false past the closing `close`.
  bool next(char close) {
    skipBlanks();
    if (i_ == text_.size()) fail(std::string("unexpected end of input; expected '") + close + "'");
    if (text_[i_] == ',') return ++i_, true;
    if (text_[i_] != close) fail(std::string("expected ',' or '") + close + "'");
    ++i_;
    return false;
  }
  std::vector<std::string> row() {
    std::vector<std::string> cells;
    expect('[');
    if (skipTo(']')) return cells;
    do {
      skipBlanks();
      if (peek() == '[')
        throw std::invalid_argument("has arrays nested 3 deep; a board is an array of rows, "
                                    "each an array of one-character strings");
      cells.push_back(cell());
    } while (next(']'));
    return cells;
  }
  // A quoted string (a backslash escapes the next character) or a bare word.
  std::string cell() {
    size_t start = i_;
    if (peek() == '"') {
      for (++i_; i_ < text_.size() && text_[i_] != '"'; ++i_)
        if (text_[i_] == '\\') ++i_;
      if (i_ >= text_.size()) fail("unexpected end of input in a string");
      ++i_;
    } else {
      while (i_ < text_.size() && !isBlank(text_[i_]) &&
             std::string_view(",[]\"").find(text_[i_]) == std::string_view::npos)
        ++i_;
      if (i_ == start) fail(i_ == text_.size() ? "unexpected end of input" : "expected a cell");
    }
    return std::string(text_.substr(start, i_ - start));
  }
};

// The one character of a cell written "5" or "\5"; 0 for any other cell.
char cellCharacter(const std::string& written) {
  if (written.size() == 3 && written[0] == '"') return written[1];
  if (written.size() == 4 && written[0] == '"' && written[1] == '\\') return written[2];
  return 0;
}

// "1 row", "9 cells".
std::string counted(size_t n, const char* what) { return std::to_string(n) + " " + what + (n == 1 ? "" : "s"); }

Board fromLeetCode(std::string_view text) {
  std::vector<size_t> notArrays;
  std::vector<std::vector<std::string>> rows = ArrayReader(text).rows(notArrays);
  std::string cells;
  for (size_t r = 0; r < rows.size(); ++r) {
    bool isArray = std::find(notArrays.begin(), notArrays.end(), r) == notArrays.end();
    if (!isArray) throw std::invalid_argument("row " + std::to_string(r + 1) + " is not an array of cells");
    if (rows[r].size() != rows.size())
      throw std::invalid_argument("board is not square: " + counted(rows.size(), "row") + ", but row " +
                                  std::to_string(r + 1) + " has " + counted(rows[r].size(), "cell"));
    for (const std::string& cell : rows[r]) {
      char c = cellCharacter(cell);
      if (c == 0)
        throw std::invalid_argument("row " + std::to_string(r + 1) + " has " + cell +
                                    "; each cell is a one-character string");
      cells += c;
    }
  }
  return fromCells(cells);
}

}  // namespace

Board parseBoard(std::string_view text) {
  return !text.empty() && text[0] == '[' ? fromLeetCode(text) : fromCells(text);
}

std::string toLine(const Board& board) {
  std::string line;
  for (const auto& row : board) line.append(row.begin(), row.end());
  return line;
}

std::string toLeetCode(const Board& board) {
  std::string out = "[";
  for (size_t r = 0; r < board.size(); ++r) {
    out += r ? ",[" : "[";
    for (size_t c = 0; c < board[r].size(); ++c) (out += c ? ",\"" : "\"") += board[r][c], out += '"';
    out += ']';
  }
  return out + "]";
}

std::string toGrid(const Board& board) {
  int n = boxSide(int(board.size()));
  if (n == 0) n = int(board.size());  // odd shapes still print, without boxes
  std::vector<std::string> lines;
  for (const auto& row : board) {
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (c && c % n == 0) line += " |";
      line += (c ? " " : "") + std::string(1, row[c]);
    }
    lines.push_back(line);
  }
  std::string out;
  for (size_t r = 0; r < lines.size(); ++r) {
    if (r && r % n == 0) {  // the row above, with '|' as '+' and the rest as '-'
      for (char ch : lines[r - 1]) out += ch == '|' ? '+' : '-';
      out += '\n';
    }
    out += lines[r] + '\n';
  }
  return out;
}

}  // namespace core
