#include "history/json_view.h"

namespace history {
namespace {

Json maybe(const std::optional<long long>& n) { return n ? Json(*n) : Json(nullptr); }

// Text the store keeps as JSON (stress, report): parsed, or null when it does not parse.
Json parsed(const std::string& text) {
  Json json = Json::parse(text, nullptr, false, true);
  return json.is_discarded() ? Json(nullptr) : json;
}

}  // namespace

Json summaryJson(const Submission& s) {
  return Json{{"id", s.id}, {"when", s.when}, {"when_local", s.whenLocal}, {"source", s.source}, {"file", s.file},
              {"verdict", s.verdict}, {"passed", maybe(s.passed)}, {"total", maybe(s.total)},
              {"runtime_us", maybe(s.runtimeMicros)}, {"memory_kb", maybe(s.memoryKb)},
              {"stress", parsed(s.stress)}, {"note", s.note}, {"state", s.state}};
}

Json listJson(const Store& store) {
  Json list = Json::array();
  for (const Submission& s : store.list()) list.push_back(summaryJson(s));
  return list;
}

std::optional<Json> submissionJson(const Store& store, long long id) {
  std::optional<Submission> s = store.find(id);
  if (!s) return std::nullopt;
  Json json = summaryJson(*s);
  json["code"] = s->code;
  json["report"] = parsed(s->report);
  return json;
}

}  // namespace history
