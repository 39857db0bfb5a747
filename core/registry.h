// The list of solutions linked into a binary. core/wrap.sh wraps each
// pasteable solution file in a namespace of its own (so many `class Solution`
// and same-named globals coexist without breaking the one-definition rule)
// and registers it here; nothing else needs a line per solution.
#pragma once
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "core/board.h"

namespace core {

struct SolutionEntry {
  std::string name;              // the file's stem: "bitmask_mrv_std_function"
  std::string file;              // the path it was built from
  void (*solve)(Board&);         // a fresh Solution().solveSudoku(board)
  std::string_view source;       // the text that was compiled
  const std::type_info* type;    // its Solution class: solutions::<name>::Solution
};

// Every registered solution, sorted by name.
const std::vector<SolutionEntry>& solutions();

// A user's own file (make explore or make bench SOLUTION=f.cpp) is wrapped as the
// bundled files are, under this name, and shown as "f (your file)".
constexpr const char* kYoursEntry = "yours";
std::string yoursLabel(const std::string& file);

struct Registration {
  explicit Registration(SolutionEntry entry);
};

// A solution file this build could not compile: its header says it needs a
// newer standard (`// Needs: C++23`) and no installed compiler accepts it. The
// tests report each of its sets as skipped, with the reason; it is not in
// solutions(), so no tool can run it by mistake.
struct SkippedSolution {
  std::string name;    // the file's stem
  std::string file;    // the path it would have been built from
  std::string reason;  // "needs C++23 ...: sudo apt-get install clang-19"
};

// Every skipped solution, sorted by name.
const std::vector<SkippedSolution>& skippedSolutions();

struct SkipRegistration {
  explicit SkipRegistration(SkippedSolution entry);
};

}  // namespace core
