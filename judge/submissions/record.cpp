#include "judge/submissions/record.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "core/text_file.h"
#include "core/words.h"

namespace judge {
namespace {

std::optional<long long> count(const Json& report, const char* key) {
  if (!report.contains(key) || !report[key].is_number_integer()) return std::nullopt;
  return report[key].get<long long>();
}

}  // namespace

history::Submission submissionOf(const Json& report) {
  history::Submission row;
  row.verdict = report.value("leetcode_verdict", "");
  row.passed = count(report, "passed"), row.total = count(report, "total");
  if (row.total == 0) row.passed = row.total = std::nullopt;  // a Compile Error: no testcase ran
  std::vector<long long> medians;
  Json stress = Json::array();
  for (const Json& set : report.value("sets", Json::array())) {
    if (set.value("tier", "") != "leetcode") {
      stress.push_back(Json{{"set", set.value("set", "")}, {"verdict", set.value("verdict", "")}});
      continue;
    }
    if (set.contains("median_us") && set["median_us"].is_number()) medians.push_back(set["median_us"].get<long long>());
    if (set.contains("max_memory_kb") && set["max_memory_kb"].is_number())
      row.memoryKb = std::max(row.memoryKb.value_or(0), set["max_memory_kb"].get<long long>());
  }
  if (!medians.empty()) {
    std::sort(medians.begin(), medians.end());
    row.runtimeMicros = medians[medians.size() / 2];
  }
  row.stress = stress.dump();
  row.report = dumpJson(report);
  return row;
}

history::Submission submissionOfRun(const Json& run) {
  history::Submission row;
  row.verdict = run.value("verdict", "");
  const Json cases = run.value("cases", Json::array());
  long long valid = 0;
  for (const Json& c : cases) {
    valid += c.value("valid", false);
    if (c.contains("cpu_us") && c["cpu_us"].is_number())
      row.runtimeMicros = std::max(row.runtimeMicros.value_or(0), c["cpu_us"].get<long long>());
    if (c.contains("memory_kb") && c["memory_kb"].is_number())
      row.memoryKb = std::max(row.memoryKb.value_or(0), c["memory_kb"].get<long long>());
  }
  if (row.verdict == "Accepted" && !cases.empty()) {
    row.passed = valid, row.total = (long long)cases.size();
    for (const Json& c : cases) {  // the first case that failed names the verdict, as the page does
      if (c.value("valid", true)) continue;
      row.verdict = c.contains("verdict") && c["verdict"].is_string() ? c["verdict"].get<std::string>() : "Wrong Answer";
      break;
    }
  }
  row.report = dumpJson(run);
  return row;
}

Recorder::Recorder(RecordOptions options, const std::string& file) : options_(std::move(options)), file_(file) {
  if (!wanted()) return;
  code_ = core::tryReadTextFile(file).value_or("");
  if (options_.name.empty()) options_.name = file;
}

Recorder::~Recorder() = default;

void Recorder::sayWhyOff(const std::string& why) {
  if (off_) return;
  off_ = true;
  std::cerr << "judge: " << core::trf("history is off: %s (make history says what to do)", {why}) << "\n";
}

history::Store* Recorder::store() {
  if (off_ || !wanted()) return nullptr;
  if (store_) return &*store_;
  try {
    store_.emplace(history::location(options_.db), true);
    for (const std::string& warning : store_->warnings()) std::cerr << "judge: history: " << warning << "\n";
    return &*store_;
  } catch (const history::Unusable& e) {
    sayWhyOff(e.what());
    return nullptr;
  }
}

void Recorder::keep(history::Submission row, bool finished) {
  history::Store* kept = store();
  if (!kept) return;
  row.source = options_.source, row.file = options_.name, row.code = code_, row.pid = getpid();
  row.state = finished ? "done" : "started";
  try {
    if (id_) kept->finish(*id_, row);
    else id_ = kept->add(row);
  } catch (const history::Unusable& e) {
    sayWhyOff(e.what());
  }
}

void Recorder::started(const Json& tierReport) { keep(submissionOf(tierReport), false); }

void Recorder::done(const Json& report) {
  if (report.is_object() && report.contains("leetcode_verdict")) keep(submissionOf(report), true);
}

void Recorder::ran(const Json& run) { keep(submissionOfRun(run), true); }

}  // namespace judge
