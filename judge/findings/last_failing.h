// The last failing case the judge found for a file, kept for `make debug`
// (judge/debug/debug.h), whose default case it is: the smallest failing
// puzzle where the judge shrank one, else the failing case itself (a set's,
// the stress stage's, or a CASE= puzzle whose Output was not valid). One file per judged file, keyed by its absolute path:
// $(BUILD)/last-failing/<hash>.txt, a comment line saying where the case came
// from, then the puzzle and its solution on one line (the testcases/ syntax),
// so the file is itself a CASE= file.
#pragma once
#include <optional>
#include <string>

#include "core/board.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct SavedCase {
  Board puzzle;
  std::optional<Board> solution;
  std::string from;  // "forum_hardest case 3 (testcases/forum_hardest.txt:5), shrunk"
};

// Where `file`'s last failing case is kept (it may not exist).
std::string lastFailingPath(const std::string& file, const Workspace& workspace);

// Keeps `saved` as `file`'s last failing case, in place of any before it.
void saveLastFailing(const std::string& file, const SavedCase& saved, const Workspace& workspace);

// `file`'s last failing case, or none when the judge never found one (or its
// record cannot be read).
std::optional<SavedCase> loadLastFailing(const std::string& file, const Workspace& workspace);

}  // namespace judge
