// What the judge finds out after the verdict of one file, beyond the verdict
// itself: the cases near their limit (near_limit.h); on a Wrong Answer or a
// Runtime Error, either that the failing case passes alone and fails only
// after others (call_state.h), or the smallest puzzle it still fails alone
// (shrink.h); then where the file stands among the bundled solutions
// (standing.h). Each is one experiment with the same program, in the sandbox.
#pragma once
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "judge/findings/call_state.h"
#include "judge/findings/last_failing.h"
#include "judge/report/report.h"
#include "judge/findings/near_limit.h"
#include "judge/findings/shrink.h"
#include "judge/findings/standing.h"

namespace judge {
using namespace core;

struct FindingsOptions {
  bool standing = true;  // STANDING=0: not measured
  StandingOptions standingOptions;
  std::chrono::milliseconds shrinkBudget{15000};  // stated in the report; 0: not shrunk
  // A shrinking trial's CPU limit, at most: a board on which the file loops
  // is one that no longer fails in the same way, and must not cost 10 s.
  int shrinkTrialLimitMs = 1000;
  std::chrono::milliseconds orderBudget{10000};
};

// The failing case the experiments start from: the first Wrong Answer or
// Runtime Error of the file's sets, in the order they ran.
struct FailingCase {
  std::string set;
  int limitMs = 0;
  Verdict verdict = Verdict::kAccepted;
  std::vector<Case> cases;  // its set's cases, up to and including it
  size_t index = 0;         // its index in `cases`
};

struct ShrunkCase {
  Shrunk shrunk;
  Text reason;  // why the smallest board fails when run alone, in the checker's words
  std::chrono::milliseconds budget{0};  // the shrinking's (--shrink-seconds)
};

struct Findings {
  std::vector<NearLimit> nearLimit;
  std::optional<FailingCase> failing;
  std::optional<StateBetweenCalls> order;  // the failing case passes alone
  std::optional<ShrunkCase> shrunk;        // the failing case fails alone
  Text notShrunk;                          // why it was not shrunk, when it was not
  std::optional<StandingReport> standing;  // when asked for and the file passed a set
  // The case `make debug` opens by default, kept (last_failing.h): the shrunk
  // puzzle, else the first failing case of any verdict.
  std::optional<SavedCase> debugCase;
  Text debugFrom;            // where it comes from, for its reader (debugCase's `from`, kept)
  std::string debugCommand;  // the make debug line that opens it
};

// Near the limit, then the experiments on the first failing case: seconds.
// The case to debug is kept as the file's last failing one (last_failing.h).
Findings findOut(const Program& program, const FileResult& result, const FindingsOptions& options,
                 const Workspace& workspace);

// Whether the standing is to be measured: asked for, and the file passed a set.
bool standingWanted(const FileResult& result, const FindingsOptions& options);

// The findings as the judge prints them, after the verdict and the tables;
// the standing, when measured, last.
Text findingsText(const Findings& findings, const FileResult& result, const Workspace& workspace);

// The standing as the judge prints it, the reading path read from solutions/README.md.
Text standingSection(const StandingReport& report, const Workspace& workspace);

// The line printed while the standing is measured, which takes longest.
Text standingNotice(const FindingsOptions& options, const Workspace& workspace);

// `make debug SOLUTION=file CASE='...'`: `puzzle` in gdb (judge/debug/debug.h).
std::string debugCommand(const std::string& file, const Board& puzzle);
// That command and what it does, two lines, as the text report prints it after any failure.
Text debugLine(const std::string& file, const Board& puzzle);

// The findings as JSON members of the report: "near_limit", "shrunk",
// "state_between_calls", "debug" (the make debug command, or null), "standing" (judge/report/README.md, "The findings' members").
void addFindings(Json& report, const Findings& findings);

// The findings read back from those members of a kept report (`result`: the same report's
// verdict, resultFromJson's), so that make history prints them as the judge did, in the
// reader's language. A member that is missing or not of its kind is left out; never throws for
// a report's content. (Not "not shrunk, because ...": the report does not keep it.)
Findings findingsFromJson(const Json& report, const FileResult& result);

}  // namespace judge
