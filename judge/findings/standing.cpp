#include "judge/findings/standing.h"

#include "core/words.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include <sched.h>

namespace judge {
using namespace core;
namespace {

constexpr int kMaxRepeats = 1000;
constexpr const char* kYours = "your file";
constexpr const char* kFloor = "does_nothing";

// A set's cases that every entrant runs.
struct Subset {
  std::string set;
  std::vector<Case> cases;
  int limitMs = 0;
};

// A program being timed: the sets it runs, each repeated, and its times.
struct Entrant {
  std::string name;
  std::string program;
  std::vector<size_t> sets;                 // indices into the subsets
  std::vector<int> repeats;                 // per set of `sets`
  // Per set of `sets`, per round: the CPU micros of each case of each pass, pass after pass.
  std::vector<std::vector<std::vector<long long>>> rounds;
  Text failed;                              // why it was dropped
  std::optional<Board> solved;              // does_nothing.cpp's: a solved grid for every case
};

double medianOf(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  size_t n = values.size();
  return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The mean over `count` cases of each one's fastest repeat, from the times of
// `repeats` passes over them starting at `at`: the fastest, not the mean (standing.h).
double fastestRepeats(const std::vector<long long>& micros, size_t at, size_t count, size_t repeats) {
  double total = 0;
  for (size_t j = 0; j < count; ++j) {
    long long fastest = micros[at + j];
    for (size_t r = 1; r < repeats; ++r) fastest = std::min(fastest, micros[at + r * count + j]);
    total += double(fastest);
  }
  return count ? total / double(count) : 0;
}

// The cases of one measurement of the entrant: its sets in order, each subset `repeats` times;
// `limitMs`, the longest of their limits.
std::vector<Case> measuredCases(const Entrant& entrant, const std::vector<Subset>& subsets, int& limitMs) {
  std::vector<Case> cases;
  limitMs = 0;
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    const Subset& subset = subsets[entrant.sets[k]];
    for (int r = 0; r < entrant.repeats[k]; ++r) cases.insert(cases.end(), subset.cases.begin(), subset.cases.end());
    limitMs = std::max(limitMs, subset.limitMs);
  }
  if (entrant.solved)  // left as it is, a solved grid is a right answer: the exchange alone is timed
    for (Case& c : cases) c = Case{*entrant.solved, entrant.solved, c.where};
  return cases;
}

// Why a measurement failed: "Wrong Answer while timed, at testcases/magictour.txt:9".
Text failureOf(const RunOutcome& run, const std::vector<Case>& cases) {
  return said("%s while timed, at %s", {verdictWord(run.verdict),
                                        run.failedAt < cases.size() ? Text(cases[run.failedAt].where) : said("its exit")});
}

// One measurement's times (measuredCases' order), a part per set of the entrant's: that set's
// passes, one after the other.
std::vector<std::vector<long long>> bySet(const Entrant& entrant, const std::vector<Subset>& subsets,
                                          const std::vector<long long>& micros) {
  std::vector<std::vector<long long>> parts;
  auto from = micros.begin();
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    long length = long(subsets[entrant.sets[k]].cases.size()) * entrant.repeats[k];
    parts.emplace_back(from, from + length);
    from += length;
  }
  return parts;
}

// The first run, every subset once, in a child of its own: sets each set's repeats to about the
// target, and makes room for `rounds` rounds. (Your file's repeats taken from its verdict's times
// instead, which saves this run, tilted its copy on forum_hardest by a tenth to a fifth.)
bool calibrate(Entrant& entrant, const std::vector<Subset>& subsets, long long targetMicros, int rounds,
               Text& failed) {
  entrant.repeats.assign(entrant.sets.size(), 1);
  int limitMs = 0;
  std::vector<Case> cases = measuredCases(entrant, subsets, limitMs);
  RunOutcome run = runCases(entrant.program, cases, limitMs);
  if (run.verdict != Verdict::kAccepted) return failed = failureOf(run, cases), false;
  std::vector<std::vector<long long>> parts = bySet(entrant, subsets, run.micros);
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    size_t count = subsets[entrant.sets[k]].cases.size();
    double pass = fastestRepeats(parts[k], 0, count, 1) * double(count);
    double wanted = pass > 0 ? std::ceil(double(targetMicros) / pass) : kMaxRepeats;
    entrant.repeats[k] = int(std::clamp(wanted, 1.0, double(kMaxRepeats)));
  }
  entrant.rounds.assign(entrant.sets.size(), std::vector<std::vector<long long>>(size_t(rounds)));
  return true;
}

