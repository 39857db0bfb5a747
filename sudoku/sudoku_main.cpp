// The `sudoku` command's entry point; everything else is in sudoku.cpp.
#include <iostream>

#include "sudoku/sudoku.h"

int main(int argc, char** argv) {
  // The reader takes characters from std::cin's own buffer, and knows when it
  // is empty (time to flush answers): unsynced, std::cin has one.
  std::ios::sync_with_stdio(false);
  return sudoku::sudokuMain(argc, argv, std::cin, std::cout, std::cerr);
}
