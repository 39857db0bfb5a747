// The tolerant reader behind the `sudoku` command and the judge's own cases
// (CASE=, own_case.h): puzzles as people paste them from websites, of any
// size (4x4, 9x9, 16x16, 25x25). In core/, below both, so that both use it
// (core/README.md, "The arrows"). A file may mix
//   - one board per line: its cells in row-major order, '.' or '0' empty,
//     optionally followed by its known solution (the testcases/ syntax);
//   - grids: one row per line, over `side` lines, cells optionally spaced and
//     split by the separators '|', '-', '+' (a line of separators only is a rule);
//   - LeetCode's array form, on one line or spread over several, also as
//     LeetCode shows it (`board = [[...]]`), as a C++ initializer
//     (`{{'5','3',...},...}`, optionally after `... board =` and before `;`)
//     and with single-quoted cells.
// Blank lines end a grid; lines whose first non-blank character is '#' are
// comments. Parsing and validation are core::parseCase's (board.h, checker.h):
// the reader only finds where each puzzle's text begins and ends.
// Input is bounded: a line longer than kMaxLine characters, or an array
// longer than that over several lines, is one error entry, and reading goes on
// after it without holding it in memory.
#pragma once
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "core/testcases.h"

namespace core {

// One puzzle of the input, or why it could not be read.
struct Entry {
  std::string where;  // "puzzles.txt:12", the line the puzzle starts on
  std::string error;  // "" or the reason ("has 80 cells; a board has 16, 81, 256 or 625")
  Case puzzle;        // valid when error is empty; puzzle.where == where
  // The error is about the whole input ("cannot open", "no puzzle found"), not
  // about one puzzle in it: where is the input's name alone.
  bool wholeInput = false;
};

constexpr size_t kMaxLine = 65536;  // characters; a 25x25 board and its solution take 13,000

// Reads the puzzles of one input one at a time, each as soon as its last line
// is read (a puzzle pasted into a terminal is answered at once).
class PuzzleReader {
 public:
  // `side` as for readPuzzles below.
  PuzzleReader(std::istream& in, const std::string& name, int side = 0);
  // Opens `path`; a file that cannot be read gives one error entry.
  explicit PuzzleReader(const std::string& path, int side = 0);
  ~PuzzleReader();

  // The next entry; false at the end of the input.
  bool next(Entry& entry);
  // Whether reading on would wait for input (none is buffered): time to flush.
  bool waiting() const;

 private:
  class Scanner;  // the line-by-line state, in reader.cpp
  std::unique_ptr<std::istream> file_;
  std::unique_ptr<Scanner> scanner_;
  std::vector<Entry> early_;  // an error found on opening the file
};

// Reads every puzzle of `in`, named `name` in messages. `side` is 0 to infer
// each board's size from its cell count, or 4, 9, 16, 25 to require it (and
// to read a 16-cell line as a row of a 16x16 grid rather than a 4x4 board).
// Input without any puzzle gives one error entry: "no puzzle found".
std::vector<Entry> readPuzzles(std::istream& in, const std::string& name, int side = 0);

// The same for a file; one error entry if it cannot be read ("cannot open").
std::vector<Entry> readPuzzleFile(const std::string& path, int side = 0);

}  // namespace core
