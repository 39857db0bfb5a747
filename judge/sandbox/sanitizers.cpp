// The sanitizers' options and reports (sanitizers.h).
#include "judge/sandbox/sanitizers.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "judge/sandbox/box.h"
#include "judge/sandbox/runtime_story.h"

namespace judge::box {

// Sanitizers as LeetCode runs them, without the leak check (LeetCode accepts
// leaks). ASan's own memory ceiling is twice the judge's limit, so that the
// judge, reading the tree from outside, is the one that stops a tree over it;
// ASan's report of running out (its ceiling, a too large allocation) is read
// as Memory Limit Exceeded as well. symbolize=0: ASan's symbolizer is a
// process of its own, which the runner may not start; the judge names the
// frames itself (symbolized() below). quarantine_size_mb=16: the freed memory
// ASan keeps to catch a use after free, 256 MB by default, would otherwise be
// counted as the solution's. handle_abort=1: an abort() (an uncaught exception,
// a failed assert) gets ASan's report with its stack, where the line that threw
// or called it is.
std::string asanOptions(const RunnerLimits& limits) {
  return "ASAN_OPTIONS=detect_leaks=0:symbolize=0:handle_abort=1:quarantine_size_mb=16:hard_rss_limit_mb=" +
         std::to_string(2 * (limits.memoryKb >> 10));
}

std::string reportLines(const std::string& stderrText) {
  std::string headline = runtimeHeadline(stderrText);
  if (!headline.empty()) return "\n  " + headline.substr(0, 300);
  std::vector<std::string> lines;
  std::istringstream in(stderrText);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line.substr(0, 300));
  std::string text;  // no runtime's words: the child's last ones
  for (size_t i = lines.size() - std::min<size_t>(lines.size(), 3); i < lines.size(); ++i) text += "\n  " + lines[i];
  return text;
}

namespace {

// The functions inlined at one address of the program, innermost first: each one's name and
// "file:line:column", as llvm-symbolizer prints them ("??" where it knows nothing).
using Inlined = std::vector<std::pair<std::string, std::string>>;

const std::string& symbolizerPath() {
  static const std::string path = [] {
    std::string found = process::findInPath("llvm-symbolizer");
    return found.empty() ? process::findInPath("llvm-symbolizer-19") : found;
  }();
  return path;
}

// llvm-symbolizer, once, on every offset of `program`: a blank line ends each offset's functions.
std::map<std::string, Inlined> symbolsOf(const std::string& program, const std::vector<std::string>& offsets) {
  std::map<std::string, Inlined> symbols;
  std::vector<std::string> command = {symbolizerPath(), "--obj=" + program};
  command.insert(command.end(), offsets.begin(), offsets.end());
  std::string answer;
  if (symbolizerPath().empty() || offsets.empty() || runCommand(command, answer) != 0) return symbols;
  std::istringstream lines(answer);
  std::vector<Inlined> found(1);
  for (std::string function, where; std::getline(lines, function);) {
    if (function.empty()) {
      if (!found.back().empty()) found.emplace_back();
    } else if (std::getline(lines, where)) {
      found.back().push_back({function, where});
    }
  }
  if (found.back().empty()) found.pop_back();
  if (found.size() != offsets.size()) return symbols;  // not its usual answer: the frames stay as they are
  for (size_t i = 0; i < offsets.size(); ++i) symbols[offsets[i]] = found[i];
  return symbols;
}

// "path:12:5" of a known place ("path:12" when the column is 0), "" for "??:0:0".
std::string knownPlace(std::string where) {
  if (where.rfind("??", 0) == 0) return "";
  if (where.size() > 2 && where.compare(where.size() - 2, 2, ":0") == 0) where.resize(where.size() - 2);
  return where;
}

// A frame line "    #1 0x55..." numbered `number`: ASan counts each function inlined at an address
// as a frame of its own, so the frames after one that was expanded move down.
std::string renumbered(const std::string& line, int number) {
  size_t hash = line.find('#'), end = line.find_first_not_of("0123456789", hash + 1);
  return line.substr(0, hash + 1) + std::to_string(number) + line.substr(end);
}

// The number a frame line gives itself ("#12" -> 12).
int frameNumber(const std::string& line) {
  size_t hash = line.find('#');
  return std::atoi(line.c_str() + hash + 1);
}

// A frame line "    #1 0x55...  (MODULE+0x1234) (BuildId: ...)" as a line for each function inlined
// there, numbered from `next` on.
std::string namedFrame(const std::string& line, size_t marker, const Inlined& functions, int& next) {
  std::string prefix = line.substr(0, line.find_last_not_of(' ', marker - 1) + 1), lines;
  for (const auto& [function, where] : functions) {
    std::string place = knownPlace(where);
    if (function == "??") return lines + renumbered(line, next++);  // its offset is all there is
    if (place.empty()) {  // a function without its lines (the sanitizer's runtime): named, with its offset
      std::string offset = line.substr(marker);
      return lines + renumbered(prefix, next++) + " in " + function + " " + offset;
    }
    lines += renumbered(prefix, next++) + " in " + function + " " + place + (&function == &functions.back().first ? "" : "\n");
  }
  return lines;
}

// A SUMMARY's "(MODULE+0x1234) (BuildId: ...)" as "path:12:5 in function", ASan's own words.
std::string namedSummary(const std::string& line, size_t marker, size_t end, const Inlined& functions) {
  std::string place = functions.empty() ? "" : knownPlace(functions.front().second);
  if (place.empty()) return line;
  std::string rest = line.substr(end + 1);
  if (rest.rfind(" (BuildId: ", 0) == 0) rest.erase(0, rest.find(')', 1) + 1);
  bool named = rest.find(" in ") != std::string::npos;
  return line.substr(0, marker) + place + (named ? "" : " in " + functions.front().first) + rest;
}

}  // namespace

