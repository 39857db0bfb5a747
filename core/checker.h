// The special judge. Any valid completion that keeps the givens is accepted:
// the answer has the puzzle's shape, a symbol in every cell, every given
// unchanged, and each row, column and box a permutation of 1..side. Where a
// puzzle's unique solution is known, the answer must also equal it.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "core/board.h"
#include "core/words.h"

namespace core {

// The first broken rule ("row 4 has two 7s (r4c2 and r4c8)"), kept to be shown
// in its reader's language (words.h); empty when the answer is accepted.
// `expected` may be null. check(): the same, in the language spoken now ("").
Text brokenRule(const Board& puzzle, const Board& answer, const Board* expected = nullptr);
std::string check(const Board& puzzle, const Board& answer, const Board* expected = nullptr);

// Shape errors of a puzzle on its own ("board is 9x8"), or empty.
Text shapeProblem(const Board& board);
std::string checkShape(const Board& board);

// The first symbol that stands twice in a row, column or box, ignoring empty
// cells ("column 2 has two 3s (r1c2 and r7c2)"), or a shape error, or empty.
Text firstConflict(const Board& board);
std::string findConflict(const Board& board);

// The cells of `answer` to mark as wrong, row-major, 0-based {r, c}: where an
// expected board of the same shape is known, every cell that differs from it;
// otherwise every cell that is empty or not a symbol, every changed given, and
// every cell of a symbol that stands twice in a row, column or box. Empty when
// the shapes differ. The text report colours them, the JSON lists them.
std::vector<std::pair<int, int>> wrongCells(const Board& puzzle, const Board& answer,
                                            const Board* expected = nullptr);

// A failure report: the reason, the boards side by side and, where an expected
// board is known, the cells in which the answer differs from it. `colour`: the
// returned board's wrong cells (wrongCells) in bold red, for a terminal (ANSI).
// Kept as a Text (its headings translated where it is shown), or shown now.
// sideBySide: the same without the reason and its line.
Text sideBySide(const Board& puzzle, const Board& answer, const Board* expected = nullptr, bool colour = false);
Text failureReport(const Text& reason, const Board& puzzle, const Board& answer, const Board* expected = nullptr,
                   bool colour = false);
std::string report(const std::string& reason, const Board& puzzle, const Board& answer,
                   const Board* expected = nullptr, bool colour = false);

}  // namespace core
