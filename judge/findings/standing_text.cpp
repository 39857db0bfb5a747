// standing.h's words: each set's placement among the bundled solutions, and
// the table of ratios the judge prints after the verdict.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "judge/findings/standing.h"
#include "core/words.h"

namespace judge {
using namespace core;
namespace {

std::string fixed(const char* pattern, double value) {
  char text[32];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

// 3.42 -> "3.4", 12.3 -> "12", 140 -> "140".
std::string factor(double x) { return fixed(x >= 10 ? "%.0f" : "%.1f", x); }

// Level: within 15% of 1.0x either way, as a copy of a file comes out against it.
bool level(const Standing& row) { return row.ratio < 1.15 && row.ratio > 1 / 1.15; }

// How far from 1.0x, either way.
double distance(const Standing& row) { return std::abs(std::log(row.ratio)); }

Text stepWords(const std::vector<ReadingStep>& path, const std::string& solution) {
  std::string step = stepOf(path, solution);
  return step.empty() ? said("%s (off the reading path)", {solution}) : said("step %s", {step});
}

// "between steps 3 and 4", "at step 4", "between step 3 and x (off the reading path)".
Text betweenWords(const std::vector<ReadingStep>& path, const std::string& slower, const std::string& faster) {
  std::string a = stepOf(path, slower), b = stepOf(path, faster);
  if (!a.empty() && a == b) return said("at step %s", {a});
  if (!a.empty() && !b.empty()) return said("between steps %s and %s", {a, b});
  return said("between %s and %s", {stepWords(path, slower), stepWords(path, faster)});
}

// Where a solution comes on the reading path: its row, or after every row.
size_t pathOrder(const std::vector<ReadingStep>& path, const std::string& solution) {
  for (size_t i = 0; i < path.size(); ++i)
    if (std::count(path[i].solutions.begin(), path[i].solutions.end(), solution)) return i;
  return path.size();
}

constexpr size_t kColumn = 16;

// "0.831x ±17%", marked "~" when near the exchange's floor.
std::string cell(const Standing& row) {
  double spread = std::max(row.high / row.ratio - 1, 1 - row.low / row.ratio);
  return (row.nearFloor ? "~" : "") + fixed(row.ratio >= 10 ? "%.0fx" : row.ratio >= 1 ? "%.2fx" : "%.3fx", row.ratio) +
         " ±" + fixed("%.0f%%", 100 * spread);
}

bool anyNearFloor(const std::vector<Standing>& rows) {
  return std::any_of(rows.begin(), rows.end(), [](const Standing& row) { return row.nearFloor; });
}

}  // namespace

Text placement(const std::string& set, const std::vector<Standing>& rows, const std::vector<ReadingStep>& path) {
  const Standing *slower = nullptr, *faster = nullptr, *same = nullptr;  // nearest on each side
  for (const Standing& row : rows) {
    if (row.set != set) continue;
    if (level(row)) same = !same || distance(row) < distance(*same) ? &row : same;
    else if (row.ratio < 1 && (!slower || row.ratio > slower->ratio)) slower = &row;
    else if (row.ratio > 1 && (!faster || row.ratio < faster->ratio)) faster = &row;
  }
  if (!slower && !faster && !same) return {};
  std::vector<Text> parts;
  if (same) parts.push_back(said("level with %s (%s)", {same->solution, fixed("%.2fx", same->ratio)}));
  if (slower) parts.push_back(said("%sx faster than %s", {factor(1 / slower->ratio), slower->solution}));
  if (faster) parts.push_back(said("%sx slower than %s", {factor(faster->ratio), faster->solution}));
  Text where;
  if (same) where = said("at %s", {stepWords(path, same->solution)});
  else if (slower && faster) where = betweenWords(path, slower->solution, faster->solution);
  else if (slower) where = said("faster than every bundled solution timed, past %s", {stepWords(path, slower->solution)});
  else where = said("slower than every bundled solution timed, before %s", {stepWords(path, faster->solution)});
  return said("on %s: %s: %s of solutions/README.md", {set, joined(parts, saidc("list", ", ")), where});
}

Text standingText(const StandingReport& report, const std::vector<ReadingStep>& path) {
  /* xgettext:no-c-format */
  Text text = "\n" + said("Standing: your time / its time on the same cases, measured in this run "
                          "(below 1: yours is faster; ± how far the rounds spread; level: within "
                          "15% of 1.0x)") + "\n";
  text += "  " + said("cases: %s", {report.subset}) + "\n";
  std::vector<std::string> sets, solutions;
  std::map<std::pair<std::string, std::string>, const Standing*> at;
  for (const Standing& row : report.rows) {
    if (std::find(sets.begin(), sets.end(), row.set) == sets.end()) sets.push_back(row.set);
    if (std::find(solutions.begin(), solutions.end(), row.solution) == solutions.end())
      solutions.push_back(row.solution);
    at[{row.solution, row.set}] = &row;
  }
  std::sort(solutions.begin(), solutions.end(), [&](const std::string& a, const std::string& b) {
    return std::make_pair(pathOrder(path, a), a) < std::make_pair(pathOrder(path, b), b);
  });
  if (!report.rows.empty()) {
    text += leftAligned(said("solution"), 26) + " " + rightAligned(said("step"), 5);
    for (const std::string& set : sets) text += "  " + padLeft(set, kColumn);
    text += "\n";
    for (const std::string& solution : solutions) {
      text += padRight(solution, 26) + " " + padLeft(stepOf(path, solution), 5);
      for (const std::string& set : sets) {
        auto it = at.find({solution, set});
        std::string value = it == at.end() ? "-" : cell(*it->second);
        text += "  " + padLeft(value, kColumn);
      }
      text += "\n";
    }
  }
  if (anyNearFloor(report.rows)) {
    std::string floors;
    for (const auto& [set, micros] : report.floorMicros) floors += " " + set + " " + fixed("%.0f", micros) + " us";
    text += "  " + said("~: a time under %sx what a case costs a solution that does nothing "
                        "(judge/sandbox/does_nothing.cpp:%s): the judge's exchange of the board, not the search, "
                        "is most of it", {fixed("%.0f", kNearFloor), floors}) + "\n";
  }
  for (const std::string& set : sets) text += placement(set, report.rows, path) + "\n";
  for (const Text& note : report.notes) text += "  " + note + "\n";
  return text;
}

}  // namespace judge
