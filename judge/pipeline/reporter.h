// What the pipeline (pipeline.h) tells, as it happens, and the three that
// show it: the terminal's live text, the JSON lines make serve relays to its
// page, and the one JSON document of FORMAT=json. A stage calls one of these
// in the order judge/report/README.md gives; each reporter shows what it has a
// place for and leaves the rest (the defaults do nothing).
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "judge/findings/findings.h"
#include "judge/findings/own_case.h"
#include "judge/findings/stress.h"
#include "judge/report/report.h"

namespace judge {

// The files judged: each one's result, or why it could not be judged.
struct Run {
  std::vector<FileResult> results;
  std::vector<std::string> errors;  // "name: why"
};

// A judgement's end: the exit status, the --json document (one file's report, its findings
// included, or an array of them), and the summary line (none for a Run of --case).
struct Outcome {
  int status = 0;
  Json document;
  std::optional<Text> summary;
};

class Reporter {
 public:
  virtual ~Reporter() = default;

  // One file, as it is judged: a set started or passed a case; the LeetCode tier judged (its
  // sets; none for a Compile Error or a file skipped, or when no set of the tier was asked for);
  // each stress set as it finishes; then every set judged.
  virtual void progress(const std::string& /*set*/, int /*done*/, int /*total*/) {}
  virtual void verdict(const FileResult& /*tier*/) {}
  virtual void stressSet(const std::string& /*file*/, const SetResult& /*set*/) {}
  virtual void judged(const FileResult& /*result*/) {}
  virtual void notJudged(const std::string& /*why*/) {}
  // The stages after the verdict (judge/findings/).
  virtual void findings(const Findings& /*found*/, const FileResult& /*result*/, const Workspace& /*workspace*/) {}
  virtual void stressStarted(const StressOptions& /*stress*/) {}
  virtual void stress(const StressResult& /*stressed*/, const FileResult& /*result*/) {}
  virtual void standingStarted(const Text& /*notice*/) {}
  virtual void standing(const Findings& /*found*/, const Workspace& /*workspace*/) {}
  // The judge's own trouble after the verdict, which stands.
  virtual void trouble(const Text& /*why*/) {}
  // Several files, once all are judged; or a Run of --case.
  virtual void allJudged(const Run& /*run*/) {}
  virtual void ran(const OwnRun& /*run*/) {}
  // The end: the summary; the judgement kept in the history (its number); the last word.
  virtual void finished(const Outcome& /*outcome*/) {}
  virtual void recorded(long long /*id*/) {}
  virtual void done(const Outcome& /*outcome*/) {}
};

// The terminal's report, in the language spoken: one file as it is judged (the verdict the
// moment its tier is done, a progress line below the rows on a terminal, Ctrl-C keeping what is
// printed), several files once all are judged. `strict`: the stress tiers count.
std::unique_ptr<Reporter> liveText(const std::vector<std::string>& files, bool strict);
// --json-lines: one file as it is judged, one JSON object a line, its words message ids.
std::unique_ptr<Reporter> jsonLines();
// --json: the document once, for programs: its words in English.
std::unique_ptr<Reporter> jsonDocument();

}  // namespace judge
