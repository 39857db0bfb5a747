// reporter.h's jsonLines: one file reported as it is judged, one JSON object a line, each with
// "event" first, in the text report's order (judge/report/README.md, "The JSON lines"): verdict
// (the LeetCode tier), stress_set (each as it finishes), progress (at most every 300 ms),
// findings, stress, standing_started, standing, recorded, then done with the whole --json
// document. Each part the text report prints is in its "text"; every sentence is kept as message
// ids (messages/json.h), which make serve's server shows in its page's language. A line is
// written whole, then flushed.
#include <chrono>
#include <cstdio>
#include <mutex>

#include "core/catalog.h"
#include "core/text_file.h"
#include "judge/pipeline/reporter.h"
#include "messages/json.h"

namespace judge {
namespace {

using messages::toJson;

class JsonLines : public Reporter {
 public:
  void progress(const std::string& set, int done, int total) override {
    auto now = std::chrono::steady_clock::now();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (done != total && now - lastProgress_ < std::chrono::milliseconds(300)) return;
      lastProgress_ = now;
    }
    emit("progress", Json{{"set", set}, {"done", done}, {"total", total}});
  }

  // The LeetCode verdict: the tier's report (reportJson's members) and its text.
  void verdict(const FileResult& tier) override {
    Json json = reportJson(tier);
    json.erase("verdict");  // over every set: not known yet
    json["text"] = toJson(said("LeetCode verdict: %s", {verdictWords(tier)}) + "\n" + failureDetails(tier, true));
    emit("verdict", json);
  }

  void stressSet(const std::string& file, const SetResult& set) override {
    FileResult one;
    one.file = file;
    one.sets = {set};
    Json json = reportJson(one)["sets"][0];
    json["text"] = toJson(failureDetails(one, false));
    emit("stress_set", json);
  }

  void notJudged(const std::string& why) override { emit("not_judged", Json{{"error", why}}); }

  void findings(const Findings& found, const FileResult& result, const Workspace& workspace) override {
    Json members = Json::object();
    addFindings(members, found);
    members.erase("standing");
    members["text"] = toJson(findingsText(found, result, workspace));
    emit("findings", members);
  }

  void stress(const StressResult& stressed, const FileResult& result) override {
    Json json = stressJson(stressed, result.file);
    json["text"] = toJson(stressText(stressed, result.file));
    emit("stress", json);
  }

  void standingStarted(const Text& notice) override { emit("standing_started", Json{{"text", toJson(notice)}}); }

  // The standing's members of the report, the reading path (solutions/README.md's) and its text.
  void standing(const Findings& found, const Workspace& workspace) override {
    Json members = Json::object();
    addFindings(members, found);
    Json standing = Json::object();
    for (const char* key : {"standing", "standing_cases", "standing_floor_micros", "standing_notes"})
      if (members.contains(key)) standing[key] = members[key];
    Json path = Json::array();
    std::string readme = tryReadTextFile(workspace.root + "/solutions/README.md").value_or("");
    for (const ReadingStep& step : readingPath(readme))
      path.push_back(Json{{"step", step.step}, {"solutions", step.solutions}});
    standing["reading_path"] = path;
    standing["text"] = toJson(standingSection(*found.standing, workspace));
    emit("standing", standing);
  }

  void trouble(const Text& why) override { emit("error", Json{{"error", toJson(why)}}); }

  // --case: its document, then done.
  void ran(const OwnRun& run) override { emit("run", run.document); }

  void recorded(long long id) override { emit("recorded", Json{{"id", id}}); }

  void done(const Outcome& outcome) override {
    Json members = Json{{"exit_status", outcome.status}};
    if (outcome.summary) {
      Json report = outcome.document;
      if (report.is_array() && report.size() == 1) report = report[0];  // not judged: {"not_judged": ...}
      members["summary"] = toJson(*outcome.summary), members["report"] = report;
    }
    emit("done", members);
  }

 private:
  void emit(const std::string& event, const Json& members) {
    Json line = Json{{"event", event}};
    for (auto& [key, value] : members.items()) line[key] = value;
    std::string text = jsonLine(line);
    std::lock_guard<std::mutex> lock(mutex_);
    std::fputs(text.c_str(), stdout);
    std::fflush(stdout);
  }

  std::mutex mutex_;
  std::chrono::steady_clock::time_point lastProgress_{};
};

}  // namespace

std::unique_ptr<Reporter> jsonLines() { return std::make_unique<JsonLines>(); }

}  // namespace judge
