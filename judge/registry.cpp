#include "registry.h"

#include <algorithm>

namespace judge {
namespace {

std::vector<SolutionEntry>& entries() {
  static std::vector<SolutionEntry> list;
  return list;
}

}  // namespace

const std::vector<SolutionEntry>& solutions() { return entries(); }

Registration::Registration(SolutionEntry entry) {
  auto& list = entries();
  list.insert(std::upper_bound(list.begin(), list.end(), entry,
                               [](const auto& a, const auto& b) { return a.name < b.name; }),
              std::move(entry));
}

}  // namespace judge
