// `sudoku generate`: puzzles with exactly one solution from sudoku/generator.h,
// one line each in the testcases/ line format (so `sudoku solve` and the
// harness read them). Kept apart from sudoku.cpp, which only registers it.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <ostream>

namespace sudoku {

struct GenerateOptions {
  int size = 9;
  long count = 1;
  uint64_t first = 0;     // --first: the number of the first puzzle printed
  uint64_t seed = 1;
  int givens = 0;         // --givens: stop removing at this many; 0: minimal
  long budget = -1;       // --budget: nodes per uniqueness check; -1: the size's default
  int jobs = 1;           // puzzles generated at once; the output order stays the same
  bool rate = false;      // prefix each line with its rating
  bool solution = false;  // follow each puzzle with its solution
};

// Adds the subcommand and its options to `app`.
CLI::App* addGenerate(CLI::App& app, GenerateOptions& options);

// Prints options.count puzzles, puzzle first + i made by generate(size, seed, first + i).
// Returns kStatusOk, or kStatusUsage (sudoku.h) with a message on `err`.
int generateCommand(const GenerateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace sudoku
