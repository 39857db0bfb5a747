// The judge's stages, run once, in one place, for every way of reporting them
// (reporter.h): build, verdict (the LeetCode tier, then the stress tiers),
// then, for one file, the findings, the stress stage and the standing; the
// history's row along the way (judge/submissions/record.h). Several files are
// built and judged `jobs` at a time, without the stages after the verdict.
#pragma once
#include <string>
#include <vector>

#include "judge/findings/findings.h"
#include "judge/findings/stress.h"
#include "judge/pipeline/reporter.h"
#include "judge/submissions/record.h"

namespace judge {

// What the command line asked for (judge_main.cpp reads it, checked).
struct Judgement {
  std::vector<std::string> files;
  JudgeOptions options;
  int jobs = 1;          // files compiled, then judged, at a time; one file's sets at a time
  bool strict = false;   // every set counts for the exit status (--strict, --sets)
  FindingsOptions findings;
  StressOptions stress;
  RecordOptions record;
};

// Judges the files, telling `reporter`; the exit status: 0 when every file passes.
int judgeFiles(const Judgement& judgement, Reporter& reporter, const Workspace& workspace);

// --case: the file run on one's own puzzles (judge/findings/own_case.h), told to `reporter`; the
// exit status (2, the reason on stderr, when `caseText` holds no puzzle or a malformed one).
int runOwnCase(const std::string& file, const std::string& caseText, const RecordOptions& record,
               Reporter& reporter, const Workspace& workspace);

// Whether the sandbox can run here (sandbox.h), or --no-sandbox turned it off: said on stdout,
// or on stderr where stdout is a page (`quiet`); the refusal on stderr.
bool sandboxReady(bool noSandbox, bool quiet);

}  // namespace judge
