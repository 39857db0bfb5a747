#include "core/catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/testcases.h"

namespace core {
namespace {

// The words of each line of `path` with its '#' comment removed, numbered
// from 1; blank lines are left out.
std::vector<std::pair<int, std::vector<std::string>>> wordLines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CatalogError(path + ": cannot open");
  std::vector<std::pair<int, std::vector<std::string>>> lines;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream text(line.substr(0, line.find('#')));
    std::vector<std::string> words;
    for (std::string word; text >> word;) words.push_back(word);
    if (!words.empty()) lines.push_back({number, words});
  }
  return lines;
}

int parseLimit(const std::string& word, const std::string& where) {
  size_t used = 0;
  int ms = 0;
  try {
    ms = std::stoi(word, &used);
  } catch (const std::logic_error&) {
  }
  if (used != word.size() || ms <= 0)
    throw CatalogError(where + ": '" + word + "' is not a positive number of milliseconds");
  return ms;
}

// The names, without `extension`, of the files in `dir` that end in it, sorted.
std::vector<std::string> sortedStems(const std::string& dir, const std::string& extension) {
  std::vector<std::string> stems;
  for (const auto& file : std::filesystem::directory_iterator(dir))
    if (file.path().extension() == extension) stems.push_back(file.path().stem().string());
  std::sort(stems.begin(), stems.end());
  return stems;
}

}  // namespace

std::vector<std::string> bundledSets(const std::string& root) { return sortedStems(root + "/testcases", ".txt"); }

std::map<std::string, std::set<std::string>> declaredSets(const std::string& root) {
  std::map<std::string, std::set<std::string>> declared;
  for (const auto& [number, words] : wordLines(root + "/solutions/sets.txt"))
    declared[words[0]].insert(words.begin() + 1, words.end());
  return declared;
}

std::vector<std::string> nineByNineSets(const std::string& root) {
  std::vector<std::string> sets;
  for (const std::string& set : bundledSets(root)) {
    try {
      std::vector<Case> first = loadCases(root + "/testcases/" + set + ".txt", 1);
      if (!first.empty() && first[0].puzzle.size() != 9) continue;
    } catch (const LoadError&) {
    }
    sets.push_back(set);
  }
  return sets;
}

std::vector<std::string> leetcodeTier(const std::string& root) {
  std::string path = root + "/judge/tiers.txt";
  for (const auto& [number, words] : wordLines(path))
    if (words[0] == "leetcode") return {words.begin() + 1, words.end()};
  throw CatalogError(path + ": no 'leetcode' tier");
}

namespace {

// The LeetCode tier, then `others` not already in it.
std::vector<std::string> tierFirst(const std::string& root, const std::vector<std::string>& others) {
  std::vector<std::string> sets = leetcodeTier(root);
  for (const std::string& set : others)
    if (std::find(sets.begin(), sets.end(), set) == sets.end()) sets.push_back(set);
  return sets;
}

}  // namespace

std::vector<std::string> setsForSolution(const std::string& solution, const std::string& root) {
  auto declared = declaredSets(root);
  auto it = declared.find(solution);
  if (it == declared.end()) return setsForAnyFile(root);
  return tierFirst(root, {it->second.begin(), it->second.end()});
}

std::vector<std::string> setsForAnyFile(const std::string& root) {
  return tierFirst(root, nineByNineSets(root));
}

std::vector<std::string> bundledSolutions(const std::string& root) {
  return sortedStems(root + "/solutions", ".cpp");
}

namespace {

bool isNameChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

std::string trimmedCell(const std::string& cell) {
  size_t first = cell.find_first_not_of(" \t"), last = cell.find_last_not_of(" \t");
  return first == std::string::npos ? "" : cell.substr(first, last - first + 1);
}

// "5" or "7b": a step's number, with at most one lowercase letter after it.
bool isStepNumber(const std::string& text) {
  size_t digits = text.find_first_not_of("0123456789");
  if (digits == 0 || text.empty()) return false;
  return digits == std::string::npos || (digits + 1 == text.size() && text[digits] >= 'a' && text[digits] <= 'z');
}

// The solutions a cell links to: "[`a`](a.cpp), [`_b`](b.cpp)" -> a, b.
std::vector<std::string> linkedSolutions(const std::string& cell) {
  std::vector<std::string> names;
  for (size_t at = cell.find("]("); at != std::string::npos; at = cell.find("](", at + 2)) {
    size_t begin = at + 2, end = begin;
    while (end < cell.size() && isNameChar(cell[end])) ++end;
    if (end > begin && cell.compare(end, 5, ".cpp)") == 0) names.push_back(cell.substr(begin, end - begin));
  }
  return names;
}

// "| 5 | [`a`](a.cpp), [`_b`](b.cpp) | idea | ..." -> step "5", solutions a, b,
// the idea; nullopt for a row that is not a step (the header, the rule).
std::optional<ReadingStep> stepRow(const std::string& line) {
  size_t second = line.rfind('|', 0) == 0 ? line.find('|', 1) : std::string::npos;
  size_t third = second == std::string::npos ? second : line.find('|', second + 1);
  if (third == std::string::npos) return std::nullopt;
  std::string number = trimmedCell(line.substr(1, second - 1));
  if (!isStepNumber(number)) return std::nullopt;
  size_t fourth = line.find('|', third + 1);
  std::string idea = fourth == std::string::npos ? "" : trimmedCell(line.substr(third + 1, fourth - third - 1));
  return ReadingStep{number, linkedSolutions(line.substr(second + 1, third - second - 1)), idea};
}

}  // namespace

std::vector<ReadingStep> readingPath(const std::string& readme, const std::string& heading) {
  std::vector<ReadingStep> path;
  std::istringstream lines(readme);
  bool inSection = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("## ", 0) == 0) inSection = line == heading;
    else if (inSection)
      if (std::optional<ReadingStep> step = stepRow(line)) path.push_back(*step);
  }
  return path;
}

std::string stepOf(const std::vector<ReadingStep>& path, const std::string& solution) {
  for (const ReadingStep& step : path)
    if (std::count(step.solutions.begin(), step.solutions.end(), solution)) return step.step;
  return "";
}

TimeLimits::TimeLimits(const std::string& path) {
  for (const auto& [number, words] : wordLines(path)) {
    std::string where = path + ":" + std::to_string(number);
    if (words.size() < 2) throw CatalogError(where + ": expected a set and its limit in ms");
    int ms = parseLimit(words[1], where);
    if (words[0] == "default") default_ = ms;
    else if (words[0] == "memory_mb") memoryMb_ = ms;
    else if (words[0] == "output_mb") outputMb_ = ms;
    else perSet_[words[0]] = ms;
  }
  if (default_ == 0) throw CatalogError(path + ": no 'default' limit");
}

int TimeLimits::forSet(const std::string& set) const {
  auto it = perSet_.find(set);
  return it == perSet_.end() ? default_ : it->second;
}

}  // namespace core
