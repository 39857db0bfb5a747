// make history: the user's submissions (history/store.h) shown again in the
// terminal, in the reader's language, whichever language each was judged in.
//   judge history                      one line a submission, newest first
//   judge history --id N               its report again, as make judge printed it
//   judge history --id N --code        its code, byte for byte, and nothing else
//   judge history --id N --note TEXT   a note on it ("" clears it)
//   judge history --diff N,M           a unified diff of two codes, with both verdicts
// (--history-db PATH: HISTORY_DB; --lang.) The command line is read by the judge's
// (judge_main.cpp, CLI11), which checks it; a bad one is its usage error (2).
#pragma once
#include <optional>
#include <string>
#include <utility>

namespace judge {

struct HistoryRequest {
  std::string db;                                        // "": history::location's default
  std::optional<long long> id;                           // one submission (1 or more)
  std::optional<std::pair<long long, long long>> diff;   // two submissions' codes diffed
  std::optional<std::string> note;                       // with `id`: its note ("" removes it)
  bool code = false;                                     // with `id`: its code alone
};

// Exit status 0; 1 when the history cannot be read or has no such submission.
int showHistory(const HistoryRequest& request);

}  // namespace judge