// How many cases of a set the quick subset times: `quickCases`, fewer where
// your file's median case (from the verdict's run) would pass the budget.
size_t quickCount(const SetResult& set, const StandingOptions& options) {
  long long median = set.medianMicros();
  size_t affordable = median > 0 ? size_t(std::max(1LL, options.quickBudgetMicros / median)) : options.quickCases;
  return std::min(options.quickCases, affordable);
}

std::vector<Subset> chooseSubsets(const FileResult& result, const StandingOptions& options,
                                  const Workspace& workspace) {
  std::vector<Subset> subsets;
  for (const SetResult& set : result.sets) {
    if (set.verdict != Verdict::kAccepted || set.total == 0) continue;
    std::vector<Case> all = loadCases(workspace.root + "/testcases/" + set.set + ".txt");
    all.resize(size_t(set.total));  // the cases the file was judged on
    Subset subset{set.set, {}, set.limitMs};
    size_t count = options.full ? all.size() : quickCount(set, options);
    for (size_t i : spreadSubset(all.size(), count)) subset.cases.push_back(all[i]);
    subsets.push_back(std::move(subset));
  }
  return subsets;
}

Text describeSubset(const StandingOptions& options) {
  if (options.full) return said("every case of each set (STANDING=full)");
  return said("a quick subset (STANDING=full: every case): %s cases a set, fewer where your file needs over %s ms "
              "for them, evenly spaced from the set's first case to its last, so that they span the set whatever "
              "its order", {std::to_string(options.quickCases), std::to_string(options.quickBudgetMicros / 1000)});
}

// The bundled solutions to time, built (or found in the cache); a note for each that cannot be.
std::vector<Entrant> bundledEntrants(const std::vector<Subset>& subsets, const StandingOptions& options,
                                     const Workspace& workspace, std::vector<Text>& notes) {
  std::vector<std::string> names = options.against.empty() ? bundledSolutions(workspace.root) : options.against;
  std::vector<std::string> files;
  for (const std::string& name : names) files.push_back(workspace.root + "/solutions/" + name + ".cpp");
  auto programs = buildPrograms(files, options.jobs, workspace);
  std::vector<Entrant> entrants;
  for (size_t i = 0; i < names.size(); ++i) {
    const Program* program = std::get_if<Program>(&programs[i]);
    if (!program || program->verdict != Verdict::kAccepted) {
      notes.push_back(said("%s: not timed, %s", {names[i], program ? verdictWord(program->verdict) + ": " + program->message
                                                                    : Text(std::get<std::string>(programs[i]))}));
      continue;
    }
    Entrant entrant{names[i], program->path, {}, {}, {}, {}, std::nullopt};
    std::vector<std::string> declared = setsForSolution(names[i], workspace.root);
    for (size_t k = 0; k < subsets.size(); ++k)
      if (std::count(declared.begin(), declared.end(), subsets[k].set)) entrant.sets.push_back(k);
    if (!entrant.sets.empty()) entrants.push_back(std::move(entrant));
  }
  return entrants;
}

// judge/sandbox/does_nothing.cpp on every subset, or nullopt when it cannot be built.
std::optional<Entrant> floorEntrant(const std::vector<Subset>& subsets, const Workspace& workspace) {
  std::optional<Board> solved;
  for (const Subset& subset : subsets)
    for (const Case& c : subset.cases)
      if (c.solution && c.solution->size() == 9) solved = c.solution;
  Program program = buildProgram(workspace.root + "/judge/sandbox/does_nothing.cpp", workspace);
  if (program.verdict != Verdict::kAccepted || !solved) return std::nullopt;
  Entrant floor{kFloor, program.path, {}, {}, {}, "", solved};
  for (size_t k = 0; k < subsets.size(); ++k) floor.sets.push_back(k);
  return floor;
}

