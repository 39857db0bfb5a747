#include "judge/findings/near_limit.h"

#include <algorithm>

namespace judge {
using namespace core;
namespace {

bool atHalfTheLimit(long long micros, int limitMs) { return 2 * micros >= limitMs * 1000LL; }

int totalCases(const FileResult& result, const std::string& set) {
  for (const SetResult& s : result.sets)
    if (s.set == set) return s.total;
  return 0;
}

std::string caseLine(const NearLimit& near, int total) {
  std::string line = "  " + near.set + " case " + std::to_string(near.index + 1) + " of " +
                     std::to_string(total) + ": " + std::to_string(near.micros / 1000) + " ms of " +
                     std::to_string(near.limitMs) + " ms (" +
                     std::to_string(near.micros / 10 / near.limitMs) + "%)";
  return line + (near.rerun ? ", after going over the limit once and passing when run again\n" : "\n");
}

}  // namespace

std::vector<NearLimit> nearLimit(const FileResult& result) {
  std::vector<NearLimit> found;
  for (const SetResult& set : result.sets)
    for (size_t i = 0; i < set.micros.size(); ++i) {
      bool rerun = std::count(set.reruns.begin(), set.reruns.end(), i) > 0;
      if (rerun || atHalfTheLimit(set.micros[i], set.limitMs))
        found.push_back({set.set, i, set.micros[i], set.limitMs, rerun});
    }
  return found;
}

std::string nearLimitText(const std::vector<NearLimit>& cases, const FileResult& result) {
  if (cases.empty()) return "";
  std::string text = "TLE risk: " + std::to_string(cases.size()) +
                     (cases.size() == 1 ? " case" : " cases") + " at 50% of the limit or more\n";
  for (const NearLimit& near : cases) text += caseLine(near, totalCases(result, near.set));
  return text;
}

}  // namespace judge
