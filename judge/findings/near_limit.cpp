#include "judge/findings/near_limit.h"

#include <algorithm>

#include "core/words.h"

namespace judge {
using namespace core;
namespace {

bool atHalfTheLimit(long long micros, int limitMs) { return 2 * micros >= limitMs * 1000LL; }

int totalCases(const FileResult& result, const std::string& set) {
  for (const SetResult& s : result.sets)
    if (s.set == set) return s.total;
  return 0;
}

Text nearLimitLine(const NearLimit& near, int total) {
  Text line = "  " + said("%s case %s of %s: %s ms of %s ms (%s%%)",
                          {near.set, std::to_string(near.index + 1), std::to_string(total),
                           std::to_string(near.micros / 1000), std::to_string(near.limitMs),
                           std::to_string(near.micros / 10 / near.limitMs)});
  return line + (near.rerun ? said(", after going over the limit once and passing when run again") : Text()) + "\n";
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

Text nearLimitText(const std::vector<NearLimit>& cases, const FileResult& result) {
  if (cases.empty()) return {};
  Text text = saidn("TLE risk: %s case at 50%% of the limit or more", "TLE risk: %s cases at 50%% of the limit or more",
                    cases.size(), {std::to_string(cases.size())}) + "\n";
  for (const NearLimit& near : cases) text += nearLimitLine(near, totalCases(result, near.set));
  return text;
}

}  // namespace judge
