// Near the limit: cases that passed, but used at least half their CPU time
// limit, or went over it once and passed when run again. A case at 90% of its
// limit passes here and may fail on a slower or busier judge.
#pragma once
#include <string>
#include <vector>

#include "judge/verdict/verdict.h"

namespace judge {
using namespace core;

struct NearLimit {
  std::string set;
  size_t index = 0;        // the case's index in its set
  long long micros = 0;    // its CPU time (the second run's, after a rerun)
  int limitMs = 0;
  bool rerun = false;      // it went over the limit once
};

// Every such case of every set of `result`, in set order, then case order.
std::vector<NearLimit> nearLimit(const FileResult& result);

// "TLE risk: 2 cases at 50% of the limit or more", then a line a case
// ("  magictour case 4 of 200: 512 ms of 800 ms (64%)"); "" when none.
Text nearLimitText(const std::vector<NearLimit>& cases, const FileResult& result);

}  // namespace judge
