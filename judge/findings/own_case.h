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

// The puzzles are read from TEXT in any form the reader takes (reader.h), or
// from the file TEXT names. Exit status: 0 when every Output is valid, 1 when
// one is not (or the file does not compile), 2 when TEXT holds no puzzle or
// a malformed one (the reason on stderr). `json`: one document on stdout;
// `lines` (--json-lines): that document on one line as {"event": "run", ...},
// then {"event": "done", "exit_status"}.
// `document`: where the JSON document goes too (the history keeps a Run's), when given.
int runOwnCases(const std::string& file, const std::string& text, bool json,
                const Workspace& workspace, bool lines = false, Json* document = nullptr);

}  // namespace judge