std::string symbolized(const std::string& text, const std::string& program, const std::string& shownAs) {
  const std::string marker = "(" + shownAs + "+0x";
  std::vector<std::string> offsets;
  for (size_t at = text.find(marker); at != std::string::npos && offsets.size() < 1000; at = text.find(marker, at + 1)) {
    size_t end = text.find(')', at);
    std::string offset = end == std::string::npos ? "" : text.substr(at + marker.size() - 2, end - at - marker.size() + 2);
    if (offset.find_first_not_of("0123456789abcdefx") == std::string::npos &&
        std::find(offsets.begin(), offsets.end(), offset) == offsets.end())
      offsets.push_back(offset);
  }
  std::map<std::string, Inlined> symbols = symbolsOf(program, offsets);
  if (symbols.empty()) return text;
  std::istringstream in(text);
  std::string out;
  int next = 0;  // the number of the next frame of the stack under way
  for (std::string line; std::getline(in, line);) {
    size_t at = line.find(marker), end = at == std::string::npos ? at : line.find(')', at);
    auto known = end == std::string::npos ? symbols.end() : symbols.find(line.substr(at + marker.size() - 2, end - at - marker.size() + 2));
    size_t first = line.find_first_not_of(' ');
    bool frame = first != std::string::npos && line[first] == '#' && first + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[first + 1]));
    if (frame && frameNumber(line) == 0) next = 0;
    if (known != symbols.end()) out += frame ? namedFrame(line, at, known->second, next) : namedSummary(line, at, end, known->second);
    else out += frame ? renumbered(line, next++) : line;
    out += "\n";
  }
  return text.empty() || text.back() == '\n' ? out : out.substr(0, out.size() - 1);
}

// ASan's words for running out of memory: its own ceiling, an allocation too
// large for it, an allocator out of memory; and C++'s, uncaught.
bool saysOutOfMemory(const std::string& stderrText) {
  for (const char* words : {"hard rss limit exhausted", "allocation-size-too-big", "out-of-memory",
                            "out of memory", "std::bad_alloc", "requested allocation size"})
    if (stderrText.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace judge::box
