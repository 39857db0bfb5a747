// verdict.h's words and figures of a result: the verdicts' names, in the schema
// and for a reader; a set's median and largest; LeetCode's count and verdict.
#include <algorithm>

#include "core/words.h"
#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

// Five times the limit plus a second: generous, because on a loaded machine (2 cores,
// 6 busy processes) a case gets a third of a core.
std::chrono::milliseconds wallLimit(int limitMs) {
  return std::chrono::milliseconds(5 * limitMs + 1000);
}

const char* verdictName(Verdict verdict) {
  // TRANSLATORS: LeetCode's seven verdicts, in leetcode.cn's own words where it has them
  // (po/README.md says where each was found): 通过, 解答错误, 超出时间限制, ...
  switch (verdict) {
    case Verdict::kAccepted: return N_("Accepted");
    case Verdict::kWrongAnswer: return N_("Wrong Answer");
    case Verdict::kTimeLimitExceeded: return N_("Time Limit Exceeded");
    case Verdict::kMemoryLimitExceeded: return N_("Memory Limit Exceeded");
    case Verdict::kOutputLimitExceeded: return N_("Output Limit Exceeded");
    case Verdict::kRuntimeError: return N_("Runtime Error");
    case Verdict::kCompileError: return N_("Compile Error");
    case Verdict::kSkipped: return N_("Skipped");
  }
  return "?";
}

Text verdictWord(Verdict verdict) { return said(verdictName(verdict)); }

Text caseCount(size_t index, size_t total) {
  return said(" (case %s of %s)", {std::to_string(index + 1), std::to_string(total)});
}

namespace {

// The middle of a set's per-case figures (CPU time or memory); 0 for none.
long long median(std::vector<long long> values) {
  if (values.empty()) return 0;
  std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
  return values[values.size() / 2];
}

long long largest(const std::vector<long long>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

}  // namespace

long long SetResult::medianMicros() const { return median(micros); }
long long SetResult::maxMicros() const { return largest(micros); }
long long SetResult::medianMemoryKb() const { return median(memoryKb); }
long long SetResult::maxMemoryKb() const { return largest(memoryKb); }

TierCount leetcodeCount(const FileResult& result) {
  TierCount count;
  bool failed = false;
  for (const SetResult& set : result.sets) {
    if (!set.leetcodeTier) continue;
    count.total += set.total;
    if (!failed) count.passed += set.passed;
    failed |= set.verdict != Verdict::kAccepted;
  }
  return count;
}

Verdict FileResult::leetcodeVerdict() const {
  if (verdict == Verdict::kCompileError || verdict == Verdict::kSkipped) return verdict;
  for (const SetResult& set : sets)
    if (set.leetcodeTier && set.verdict != Verdict::kAccepted) return set.verdict;
  return Verdict::kAccepted;
}

bool FileResult::passes(bool strict) const {
  if (leetcodeVerdict() != Verdict::kAccepted) return false;
  return !strict || verdict == Verdict::kAccepted;
}

}  // namespace judge
