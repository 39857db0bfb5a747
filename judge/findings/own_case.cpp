#include "judge/findings/own_case.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>

#include "core/catalog.h"
#include "core/checker.h"
#include "core/counter.h"
#include "core/reader.h"
#include "core/text_file.h"
#include "judge/findings/last_failing.h"
#include "judge/report/report.h"
#include "judge/report/runtime_error.h"
#include "judge/sandbox/sandbox.h"
#include "core/words.h"
#include "messages/json.h"

namespace judge {
using namespace core;
namespace {

// What one puzzle came to.
struct OwnCase {
  std::string where;               // "CASE:1", "mine.txt:3"
  Board input;
  Verdict verdict = Verdict::kAccepted;  // Accepted: Output is valid
  std::optional<Board> output;     // none when the program crashed or ran out of time
  Text problem;                    // why Output is not valid (empty when it is)
  std::optional<Board> expected;   // the puzzle's one solution, when it has exactly one
  Text solutions;                  // "one solution", "no solution", "several solutions"
  Text stdoutText;
  long long cpuMicros = -1;
  long long memoryKb = 0;          // the tree's peak resident memory in the case
  std::optional<RuntimeStory> story;  // a Runtime Error's report, read about the file
};

// The puzzle's one solution, or why there is none to show. Boards above 9x9
// are not counted here (an open 25x25 can take the counter minutes).
void expectedOf(const Case& c, OwnCase& result) {
  if (c.solution) {
    result.expected = c.solution, result.solutions = said("one solution (given with the case)");
    return;
  }
  if (Text conflict = firstConflict(c.puzzle); !conflict.empty()) {
    result.solutions = said("no solution: %s", {conflict});
    return;
  }
  if (c.puzzle.size() > 9) {
    result.solutions = said("not counted (boards above 9x9 are not)");
    return;
  }
  Count count = countSolutions(c.puzzle, 2);
  if (count.solutions == 1) result.expected = count.first;
  result.solutions = count.solutions == 0 ? said("no solution")
                     : count.solutions == 1 ? said("one solution")
                                            : said("more than one solution: any valid Output is right");
}

std::vector<Board> boardsFrom(const std::vector<Case>& cases, size_t first) {
  std::vector<Board> boards;
  for (size_t i = first; i < cases.size(); ++i) boards.push_back(cases[i].puzzle);
  return boards;
}

// A child's runtime report read about the user's `file` (runtime_story.h), when it tells a story.
std::optional<RuntimeStory> storyOf(const Child& child, const std::string& file) {
  RuntimeStory story = readStory(child.runtimeReport(), file, tryReadTextFile(file).value_or(""));
  return story.told() ? std::optional<RuntimeStory>(std::move(story)) : std::nullopt;
}

// Runs every puzzle in one child, as a set is run; a child that failed on a
// puzzle is replaced by a fresh one for the next.
std::vector<OwnCase> runAll(const Program& program, const std::vector<Case>& cases, int limitMs) {
  std::vector<OwnCase> results;
  std::unique_ptr<Child> child;
  auto wall = wallLimit(limitMs);
  for (size_t i = 0; i < cases.size(); ++i) {
    if (!child) child = std::make_unique<Child>(program.path, boardsFrom(cases, i), limitMs);
    OwnCase result{cases[i].where, cases[i].puzzle, Verdict::kAccepted, std::nullopt, {}, std::nullopt, {}, {}, -1, 0, std::nullopt};
    std::optional<Answer> answer = child->next(wall);
    result.memoryKb = answer ? answer->memoryKb : child->memoryKb();
    result.stdoutText = child->takeStdout(kStdoutShown);
    if (answer && answer->cpuMicros <= limitMs * 1000LL) {
      result.output = answer->board, result.cpuMicros = answer->cpuMicros;
      result.problem = brokenRule(cases[i].puzzle, answer->board);
      if (!result.problem.empty()) result.verdict = Verdict::kWrongAnswer;
    } else if (answer) {
      result.cpuMicros = answer->cpuMicros, result.verdict = Verdict::kTimeLimitExceeded;
      result.problem = said("%s: the case took %s ms of CPU time; the limit is %s ms",
                            {verdictWord(Verdict::kTimeLimitExceeded), std::to_string(answer->cpuMicros / 1000),
                             std::to_string(limitMs)});
    } else {
      result.verdict = child->overCpuLimit() || child->timedOut() ? Verdict::kTimeLimitExceeded
                       : child->overMemoryLimit()                  ? Verdict::kMemoryLimitExceeded
                       : child->overOutputLimit()                  ? Verdict::kOutputLimitExceeded
                                                                   : Verdict::kRuntimeError;
      result.problem = verdictWord(result.verdict) + ": " + child->exitReason();
      if (result.verdict == Verdict::kRuntimeError) result.story = storyOf(*child, program.file);
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

// One puzzle as the terminal shows it, now, in the language spoken (its labels in one column).
std::string text(const OwnCase& c, const std::string& file) {
  std::string out = "== " + c.where + "\n" + label("Input:") + toLeetCode(c.input) + "\n" + toGrid(c.input);
  if (c.output) out += label("Output:") + toLeetCode(*c.output) + "\n" + toGrid(*c.output);
  else out += label("Output:") + tr("(none)") + "\n";
  out += label("Valid:") + (c.problem.empty() ? std::string(tr("yes, Output is a solution of Input"))
                                              : trf("no: %s", {c.problem.shown()})) + "\n";
  if (c.story) out += runtimeErrorText(*c.story, file).shown();
  out += trf("Solutions of Input: %s", {c.solutions.shown()}) + "\n";
  if (c.expected) out += label("Expected:") + toLeetCode(*c.expected) + "\n";
  out += tr("Stdout:") + (c.stdoutText.empty() ? " " + std::string(tr("(none)")) + "\n"
                                               : "\n" + indented(c.stdoutText.shown(), "  ") + "\n");
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
  return wrongCellsJson(FailedCase{0, c.where, c.problem, c.input, c.output, c.expected, {}, 0, "", std::nullopt});
}

Json json(const OwnCase& c) {
  using messages::toJson;
  Json json = Json{{"where", c.where}, {"input", toLeetCode(c.input)}, {"verdict", verdictName(c.verdict)}, {"output", c.output ? Json(toLeetCode(*c.output)) : nullptr}, {"valid", c.problem.empty()}, {"problem", c.problem.empty() ? nullptr : toJson(c.problem)}, {"solutions", toJson(c.solutions)}, {"expected", c.expected ? Json(toLeetCode(*c.expected)) : nullptr}, {"wrong_cells", wrongCellsOf(c)}, {"stdout", toJson(c.stdoutText)}, {"cpu_us", c.cpuMicros < 0 ? nullptr : Json(c.cpuMicros)}, {"memory_kb", c.memoryKb}};
  if (c.story) json["runtime_error"] = runtimeErrorJson(*c.story);
  return json;
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

OwnRun runOwnCases(const std::string& file, const std::vector<Case>& cases, const Workspace& workspace) {
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
      saveLastFailing(file, SavedCase{c.input, c.expected, "CASE= " + c.where + ", " + c.problem.shown().substr(0, 80)},
                      workspace);
      break;
    }
  OwnRun run;
  run.status = allValid ? 0 : 1;
  Json list = Json::array();
  for (const OwnCase& c : results) list.push_back(json(c));
  run.document = Json{{"file", file}, {"verdict", verdictName(program.verdict)}, {"message", messages::toJson(program.message)}, {"limit_ms", limitMs}, {"cases", list}};
  if (program.verdict != Verdict::kAccepted)
    run.text = displayName(file) + ": " + verdictWord(program.verdict).shown() + "\n" + program.message.shown();
  for (size_t i = 0; i < results.size(); ++i) run.text += (i ? "\n" : "") + text(results[i], file);
  return run;
}

}  // namespace judge
