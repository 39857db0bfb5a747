// The tolerant reader behind the `sudoku` command: puzzles as people paste
// them from websites, of any size (4x4, 9x9, 16x16, 25x25). A file may mix
//   - one board per line: its cells in row-major order, '.' or '0' empty,
//     optionally followed by its known solution (the testcases/ syntax);
//   - grids: one row per line, over `side` lines, cells optionally spaced and
//     split by the separators '|', '-', '+' (a line of separators only is a rule);
//   - LeetCode's array form, on one line or spread over several.
// Blank lines end a grid; lines whose first non-blank character is '#' are
// comments. Parsing and validation are judge::parseCase's (board.h, checker.h):
// the reader only finds where each puzzle's text begins and ends.
#pragma once
#include <istream>
#include <string>
#include <vector>

#include "testcases.h"

namespace judge {

// One puzzle of the input, or why it could not be read.
struct Entry {
  std::string where;  // "puzzles.txt:12", the line the puzzle starts on
  std::string error;  // "" or the reason ("has 80 cells; a board has 16, 81, 256 or 625")
  Case puzzle;        // valid when error is empty; puzzle.where == where
};

// Reads every puzzle of `in`, named `name` in messages. `side` is 0 to infer
// each board's size from its cell count, or 4, 9, 16, 25 to require it (and
// to read a 16-cell line as a row of a 16x16 grid rather than a 4x4 board).
// Input without any puzzle gives one error entry: "no puzzle found".
std::vector<Entry> readPuzzles(std::istream& in, const std::string& name, int side = 0);

// The same for a file; one error entry if it cannot be read ("cannot open").
std::vector<Entry> readPuzzleFile(const std::string& path, int side = 0);

}  // namespace judge
