// Standing: where a file stands among the bundled solutions. After the
// verdict, the file and each bundled solution run the same cases of every set
// the file passed and the bundled one declares (solutions/sets.txt), each
// built by the same compile (LeetCode's, buildProgram, whose cache keeps the
// bundled programs from one run to the next), in the same sandbox, timed from
// outside as the judge times every case. A measurement repeats its cases to
// about 10 ms of CPU time and takes each case's fastest repeat, so that a
// hiccup in one case (another program flushing the caches, a tick of the
// sandbox's other process, read in 10 ms steps) does not swamp a fast one. A first run of each
// program sets its repeats; then each round runs your file and every bundled one on one core,
// their cases taken in turn (yours first in one round, last in the other), one round on each core
// at once: a machine's cores need not be equally fast, and its speed drifts from one second to
// the next (standing.cpp's timeAll). A round's ratio is your time / its time, each side taking
// each case's fastest over the passes both ran; the median of the rounds is given, the lowest
// and highest as its spread.
//
// The times include what every judged case costs: the runner's exchange of
// the board with the judge, tens of microseconds with LeetCode's sanitizers,
// so ratios between fast solutions lean towards 1 and vary from process to
// process. That floor is measured too, as judge/sandbox/does_nothing.cpp's time in the
// same rounds, and a ratio whose times are under kNearFloor times it is marked.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "core/catalog.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct StandingOptions {
  bool full = false;                 // every case of each set, not the quick subset
  size_t quickCases = 5;             // the quick subset's cases per set
  long long quickBudgetMicros = 300000;  // fewer where your file needs more than this for them
  int rounds = 2;                    // one on each of two cores, at once, in either order (README)
  long long targetMicros = 10000;    // a measurement repeats its cases to about this CPU time (README)
  std::vector<std::string> against;  // the bundled solutions to compare with; empty: every one
  int jobs = 2;                      // programs compiled at a time; cores the rounds run on
};

struct Standing {
  std::string solution, set;
  double ratio = 0, low = 0, high = 0;   // your time / its time: the rounds' median, lowest, highest
  double yourMicros = 0, itsMicros = 0;  // CPU time per case: the rounds' medians
  size_t cases = 0;                      // cases timed (each repeated)
  int rounds = 0;
  bool nearFloor = false;                // either time is under kNearFloor times the exchange's own
};

constexpr double kNearFloor = 3;

struct StandingReport {
  std::vector<Standing> rows;      // set by set in the judge's order, fastest bundled solution first
  std::map<std::string, double> floorMicros;  // by set: does_nothing.cpp's CPU time per case
  std::vector<Text> notes;         // what was not measured, and why
  Text subset;                     // which cases were timed, and why
};

// Measures `yours` (the program judged as `result`) against the bundled
// solutions. Throws std::runtime_error only for the judge's own trouble; a
// program that fails while timed is a note.
StandingReport measureStanding(const Program& yours, const FileResult& result,
                               const StandingOptions& options, const Workspace& workspace);

// `count` indices out of 0..total-1, evenly spaced from the first to the
// last (all of them when count >= total).
std::vector<size_t> spreadSubset(size_t total, size_t count);

struct Ratio {
  double median = 0, low = 0, high = 0;
};

// The ratios yours[i] / its[i] of each round: their median, lowest, highest.
Ratio ratioOf(const std::vector<double>& yours, const std::vector<double>& its);

// "on magictour: 3.4x faster than bool_arrays_mrv, 2.1x slower than
// bitmask_mrv_std_function: between steps 3 and 4 of solutions/README.md",
// from the rows of `set`; "" when no row is of it.
Text placement(const std::string& set, const std::vector<Standing>& rows, const std::vector<ReadingStep>& path);

// The report as the judge prints it: how it was measured, the ratios as a
// table of solutions by sets, each set's placement.
Text standingText(const StandingReport& report, const std::vector<ReadingStep>& path);

}  // namespace judge
