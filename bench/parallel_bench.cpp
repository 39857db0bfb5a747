// Parallel speedups (sudoku/parallel.h), in wall-clock time; the argument is the
// number of threads, so the speedup is the time at 1 over the time at 2:
//   Batch/<threads>        what `sudoku solve --jobs N` does for a batch: every
//                          puzzle of magictour and forum_hardest (300) counted up
//                          to 2 by the 9x9 engine (sudoku/engine.h), its first
//                          solution checked
//   TreeSolve/<set>/<threads>  first solution of the set's last puzzle (size16_hard's
//                          and size25_hard's highest rated), the search tree split
//                          across threads (the first solution found wins)
//   TreeCount/<set>/<threads>  all solutions of it (the whole tree: proves unique)
// The 9x9 case shows where splitting does not pay: it solves in microseconds.
#include <benchmark/benchmark.h>

#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/checker.h"
#include "sudoku/engine.h"
#include "sudoku/parallel.h"
#include "core/testcases.h"

namespace {

using core::Board;
using core::Case;

const std::string kRoot = REPO_ROOT;

const std::vector<Case>& loadSet(const std::string& set) {
  static std::map<std::string, std::vector<Case>> sets;
  auto [it, fresh] = sets.try_emplace(set);
  if (fresh) it->second = core::loadCases(kRoot + "/testcases/" + set + ".txt");
  return it->second;
}

void Batch(benchmark::State& state) {
  std::vector<Case> batch = loadSet("magictour");
  for (const Case& c : loadSet("forum_hardest")) batch.push_back(c);
  std::vector<std::string> verdicts(batch.size());
  for (auto _ : state)
    sudoku::forEachIndex(batch.size(), int(state.range(0)), [&](size_t i) {
      Board answer = sudoku::countFast(batch[i].puzzle, 2).first;
      verdicts[i] =
          core::check(batch[i].puzzle, answer, batch[i].solution ? &*batch[i].solution : nullptr);
    });
  for (size_t i = 0; i < batch.size(); ++i)
    if (!verdicts[i].empty())
      return state.SkipWithError((batch[i].where + ": " + verdicts[i]).c_str());
  state.counters["puzzles"] = double(batch.size());
}
BENCHMARK(Batch)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void Tree(benchmark::State& state, const std::string& set, long limit) {
  const Board& puzzle = loadSet(set).back().puzzle;
  sudoku::TreeSearch search;
  for (auto _ : state) search = sudoku::searchTree(puzzle, limit, int(state.range(0)));
  if (search.solutions != 1) return state.SkipWithError("the puzzle is not unique");
  state.counters["nodes"] = double(search.nodes);
}

// Each set's last puzzle solved (TreeSolve/<set>) and counted (TreeCount/<set>) on 1 and 2
// threads, in the unit its times read best in.
const bool kTreesRegistered = [] {
  const std::pair<const char*, benchmark::TimeUnit> sets[] = {
      {"forum_hardest", benchmark::kMicrosecond}, {"size16_hard", benchmark::kMillisecond}, {"size25_hard", benchmark::kMillisecond}};
  for (const auto& [set, unit] : sets)
    for (const auto& [name, limit] : {std::pair{"TreeSolve", 1L}, std::pair{"TreeCount", 2L}})
      benchmark::RegisterBenchmark((std::string(name) + "/" + set).c_str(), Tree, set, limit)
          ->Arg(1)
          ->Arg(2)
          ->UseRealTime()
          ->Unit(unit);
  return true;
}();

}  // namespace
