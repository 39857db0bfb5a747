#include "engine.h"

namespace judge {
namespace {

using Cells = unsigned __int128;  // bit 9 * row + col: a set of cells

constexpr Cells cell(int x) { return Cells(1) << x; }
constexpr Cells kAll = (Cells(1) << 81) - 1;

int lowest(Cells s) {
  uint64_t low = uint64_t(s);
  return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(uint64_t(s >> 64));
}
bool isSingle(Cells s) { return (s & (s - 1)) == 0; }  // at most one cell

// The 27 units (rows, columns, boxes), each cell's 20 peers, and the 54
// segments where a box meets a row or column, with that box and line.
struct Tables {
  Cells units[27];
  Cells peers[81];
  struct Segment {
    Cells box, line;
  } segments[54];

  Tables() {
    for (int i = 0; i < 27; ++i) units[i] = 0;
    for (int x = 0; x < 81; ++x) {
      int r = x / 9, c = x % 9, b = r / 3 * 3 + c / 3;
      units[r] |= cell(x), units[9 + c] |= cell(x), units[18 + b] |= cell(x);
    }
    for (int x = 0; x < 81; ++x) {
      int r = x / 9, c = x % 9, b = r / 3 * 3 + c / 3;
      peers[x] = (units[r] | units[9 + c] | units[18 + b]) & ~cell(x);
    }
    int k = 0;
    for (int b = 0; b < 9; ++b)
      for (int i = 0; i < 3; ++i) {
        segments[k++] = {units[18 + b], units[b / 3 * 3 + i]};       // a row through box b
        segments[k++] = {units[18 + b], units[9 + b % 3 * 3 + i]};   // a column through it
      }
  }
};
const Tables kTables;

// The search state: each digit's board and the cells not filled yet, and
// each board as hidden singles, and locked candidates, last read it (a board
// unchanged since has nothing new to give them).
struct State {
  Cells candidates[9];
  Cells unfilled;
  Cells hiddenRead[9], lockedRead[9];

  // Puts digit d in cell x; false when x cannot take d (a contradiction).
  bool place(int d, int x) {
    Cells bit = cell(x);
    if (!(candidates[d] & bit)) return false;
    for (Cells& board : candidates) board &= ~bit;
    candidates[d] = (candidates[d] & ~kTables.peers[x]) | bit;
    unfilled &= ~bit;
    return true;
  }

  // Unfilled cells on at least one, two, three boards.
  void tally(Cells& one, Cells& two, Cells& three) const {
    one = two = three = 0;
    for (Cells board : candidates) {
      three |= two & board;
      two |= one & board;
      one |= board;
    }
  }

  int digitAt(int x) const {
    for (int d = 0; d < 9; ++d)
      if (candidates[d] & cell(x)) return d;
    return -1;
  }
};

// Fills every naked single. Returns -1 on a contradiction (an unfilled cell
// on no board), else how many cells it filled.
int nakedSingles(State& s) {
  Cells one, two, three;
  s.tally(one, two, three);
  if (s.unfilled & ~one) return -1;
  Cells singles = s.unfilled & ~two;
  int filled = 0;
  for (; singles; singles &= singles - 1, ++filled) {
    int x = lowest(singles), d = s.digitAt(x);  // an earlier single may have taken its digit
    if (d < 0 || !s.place(d, x)) return -1;
  }
  return filled;
}

// Fills every hidden single. Returns -1 when a unit misses a digit, else how
// many cells it filled.
int hiddenSingles(State& s) {
  int filled = 0;
  for (int d = 0; d < 9; ++d) {
    if (s.candidates[d] == s.hiddenRead[d]) continue;
    for (const Cells& unit : kTables.units) {
      Cells here = s.candidates[d] & unit;
      if (!here) return -1;
      if (isSingle(here) && (here & s.unfilled)) s.place(d, lowest(here)), ++filled;
    }
    s.hiddenRead[d] = s.candidates[d];
  }
  return filled;
}

// Locked candidates, pointing and claiming; true when a board changed.
bool lockedCandidates(State& s) {
  bool changed = false;
  for (int d = 0; d < 9; ++d) {
    Cells& board = s.candidates[d];
    if (board == s.lockedRead[d]) continue;
    for (const auto& [box, line] : kTables.segments) {
      Cells inBox = board & box, inLine = board & line, shared = inBox & line;
      if (!shared) continue;  // the digit is elsewhere in the box: nothing locked here
      if (inBox == shared && inLine != shared) board &= ~(line & ~box), changed = true;
      else if (inLine == shared && inBox != shared) board &= ~(box & ~line), changed = true;
    }
    s.lockedRead[d] = board;
  }
  return changed;
}

// Deduces until nothing changes; false on a contradiction.
bool propagate(State& s) {
  for (;;) {
    int filled = nakedSingles(s);
    if (filled < 0) return false;
    if (filled > 0) continue;
    filled = hiddenSingles(s);
    if (filled < 0) return false;
    if (filled > 0) continue;
    if (!lockedCandidates(s)) return true;
  }
}

// A two-candidate cell, else the unfilled cell with the fewest candidates.
int guessCell(const State& s) {
  Cells one, two, three;
  s.tally(one, two, three);
  if (Cells pairs = s.unfilled & two & ~three) return lowest(pairs);
  int best = -1, fewest = 10;
  for (Cells left = s.unfilled; left; left &= left - 1) {
    int x = lowest(left), n = 0;
    for (Cells board : s.candidates) n += (board & cell(x)) != 0;
    if (n < fewest) best = x, fewest = n;
  }
  return best;
}

struct Search {
  long limit;
  NineCount result;

  void record(const State& s) {
    if (++result.solutions > 1) return;
    for (int x = 0; x < 81; ++x) result.first[x] = char('1' + s.digitAt(x));
  }

  void run(State s) {
    if (!propagate(s)) return;
    if (!s.unfilled) return record(s);
    int x = guessCell(s);
    for (int d = 0; d < 9 && result.solutions < limit; ++d)
      if (s.candidates[d] & cell(x)) {
        State next = s;
        ++result.guesses;
        next.place(d, x);
        run(next);
      }
  }
};

}  // namespace

NineCount countNine(std::string_view cells, long limit) {
  State s;
  for (int d = 0; d < 9; ++d) s.candidates[d] = kAll, s.hiddenRead[d] = s.lockedRead[d] = 0;
  s.unfilled = kAll;
  Search search{limit, {}};
  for (int x = 0; x < 81 && x < int(cells.size()); ++x)
    if (char c = cells[x]; c >= '1' && c <= '9' && !s.place(c - '1', x)) return search.result;
  search.run(s);
  return search.result;
}

Count countNine(const Board& puzzle, long limit) {
  std::string cells;
  for (const auto& row : puzzle) cells.append(row.begin(), row.end());
  NineCount nine = countNine(cells, limit);
  Count count{nine.solutions, {}};
  if (nine.solutions > 0) {
    count.first.assign(9, std::vector<char>(9));
    for (int x = 0; x < 81; ++x) count.first[x / 9][x % 9] = nine.first[x];
  }
  return count;
}

Count countFast(const Board& puzzle, long limit) {
  return puzzle.size() == 9 ? countNine(puzzle, limit) : countSolutions(puzzle, limit);
}

}  // namespace judge
