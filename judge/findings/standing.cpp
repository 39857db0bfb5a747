#include "judge/findings/standing.h"

#include "core/words.h"

#include <algorithm>
#include <cmath>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
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
  std::vector<std::vector<double>> rounds;  // per set of `sets`: CPU micros per case, a round each
  std::string failed;                       // why it was dropped
  std::optional<Board> solved;              // does_nothing.cpp's: a solved grid for every case
  bool calibrated = false;                  // its repeats are set: its rounds may start
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

// One run of the entrant's sets, each subset repeated, in one child: CPU
// micros per case of each set, or false with `failed` set.
bool timeOnce(const Entrant& entrant, const std::vector<Subset>& subsets, std::vector<double>& perCase,
              std::string& failed) {
  std::vector<Case> cases;
  int limitMs = 0;
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    const Subset& subset = subsets[entrant.sets[k]];
    for (int r = 0; r < entrant.repeats[k]; ++r) cases.insert(cases.end(), subset.cases.begin(), subset.cases.end());
    limitMs = std::max(limitMs, subset.limitMs);
  }
  if (entrant.solved)  // left as it is, a solved grid is a right answer: the exchange alone is timed
    for (Case& c : cases) c = Case{*entrant.solved, entrant.solved, c.where};
  RunOutcome run = runCases(entrant.program, cases, limitMs);
  if (run.verdict != Verdict::kAccepted) {
    failed = trf("%s while timed, at %s", {verdictWord(run.verdict),
                                                   run.failedAt < cases.size() ? cases[run.failedAt].where
                                                                               : tr("its exit")});
    return false;
  }
  perCase.assign(entrant.sets.size(), 0);
  for (size_t k = 0, at = 0; k < entrant.sets.size(); ++k) {
    size_t count = subsets[entrant.sets[k]].cases.size(), repeats = size_t(entrant.repeats[k]);
    perCase[k] = fastestRepeats(run.micros, at, count, repeats);
    at += count * repeats;
  }
  return true;
}

// The first run, every subset once: sets each set's repeats to about the target, and makes room
// for `rounds` rounds.
bool calibrate(Entrant& entrant, const std::vector<Subset>& subsets, long long targetMicros, int rounds,
               std::string& failed) {
  entrant.repeats.assign(entrant.sets.size(), 1);
  entrant.rounds.assign(entrant.sets.size(), std::vector<double>(size_t(rounds)));
  std::vector<double> perCase;
  if (!timeOnce(entrant, subsets, perCase, failed)) return false;
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    double pass = perCase[k] * double(subsets[entrant.sets[k]].cases.size());
    double wanted = pass > 0 ? std::ceil(double(targetMicros) / pass) : kMaxRepeats;
    entrant.repeats[k] = int(std::clamp(wanted, 1.0, double(kMaxRepeats)));
  }
  return true;
}

