// The sanitizers as the runner runs them (LeetCode's ASan and UBSan, without the leak check),
// and what the judge shows of their reports: the error and summary lines, ASan's frames named.
#pragma once
#include <string>

#include "judge/sandbox/sandbox.h"

namespace judge::box {

// ASAN_OPTIONS=... for a runner under these limits (sanitizers.cpp says why each).
std::string asanOptions(const RunnerLimits& limits);
constexpr const char* kUbsanOptions = "UBSAN_OPTIONS=symbolize=0";

// The lines of a sanitizer's report worth showing: its first error line and
// its summary; for anything else (an uncaught exception), the last lines.
std::string reportLines(const std::string& stderrText);
// `text` with each "(/box/solution+0x1234)" of ASan's unsymbolized frames
// named: "in Solution::f() solution.cpp:12:5", by llvm-symbolizer run by the
// judge on the host's copy of the program, `program`.
std::string symbolized(const std::string& text, const std::string& program);
// Whether stderr says the program ran out of memory: ASan's words, or C++'s, uncaught.
bool saysOutOfMemory(const std::string& stderrText);

}  // namespace judge::box
