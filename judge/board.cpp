#include "board.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace judge {

int boxSide(int side) {
  for (int n = 2; n <= 5; ++n)
    if (n * n == side) return n;
  return 0;
}

char symbol(int value) { return value <= 9 ? char('0' + value) : char('A' + value - 10); }

int valueOf(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'P') return c - 'A' + 10;
  return -1;
}

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

Board fromLeetCode(std::string_view text) {
  nlohmann::json rows;
  try {
    rows = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(std::string("is not a LeetCode array: ") + e.what());
  }
  if (!rows.is_array()) throw std::invalid_argument("is not an array of rows");
  std::string cells;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (!rows[r].is_array() || rows[r].size() != rows.size())
      throw std::invalid_argument("board is not square: row " + std::to_string(r + 1) + " of " +
                                  std::to_string(rows.size()) + " is not an array of " +
                                  std::to_string(rows.size()) + " cells");
    for (const auto& cell : rows[r]) {
      if (!cell.is_string() || cell.get<std::string>().size() != 1)
        throw std::invalid_argument("row " + std::to_string(r + 1) + " has " + cell.dump() +
                                    "; each cell is a one-character string");
      cells += cell.get<std::string>()[0];
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

}  // namespace judge
