// The sanitizers' options and reports (sanitizers.h).
#include "judge/sandbox/sanitizers.h"

#include "judge/sandbox/box.h"

#include <algorithm>
#include <sstream>
#include <vector>

namespace judge {
namespace {

bool isSanitizerError(const std::string& line) {
  return line.find("runtime error:") != std::string::npos ||  // UBSan
         line.find("AddressSanitizer:") != std::string::npos;  // ASan, its memory limit too
}

}  // namespace

namespace box {

// Sanitizers as LeetCode runs them, without the leak check (LeetCode accepts
// leaks). ASan's own memory ceiling is twice the judge's limit, so that the
// judge, reading the tree from outside, is the one that stops a tree over it;
// ASan's report of running out (its ceiling, a too large allocation) is read
// as Memory Limit Exceeded as well. symbolize=0: ASan's symbolizer is a
// process of its own, which the runner may not start; the judge names the
// frames itself (symbolized() below). quarantine_size_mb=16: the freed memory
// ASan keeps to catch a use after free, 256 MB by default, would otherwise be
// counted as the solution's.
std::string asanOptions(const RunnerLimits& limits) {
  return "ASAN_OPTIONS=detect_leaks=0:symbolize=0:quarantine_size_mb=16:hard_rss_limit_mb=" +
         std::to_string(2 * (limits.memoryKb >> 10));
}

// The lines of a sanitizer's report worth showing: its first error line and
// its summary; for anything else (an uncaught exception), the last lines.
std::string reportLines(const std::string& stderrText) {
  std::vector<std::string> lines, found;
  std::istringstream in(stderrText);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line.substr(0, 300));
  for (const std::string& line : lines)
    if (found.empty() && isSanitizerError(line)) found.push_back(line);
  for (const std::string& line : lines)
    if (line.rfind("SUMMARY:", 0) == 0) found.push_back(line);
  if (found.empty() && !lines.empty())  // no sanitizer report: the child's last words
    found.assign(lines.end() - std::min<size_t>(lines.size(), 3), lines.end());
  std::string text;
  for (const std::string& line : found) text += "\n  " + line;
  return text;
}

// `text` with each "(/box/solution+0x1234)" of ASan's unsymbolized frames
// named: "in Solution::f() solution.cpp:12:5", by llvm-symbolizer run by the
// judge on the program (ASan's own symbolizer would be a process in the box).
std::string symbolized(const std::string& text, const std::string& program) {
  static const std::string symbolizer = [] {
    std::string path = process::findInPath("llvm-symbolizer");
    return path.empty() ? process::findInPath("llvm-symbolizer-19") : path;
  }();
  const std::string marker = std::string("(") + kProgramInBox + "+0x";
  std::string out;
  size_t from = 0;
  for (size_t at; (at = text.find(marker, from)) != std::string::npos;) {
    size_t end = text.find(')', at);
    if (end == std::string::npos) break;
    std::string offset = text.substr(at + marker.size() - 2, end - at - marker.size() + 2);
    std::string answer;
    if (!symbolizer.empty() && offset.find_first_not_of("0123456789abcdefx") == std::string::npos &&
        runCommand({symbolizer, "--obj=" + program, offset}, answer) == 0) {
      std::istringstream lines(answer);
      std::string function, where;
      std::getline(lines, function), std::getline(lines, where);
      if (!function.empty() && function != "??") {
        out += text.substr(from, at - from) + "in " + function + " " + where.substr(where.rfind('/') + 1);
        from = end + 1;
        continue;
      }
    }
    out += text.substr(from, end + 1 - from);
    from = end + 1;
  }
  return out + text.substr(from);
}

// ASan's words for running out of memory: its own ceiling, an allocation too
// large for it, an allocator out of memory; and C++'s, uncaught.
bool saysOutOfMemory(const std::string& stderrText) {
  for (const char* words : {"hard rss limit exhausted", "allocation-size-too-big", "out-of-memory",
                            "out of memory", "std::bad_alloc", "requested allocation size"})
    if (stderrText.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace box
}  // namespace judge
