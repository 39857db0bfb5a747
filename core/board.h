// Boards as LeetCode passes them: vector<vector<char>>, '.' for an empty cell.
// A board has side n*n (4, 9, 16 or 25) and n x n boxes. Symbols are '1'-'9'
// then 'A'-'P', so value v (1-based) is written symbol(v); '0' reads as empty.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace core {

using Board = std::vector<std::vector<char>>;

constexpr char kEmpty = '.';

// The C locale's isspace (' ', '\t', '\n', '\v', '\f', '\r') without a library call per
// character: the readers test every character of their input with it.
constexpr bool isBlank(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

int boxSide(int side);                // 3 for 9; 0 when side is not n*n, n in 2..5
char symbol(int value);               // 1 -> '1', 10 -> 'A'
std::string cellName(int r, int c);   // 0-based (0, 2) -> "r1c3"

// '1' -> 1, 'A' -> 10; 0 for '.' or '0'; -1 otherwise. Inline: the checkers ask it of every cell.
constexpr int valueOf(char c) {
  if (c == '.' || c == '0') return 0;
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'P') return c - 'A' + 10;
  return -1;
}

// Parses one board: a row-major string of cells ("53..7....6..195...") or
// LeetCode's array form ([["5","3","."],...]). Throws std::invalid_argument
// with a reason ("has 80 cells; a board has 16, 81, 256 or 625").
Board parseBoard(std::string_view text);

std::string toLine(const Board& board);      // 81 characters for 9x9
std::string toLeetCode(const Board& board);  // [["5","3",...],...]
std::string toGrid(const Board& board);      // rows of cells with box separators

}  // namespace core
