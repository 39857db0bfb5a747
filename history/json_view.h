// The history as JSON, for a page (make serve's Submissions tab: POST /api/history): each row's
// members named as the judge's JSON names its figures, its stress and report as JSON, not text.
// Written once, here beside the store; the server only sends it.
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "history/store.h"

namespace history {

using Json = nlohmann::ordered_json;

// A row without its code and report: id, when, when_local, source, file, verdict, passed, total,
// runtime_us, memory_kb (null where the row has none), stress (JSON), note, state.
Json summaryJson(const Submission& submission);
// Every row, newest first, each a summary.
Json listJson(const Store& store);
// One row whole: its summary, its code, and its report (JSON); none when there is no such row.
std::optional<Json> submissionJson(const Store& store, long long id);

}  // namespace history
