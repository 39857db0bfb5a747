// The sanitizers as the runner runs them (LeetCode's ASan and UBSan, without the leak check), and
// their reports made readable: frames named by the judge, the runtime's first line found.
#pragma once
#include <string>

#include "judge/sandbox/sandbox.h"

namespace judge::box {

// ASAN_OPTIONS=... for a runner under these limits (sanitizers.cpp says why each).
std::string asanOptions(const RunnerLimits& limits);
// symbolize=0: the judge names the frames (symbolized()); print_stacktrace=1: UBSan's error with
// its stack, where the user's line is when the error is in a library header (vector's operator[]).
constexpr const char* kUbsanOptions = "UBSAN_OPTIONS=symbolize=0:print_stacktrace=1";

// The line of a report worth a failure's reason: the runtime's own first line (runtime_story.h);
// for anything else (a program that exits with a message of its own), its last lines.
std::string reportLines(const std::string& stderrText);
// `text` with each unsymbolized frame of the program ("(/box/solution+0x1234)", `shownAs` being the
// program's path where it ran) named as the sanitizers' own symbolizer names it: a line for each
// function inlined at that address, "#1 0x55... in Solution::f() /path/solution.cpp:12:5", and a
// SUMMARY's location so too. llvm-symbolizer, run once by the judge on the host's copy, `program`.
std::string symbolized(const std::string& text, const std::string& program, const std::string& shownAs);
// Whether stderr says the program ran out of memory: ASan's words, or C++'s, uncaught.
bool saysOutOfMemory(const std::string& stderrText);

}  // namespace judge::box
