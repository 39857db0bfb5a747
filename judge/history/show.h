// make history: the user's submissions (history/store.h) shown again in the
// terminal, in the judge's words and language.
//   judge --history                      one line a submission, newest first
//   judge --history --id N               its report again, as make judge printed it
//   judge --history --id N --code        its code, byte for byte, and nothing else
//   judge --history --id N --note TEXT   a note on it ("" clears it)
//   judge --history --diff N,M           a unified diff of two codes, with both verdicts
// (--history-db PATH: HISTORY_DB.) Exit status 0; 1 when the history cannot be
// read or has no such submission; 2 for a malformed ID or DIFF.
#pragma once

namespace judge {

int historyCommand(int argc, char** argv);

}  // namespace judge
