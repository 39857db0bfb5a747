// make debug SOLUTION=f.cpp [CASE=...] [GDB_FLAGS=...]: the file in gdb on one
// case, stopped inside the user's own function. The file is built as the
// judge builds it (core/prelude.h, the file at global scope, the judge's
// compiler and sanitizers) but at -O0, beside a driver that reads the case
// and calls Solution().solveSudoku(board) once, as LeetCode does
// (build_debug.sh). The case is CASE= in any form make judge takes
// (own_case.h), else the file's last failing case (last_failing.h), else
// LeetCode's example; which one is said before gdb starts. gdb starts with a
// breakpoint at Solution::solveSudoku and the user's flags, so `run` stops
// there with `board` filled. The program runs outside the judge's sandbox, as
// any program one debugs: it is the user's own file.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

// What make debug runs, built: the program and the case file it reads.
// Also linked as $(BUILD)/debug/program and $(BUILD)/debug/case.txt, the
// fixed paths an editor's launch configuration names (.vscode/launch.json).
struct DebugBuild {
  std::string program;
  std::string caseFile;
  std::string from;  // which case it is, in words
};

struct DebugRequest {
  std::string file;
  std::optional<std::string> caseText;  // CASE=, when given
  std::vector<std::string> gdbArgs;     // GDB_FLAGS, split by the shell
};

// Builds the file for debugging on its case. Throws std::invalid_argument
// for a bad CASE= (a usage error) and std::runtime_error when the file does
// not compile (the compiler's message) or cannot be read.
DebugBuild buildForDebugging(const DebugRequest& request, const Workspace& workspace);

// make debug: the one line saying how to install gdb (exit 2) when it is
// missing; else builds, says which case, and replaces this process by gdb.
// Returns only on failure: 2 for a usage error, 1 when the file does not compile.
int debugInGdb(const DebugRequest& request, const Workspace& workspace);

// make debug-build: builds, then prints `program: PATH` and `case: PATH`
// (and which case it is). 0, or as debugInGdb.
int buildDebugOnly(const DebugRequest& request, const Workspace& workspace);

}  // namespace judge
