#include "core/testcases.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "core/checker.h"

namespace core {

std::vector<std::string_view> splitBoards(std::string_view line) {
  std::vector<std::string_view> boards;
  size_t i = 0;
  while (true) {
    while (i < line.size() && isBlank(line[i])) ++i;
    if (i == line.size()) return boards;
    size_t start = i;
    if (line[i] == '[') {  // up to the bracket that closes the first, skipping quoted text
      int depth = 0;
      bool quoted = false;
      for (; i < line.size(); ++i) {
        if (line[i] == '"') quoted = !quoted;
        if (quoted) continue;
        depth += line[i] == '[' ? 1 : line[i] == ']' ? -1 : 0;
        if (depth == 0) break;
      }
      i = std::min(i + 1, line.size());
    } else {
      while (i < line.size() && !isBlank(line[i])) ++i;
    }
    boards.push_back(line.substr(start, i - start));
  }
}

Case parseCase(std::string_view line) {
  std::vector<std::string_view> boards = splitBoards(line);
  if (boards.empty() || boards.size() > 2)
    throw std::invalid_argument("expected a puzzle and optionally its solution, found " +
                                std::to_string(boards.size()) + " boards");
  Case c{parseBoard(boards[0]), std::nullopt, ""};
  if (std::string conflict = findConflict(c.puzzle); !conflict.empty())
    throw std::invalid_argument("the puzzle's givens contradict: " + conflict);
  if (boards.size() == 2) {
    Board solution;
    try {
      solution = parseBoard(boards[1]);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("the solution ") + e.what());
    }
    if (std::string wrong = check(c.puzzle, solution); !wrong.empty())
      throw std::invalid_argument("the solution does not solve the puzzle: " + wrong);
    c.solution = solution;
  }
  return c;
}

std::vector<Case> loadCases(const std::string& path, size_t most) {
  std::ifstream in(path);
  if (!in) throw LoadError(path + ": cannot open");
  std::vector<Case> cases;
  std::string line;
  for (int number = 1; cases.size() < most && std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    std::string where = path + ":" + std::to_string(number);
    try {
      cases.push_back(parseCase(line));
    } catch (const std::invalid_argument& e) {
      throw LoadError(where + ": " + e.what());
    }
    cases.back().where = where;
  }
  return cases;
}

std::string camelCase(std::string_view snake) {
  std::string name;
  bool upper = true;
  for (char c : snake) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      upper = true;
      continue;
    }
    name += upper ? char(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return name;
}

}  // namespace core
