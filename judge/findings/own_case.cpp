#include "judge/findings/own_case.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "core/catalog.h"
#include "core/checker.h"
#include "core/counter.h"
#include "core/reader.h"
#include "judge/findings/last_failing.h"
#include "judge/report/report.h"
#include "judge/sandbox/sandbox.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

// What one puzzle came to.
struct OwnCase {
  std::string where;               // "CASE:1", "mine.txt:3"
  Board input;
  std::optional<Board> output;     // none when the program crashed or ran out of time
  std::string problem;             // why Output is not valid ("" when it is)
  std::optional<Board> expected;   // the puzzle's one solution, when it has exactly one
  std::string solutions;           // "one solution", "no solution", "several solutions"
  std::string stdoutText;
  long long cpuMicros = -1;
  long long memoryKb = 0;          // the tree's peak resident memory in the case
};

// The puzzle's one solution, or why there is none to show. Boards above 9x9
// are not counted here (an open 25x25 can take the counter minutes).
void expectedOf(const Case& c, OwnCase& result) {
  if (c.solution) {
    result.expected = c.solution, result.solutions = tr("one solution (given with the case)");
    return;
  }
  if (std::string conflict = findConflict(c.puzzle); !conflict.empty()) {
    result.solutions = trf("no solution: %s", {conflict});
    return;
  }
  if (c.puzzle.size() > 9) {
    result.solutions = tr("not counted (boards above 9x9 are not)");
    return;
  }
  Count count = countSolutions(c.puzzle, 2);
  if (count.solutions == 1) result.expected = count.first;
  result.solutions = count.solutions == 0 ? tr("no solution")
                     : count.solutions == 1 ? tr("one solution")
                                            : tr("more than one solution: any valid Output is right");
}

std::vector<Board> boardsFrom(const std::vector<Case>& cases, size_t first) {
  std::vector<Board> boards;
  for (size_t i = first; i < cases.size(); ++i) boards.push_back(cases[i].puzzle);
  return boards;
}

// Runs every puzzle in one child, as a set is run; a child that failed on a
// puzzle is replaced by a fresh one for the next.
std::vector<OwnCase> runAll(const Program& program, const std::vector<Case>& cases, int limitMs) {
  std::vector<OwnCase> results;
  std::unique_ptr<Child> child;
  auto wall = wallLimit(limitMs);
  for (size_t i = 0; i < cases.size(); ++i) {
    if (!child) child = std::make_unique<Child>(program.path, boardsFrom(cases, i), limitMs);
    OwnCase result{cases[i].where, cases[i].puzzle, std::nullopt, "", std::nullopt, "", "", -1, 0};
    std::optional<Answer> answer = child->next(wall);
    result.memoryKb = answer ? answer->memoryKb : child->memoryKb();
    result.stdoutText = child->takeStdout(kStdoutShown);
    if (answer && answer->cpuMicros <= limitMs * 1000LL) {
      result.output = answer->board, result.cpuMicros = answer->cpuMicros;
      result.problem = check(cases[i].puzzle, answer->board);
    } else if (answer) {
      result.cpuMicros = answer->cpuMicros;
      result.problem = trf("%s: the case took %s ms of CPU time; the limit is %s ms",
                           {verdictWord(Verdict::kTimeLimitExceeded), std::to_string(answer->cpuMicros / 1000),
                            std::to_string(limitMs)});
    } else {
      Verdict verdict = child->overCpuLimit() || child->timedOut() ? Verdict::kTimeLimitExceeded
                        : child->overMemoryLimit()                  ? Verdict::kMemoryLimitExceeded
                        : child->overOutputLimit()                  ? Verdict::kOutputLimitExceeded
                                                                    : Verdict::kRuntimeError;
      result.problem = std::string(verdictWord(verdict)) + ": " + child->exitReason();
      child.reset();
    }
    expectedOf(cases[i], result);
    results.push_back(std::move(result));
  }
  return results;
}

// "Input:    ", "Valid:    ", "CPU time: ": the labels, what follows them in one column.
std::string label(const char* english) {
  size_t width = 0;
  for (const char* each : {N_("Input:"), N_("Output:"), N_("Valid:"), N_("Expected:"), N_("CPU time:"), N_("Memory:")})
    width = std::max(width, columns(tr(each)));
  return padRight(tr(english), width) + " ";
}

