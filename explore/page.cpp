#include "explore/page.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <optional>
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

// The name the page gives the user's file: "f (your file)", or a bundled file's own name.
std::string labelOf(const Yours& yours) {
  if (!yours.bundled) return core::yoursLabel(yours.file);
  std::string name = yours.file.substr(yours.file.find_last_of('/') + 1);  // npos + 1 is 0
  return name.substr(0, name.rfind(".cpp"));
}

Json traceJson(const Trace& t, const Yours* yours) {
  const core::SolutionEntry* entry = entryOf(t.solution);
  bool mine = yours && t.solution == yours->entry;
  Json json = {{"solution", mine ? labelOf(*yours) : t.solution},
          {"yours", mine},
          {"file", mine ? yours->file : entry ? entry->file : ""},
          {"idea", mine && !yours->idea.empty() ? yours->idea : entry ? idea(std::string(entry->source)) : ""},
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
  if (mine && yours->bundled) json["bundled"] = true;
  return json;
}

// What fromJson reads: each accessor throws std::invalid_argument naming the field it wanted.
[[noreturn]] void malformed(const std::string& why) { throw std::invalid_argument(why); }

const Json& field(const Json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) malformed(std::string("no \"") + key + "\"");
  return object[key];
}

std::string text(const Json& object, const char* key, size_t maxBytes) {
  const Json& value = field(object, key);
  if (!value.is_string()) malformed(std::string("\"") + key + "\" is not a string");
  if (value.get_ref<const std::string&>().size() > maxBytes)
    malformed(std::string("\"") + key + "\" is longer than " + std::to_string(maxBytes) + " bytes");
  return value.get<std::string>();
}

long count(const Json& object, const char* key) {
  const Json& value = field(object, key);
  if (!value.is_number_integer() || value.get<long long>() < 0 || value.get<long long>() > 1'000'000'000'000LL)
    malformed(std::string("\"") + key + "\" is not a count");
  return long(value.get<long long>());
}

const Json& list(const Json& object, const char* key, size_t maxItems) {
  const Json& value = field(object, key);
  if (!value.is_array() || value.size() > maxItems)
    malformed(std::string("\"") + key + "\" is not a list of at most " + std::to_string(maxItems));
  return value;
}

int depthOf(char code) {
  if (code < 32 || code > 32 + 94) malformed("a depth code out of range");
  return code - 32;
}

// A trace's steps, each checked and given its `from` by replaying them on the puzzle.
std::vector<Step> decodeSteps(const std::string& codes, const core::Board& puzzle) {
  if (codes.size() % 3) malformed("\"steps\" is not made of 3-character steps");
  int side = int(puzzle.size());
  core::Board board = puzzle;
  std::vector<Step> steps;
  for (size_t i = 0; i < codes.size(); i += 3) {
    int cell = (unsigned char)codes[i] - 32;
    if (cell < 0 || cell >= side * side) malformed("a step's cell is off the board");
    char& now = board[size_t(cell / side)][size_t(cell % side)];
    steps.push_back({cell, now, codes[i + 1], depthOf(codes[i + 2])});
    now = codes[i + 1];
  }
  return steps;
}

core::Board decodeBoard(const std::string& line, size_t side, const char* what) {
  if (line.size() != side * side) malformed(std::string("\"") + what + "\" is not a board of the puzzle's size");
  core::Board board(side, std::vector<char>(side));
  for (size_t i = 0; i < line.size(); ++i) board[i / side][i % side] = line[i];
  return board;
}

Trace decodeTrace(const Json& t, const core::Board& puzzle, size_t maxBytes) {
  Trace trace;
  trace.puzzle = puzzle;
  const Json& yours = field(t, "yours");
  if (!yours.is_boolean()) malformed("\"yours\" is not true or false");
  trace.solution = yours.get<bool>() ? core::kYoursEntry : text(t, "solution", 200);
  trace.steps = decodeSteps(text(t, "steps", maxBytes), puzzle);
  for (char code : text(t, "searchCalls", maxBytes)) trace.searchCalls.push_back(depthOf(code));
  if (count(t, "searchCallCount") != long(trace.searchCalls.size())) malformed("\"searchCallCount\" is not the calls' count");
  trace.searchFunction = text(t, "searchFunction", 200);
  trace.calls = count(t, "calls");
  trace.callsBeforeFirstStep = count(t, "callsBeforeFirstStep");
  trace.stepsSeenTogether = count(t, "stepsSeenTogether");
  trace.stopped = text(t, "stopped", 200);
  trace.answer = decodeBoard(text(t, "answer", maxBytes), puzzle.size(), "answer");
  return trace;
}

}  // namespace

std::vector<Puzzle> fromJson(const std::string& textIn, size_t maxBytes) {
  if (textIn.size() > maxBytes) malformed("the data is larger than " + std::to_string(maxBytes) + " bytes");
  Json data = Json::parse(textIn, nullptr, false);
  if (data.is_discarded()) malformed("it is not JSON");
  std::vector<Puzzle> puzzles;
  for (const Json& p : list(data, "puzzles", 100)) {
    long side = count(p, "side");
    if (side < 1 || side > 25) malformed("\"side\" is not a board's side");
    Puzzle puzzle{text(p, "where", 1000), decodeBoard(text(p, "puzzle", 625), size_t(side), "puzzle"), {}};
    for (const Json& t : list(p, "traces", 100)) puzzle.traces.push_back(decodeTrace(t, puzzle.board, maxBytes));
    puzzles.push_back(std::move(puzzle));
  }
  return puzzles;
}

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

namespace {
// A file's whole text, or none. (Not core's reader: the replay's program links this file
// with core's board, checker, registry and words only.)
std::optional<std::string> readWhole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}
}  // namespace

std::string pageTemplate(const std::string& folder) {
  std::optional<std::string> page = readWhole(folder + "/page.html");
  if (!page) throw std::invalid_argument("cannot read " + folder + "/page.html");
  // A link to a file beside the page, by its plain name: <link rel="stylesheet" href="board.css">
  // or <script src="board.js"></script>.
  struct Link { std::string open, close, element; };
  const Link links[] = {{"<link rel=\"stylesheet\" href=\"", "\">", "style"}, {"<script src=\"", "\"></script>", "script"}};
  for (const Link& link : links)
    for (size_t at; (at = page->find(link.open)) != std::string::npos;) {
      size_t nameAt = at + link.open.size(), end = page->find(link.close, nameAt);
      std::string name = page->substr(nameAt, end == std::string::npos ? 0 : end - nameAt);
      if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_.") != std::string::npos)
        throw std::invalid_argument(folder + "/page.html links a file that is not a plain name beside it");
      std::optional<std::string> text = readWhole(folder + "/" + name);
      if (!text) throw std::invalid_argument("cannot read " + folder + "/" + name + ", which page.html links");
      if (text->find("</" + link.element) != std::string::npos)
        throw std::invalid_argument(folder + "/" + name + " cannot be put inline: it holds its own end tag");
      page->replace(at, end + link.close.size() - at, "<" + link.element + ">\n" + *text + "</" + link.element + ">");
    }
  return *page;
}

std::string renderPage(const std::string& page, const std::vector<Puzzle>& puzzles, const Limits& limits,
                       const Yours* yours) {
  size_t at = page.find(kPlaceholder);
  if (at == std::string::npos) throw std::invalid_argument(std::string("the page has no ") + kPlaceholder);
  return page.substr(0, at) + toJson(puzzles, limits, yours) + page.substr(at + sizeof kPlaceholder - 1);
}

}  // namespace explore
