// make bench SOLUTION=f.cpp: the user's file, wrapped as the bundled files are under the name
// "yours", timed beside the reading path's steps (solutions/README.md) on the sets it passes.
// Its code runs in this process, so each set is first solved by it in a child process, its
// answers checked: a wrong answer, a crash or more than kCpuSeconds of CPU time on a set keeps
// the set out, with the reason; only the sets it passed are timed.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/catalog.h"
#include "core/registry.h"
#include "core/testcases.h"

namespace yours {

constexpr int kCpuSeconds = 30;

using Sets = std::vector<std::pair<std::string, std::vector<core::Case>>>;

// The registered entry that holds the user's file; throws std::runtime_error when there is none.
const core::SolutionEntry& entry();

// Why the user's file fails `cases` ("testcases/magictour.txt:9: row 3 has two 7s", "it crashed
// (Segmentation fault)", "over 30 s of CPU time"), or "" when it solves every one.
std::string failure(const core::SolutionEntry& entry, const std::vector<core::Case>& cases);

// The solutions the reading path names, in its order, that this binary holds.
std::vector<const core::SolutionEntry*> readingPathSolutions(const std::vector<core::ReadingStep>& path);

// Microseconds per puzzle, by solution name and set.
using Times = std::map<std::pair<std::string, std::string>, double>;

// The one table: a row per reading path solution timed, with its step, then the user's file,
// marked; a column per set the file passed.
std::string table(const std::vector<core::ReadingStep>& path, const std::string& label,
                  const std::vector<std::string>& sets, const Times& times);

}  // namespace yours
