// The `sudoku` command's entry point; everything else is in sudoku.cpp.
#include "sudoku.h"

int main(int argc, char** argv) {
  return judge::sudokuMain(argc, argv, std::cin, std::cout, std::cerr);
}