// The cores the rounds run on, one a worker: the first `jobs` this process may use ({-1}, wherever
// the system puts them, when it cannot say).
std::vector<int> timingCores(int jobs) {
  std::vector<int> cores;
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0)
    for (int cpu = 0; cpu < CPU_SETSIZE && int(cores.size()) < jobs; ++cpu)
      if (CPU_ISSET(cpu, &allowed)) cores.push_back(cpu);
  if (cores.empty()) cores.push_back(-1);
  return cores;
}

// While it lives, the children the calling thread starts run on `core` alone (-1: anywhere); the
// thread itself runs where it did before once they are started (a judge's thread on their core
// would take turns with them at every case).
class ChildrenOn {
 public:
  explicit ChildrenOn(int core) {
    if (core < 0 || sched_getaffinity(0, sizeof before_, &before_) != 0) return;
    cpu_set_t only;
    CPU_ZERO(&only);
    CPU_SET(core, &only);
    pinned_ = sched_setaffinity(0, sizeof only, &only) == 0;  // 0: this thread; failing, they run anywhere
  }
  ~ChildrenOn() {
    if (pinned_) sched_setaffinity(0, sizeof before_, &before_);
  }
  ChildrenOn(const ChildrenOn&) = delete;
  ChildrenOn& operator=(const ChildrenOn&) = delete;

 private:
  cpu_set_t before_{};
  bool pinned_ = false;
};

// What the workers share: who failed (an entrant's `failed`, written under the lock), and the
// judge's own trouble, thrown again once they have ended.
class Shared {
 public:
  explicit Shared(const Entrant& yours) : yours_(yours) {}
  void fail(Entrant& entrant, const Text& why) {
    std::lock_guard<std::mutex> hold(lock_);
    if (entrant.failed.empty()) entrant.failed = why;
  }
  bool dropped(const Entrant& entrant) {
    std::lock_guard<std::mutex> hold(lock_);
    return !entrant.failed.empty() || !yours_.failed.empty() || error_;
  }
  bool stopped() { return dropped(yours_); }  // your file failed: nothing more is worth timing
  void trouble(std::exception_ptr error) {
    std::lock_guard<std::mutex> hold(lock_);
    if (!error_) error_ = error;
  }
  void rethrow() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  std::mutex lock_;
  const Entrant& yours_;
  std::exception_ptr error_;
};

// Round `round`'s order: yours, then the bundled ones; in odd rounds the other way round.
std::vector<Entrant*> roundOrder(Entrant& yours, std::vector<Entrant>& bundled, int round) {
  std::vector<Entrant*> order{&yours};
  for (Entrant& entrant : bundled) order.push_back(&entrant);
  if (round % 2) std::reverse(order.begin(), order.end());
  return order;
}

// One program's measurement in a round.
struct Measurement {
  Entrant* entrant;
  std::vector<Case> cases;
  std::unique_ptr<CaseRun> run;
};

