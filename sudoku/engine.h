// The toolkit's 9x9 engine: one search that finds the first solution, counts
// solutions up to a limit and so proves uniqueness, for `solve`, `count`,
// `validate` and `generate` on 9x9 boards (other sides use counter.h).
//
// The model: one bitboard per digit, set where the digit stands or may still
// go, held as three 27-bit band words side by side in one 128-bit vector, so
// that one SSE2 instruction updates a whole board (engine.cpp draws the
// layout; solutions/propagation_bitboard.cpp, the same search for LeetCode,
// stops at the first solution). A filled cell keeps only its own
// digit's bit, so every row, column and box must meet every digit's board: a
// unit that misses one, or an unfilled cell on no board, is a contradiction.
// Between guesses the engine deduces until nothing changes: naked singles (an
// unfilled cell on one board), hidden singles (a digit with one cell left in a
// unit) and locked candidates (a digit confined to the cells a box shares with
// a line leaves the rest of the line, and the other way round); from its 32nd
// call on, templates instead of locked candidates for a digit with at most 24
// ways left (a candidate that no placement of the digit once per row, column
// and box uses goes). It guesses on
// the two-candidate cell that sees the most unfilled cells (of its two digits,
// first the one with more places left), else on the unfilled cell with the
// fewest candidates.
#pragma once
#include <array>
#include <string_view>

#include "core/counter.h"

namespace sudoku {
using namespace core;

struct NineCount {
  long solutions = 0;           // min(number of solutions, limit)
  std::array<char, 81> first{}; // the first solution found, row-major '1'-'9', if any
  long guesses = 0;             // branches taken: the search's effort
};

// Counts the completions of 81 row-major cells ('1'-'9', '.' or '0' empty) up
// to `limit` (>= 1). Clashing givens give 0; any other character is empty.
NineCount countNine(std::string_view cells, long limit);

// Whether the puzzle `cells` has a solution without `digit` in `cell`
// (row-major index). The generator's uniqueness check: when a unique puzzle
// loses a given, the rest stays unique exactly when no solution puts another
// digit there, and finding one, or a contradiction, is faster than counting.
bool solvableWithout(std::string_view cells, int cell, char digit);

// The same for a 9x9 Board, as counter.h's countSolutions answers it.
Count countNine(const Board& puzzle, long limit);

// The commands' counter: this engine for 9x9 boards, counter.h's size-generic
// search for other sides.
Count countFast(const Board& puzzle, long limit);

// The same, the count alone (no board for the first solution).
long solutionCount(const Board& puzzle, long limit);

}  // namespace sudoku
