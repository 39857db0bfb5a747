// The `sudoku` command: solve, count and validate puzzles read tolerantly
// (reader.h) from files or standard input. sudoku/sudoku_main.cpp is its main();
// the tests call sudokuMain in process with their own streams.
#pragma once
#include <iostream>

namespace sudoku {

// Exit statuses; when several apply, the highest is returned.
enum SudokuStatus {
  kStatusOk = 0,         // every puzzle handled (solve may have warned of several solutions)
  kStatusMalformed = 1,  // a puzzle or file could not be read; the others were still handled
  kStatusUsage = 2,      // bad options, an unknown --solver
  kStatusUnsolved = 3,   // solve: a puzzle has no solution; validate: one is not unique
  kStatusBroken = 4,     // a solver (or the engine) gave a wrong answer
};

int sudokuMain(int argc, const char* const argv[], std::istream& in, std::ostream& out,
               std::ostream& err);

}  // namespace sudoku
