// The stress stage (STRESS=SECONDS, --stress): after the sets, the file is fed
// generated puzzles for that long, as competitive programmers stress-test:
// random inputs through the checker until one fails. The puzzles are
// LeetCode's kind (exactly one solution) from the toolkit's generator, run as
// a tool process (`sudoku generate`, sudoku/generator.h: the judge uses core/
// only, and the toolkit's engine is what makes it fast); a spread of
// difficulty, blocks of ten alternating minimal puzzles with easier ones of 27,
// 32 and 37 givens. Puzzle n of a seed is always the same puzzle, so a seed
// repeats a run (STRESS_SEED=). They run in the judge's sandbox with the
// LeetCode tier's limit, several to a child as a set's cases are; the first
// failure is shrunk when it fails alone, and kept as the file's last failing
// case (last_failing.h). It never changes the LeetCode verdict.
#pragma once
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "judge/findings/shrink.h"
#include "judge/report/report.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct StressOptions {
  int seconds = 0;        // 0: no stress stage
  uint64_t seed = 0;      // the run's seed (freshSeed() unless STRESS_SEED=)
  long maxPuzzles = 0;    // 0: as many as the seconds allow
  std::chrono::milliseconds shrinkBudget{10000};
};

// A seed no run before has likely had: from the system's random device.
uint64_t freshSeed();

struct StressFailure {
  long number = 0;          // 1-based, among the run's puzzles
  int givens = 0;           // the generator's --givens (0: minimal)
  Verdict verdict = Verdict::kAccepted;
  FailedCase failed;        // input, output, expected, stdout
  Text report;              // the judge's report of it: reason, boards
  bool failsAlone = false;  // it fails run alone, in a fresh child
  std::optional<Shrunk> shrunk;
};

struct StressResult {
  uint64_t seed = 0;
  long puzzles = 0;  // run, the failing one included
  double seconds = 0;
  std::optional<StressFailure> failure;
  Text error;  // why the stage could not run (no generator); empty when it ran
};

// Runs the stage on a built program; never throws for the file's faults.
StressResult runStress(const Program& program, const StressOptions& options, const Workspace& workspace);

// The stage as the judge prints it, for the file named `file`.
Text stressText(const StressResult& result, const std::string& file);

// The "stress" member of the JSON report: seed, puzzles, seconds, failing_case
// (null, or the failing case's members with "puzzle", its 81-character line).
Json stressJson(const StressResult& result, const std::string& file);

}  // namespace judge
