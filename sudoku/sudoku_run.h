// For the tests: the sudoku command called in process, with string streams.
#pragma once
#include <sstream>
#include <string>
#include <vector>

#include "sudoku/sudoku.h"

namespace sudoku {
using namespace core;

struct Outcome {
  int status;
  std::string out, err;
  bool operator==(const Outcome& o) const {
    return status == o.status && out == o.out && err == o.err;
  }
};

// Runs `sudoku args...` with `input` as standard input.
inline Outcome sudoku(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), "sudoku");
  std::vector<const char*> argv;
  for (const std::string& a : args) argv.push_back(a.c_str());
  std::istringstream in(input);
  std::ostringstream out, err;
  int status = sudokuMain(int(argv.size()), argv.data(), in, out, err);
  return {status, out.str(), err.str()};
}

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

}  // namespace sudoku
