// Testcase files (syntax in testcases/README.md): one puzzle per line, as 81
// cells or in LeetCode's array form, optionally followed by its known
// solution; '#' starts a comment line. Every line is validated on load.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/board.h"

namespace core {

struct Case {
  Board puzzle;
  std::optional<Board> solution;  // known unique solution, if the file gives one
  std::string where;              // "testcases/magictour.txt:12"
};

// "file:line: reason" for the first malformed line of a file.
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The boards written on one line: a run of cells, or a [[...]] array each.
std::vector<std::string_view> splitBoards(std::string_view line);

// Parses one line (without comment handling). Throws std::invalid_argument.
Case parseCase(std::string_view line);

// Loads the first `most` cases of a file (every case unless told); throws LoadError on the first
// bad line among those it reads.
std::vector<Case> loadCases(const std::string& path, size_t most = SIZE_MAX);

// "forum_hardest" -> "ForumHardest": the name a set or solution has in tests.
std::string camelCase(std::string_view snake);

}  // namespace core
