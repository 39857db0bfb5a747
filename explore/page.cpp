#include "explore/page.h"

#include <algorithm>
#include <stdexcept>

#include "core/checker.h"

namespace explore {
namespace {

constexpr char kPlaceholder[] = "/*@DATA@*/null";

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\', out += char(ch);
    else if (ch == '<') out += "\\u003c";  // no "</script>" inside the script
    else if (ch < 32) out += "\\u00" + std::string(1, "0123456789abcdef"[ch >> 4]) + "0123456789abcdef"[ch & 15];
    else out += char(ch);
  }
  return out + "\"";
}

// A depth as one character; deeper than 94 levels (no 9x9 search is) is shown as 94.
char depthCode(int depth) { return char(32 + std::clamp(depth, 0, 94)); }

std::string encodeSteps(const std::vector<Step>& steps) {
  std::string out;
  out.reserve(3 * steps.size());
  for (const Step& s : steps) out += char(32 + s.cell), out += s.to, out += depthCode(s.depth);
  return out;
}

std::string encodeCalls(const std::vector<int>& depths) {
  std::string out;
  for (int d : depths) out += depthCode(d);
  return out;
}

const judge::SolutionEntry* entryOf(const std::string& name) {
  for (const judge::SolutionEntry& e : judge::solutions())
    if (e.name == name) return &e;
  return nullptr;
}

std::string traceJson(const Trace& t, const Yours* yours) {
  const judge::SolutionEntry* entry = entryOf(t.solution);
  std::string verdict = t.stopped.empty() ? judge::check(t.puzzle, t.answer) : "";
  bool mine = yours && t.solution == yours->entry;
  return "{\"solution\":" + quoted(mine ? judge::yoursLabel(yours->file) : t.solution) +
         ",\"yours\":" + (mine ? "true" : "false") +
         ",\"file\":" + quoted(mine ? yours->file : entry ? entry->file : "") +
         ",\"idea\":" + quoted(entry ? idea(std::string(entry->source)) : "") +
         ",\"steps\":" + quoted(encodeSteps(t.steps)) +
         ",\"searchCalls\":" + quoted(encodeCalls(t.searchCalls)) +
         ",\"searchCallCount\":" + std::to_string(t.searchCalls.size()) +
         ",\"searchFunction\":" + quoted(t.searchFunction) +
         ",\"calls\":" + std::to_string(t.calls) +
         ",\"callsBeforeFirstStep\":" + std::to_string(t.callsBeforeFirstStep) +
         ",\"stepsSeenTogether\":" + std::to_string(t.stepsSeenTogether) +
         ",\"stopped\":" + quoted(t.stopped) +
         ",\"answer\":" + quoted(judge::toLine(t.answer)) +
         ",\"verdict\":" + quoted(verdict) + "}";
}

}  // namespace

std::string idea(const std::string& source) {
  std::string first = source.substr(0, source.find('\n'));
  return first.rfind("// ", 0) == 0 ? first.substr(3) : "";
}

std::string toJson(const std::vector<Puzzle>& puzzles, const Limits& limits, const Yours* yours) {
  std::string out = "{\"stepLimit\":" + std::to_string(limits.steps) +
                    ",\"callLimit\":" + std::to_string(limits.calls) + ",\"puzzles\":[";
  for (size_t p = 0; p < puzzles.size(); ++p) {
    out += (p ? ",{" : "{") + std::string("\"where\":") + quoted(puzzles[p].where) +
           ",\"side\":" + std::to_string(puzzles[p].board.size()) +
           ",\"puzzle\":" + quoted(judge::toLine(puzzles[p].board)) + ",\"traces\":[";
    for (size_t t = 0; t < puzzles[p].traces.size(); ++t) out += (t ? "," : "") + traceJson(puzzles[p].traces[t], yours);
    out += "]}";
  }
  return out + "]}";
}

std::string renderPage(const std::string& page, const std::vector<Puzzle>& puzzles, const Limits& limits,
                       const Yours* yours) {
  size_t at = page.find(kPlaceholder);
  if (at == std::string::npos) throw std::invalid_argument(std::string("the page has no ") + kPlaceholder);
  return page.substr(0, at) + toJson(puzzles, limits, yours) + page.substr(at + sizeof kPlaceholder - 1);
}

}  // namespace explore