// Round `round`: its own slot in each set's times, so that rounds of one program on two cores
// never write the same element.
bool timeRound(Entrant& entrant, const std::vector<Subset>& subsets, int round, std::string& failed) {
  std::vector<double> perCase;
  if (!timeOnce(entrant, subsets, perCase, failed)) return false;
  for (size_t k = 0; k < perCase.size(); ++k) entrant.rounds[k][size_t(round)] = perCase[k];
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

std::string describeSubset(const StandingOptions& options) {
  if (options.full) return tr("every case of each set (STANDING=full)");
  return trf("a quick subset (STANDING=full: every case): %s cases a set, fewer where your file needs over %s ms "
             "for them, evenly spaced from the set's first case to its last, so that they span the set whatever "
             "its order", {std::to_string(options.quickCases), std::to_string(options.quickBudgetMicros / 1000)});
}

// The bundled solutions to time, built (or found in the cache); a note for each that cannot be.
std::vector<Entrant> bundledEntrants(const std::vector<Subset>& subsets, const StandingOptions& options,
                                     const Workspace& workspace, std::vector<std::string>& notes) {
  std::vector<std::string> names = options.against.empty() ? bundledSolutions(workspace.root) : options.against;
  std::vector<std::string> files;
  for (const std::string& name : names) files.push_back(workspace.root + "/solutions/" + name + ".cpp");
  auto programs = buildPrograms(files, options.jobs, workspace);
  std::vector<Entrant> entrants;
  for (size_t i = 0; i < names.size(); ++i) {
    const Program* program = std::get_if<Program>(&programs[i]);
    if (!program || program->verdict != Verdict::kAccepted) {
      notes.push_back(trf("%s: not timed, %s", {names[i], program ? verdictWord(program->verdict) + (": " + program->message)
                                                                   : std::get<std::string>(programs[i])}));
      continue;
    }
    Entrant entrant{names[i], program->path, {}, {}, {}, "", std::nullopt};
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

// Keeps the calling thread, and the children it starts from now on, on `core` (-1: anywhere).
void keepOn(int core) {
  if (core < 0) return;
  cpu_set_t only;
  CPU_ZERO(&only);
  CPU_SET(core, &only);
  sched_setaffinity(0, sizeof only, &only);  // 0: this thread; should it fail, the round runs where it may
}

// Round `round`'s order: yours first, then the bundled ones, and the other way round in the next
// round on the same core (rounds take turns on the cores: takeTurns).
std::vector<Entrant*> roundOrder(Entrant& yours, std::vector<Entrant>& bundled, int round, int cores) {
  std::vector<Entrant*> order{&yours};
  for (Entrant& entrant : bundled)
    if (entrant.failed.empty()) order.push_back(&entrant);
  if (round / cores % 2) std::reverse(order.begin(), order.end());
  return order;
}

// One entrant's turn: its calibration (round -1, on any core) or one of its rounds, on the core
// of that round (`core`, an index into timingCores).
struct Turn {
  Entrant* entrant;
  int round;
  int core;
  bool taken = false;
  std::string failed;  // why the entrant failed in this turn
};

// Every turn, a worker a core: each program in a child of its own, timed by its own CPU clock.
// A round runs on one core, every program of it: the cores of a machine are not equally fast (the
// two of a 2-core AMD EPYC VM here timed one program 1.25 and 1.65 ms a case, each run kept on
// one of them), and a round whose sides ran on two cores measured the cores as much as the
// programs (a copy of a bundled file came out 0.5x to 1.8x against it; standing_test.cpp checks
// that it is level). The rounds take turns on the cores: round r on core r % cores. A worker
// takes the first turn not taken that is its core's or a calibration, once that turn's program
// is calibrated; none is taken once your file failed, and an entrant that failed has its turns
// dropped. No worker waits for a round's last program before starting its next round.
void takeTurns(std::vector<Turn>& turns, const std::vector<int>& cores, const Entrant& yours,
               const std::function<void(Turn&)>& measure) {
  std::mutex lock;
  std::condition_variable changed;
  auto next = [&](int core) -> Turn* {  // (under `lock`) the turn to take, or none for now
    for (Turn& turn : turns) {
      if (turn.taken) continue;
      if (!turn.entrant->failed.empty()) return &turn;  // dropped when taken
      if (turn.round < 0 || (turn.core == core && turn.entrant->calibrated)) return &turn;
    }
    return nullptr;
  };
  auto left = [&] {
    return yours.failed.empty() &&
           std::any_of(turns.begin(), turns.end(), [](const Turn& turn) { return !turn.taken; });
  };
  auto worker = [&](int core) {
    keepOn(cores[size_t(core)]);
    std::unique_lock<std::mutex> hold(lock);
    while (left()) {
      Turn* turn = next(core);
      if (!turn) {
        changed.wait(hold);
        continue;
      }
      turn->taken = true;
      if (!turn->entrant->failed.empty()) continue;
      hold.unlock();
      measure(*turn);
      hold.lock();
      if (!turn->failed.empty() && turn->entrant->failed.empty()) turn->entrant->failed = turn->failed;
      if (turn->round < 0 && turn->failed.empty()) turn->entrant->calibrated = true;
      changed.notify_all();
    }
    changed.notify_all();
  };
  std::vector<std::thread> workers;  // threads of their own: the caller's core is left as it was
  for (int core = 0; core < int(cores.size()); ++core) workers.emplace_back(worker, core);
  for (std::thread& w : workers) w.join();
}

std::vector<Standing> rowsOf(const Entrant& yours, const std::vector<Entrant>& bundled,
                             const std::vector<Subset>& subsets) {
  std::vector<Standing> rows;
  for (size_t k = 0; k < subsets.size(); ++k) {
    size_t first = rows.size();
    for (const Entrant& entrant : bundled) {
      auto at = std::find(entrant.sets.begin(), entrant.sets.end(), k);
      if (!entrant.failed.empty() || at == entrant.sets.end()) continue;
      const std::vector<double>& its = entrant.rounds[size_t(at - entrant.sets.begin())];
      Ratio ratio = ratioOf(yours.rounds[k], its);
      rows.push_back({entrant.name, subsets[k].set, ratio.median, ratio.low, ratio.high,
                      medianOf(yours.rounds[k]), medianOf(its), subsets[k].cases.size(), int(its.size()), false});
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
    report.notes.push_back(tr("not measured: the file passed no set"));
    return report;
  }
  Entrant mine{kYours, yours.path, {}, {}, {}, "", std::nullopt};
  for (size_t k = 0; k < subsets.size(); ++k) mine.sets.push_back(k);
  std::vector<Entrant> bundled = bundledEntrants(subsets, options, workspace, report.notes);
  std::optional<Entrant> floor = floorEntrant(subsets, workspace);
  if (floor) bundled.push_back(std::move(*floor));  // timed in the rounds, but not a standing's row
  std::vector<int> cores = timingCores(std::max(1, options.jobs));
  int rounds = std::max(1, options.rounds);
  std::vector<Turn> turns;
  for (int round = -1; round < rounds; ++round)
    for (Entrant* entrant : roundOrder(mine, bundled, std::max(round, 0), int(cores.size())))
      turns.push_back({entrant, round, round < 0 ? -1 : round % int(cores.size()), false, ""});
  takeTurns(turns, cores, mine, [&](Turn& turn) {
    if (turn.round < 0) calibrate(*turn.entrant, subsets, options.targetMicros, rounds, turn.failed);
    else timeRound(*turn.entrant, subsets, turn.round, turn.failed);
  });
  if (!mine.failed.empty()) {
    report.notes.push_back(trf("not measured: your file failed when its cases ran again to be timed (%s): does it "
                               "keep state between calls?", {mine.failed}));
    return report;
  }
  for (const Entrant& entrant : bundled)
    if (!entrant.failed.empty()) report.notes.push_back(trf("%s: not timed, %s", {entrant.name, entrant.failed}));
  if (!bundled.empty() && bundled.back().name == kFloor && bundled.back().failed.empty()) {
    for (size_t k = 0; k < subsets.size(); ++k) report.floorMicros[subsets[k].set] = medianOf(bundled.back().rounds[k]);
    bundled.pop_back();
  }
  report.rows = rowsOf(mine, bundled, subsets);
  // A side whose time read 0 in every round (a clock that did not move) gives no ratio: a note,
  // never a row of "0.000x" or "infx".
  std::vector<Standing> measured;
  for (const Standing& row : report.rows) {
    if (row.ratio > 0 && std::isfinite(row.ratio) && row.yourMicros > 0 && row.itsMicros > 0) measured.push_back(row);
    else report.notes.push_back(trf("%s on %s: not compared, a time read as 0 us", {row.solution, row.set}));
  }
  report.rows = std::move(measured);
  for (Standing& row : report.rows) {
    double floor = report.floorMicros.count(row.set) ? report.floorMicros[row.set] : 0;
    row.nearFloor = std::min(row.yourMicros, row.itsMicros) < kNearFloor * floor;
  }
  return report;
}

}  // namespace judge
