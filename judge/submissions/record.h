// The judge's side of the user's history (history/store.h): what one
// judgement leaves there. `make judge` of the user's own file records
// (--record judge), and so does each Run and Submit of make serve's page
// (--record run|submit, the judge the server starts); `make`'s judging of the
// bundled solutions does not (no --record). The row is written after the
// verdict line, never before it: the verdict and its tier the moment they are
// printed (state "started"), then the whole report once it is done.
#pragma once
#include <optional>
#include <string>

#include "history/store.h"
#include "judge/report/report.h"

namespace judge {

struct RecordOptions {
  std::string source;  // "judge", "run", "submit"; "": nothing is recorded
  std::string name;    // the file's name as the history shows it (default: the path given)
  std::string db;      // HISTORY_DB; "": history::location's default
};

// A row's verdict, counts and figures from the judge's JSON report (reportJson's document, or a
// tier's part of it): Runtime the median of the tier's sets' medians, Memory their largest peak,
// as the page shows them; the stress tiers' verdicts.
history::Submission submissionOf(const Json& report);
// The same from --case's document (Run): Accepted when every Output is valid.
history::Submission submissionOfRun(const Json& run);

class Recorder {
 public:
  // `file`'s bytes are read now: the code as the judge is about to read it.
  Recorder(RecordOptions options, const std::string& file);
  ~Recorder();

  bool wanted() const { return !options_.source.empty(); }
  // The LeetCode tier is done and its verdict printed: the row, "started".
  void started(const Json& tierReport);
  // The report is whole: the row finished, or added "done" when none was started.
  void done(const Json& report);
  // Run: the --case document.
  void ran(const Json& run);
  // The row's id, once written.
  std::optional<long long> id() const { return id_; }
  // "judge: history is off: ..." (once, on stderr) and the store's warnings.
  void sayWhyOff(const std::string& why);

 private:
  history::Store* store();
  void keep(history::Submission row, bool finished);

  RecordOptions options_;
  std::string code_;
  std::string file_;
  std::optional<history::Store> store_;
  bool off_ = false;
  std::optional<long long> id_;
};

}  // namespace judge
