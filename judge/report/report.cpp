#include "judge/report/report.h"

#include <algorithm>
#include <cstdio>

#include "core/checker.h"
#include "core/words.h"
#include "judge/report/runtime_error.h"

namespace judge {
using namespace core;
namespace {

const SetResult* firstFailingTierSet(const FileResult& result) {
  for (const SetResult& set : result.sets)
    if (set.leetcodeTier && set.verdict != Verdict::kAccepted) return &set;
  return nullptr;
}

// The LeetCode tier's sets of a result, merged: cases passed and their times.
SetResult mergedTier(const FileResult& result) {
  SetResult tier;
  for (const SetResult& set : result.sets) {
    if (!set.leetcodeTier) continue;
    tier.passed += set.passed, tier.total += set.total;
    tier.micros.insert(tier.micros.end(), set.micros.begin(), set.micros.end());
    tier.memoryKb.insert(tier.memoryKb.end(), set.memoryKb.begin(), set.memoryKb.end());
  }
  return tier;
}

std::string timeOrDash(const SetResult& set, long long micros) {
  return set.micros.empty() ? "-" : std::to_string(micros);
}

// "12.3": kB as MB (LeetCode's unit), one decimal; "-" when no case passed.
std::string megabytes(const SetResult& set, long long kb) {
  if (set.memoryKb.empty()) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", double(kb) / 1024);
  return text;
}

// "Input:    ", "Output:   ", "Expected: ": the pane's labels, their boards in one column.
std::string paneLabel(const char* label) {
  size_t width = std::max({columns(tr("Input:")), columns(tr("Output:")), columns(tr("Expected:"))});
  return padRight(label, width) + " ";
}

Json boardOrNull(const std::optional<Board>& board) {
  return board ? Json(toLeetCode(*board)) : nullptr;
}

Json timeOrNull(const SetResult& set, long long micros) {
  return set.micros.empty() ? nullptr : Json(micros);
}

Json memoryOrNull(const SetResult& set, long long kb) {
  return set.memoryKb.empty() ? nullptr : Json(kb);
}

}  // namespace

Json wrongCellsJson(const FailedCase& failed) {
  Json cells = Json::array();
  if (!failed.output) return cells;
  for (auto [r, c] : wrongCells(failed.input, *failed.output, failed.expected ? &*failed.expected : nullptr))
    cells.push_back(Json::array({r, c}));
  return cells;
}

std::string dumpJson(const Json& json) { return json.dump(2, ' ', false, Json::error_handler_t::replace); }

std::string jsonLine(const Json& json) { return json.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

Text secondsText(double s) {
  std::ostringstream text;
  text.precision(s < 10 ? 2 : 3);
  text << s;
  return said("%s s", {text.str()});
}

std::string indented(const std::string& text, const std::string& indent) {
  std::string out = indent;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && i + 1 == text.size()) break;  // its last newline is the caller's
    out += text[i];
    if (text[i] == '\n') out += indent;
  }
  return out;
}

const char* const kTimesCover = N_(
    "median us, max us: CPU time per case of the whole process tree, read from outside, "
    "over the cases that passed; max MB: the largest peak resident memory of a case");

std::string displayName(std::string file) {
  if (file.rfind("solutions/", 0) == 0) file.erase(0, 10);
  if (file.size() > 4 && file.substr(file.size() - 4) == ".cpp") file.resize(file.size() - 4);
  return file;
}

Text verdictWords(const FileResult& result) {
  Verdict verdict = result.leetcodeVerdict();
  Text words = verdictWord(verdict);
  if (verdict == Verdict::kCompileError) return said("%s — the compiler's message is below", {words});
  if (verdict == Verdict::kSkipped) return said("%s, so not judged: %s", {words, result.message});
  TierCount count = leetcodeCount(result);
  // TRANSLATORS: leetcode.cn: "49 / 198 个通过的测试用例"
  words = said("%s — %s / %s testcases passed", {words, std::to_string(count.passed), std::to_string(count.total)});
  const SetResult* set = firstFailingTierSet(result);
  if (!set) return words;
  return words + said(" (at %s case %s of %s; details below)",
                      {set->set, std::to_string(set->passed + 1), std::to_string(set->total)});
}

Tables::Tables(const std::vector<std::string>& files) {
  for (const std::string& file : files) nameWidth_ = std::max(nameWidth_, displayName(file).size());
}

std::string Tables::setLine(const std::string& name, const std::string& set,
                            const std::string& verdict, const std::string& passed,
                            const std::string& limit, const std::string& median,
                            const std::string& max, const std::string& memory) const {
  return padRight(name, nameWidth_) + "  " + padRight(set, 18) + " " + padRight(verdict, 21) + " " +
         padLeft(passed, 9) + " " + padLeft(limit, 9) + " " + padLeft(median, 10) + " " + padLeft(max, 10) +
         " " + padLeft(memory, 7) + "\n";
}

