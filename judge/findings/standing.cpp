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
bool timeOnce(Entrant& entrant, const std::vector<Subset>& subsets, std::vector<double>& perCase) {
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
    entrant.failed = trf("%s while timed, at %s", {verdictWord(run.verdict),
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

// The first run, every subset once: sets each set's repeats to about the target.
bool calibrate(Entrant& entrant, const std::vector<Subset>& subsets, long long targetMicros) {
  entrant.repeats.assign(entrant.sets.size(), 1);
  entrant.rounds.assign(entrant.sets.size(), {});
  std::vector<double> perCase;
  if (!timeOnce(entrant, subsets, perCase)) return false;
  for (size_t k = 0; k < entrant.sets.size(); ++k) {
    double pass = perCase[k] * double(subsets[entrant.sets[k]].cases.size());
    double wanted = pass > 0 ? std::ceil(double(targetMicros) / pass) : kMaxRepeats;
    entrant.repeats[k] = int(std::clamp(wanted, 1.0, double(kMaxRepeats)));
  }
  return true;
}

bool timeRound(Entrant& entrant, const std::vector<Subset>& subsets) {
  std::vector<double> perCase;
  if (!timeOnce(entrant, subsets, perCase)) return false;
  for (size_t k = 0; k < perCase.size(); ++k) entrant.rounds[k].push_back(perCase[k]);
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

// Yours first, then the bundled ones; on odd rounds the other way round.
std::vector<Entrant*> roundOrder(Entrant& yours, std::vector<Entrant>& bundled, int round) {
  std::vector<Entrant*> order{&yours};
  for (Entrant& entrant : bundled)
    if (entrant.failed.empty()) order.push_back(&entrant);
  if (round % 2) std::reverse(order.begin(), order.end());
  return order;
}

// One entrant's turn: its calibration (round -1) or one of its rounds.
struct Turn {
  Entrant* entrant;
  int round;
  bool taken = false;
};

// Every turn, `jobs` at a time: each program in a child of its own, timed by its own CPU clock,
// so that two run on two cores as one would on one (the copy of a bundled file still comes out
// level with it: standing_test.cpp). The turns go in order, the calibrations first, then each
// round in its own order (roundOrder), with no wait between rounds: a worker takes the first turn
// whose entrant is not being timed and has no earlier turn left, so that each entrant's turns
// stay in order and one at a time, and a slow entrant (yours, often) does not leave a core idle
// at every round's end (before, each round waited for its last entrant). None is taken once your
// file failed, nor any of an entrant that failed.
void takeTurns(std::vector<Turn>& turns, int jobs, const Entrant& yours, const std::function<void(Turn&)>& measure) {
  std::mutex lock;
  std::condition_variable changed;
  std::set<const Entrant*> busy;
  auto next = [&]() -> Turn* {  // (under `lock`) the turn to take, or none for now
    std::set<const Entrant*> waiting;  // entrants with an earlier turn not taken
    for (Turn& turn : turns) {
      if (turn.taken) continue;
      if (!busy.count(turn.entrant) && !waiting.count(turn.entrant)) return &turn;
      waiting.insert(turn.entrant);
    }
    return nullptr;
  };
  auto left = [&] {
    return yours.failed.empty() &&
           std::any_of(turns.begin(), turns.end(), [](const Turn& turn) { return !turn.taken; });
  };
  auto worker = [&] {
    std::unique_lock<std::mutex> hold(lock);
    while (left()) {
      Turn* turn = next();
      if (!turn) {
        changed.wait(hold);
        continue;
      }
      turn->taken = true;
      if (!turn->entrant->failed.empty()) continue;
      busy.insert(turn->entrant);
      hold.unlock();
      measure(*turn);
      hold.lock();
      busy.erase(turn->entrant);
      changed.notify_all();
    }
    changed.notify_all();
  };
  std::vector<std::thread> workers;
  for (int j = 1; j < jobs; ++j) workers.emplace_back(worker);
  worker();
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
  int jobs = std::max(1, std::min<int>(options.jobs, int(std::thread::hardware_concurrency())));
  std::vector<Turn> turns;
  for (int round = -1; round < options.rounds; ++round)
    for (Entrant* entrant : roundOrder(mine, bundled, std::max(round, 0))) turns.push_back({entrant, round});
  takeTurns(turns, jobs, mine, [&](Turn& turn) {
    if (turn.round < 0) calibrate(*turn.entrant, subsets, options.targetMicros);
    else timeRound(*turn.entrant, subsets);
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
