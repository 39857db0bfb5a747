// The toolkit's 9x9 engine (sudoku/engine.h) on the bundled 9x9 sets, in the same binary and
// run as Solve/propagation_bitboard/<set>, so the two read side by side:
//   Engine/first/<set>    the first solution (limit 1), what a LeetCode solution does
//   Engine/count2/<set>   count to 2: the first solution and the proof that it is unique,
//                         what `sudoku solve`, `validate` and `count` do per puzzle
// The time is per puzzle (s/puzzle); each iteration solves the whole set once.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "sudoku/engine.h"
#include "core/testcases.h"

namespace {

const std::string kRoot = REPO_ROOT;

void countSet(benchmark::State& state, const std::string& set, long limit) {
  std::vector<std::string> puzzles;
  for (const core::Case& c : core::loadCases(kRoot + "/testcases/" + set + ".txt"))
    puzzles.push_back(core::toLine(c.puzzle));
  long found = 0;
  for (auto _ : state)
    for (const std::string& cells : puzzles) found += sudoku::countNine(cells, limit).solutions;
  if (found == 0) state.SkipWithError("no solution found");
  double solves = double(puzzles.size());
  using benchmark::Counter;
  state.counters["puzzles"] = solves;
  state.counters["s/puzzle"] = Counter(solves, Counter::kIsIterationInvariantRate | Counter::kInvert);
}

const bool kRegistered = [] {
  for (const char* set : {"seventeen_clue", "magictour", "forum_hardest", "serg_multi"})
    for (auto [name, limit] : {std::pair<const char*, long>{"first", 1}, {"count2", 2}})
      benchmark::RegisterBenchmark((std::string("Engine/") + name + "/" + set).c_str(),
                                   [set = std::string(set), limit = limit](benchmark::State& state) {
                                     countSet(state, set, limit);
                                   })
          ->Unit(benchmark::kMillisecond);
  return true;
}();

}  // namespace
