#include "explore/page.h"

#include <algorithm>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/checker.h"

namespace explore {
namespace {

constexpr char kPlaceholder[] = "/*@DATA@*/null";

using Json = nlohmann::ordered_json;  // keys in the order the page's description gives them

// Compact JSON that can sit inside a <script> element: every '<' (only ever inside a string) as
// \u003c, so no "</script>" ends it early; bytes that are not UTF-8 become U+FFFD.
std::string scriptSafe(const Json& json) {
  std::string text = json.dump(-1, ' ', false, Json::error_handler_t::replace), out;
  out.reserve(text.size());
  for (char ch : text)
    if (ch == '<') out += "\\u003c";
    else out += ch;
  return out;
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

const core::SolutionEntry* entryOf(const std::string& name) {
  for (const core::SolutionEntry& e : core::solutions())
    if (e.name == name) return &e;
  return nullptr;
}

Json traceJson(const Trace& t, const Yours* yours) {
  const core::SolutionEntry* entry = entryOf(t.solution);
  bool mine = yours && t.solution == yours->entry;
  return {{"solution", mine ? core::yoursLabel(yours->file) : t.solution},
          {"yours", mine},
          {"file", mine ? yours->file : entry ? entry->file : ""},
          {"idea", entry ? idea(std::string(entry->source)) : ""},
          {"steps", encodeSteps(t.steps)},
          {"searchCalls", encodeCalls(t.searchCalls)},
          {"searchCallCount", t.searchCalls.size()},
          {"searchFunction", t.searchFunction},
          {"calls", t.calls},
          {"callsBeforeFirstStep", t.callsBeforeFirstStep},
          {"stepsSeenTogether", t.stepsSeenTogether},
          {"stopped", t.stopped},
          {"answer", core::toLine(t.answer)},
          {"verdict", t.stopped.empty() ? core::check(t.puzzle, t.answer) : ""}};
}

}  // namespace

std::string idea(const std::string& source) {
  std::string first = source.substr(0, source.find('\n'));
  return first.rfind("// ", 0) == 0 ? first.substr(3) : "";
}

std::string toJson(const std::vector<Puzzle>& puzzles, const Limits& limits, const Yours* yours) {
  Json list = Json::array();
  for (const Puzzle& p : puzzles) {
    Json traces = Json::array();
    for (const Trace& t : p.traces) traces.push_back(traceJson(t, yours));
    list.push_back({{"where", p.where}, {"side", p.board.size()}, {"puzzle", core::toLine(p.board)}, {"traces", traces}});
  }
  return scriptSafe({{"stepLimit", limits.steps}, {"callLimit", limits.calls}, {"puzzles", list}});
}

std::string renderPage(const std::string& page, const std::vector<Puzzle>& puzzles, const Limits& limits,
                       const Yours* yours) {
  size_t at = page.find(kPlaceholder);
  if (at == std::string::npos) throw std::invalid_argument(std::string("the page has no ") + kPlaceholder);
  return page.substr(0, at) + toJson(puzzles, limits, yours) + page.substr(at + sizeof kPlaceholder - 1);
}

}  // namespace explore
