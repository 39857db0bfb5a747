#include "judge/findings/findings.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "core/catalog.h"
#include "core/text_file.h"
#include "core/words.h"
#include "judge/sandbox/sandbox.h"
#include "messages/json.h"

namespace judge {
using namespace core;
namespace {

std::optional<FailingCase> firstFailingCase(const FileResult& result, const Workspace& workspace) {
  for (const SetResult& set : result.sets) {
    // Memory and Output Limit Exceeded, and a process created, are not shrunk nor tried for
    // state between calls: no puzzle causes them (a file that holds or prints too much does).
    bool wrong = set.verdict == Verdict::kWrongAnswer ||
                 (set.verdict == Verdict::kRuntimeError && set.failure.english().find(kCreatedProcess) == std::string::npos);
    if (!wrong || set.passed >= set.total) continue;  // (a failure at exit has no case)
    std::vector<Case> cases = loadCases(workspace.root + "/testcases/" + set.set + ".txt");
    cases.resize(size_t(set.passed) + 1);  // a set stops at its first failure: case `passed`
    for (Case& c : cases)  // "testcases/magictour.txt:9", as the judge names a case
      if (c.where.rfind(workspace.root + "/", 0) == 0) c.where.erase(0, workspace.root.size() + 1);
    return FailingCase{set.set, set.limitMs, set.verdict, std::move(cases), size_t(set.passed)};
  }
  return std::nullopt;
}

// The reason the board fails when run alone: the first line of the judge's own report.
Text failsBecause(const Program& program, const Board& board, const Board& solution, int limitMs) {
  RunOutcome run = runCases(program.path, {Case{board, solution, "shrunk"}}, limitMs);
  if (run.verdict == Verdict::kAccepted) return {};
  return verdictWord(run.verdict) + ": " + run.reason;
}

void shrinkOrOrder(const Program& program, const FindingsOptions& options, Findings& found) {
  const FailingCase& failing = *found.failing;
  FailsInOrder inOrder = failsInOrderWith(program.path, failing.cases, failing.verdict, failing.limitMs);
  found.order = findStateBetweenCalls(failing.index, inOrder, options.orderBudget);
  if (found.order) return;
  const Case& c = failing.cases[failing.index];
  if (!c.solution) {
    found.notShrunk = said("not shrunk: %s has no known solution to fill its empty cells from", {c.where});
    return;
  }
  if (options.shrinkBudget.count() == 0) {
    found.notShrunk = said("not shrunk: --shrink-seconds 0");
    return;
  }
  int limitMs = std::min(failing.limitMs, options.shrinkTrialLimitMs);
  Shrunk shrunk = shrinkFailingCase(program.path, c, failing.verdict, limitMs, options.shrinkBudget);
  Text reason = failsBecause(program, shrunk.puzzle, *c.solution, failing.limitMs);
  if (reason.empty()) found.notShrunk = said("not shrunk: the smallest board passed when run once more (a flaky failure?)");
  else found.shrunk = ShrunkCase{shrunk, reason, options.shrinkBudget};
}

Text caseWords(const FailingCase& failing, size_t index) {
  return said("%s case %s (%s)", {failing.set, std::to_string(index + 1), failing.cases[index].where});
}

Text orderText(const StateBetweenCalls& order, const FailingCase& failing) {
  if (order.sequence.size() < 2)  // the set's first case, which failed in the judge's run
    return "\n== " + said("%s passed when run again alone: the failure did not repeat (does the solution "
                           "depend on time, or on uninitialised memory?)", {caseWords(failing, failing.index)}) + "\n";
  size_t before = order.sequence[order.sequence.size() - 2];
  Text text = "\n== " + said("State between calls: %s passes alone, fails after case %s: the solution "
                              "keeps state between calls (globals or statics not reset?)",
                              {caseWords(failing, failing.index), std::to_string(before + 1)}) + "\n";
  std::string count = std::to_string(order.sequence.size());
  text += "  " + (order.shortest ? said("the shortest failing sequence found (%s cases in one process, as LeetCode "
                                        "runs them):", {count})
                                 : said("the shortest failing sequence found (%s cases in one process, as LeetCode "
                                        "runs them; the search's time ran out, a shorter one may exist):", {count})) +
          "\n";
  for (size_t i : order.sequence) text += "    " + caseWords(failing, i) + ": " + toLine(failing.cases[i].puzzle) + "\n";
  return text;
}

Text shrunkText(const ShrunkCase& found, const FailingCase& failing, const FileResult& result) {
  const Shrunk& s = found.shrunk;
  Text text = "\n== " + said("The smallest failing puzzle: %s shrunk from %s empty cells to %s (empty cells "
                                    "filled from its solution while it still fails alone; %s runs, %s of a %s "
                                    "budget; %s)",
                                    {caseWords(failing, failing.index), std::to_string(s.emptyBefore),
                                     std::to_string(s.emptyAfter), std::to_string(s.trials),
                                     secondsText(s.spent.count() / 1000.0),
                                     secondsText(found.budget.count() / 1000.0),
                                     s.minimal ? said("no single cell more can be filled")
                                               : said("the budget ran out first")}) + "\n";
  text += toGrid(s.puzzle);
  text += "  " + said("LeetCode's form: %s", {toLeetCode(s.puzzle)}) + "\n";
  text += "  " + said("alone it still fails, %s", {found.reason}) + "\n";
  text += "  " + said("run it alone: %s", {"make judge SOLUTION=" + result.file + " CASE='" + toLine(s.puzzle) + "'"}) + "\n";
  return text;
}

// The case to step through: the smallest failing puzzle, else the first failing case of the sets;
// where it comes from, in `from` (the saved case's, for make debug, is shown now).
std::optional<SavedCase> caseToDebug(const Findings& found, const FileResult& result, Text& from) {
  if (found.shrunk) {
    const FailingCase& failing = *found.failing;
    from = said("%s, shrunk to %s empty cells", {caseWords(failing, failing.index),
                                                 std::to_string(found.shrunk->shrunk.emptyAfter)});
    return SavedCase{found.shrunk->shrunk.puzzle, failing.cases[failing.index].solution, from.shown()};
  }
  for (const SetResult& set : result.sets)
    if (set.failedCase) {
      from = said("%s case %s (%s), %s", {set.set, std::to_string(set.failedCase->index + 1), set.failedCase->where,
                                          verdictWord(set.verdict)});
      return SavedCase{set.failedCase->input, set.failedCase->expected, from.shown()};
    }
  return std::nullopt;
}

Json nearLimitJson(const std::vector<NearLimit>& cases) {
  Json list = Json::array();
  for (const NearLimit& near : cases)
    list.push_back(Json{{"set", near.set}, {"case", int(near.index) + 1}, {"micros", near.micros}, {"limit_ms", near.limitMs}, {"rerun", near.rerun}});
  return list;
}

Json caseJson(const FailingCase& failing, size_t index) {
  return Json{{"case", int(index) + 1}, {"where", failing.cases[index].where}, {"input", toLeetCode(failing.cases[index].puzzle)}};
}

Json orderJson(const StateBetweenCalls& order, const FailingCase& failing) {
  Json sequence = Json::array();
  for (size_t i : order.sequence) sequence.push_back(caseJson(failing, i));
  Json after = order.sequence.size() < 2 ? nullptr : Json(int(order.sequence[order.sequence.size() - 2]) + 1);
  return Json{{"set", failing.set}, {"case", int(failing.index) + 1}, {"fails_after_case", after}, {"sequence", sequence}, {"shortest", order.shortest}, {"runs", order.trials}};
}

Json shrunkJson(const ShrunkCase& found, const FailingCase& failing) {
  const Shrunk& s = found.shrunk;
  return Json{{"puzzle", toLeetCode(s.puzzle)}, {"line", toLine(s.puzzle)}, {"empty_before", s.emptyBefore}, {"empty_after", s.emptyAfter}, {"set", failing.set}, {"case", int(failing.index) + 1}, {"where", failing.cases[failing.index].where}, {"reason", messages::toJson(found.reason)}, {"minimal", s.minimal}, {"runs", s.trials}, {"millis", (long long)s.spent.count()}, {"budget_millis", (long long)found.budget.count()}};
}

Json standingJson(const StandingReport& report) {
  Json rows = Json::array();
  for (const Standing& row : report.rows)
    rows.push_back(Json{{"solution", row.solution}, {"set", row.set}, {"ratio", row.ratio}, {"low", row.low}, {"high", row.high}, {"your_micros", row.yourMicros}, {"its_micros", row.itsMicros}, {"cases", int(row.cases)}, {"rounds", row.rounds}, {"near_floor", row.nearFloor}});
  return rows;
}

}  // namespace

void addFindings(Json& report, const Findings& found) {
  report["near_limit"] = nearLimitJson(found.nearLimit);
  report["state_between_calls"] = found.order ? orderJson(*found.order, *found.failing) : nullptr;
  report["shrunk"] = found.shrunk ? shrunkJson(*found.shrunk, *found.failing) : nullptr;
  report["debug"] = found.debugCase ? Json(found.debugCommand) : Json(nullptr);
  if (found.standing) {
    Json notes = Json::array();
    for (const Text& note : found.standing->notes) notes.push_back(messages::toJson(note));
    report["standing"] = standingJson(*found.standing);
    Json floor = Json::object();
    for (const auto& [set, micros] : found.standing->floorMicros) floor[set] = micros;
    report["standing_cases"] = messages::toJson(found.standing->subset);
    report["standing_floor_micros"] = floor;
    report["standing_notes"] = notes;
  } else {
    report["standing"] = nullptr;
  }
}

namespace {

// A member of a kept report, when it is there and of kind T; else `otherwise`.
template <typename T>
T member(const Json& object, const char* key, T otherwise) {
  if (!object.is_object() || !object.contains(key)) return otherwise;
  const Json& value = object[key];
  if constexpr (std::is_same_v<T, bool>) return value.is_boolean() ? value.get<bool>() : otherwise;
  else if constexpr (std::is_arithmetic_v<T>) return value.is_number() ? value.get<T>() : otherwise;
  else return value.is_string() ? value.get<T>() : otherwise;
}

// A case's number (1, 2, ...) as an index; nullopt past any set's size.
std::optional<size_t> caseIndex(const Json& object) {
  long long number = member(object, "case", 0LL);
  if (number < 1 || number > 1'000'000) return std::nullopt;
  return size_t(number - 1);
}

std::optional<Board> boardOf(const std::string& text) {
  try {
    return parseBoard(text);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

// The case the experiments started from, with the cases the report names (the shrunk one, or the
// failing sequence's): enough for the text, which names each by its set, number and place.
std::optional<FailingCase> failingOf(const Json& from, const Json& sequence) {
  std::optional<size_t> index = caseIndex(from);
  if (!index) return std::nullopt;
  FailingCase failing;
  failing.set = member(from, "set", std::string());
  failing.index = *index;
  failing.cases.resize(*index + 1);
  failing.cases[*index].where = member(from, "where", std::string());
  for (const Json& c : sequence.is_array() ? sequence : Json::array()) {
    std::optional<size_t> i = caseIndex(c);
    if (!i) continue;
    if (*i >= failing.cases.size()) failing.cases.resize(*i + 1);
    failing.cases[*i].where = member(c, "where", std::string());
    if (std::optional<Board> puzzle = boardOf(member(c, "input", std::string()))) failing.cases[*i].puzzle = *puzzle;
  }
  return failing;
}

std::optional<StandingReport> standingOf(const Json& report) {
  if (!report.contains("standing") || !report["standing"].is_array()) return std::nullopt;
  StandingReport standing;
  for (const Json& row : report["standing"])
    standing.rows.push_back(Standing{member(row, "solution", std::string()), member(row, "set", std::string()),
                                     member(row, "ratio", 0.0), member(row, "low", 0.0), member(row, "high", 0.0),
                                     member(row, "your_micros", 0.0), member(row, "its_micros", 0.0),
                                     size_t(std::max(0LL, member(row, "cases", 0LL))), member(row, "rounds", 0),
                                     member(row, "near_floor", false)});
  if (report.contains("standing_floor_micros") && report["standing_floor_micros"].is_object())
    for (const auto& [set, micros] : report["standing_floor_micros"].items())
      if (micros.is_number()) standing.floorMicros[set] = micros.get<double>();
  if (report.contains("standing_notes") && report["standing_notes"].is_array())
    for (const Json& note : report["standing_notes"]) standing.notes.push_back(messages::textOf(note));
  standing.subset = report.contains("standing_cases") ? messages::textOf(report["standing_cases"]) : Text();
  return standing;
}

}  // namespace

Findings findingsFromJson(const Json& report, const FileResult& result) {
  Findings found;
  if (!report.is_object()) return found;
  if (report.contains("near_limit") && report["near_limit"].is_array())
    for (const Json& near : report["near_limit"])
      if (std::optional<size_t> index = caseIndex(near))
        found.nearLimit.push_back(NearLimit{member(near, "set", std::string()), *index, member(near, "micros", 0LL),
                                            member(near, "limit_ms", 0), member(near, "rerun", false)});
  const Json order = report.value("state_between_calls", Json()), shrunk = report.value("shrunk", Json());
  if (order.is_object()) {
    found.failing = failingOf(order, order.value("sequence", Json()));
    if (found.failing) {
      StateBetweenCalls state{found.failing->index, {}, member(order, "shortest", false), member(order, "runs", 0)};
      for (const Json& c : order.value("sequence", Json::array()))
        if (std::optional<size_t> i = caseIndex(c)) state.sequence.push_back(*i);
      found.order = state;
    }
  } else if (shrunk.is_object()) {
    std::optional<FailingCase> failing = failingOf(shrunk, Json());
    std::optional<Board> puzzle = boardOf(member(shrunk, "line", std::string()));
    if (failing && puzzle) {
      found.failing = failing;
      Shrunk s{*puzzle, member(shrunk, "empty_before", 0), member(shrunk, "empty_after", 0), member(shrunk, "runs", 0),
               member(shrunk, "minimal", false), std::chrono::milliseconds(member(shrunk, "millis", 0LL))};
      found.shrunk = ShrunkCase{s, shrunk.contains("reason") ? messages::textOf(shrunk["reason"]) : Text(),
                                std::chrono::milliseconds(member(shrunk, "budget_millis", 15000LL))};
    }
  }
  found.debugCase = caseToDebug(found, result, found.debugFrom);
  if (found.debugCase) found.debugCommand = debugCommand(result.file, found.debugCase->puzzle);
  found.standing = standingOf(report);
  return found;
}

Findings findOut(const Program& program, const FileResult& result, const FindingsOptions& options,
                 const Workspace& workspace) {
  Findings found;
  found.nearLimit = nearLimit(result);
  found.failing = firstFailingCase(result, workspace);
  if (found.failing) shrinkOrOrder(program, options, found);
  found.debugCase = caseToDebug(found, result, found.debugFrom);
  if (found.debugCase) saveLastFailing(result.file, *found.debugCase, workspace);
  if (found.debugCase) found.debugCommand = debugCommand(result.file, found.debugCase->puzzle);
  return found;
}

bool standingWanted(const FileResult& result, const FindingsOptions& options) {
  bool passedASet = false;
  for (const SetResult& set : result.sets) passedASet |= set.verdict == Verdict::kAccepted && set.total > 0;
  return options.standing && passedASet;
}

Text standingNotice(const FindingsOptions& options, const Workspace& workspace) {
  size_t bundled = options.standingOptions.against.empty() ? bundledSolutions(workspace.root).size()
                                                           : options.standingOptions.against.size();
  return "\n" + said("(timing your file beside the %s bundled solutions, %s, for its standing: STANDING=0 skips it)",
                     {std::to_string(bundled), options.standingOptions.full ? said("every case") : said("a few cases a set")}) +
         "\n";
}

Text findingsText(const Findings& found, const FileResult& result, const Workspace& workspace) {
  Text text;
  if (!found.nearLimit.empty()) text += "\n== " + nearLimitText(found.nearLimit, result);
  if (found.order) text += orderText(*found.order, *found.failing);
  if (found.shrunk) text += shrunkText(*found.shrunk, *found.failing, result);
  if (!found.notShrunk.empty()) text += "\n== " + found.notShrunk + "\n";
  if (found.debugCase) text += "\n== " + said("Step through it in gdb (%s):", {found.debugFrom}) + "\n" +
                               debugLine(result.file, found.debugCase->puzzle);
  if (found.standing) text += standingSection(*found.standing, workspace);
  return text;
}

std::string debugCommand(const std::string& file, const Board& puzzle) {
  return "make debug SOLUTION=" + file + " CASE='" + toLine(puzzle) + "'";
}

Text debugLine(const std::string& file, const Board& puzzle) {
  return "  " + debugCommand(file, puzzle) + "\n  " +
         said("(stops in Solution::solveSudoku with board filled; without CASE=, make debug opens this "
              "case, the file's last failing one)") + "\n";
}

Text standingSection(const StandingReport& report, const Workspace& workspace) {
  std::string readme = tryReadTextFile(workspace.root + "/solutions/README.md").value_or("");
  return standingText(report, readingPath(readme));
}

}  // namespace judge