std::string Tables::fileLine(const std::string& name, const std::string& verdict, const std::string& passed,
                             const std::string& median, const std::string& max,
                             const std::string& memory) const {
  return padRight(name, nameWidth_) + "  " + padRight(verdict, 21) + " " + padLeft(passed, 9) + " " +
         padLeft(median, 10) + " " + padLeft(max, 10) + " " + padLeft(memory, 7) + "\n";
}

std::string Tables::setHeader() const {
  return setLine(tr("solution"), tr("set"), tr("verdict"), tr("passed"), tr("limit ms"), tr("median us"),
                 tr("max us"), tr("max MB"));
}

std::string Tables::setRow(const std::string& file, const SetResult& set) const {
  return setLine(displayName(file), set.set, verdictWord(set.verdict).shown(),
                 std::to_string(set.passed) + "/" + std::to_string(set.total),
                 std::to_string(set.limitMs), timeOrDash(set, set.medianMicros()),
                 timeOrDash(set, set.maxMicros()), megabytes(set, set.maxMemoryKb()));
}

std::string Tables::fileHeader() const {
  return fileLine(tr("solution"), tr("LeetCode verdict"), tr("passed"), tr("median us"), tr("max us"), tr("max MB"));
}

std::string Tables::fileRow(const FileResult& result) const {
  SetResult tier = mergedTier(result);
  TierCount count = leetcodeCount(result);
  return fileLine(displayName(result.file), verdictWord(result.leetcodeVerdict()).shown(),
                  std::to_string(count.passed) + "/" + std::to_string(count.total),
                  timeOrDash(tier, tier.medianMicros()), timeOrDash(tier, tier.maxMicros()),
                  megabytes(tier, tier.maxMemoryKb()));
}

std::string leetcodeCaseText(const FailedCase& failed, Verdict verdict) {
  bool ran = verdict == Verdict::kWrongAnswer && failed.output;
  std::string text = ran ? paneLabel(tr("Input:")) : std::string(tr("Last executed input:")) + " ";
  text += toLeetCode(failed.input) + "\n";
  if (ran) text += paneLabel(tr("Output:")) + toLeetCode(*failed.output) + "\n";
  if (failed.expected) text += paneLabel(tr("Expected:")) + toLeetCode(*failed.expected) + "\n";
  if (!failed.stdoutText.empty())
    text += std::string(tr("Stdout:")) + "\n" + indented(failed.stdoutText.shown(), "  ") + "\n";
  return text;
}

namespace {

// A set's failure paragraph with the returned board's wrong cells in colour: the checker's
// side-by-side boards in it are the plain ones core::report wrote, written again marked.
// A set's failure paragraph shown now, with the returned board's wrong cells in colour: the
// checker's side-by-side boards in it are the plain ones, written again marked.
Text colouredFailure(const SetResult& set) {
  const std::optional<FailedCase>& failed = set.failedCase;
  if (set.verdict != Verdict::kWrongAnswer || !failed || !failed->output) return set.failure;
  const Board* expected = failed->expected ? &*failed->expected : nullptr;
  std::string failure = set.failure.shown(), plain = sideBySide(failed->input, *failed->output, expected).shown();
  size_t at = failure.find(plain);
  if (at == std::string::npos) return set.failure;
  return failure.replace(at, plain.size(), sideBySide(failed->input, *failed->output, expected, true).shown());
}

}  // namespace

Text failureDetails(const FileResult& result, bool leetcodeTier, bool colour) {
  std::string name = displayName(result.file), message = result.message.english();
  Text text;
  if (leetcodeTier && result.verdict == Verdict::kCompileError)
    text += "\n== " + name + ": " + verdictWord(Verdict::kCompileError) + "\n" + result.message +
            (message.empty() || message.back() != '\n' ? "\n" : "");
  for (const SetResult& set : result.sets) {
    if (set.leetcodeTier != leetcodeTier) continue;
    if (set.verdict != Verdict::kAccepted) {
      text += "\n== " + saidc("set", "%s on %s: %s", {name, set.set, colour ? colouredFailure(set) : set.failure}) + "\n";
      if (set.failedCase && set.failedCase->story) text += runtimeErrorText(*set.failedCase->story, result.file);
      if (set.failedCase) text += leetcodeCaseText(*set.failedCase, set.verdict);
    }
    if (!set.rerun.empty())
      text += "\n== " + said("%s on %s: passed when run again, after %s", {name, set.set, set.rerun}) + "\n";
  }
  return text;
}

Json failedCaseJson(const std::string& set, const FailedCase& failed) {
  using messages::toJson;
  Json json = Json{{"set", set}, {"case", failed.index + 1}, {"where", failed.where}, {"reason", toJson(failed.reason)}, {"input", toLeetCode(failed.input)}, {"output", boardOrNull(failed.output)}, {"expected", boardOrNull(failed.expected)}, {"wrong_cells", wrongCellsJson(failed)}, {"stdout", toJson(failed.stdoutText)}, {"memory_kb", failed.memoryKb}};
  if (failed.story) json["runtime_error"] = runtimeErrorJson(*failed.story);
  return json;
}

