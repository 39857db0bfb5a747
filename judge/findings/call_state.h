// State between calls. LeetCode runs every case in one process, a fresh
// Solution each but globals and statics alive throughout; a solution that
// does not reset them passes a case alone and fails it after another. When
// the failing case passes alone, the search looks for the shortest sequence
// of earlier cases that still makes it fail: the latest one case before it
// first (a pair, as short as a sequence can be), then, from all of them,
// delta debugging's removal of halves, quarters, ..., single cases.
#pragma once
#include <chrono>
#include <functional>
#include <optional>
#include <vector>

#include "core/testcases.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct StateBetweenCalls {
  size_t failing = 0;            // the failing case's index
  std::vector<size_t> sequence;  // the shortest failing sequence found, ending with `failing`
  bool shortest = false;         // a pair, or no case of it can be left out
  int trials = 0;                // sequences run, the case alone included
};

// Whether running the cases of these indices in order, in one process, fails
// at the last one, as the case failed.
using FailsInOrder = std::function<bool(const std::vector<size_t>& indices)>;

// Nullopt when case `failing` fails alone too: then the case, not the order,
// fails (shrink.h shrinks it). Otherwise the sequence, found within `budget`
// (the cases 0..failing when the budget allows nothing shorter); for case 0,
// which has none before it, the sequence is that case alone: its failure did
// not repeat.
std::optional<StateBetweenCalls> findStateBetweenCalls(size_t failing, const FailsInOrder& failsInOrder,
                                                       std::chrono::milliseconds budget);

// The judge's own trial: `program` runs the chosen `cases` in one fresh
// child; the last one fails with `verdict`, the others pass.
FailsInOrder failsInOrderWith(const std::string& program, const std::vector<Case>& cases,
                              Verdict verdict, int limitMs);

}  // namespace judge
