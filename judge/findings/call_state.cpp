#include "judge/findings/call_state.h"

#include <algorithm>

namespace judge {
using namespace core;
namespace {

using Clock = std::chrono::steady_clock;

std::vector<size_t> withLast(std::vector<size_t> before, size_t last) {
  before.push_back(last);
  return before;
}

// Delta debugging on the cases before `failing`: drops chunks of `before`
// (halves, ..., single cases) while the sequence still fails. Whether it
// ended 1-minimal (a sweep of single cases dropped none).
bool dropWhileFailing(std::vector<size_t>& before, size_t failing, const FailsInOrder& failsInOrder,
                      Clock::time_point deadline, int& trials) {
  auto spent = [&] { return Clock::now() >= deadline; };
  for (size_t size = std::max<size_t>(1, before.size() / 2); !spent();) {
    bool dropped = false;
    for (size_t first = 0; first < before.size() && !spent();) {
      size_t count = std::min(size, before.size() - first);
      std::vector<size_t> rest(before.begin(), before.begin() + long(first));
      rest.insert(rest.end(), before.begin() + long(first + count), before.end());
      ++trials;
      if (failsInOrder(withLast(rest, failing))) before = std::move(rest), dropped = true;
      else first += count;
    }
    if (size == 1 && !dropped) return !spent();
    if (size > 1) size /= 2;
  }
  return false;
}

}  // namespace

std::optional<StateBetweenCalls> findStateBetweenCalls(size_t failing, const FailsInOrder& failsInOrder,
                                                       std::chrono::milliseconds budget) {
  Clock::time_point deadline = Clock::now() + budget;
  StateBetweenCalls found{failing, {}, false, 1};
  if (failsInOrder({failing})) return std::nullopt;
  for (size_t k = failing; k-- > 0 && Clock::now() < deadline;) {  // the latest case first
    ++found.trials;
    if (failsInOrder({k, failing})) {
      found.sequence = {k, failing}, found.shortest = true;
      return found;
    }
  }
  std::vector<size_t> before(failing);
  for (size_t i = 0; i < failing; ++i) before[i] = i;
  found.shortest = dropWhileFailing(before, failing, failsInOrder, deadline, found.trials);
  found.sequence = withLast(before, failing);
  return found;
}

FailsInOrder failsInOrderWith(const std::string& program, const std::vector<Case>& cases,
                              Verdict verdict, int limitMs) {
  return [=](const std::vector<size_t>& indices) {
    std::vector<Case> chosen;
    for (size_t i : indices) chosen.push_back(cases[i]);
    RunOutcome run = runCases(program, chosen, limitMs);
    return run.verdict == verdict && run.failedAt + 1 == chosen.size();
  };
}

}  // namespace judge