std::string text(const OwnCase& c) {
  std::string out = "== " + c.where + "\n" + label("Input:") + toLeetCode(c.input) + "\n" + toGrid(c.input);
  if (c.output) out += label("Output:") + toLeetCode(*c.output) + "\n" + toGrid(*c.output);
  else out += label("Output:") + tr("(none)") + "\n";
  out += label("Valid:") + (c.problem.empty() ? std::string(tr("yes, Output is a solution of Input"))
                                              : trf("no: %s", {c.problem})) + "\n";
  out += trf("Solutions of Input: %s", {c.solutions}) + "\n";
  if (c.expected) out += label("Expected:") + toLeetCode(*c.expected) + "\n";
  out += tr("Stdout:") + (c.stdoutText.empty() ? " " + std::string(tr("(none)")) + "\n"
                                               : "\n" + indented(c.stdoutText, "  ") + "\n");
  out += label("CPU time:") + (c.cpuMicros < 0 ? std::string("-") : std::to_string(c.cpuMicros) + " us") + "\n";
  char megabytes[32];
  std::snprintf(megabytes, sizeof megabytes, "%.1f", double(c.memoryKb) / 1024);
  out += label("Memory:") + trf("%s MB (%s kB: the case's peak resident memory)",
                                {megabytes, std::to_string(c.memoryKb)}) + "\n";
  return out;
}

// The output's wrong cells (core::wrongCells), as the failing case's JSON has them.
Json wrongCellsOf(const OwnCase& c) {
  if (!c.output || c.problem.empty()) return Json::array();
  return wrongCellsJson(FailedCase{0, c.where, c.problem, c.input, c.output, c.expected, "", 0});
}

Json json(const OwnCase& c) {
  return Json{{"where", c.where}, {"input", toLeetCode(c.input)}, {"output", c.output ? Json(toLeetCode(*c.output)) : nullptr}, {"valid", c.problem.empty()}, {"problem", c.problem.empty() ? nullptr : Json(c.problem)}, {"solutions", c.solutions}, {"expected", c.expected ? Json(toLeetCode(*c.expected)) : nullptr}, {"wrong_cells", wrongCellsOf(c)}, {"stdout", c.stdoutText}, {"cpu_us", c.cpuMicros < 0 ? nullptr : Json(c.cpuMicros)}, {"memory_kb", c.memoryKb}};
}

}  // namespace

std::vector<Case> readOwnCases(const std::string& text, std::string& error) {
  std::error_code ignored;
  bool isFile = text.find('\n') == std::string::npos && std::filesystem::is_regular_file(text, ignored);
  std::istringstream in(text);
  std::vector<Entry> entries = isFile ? readPuzzleFile(text) : readPuzzles(in, "CASE");
  std::vector<Case> puzzles;
  for (const Entry& entry : entries) {
    if (!entry.error.empty()) {
      error = entry.where + ": " + entry.error;
      return {};
    }
    puzzles.push_back(entry.puzzle);
  }
  return puzzles;
}

int runOwnCases(const std::string& file, const std::string& caseText, bool asJson,
                const Workspace& workspace, bool lines, Json* document) {
  std::string error;
  std::vector<Case> cases = readOwnCases(caseText, error);
  if (!error.empty()) {
    std::cerr << "judge: " << error << "\n";
    return 2;
  }
  Program program = buildProgram(file, workspace);
  TimeLimits limits(workspace.root + "/judge/time_limits.txt");
  setRunnerLimits({limits.memoryMb() << 10, limits.outputMb() << 20});
  int limitMs = limits.forSet(leetcodeTier(workspace.root).at(0));
  std::vector<OwnCase> results;
  if (program.verdict == Verdict::kAccepted) results = runAll(program, cases, limitMs);
  bool allValid = program.verdict == Verdict::kAccepted;
  for (const OwnCase& c : results) allValid &= c.problem.empty();
  for (const OwnCase& c : results)  // the first that failed is what make debug opens next
    if (!c.problem.empty()) {
      saveLastFailing(file, SavedCase{c.input, c.expected, "CASE= " + c.where + ", " + c.problem.substr(0, 80)},
                      workspace);
      break;
    }
  Json doc;
  if (asJson || document) {
    Json list = Json::array();
    for (const OwnCase& c : results) list.push_back(json(c));
    doc = Json{{"file", file}, {"verdict", verdictName(program.verdict)}, {"message", program.message}, {"limit_ms", limitMs}, {"cases", list}};
    if (document) *document = doc;
  }
  if (asJson) {
    if (!lines) {
      std::fputs(dumpJson(doc).c_str(), stdout);
      return allValid ? 0 : 1;
    }
    Json run = Json{{"event", "run"}};
    for (auto& [key, value] : doc.items()) run[key] = value;
    Json done = Json{{"event", "done"}, {"exit_status", allValid ? 0 : 1}};
    for (const Json& line : {run, done})
      std::fputs(jsonLine(line).c_str(), stdout);
    std::fflush(stdout);
    return allValid ? 0 : 1;
  }
  if (program.verdict != Verdict::kAccepted) {
    std::printf("%s: %s\n%s", displayName(file).c_str(), verdictWord(program.verdict), program.message.c_str());
    return 1;
  }
  for (size_t i = 0; i < results.size(); ++i) std::printf("%s%s", i ? "\n" : "", text(results[i]).c_str());
  return allValid ? 0 : 1;
}

}  // namespace judge