namespace {

Json setJson(const SetResult& set) {
  Json json = Json{{"set", set.set}, {"tier", set.leetcodeTier ? "leetcode" : "stress"}, {"verdict", verdictName(set.verdict)}, {"passed", set.passed}, {"total", set.total}, {"limit_ms", set.limitMs}, {"median_us", timeOrNull(set, set.medianMicros())}, {"max_us", timeOrNull(set, set.maxMicros())}, {"median_memory_kb", memoryOrNull(set, set.medianMemoryKb())}, {"max_memory_kb", memoryOrNull(set, set.maxMemoryKb())}};
  json["failure"] = set.verdict == Verdict::kAccepted ? nullptr : messages::toJson(set.failure);
  json["failing_case"] = set.failedCase ? failedCaseJson(set.set, *set.failedCase) : nullptr;
  json["rerun"] = set.rerun.empty() ? nullptr : messages::toJson(set.rerun);
  return json;
}

}  // namespace

Json reportJson(const FileResult& result) {
  TierCount count = leetcodeCount(result);
  Json sets = Json::array();
  for (const SetResult& set : result.sets) sets.push_back(setJson(set));
  const SetResult* failing = firstFailingTierSet(result);
  Json json = Json{{"file", result.file}, {"leetcode_verdict", verdictName(result.leetcodeVerdict())}, {"passed", count.passed}, {"total", count.total}, {"verdict", verdictName(result.verdict)}, {"message", messages::toJson(result.message)}, {"sets", sets}};
  json["failing_case"] = failing && failing->failedCase ? failedCaseJson(failing->set, *failing->failedCase) : nullptr;
  return json;
}

std::optional<Verdict> verdictNamed(const std::string& name) {
  for (Verdict v : {Verdict::kAccepted, Verdict::kWrongAnswer, Verdict::kTimeLimitExceeded, Verdict::kMemoryLimitExceeded,
                    Verdict::kOutputLimitExceeded, Verdict::kRuntimeError, Verdict::kCompileError, Verdict::kSkipped})
    if (name == verdictName(v)) return v;
  return std::nullopt;
}

namespace {

std::string stringOf(const Json& json, const char* key) {
  return json.contains(key) && json[key].is_string() ? json[key].get<std::string>() : "";
}

// A member kept for its reader: message ids, or the words a reader was shown.
Text wordsOf(const Json& json, const char* key) {
  return json.contains(key) ? messages::textOf(json[key]) : Text();
}

std::optional<Board> boardOf(const Json& json, const char* key) {
  std::string text = stringOf(json, key);
  if (text.empty()) return std::nullopt;
  try {
    return parseBoard(text);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// {median, median, largest}: a sample whose median and largest are the document's.
std::vector<long long> standIns(const Json& set, const char* median, const char* largest) {
  if (!set.contains(median) || !set[median].is_number() || !set.contains(largest) || !set[largest].is_number())
    return {};
  long long m = set[median].get<long long>();
  return {m, m, std::max(m, set[largest].get<long long>())};
}

FailedCase failedCaseOf(const Json& json) {
  FailedCase failed;
  failed.index = std::max(0, json.value("case", 1) - 1);
  failed.where = stringOf(json, "where"), failed.reason = wordsOf(json, "reason");
  failed.input = boardOf(json, "input").value_or(Board{});
  failed.output = boardOf(json, "output"), failed.expected = boardOf(json, "expected");
  failed.stdoutText = wordsOf(json, "stdout");
  failed.memoryKb = json.value("memory_kb", 0LL);
  failed.story = runtimeStoryOf(json);
  return failed;
}

}  // namespace

FileResult resultFromJson(const Json& report) {
  FileResult result;
  result.file = stringOf(report, "file");
  result.verdict = verdictNamed(stringOf(report, "verdict")).value_or(Verdict::kAccepted);
  result.message = wordsOf(report, "message");
  for (const Json& json : report.value("sets", Json::array())) {
    SetResult set;
    set.set = stringOf(json, "set");
    set.leetcodeTier = stringOf(json, "tier") == "leetcode";
    set.limitMs = json.value("limit_ms", 0);
    set.verdict = verdictNamed(stringOf(json, "verdict")).value_or(Verdict::kAccepted);
    set.passed = json.value("passed", 0), set.total = json.value("total", 0);
    set.micros = standIns(json, "median_us", "max_us");
    set.memoryKb = standIns(json, "median_memory_kb", "max_memory_kb");
    set.failure = wordsOf(json, "failure");
    if (json.contains("failing_case") && json["failing_case"].is_object()) set.failedCase = failedCaseOf(json["failing_case"]);
    set.rerun = wordsOf(json, "rerun");
    result.sets.push_back(set);
  }
  return result;
}

}  // namespace judge
