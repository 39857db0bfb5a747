#include "core/registry.h"

#include <algorithm>

namespace core {
namespace {

std::vector<SolutionEntry>& entries() {
  static std::vector<SolutionEntry> list;
  return list;
}

std::vector<SkippedSolution>& skipped() {
  static std::vector<SkippedSolution> list;
  return list;
}

template <typename Entry>
void insertByName(std::vector<Entry>& list, Entry entry) {
  list.insert(std::upper_bound(list.begin(), list.end(), entry,
                               [](const auto& a, const auto& b) { return a.name < b.name; }),
              std::move(entry));
}

}  // namespace

const std::vector<SolutionEntry>& solutions() { return entries(); }

std::string yoursLabel(const std::string& file) {
  std::string name = file.substr(file.find_last_of('/') + 1);  // npos + 1 is 0
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".cpp") == 0) name.resize(name.size() - 4);
  return name + " (your file)";
}

Registration::Registration(SolutionEntry entry) { insertByName(entries(), std::move(entry)); }

const std::vector<SkippedSolution>& skippedSolutions() { return skipped(); }

SkipRegistration::SkipRegistration(SkippedSolution entry) {
  insertByName(skipped(), std::move(entry));
}

}  // namespace core
