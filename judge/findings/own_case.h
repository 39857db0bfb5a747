// The judge's Run button: `judge --case TEXT FILE.cpp` (make judge
// SOLUTION=f.cpp CASE='board = [[...]]') runs the file on one's own puzzles,
// as LeetCode runs a custom testcase: compiled as the judge compiles it, run
// in the sandbox, then for each puzzle its Input, Output (grid and LeetCode's
// form), whether Output is a valid solution of Input, Expected when the
// puzzle has one solution, Stdout and CPU time.
#pragma once
#include <string>

#include "judge/report/report.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

// The puzzles of TEXT in any form the reader takes (reader.h), or of the file
// TEXT names; none, with `error` set, when one is malformed or there is none.
// CASE= reads them so for make judge and make debug alike.
std::vector<Case> readOwnCases(const std::string& text, std::string& error);

// What a Run came to, for whoever reports it (judge/pipeline/): the exit
// status, 0 when every Output is valid, 1 when one is not (or the file does not
// compile); the --case document (judge/report/README.md), its words kept as
// message ids; and its text, as the terminal shows it in the language spoken.
struct OwnRun {
  int status = 0;
  Json document;
  std::string text;
};

// `file` run on `cases` (readOwnCases's), as LeetCode's Run button runs them.
OwnRun runOwnCases(const std::string& file, const std::vector<Case>& cases, const Workspace& workspace);

}  // namespace judge
