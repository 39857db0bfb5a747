// The list of solutions linked into a binary. judge/wrap.sh wraps each
// pasteable solution file in a namespace of its own (so many `class Solution`
// and same-named globals coexist without breaking the one-definition rule)
// and registers it here; nothing else needs a line per solution.
#pragma once
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "board.h"

namespace judge {

struct SolutionEntry {
  std::string name;              // the file's stem: "bitmask_mrv_std_function"
  std::string file;              // the path it was built from
  void (*solve)(Board&);         // a fresh Solution().solveSudoku(board)
  std::string_view source;       // the text that was compiled
  const std::type_info* type;    // its Solution class: solutions::<name>::Solution
};

// Every registered solution, sorted by name.
const std::vector<SolutionEntry>& solutions();

struct Registration {
  explicit Registration(SolutionEntry entry);
};

}  // namespace judge