// Round `round`, on `core`: every program still in, each in a child of its own started now,
// their cases taken in turn: set by set, pass by pass, case by case, each program runs the case
// (if the set and the pass are its own) one after the other, in `order`, each case started by the
// next program of it, so that none always follows the same one.
void timeRound(const std::vector<Entrant*>& order, const std::vector<Subset>& subsets, int round, int core,
               Shared& shared) {
  std::vector<Measurement> measuring;
  {
    ChildrenOn on(core);
    for (Entrant* entrant : order) {
      if (shared.dropped(*entrant)) continue;
      int limitMs = 0;
      std::vector<Case> cases = measuredCases(*entrant, subsets, limitMs);
      auto run = std::make_unique<CaseRun>(entrant->program, cases, limitMs);
      measuring.push_back({entrant, std::move(cases), std::move(run)});
    }
  }
  size_t turn = 0;  // which program starts this case: each in turn
  for (size_t k = 0; k < subsets.size(); ++k) {
    std::vector<int> passes;  // how many passes over set k each program runs
    for (const Measurement& m : measuring) {
      const Entrant& entrant = *m.entrant;
      auto at = std::find(entrant.sets.begin(), entrant.sets.end(), k);
      passes.push_back(at == entrant.sets.end() ? 0 : entrant.repeats[size_t(at - entrant.sets.begin())]);
    }
    int most = passes.empty() ? 0 : *std::max_element(passes.begin(), passes.end());
    for (int pass = 0; pass < most; ++pass)
      for (size_t c = 0; c < subsets[k].cases.size(); ++c, ++turn) {
        if (shared.stopped()) return;
        for (size_t i = 0; i < measuring.size(); ++i) {
          size_t j = (i + turn) % measuring.size();
          if (pass < passes[j]) measuring[j].run->step();  // a failed run steps no further
        }
      }
  }
  for (Measurement& m : measuring) {
    RunOutcome outcome = m.run->finish();
    if (outcome.verdict != Verdict::kAccepted) {
      shared.fail(*m.entrant, failureOf(outcome, m.cases));
      continue;
    }
    std::vector<std::vector<long long>> parts = bySet(*m.entrant, subsets, outcome.micros);
    for (size_t k = 0; k < parts.size(); ++k) m.entrant->rounds[k][size_t(round)] = std::move(parts[k]);
  }
}

// Calibrates every program, then times `rounds` rounds, a worker a core: round r on core
// r % cores, all its children there. A machine's cores need not be equally fast, and its speed
// drifts from one second to the next (judge/findings/README.md, "Why so"): a round's programs
// share one core and take their cases in turn (timeRound), so that your file and each bundled one
// are timed moments apart on the same core. The calibrations go to whichever worker is free.
void timeAll(Entrant& yours, std::vector<Entrant>& bundled, const std::vector<Subset>& subsets,
             const StandingOptions& options, int rounds) {
  std::vector<int> cores = timingCores(std::max(1, options.jobs));
  std::vector<Entrant*> everyone = roundOrder(yours, bundled, 0);
  std::atomic<size_t> nextCalibration{0};
  int calibrating = int(cores.size());  // workers still calibrating (under `lock`)
  std::mutex lock;
  std::condition_variable allCalibrated;
  Shared shared(yours);
  auto worker = [&](int core) {
    try {
      for (size_t i; (i = nextCalibration++) < everyone.size();) {
        Text failed;
        if (!shared.stopped() && !calibrate(*everyone[i], subsets, options.targetMicros, rounds, failed))
          shared.fail(*everyone[i], failed);
      }
    } catch (...) {
      shared.trouble(std::current_exception());
    }
    {
      std::unique_lock<std::mutex> hold(lock);
      if (--calibrating == 0) allCalibrated.notify_all();
      allCalibrated.wait(hold, [&] { return calibrating == 0; });
    }
    try {
      for (int round = core; round < rounds && !shared.stopped(); round += int(cores.size()))
        timeRound(roundOrder(yours, bundled, round), subsets, round, cores[size_t(core)], shared);
    } catch (...) {
      shared.trouble(std::current_exception());
    }
  };
  std::vector<std::thread> workers;
  for (int core = 0; core < int(cores.size()); ++core) workers.emplace_back(worker, core);
  for (std::thread& w : workers) w.join();
  shared.rethrow();
}

// The entrant's CPU micros per case on its `at`th set, a figure a round: each case's fastest over
// the round's first `passes` passes.
std::vector<double> roundTimes(const Entrant& entrant, size_t at, size_t count, int passes) {
  std::vector<double> times;
  for (const std::vector<long long>& micros : entrant.rounds[at])
    times.push_back(fastestRepeats(micros, 0, count, size_t(passes)));
  return times;
}

