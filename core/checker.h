// The special judge. Any valid completion that keeps the givens is accepted:
// the answer has the puzzle's shape, a symbol in every cell, every given
// unchanged, and each row, column and box a permutation of 1..side. Where a
// puzzle's unique solution is known, the answer must also equal it.
#pragma once
#include <string>

#include "core/board.h"

namespace core {

// The first broken rule ("row 4 has two 7s (r4c2 and r4c8)"), or "" when the
// answer is accepted. `expected` may be null.
std::string check(const Board& puzzle, const Board& answer, const Board* expected = nullptr);

// Shape errors of a puzzle on its own ("board is 9x8"), or "".
std::string checkShape(const Board& board);

// The first symbol that stands twice in a row, column or box, ignoring empty
// cells ("column 2 has two 3s (r1c2 and r7c2)"), or "".
std::string findConflict(const Board& board);

// A failure report: the reason, the boards side by side and, where an expected
// board is known, the cells in which the answer differs from it.
std::string report(const std::string& reason, const Board& puzzle, const Board& answer,
                   const Board* expected = nullptr);

}  // namespace core