std::vector<Standing> rowsOf(const Entrant& yours, const std::vector<Entrant>& bundled,
                             const std::vector<Subset>& subsets) {
  std::vector<Standing> rows;
  for (size_t k = 0; k < subsets.size(); ++k) {
    size_t first = rows.size();
    for (const Entrant& entrant : bundled) {
      auto at = std::find(entrant.sets.begin(), entrant.sets.end(), k);
      if (!entrant.failed.empty() || at == entrant.sets.end()) continue;
      // Each side's fastest over the passes both ran: the same number of tries, taken in turn.
      size_t own = size_t(at - entrant.sets.begin());
      int passes = std::min(yours.repeats[k], entrant.repeats[own]);
      std::vector<double> its = roundTimes(entrant, own, subsets[k].cases.size(), passes);
      std::vector<double> mine = roundTimes(yours, k, subsets[k].cases.size(), passes);
      Ratio ratio = ratioOf(mine, its);
      rows.push_back({entrant.name, subsets[k].set, ratio.median, ratio.low, ratio.high,
                      medianOf(mine), medianOf(its), subsets[k].cases.size(), int(its.size()), false});
    }
    std::sort(rows.begin() + long(first), rows.end(),
              [](const Standing& a, const Standing& b) { return a.itsMicros < b.itsMicros; });
  }
  return rows;
}

}  // namespace

std::vector<size_t> spreadSubset(size_t total, size_t count) {
  std::vector<size_t> indices;
  if (count >= total) count = total;
  for (size_t i = 0; i < count; ++i) indices.push_back(count == 1 ? 0 : i * (total - 1) / (count - 1));
  return indices;
}

Ratio ratioOf(const std::vector<double>& yours, const std::vector<double>& its) {
  std::vector<double> ratios;
  for (size_t i = 0; i < yours.size() && i < its.size(); ++i)
    if (its[i] > 0) ratios.push_back(yours[i] / its[i]);
  if (ratios.empty()) return {};
  auto [low, high] = std::minmax_element(ratios.begin(), ratios.end());
  return {medianOf(ratios), *low, *high};
}

StandingReport measureStanding(const Program& yours, const FileResult& result,
                               const StandingOptions& options, const Workspace& workspace) {
  StandingReport report;
  report.subset = describeSubset(options);
  std::vector<Subset> subsets = chooseSubsets(result, options, workspace);
  if (subsets.empty()) {
    report.notes.push_back(said("not measured: the file passed no set"));
    return report;
  }
  Entrant mine{kYours, yours.path, {}, {}, {}, {}, std::nullopt};
  for (size_t k = 0; k < subsets.size(); ++k) mine.sets.push_back(k);
  std::vector<Entrant> bundled = bundledEntrants(subsets, options, workspace, report.notes);
  std::optional<Entrant> floor = floorEntrant(subsets, workspace);
  if (floor) bundled.push_back(std::move(*floor));  // timed in the rounds, but not a standing's row
  timeAll(mine, bundled, subsets, options, std::max(1, options.rounds));
  if (!mine.failed.empty()) {
    report.notes.push_back(said("not measured: your file failed when its cases ran again to be timed (%s): does it "
                                "keep state between calls?", {mine.failed}));
    return report;
  }
  for (const Entrant& entrant : bundled)
    if (!entrant.failed.empty()) report.notes.push_back(said("%s: not timed, %s", {entrant.name, entrant.failed}));
  if (!bundled.empty() && bundled.back().name == kFloor && bundled.back().failed.empty()) {
    const Entrant& floor = bundled.back();
    for (size_t k = 0; k < subsets.size(); ++k)
      report.floorMicros[subsets[k].set] = medianOf(roundTimes(floor, k, subsets[k].cases.size(), floor.repeats[k]));
    bundled.pop_back();
  }
  report.rows = rowsOf(mine, bundled, subsets);
  // A side whose time read 0 in every round (a clock that did not move) gives no ratio: a note,
  // never a row of "0.000x" or "infx".
  std::vector<Standing> measured;
  for (const Standing& row : report.rows) {
    if (row.ratio > 0 && std::isfinite(row.ratio) && row.yourMicros > 0 && row.itsMicros > 0) measured.push_back(row);
    else report.notes.push_back(said("%s on %s: not compared, a time read as 0 us", {row.solution, row.set}));
  }
  report.rows = std::move(measured);
  for (Standing& row : report.rows) {
    double floor = report.floorMicros.count(row.set) ? report.floorMicros[row.set] : 0;
    row.nearFloor = std::min(row.yourMicros, row.itsMicros) < kNearFloor * floor;
  }
  return report;
}

}  // namespace judge
