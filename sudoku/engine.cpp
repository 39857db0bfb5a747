#include "engine.h"

#include <cstdint>

namespace judge {
namespace {

// The board is three bands of three rows. A band word holds 27 bits: bit
// 9 * r + c for row r of the band (0-2) and column c (0-8):
//
//   bit  0 ..  8   row 0 of the band    ]
//   bit  9 .. 17   row 1                ]  box k of the band: columns 3k .. 3k+2
//   bit 18 .. 26   row 2                ]  of all three rows
//
// so a row of a band is 9 bits apart from the next, a column is every 9th bit,
// and a box is three runs of 3 bits.
using Band = uint32_t;

constexpr Band kRow[3] = {0x1FF, 0x1FF << 9, 0x1FFu << 18};
constexpr Band kBox[3] = {0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6};
constexpr Band column(int c) { return 0x40201u << c; }
constexpr bool isSingle(Band s) { return (s & (s - 1)) == 0; }  // at most one bit
int lowest(Band s) { return __builtin_ctz(s); }

// A band's column occupancy: bit c set when column c has a bit in any of its three rows.
Band columnsOf(Band w) { return (w | w >> 9 | w >> 18) & 0x1FF; }

// The search state: per digit and band, the cells where the digit stands or
// may still go; the unfilled cells; the digits whose boards changed since
// hidden singles, and locked candidates, last read them (bit d).
struct State {
  Band candidates[9][3];
  Band unfilled[3];
  unsigned hiddenDirty, lockedDirty;

  void markChanged(int d) { hiddenDirty |= 1u << d, lockedDirty |= 1u << d; }

  // Puts digit d in bit i of band b; false when the cell cannot take d.
  bool place(int d, int b, int i) {
    Band bit = Band(1) << i;
    if (!(candidates[d][b] & bit)) return false;
    for (int e = 0; e < 9; ++e) {
      unsigned had = (candidates[e][b] >> i) & 1;
      candidates[e][b] &= ~bit;
      hiddenDirty |= had << e, lockedDirty |= had << e;
    }
    Band peers = kRow[i / 9] | kBox[i % 9 / 3];
    candidates[d][b] = (candidates[d][b] & ~peers) | bit;
    candidates[d][(b + 1) % 3] &= ~column(i % 9);
    candidates[d][(b + 2) % 3] &= ~column(i % 9);
    unfilled[b] &= ~bit;
    markChanged(d);
    return true;
  }

  // Unfilled cells of band b on at least one, two, three digits' boards.
  void tally(int b, Band& one, Band& two, Band& three) const {
    one = two = three = 0;
    for (int d = 0; d < 9; ++d) {
      Band w = candidates[d][b];
      three |= two & w, two |= one & w, one |= w;
    }
    one &= unfilled[b], two &= unfilled[b], three &= unfilled[b];
  }

  int digitAt(int b, int i) const {
    for (int d = 0; d < 9; ++d)
      if (candidates[d][b] >> i & 1) return d;
    return -1;
  }
};

// Fills every naked single (an unfilled cell on one board). Returns -1 on a
// contradiction (an unfilled cell on no board), else how many it filled.
int nakedSingles(State& s) {
  int filled = 0;
  for (int b = 0; b < 3; ++b) {
    Band one, two, three;
    s.tally(b, one, two, three);
    if (s.unfilled[b] & ~one) return -1;
    for (Band singles = one & ~two; singles; singles &= singles - 1, ++filled) {
      int i = lowest(singles), d = s.digitAt(b, i);  // an earlier single may have taken its digit
      if (d < 0 || !s.place(d, b, i)) return -1;
    }
  }
  return filled;
}

// Counting a column's cells in parallel over its nine columns. For the three
// rows v[0..2] of a band (9 bits each): the columns with at least one, and at
// least two, of their bits.
struct Occupancy {
  Band once, twice;
};
Occupancy columnCounts(const Band (&v)[3]) {
  return {v[0] | v[1] | v[2], (v[0] & v[1]) | (v[0] & v[2]) | (v[1] & v[2])};
}
// Counts merged: at least one in either; at least two in one, or one in each.
Occupancy merge(Occupancy a, Occupancy b) {
  return {a.once | b.once, a.twice | b.twice | (a.once & b.once)};
}
// Nine column bits as cells of all three rows of a band.
Band inEveryRow(Band columns) { return columns * 0x40201; }

constexpr Band kFirstOfEachRow = 1 | 1 << 9 | 1 << 18;

// The cells of d's board alone in their row, box or column, per band; false
// when some unit has no cell for d (a contradiction). Rows: each row of a band
// without its lowest bit is empty. Boxes: one test each. Columns: counted
// across the bands with columnCounts and merge.
bool loneCells(const Band (&w)[3], Band (&alone)[3]) {
  Band rows[3][3];
  Occupancy columns{0, 0};
  for (int b = 0; b < 3; ++b) {
    for (int r = 0; r < 3; ++r) rows[b][r] = w[b] >> 9 * r & 0x1FF;
    if (!rows[b][0] || !rows[b][1] || !rows[b][2]) return false;
    Band others = w[b] & (w[b] - kFirstOfEachRow);  // each row without its lowest bit
    Band singleRows = 0;
    for (Band row : kRow) singleRows |= (others & row) ? 0 : row;
    Band singleBoxes = 0;
    for (Band box : kBox) {
      Band cells = w[b] & box;
      if (!cells) return false;
      if (isSingle(cells)) singleBoxes |= box;
    }
    alone[b] = w[b] & (singleRows | singleBoxes);
    columns = merge(columns, columnCounts(rows[b]));
  }
  if (columns.once != 0x1FF) return false;
  for (int b = 0; b < 3; ++b) alone[b] |= w[b] & inEveryRow(columns.once & ~columns.twice);
  return true;
}

// Fills digit d's hidden singles (a cell alone in a unit of d's board).
// Returns -1 on a contradiction, else the cells filled.
int hiddenSinglesOf(State& s, int d) {
  Band alone[3];
  if (!loneCells(s.candidates[d], alone)) return -1;
  int filled = 0;
  for (int b = 0; b < 3; ++b)
    for (Band cells = alone[b] & s.unfilled[b]; cells; cells &= cells - 1, ++filled)
      if (!s.place(d, b, lowest(cells))) return -1;  // an earlier one took its cell or unit
  return filled;
}

int hiddenSingles(State& s) {
  int filled = 0;
  while (s.hiddenDirty) {
    int d = lowest(s.hiddenDirty);
    s.hiddenDirty &= s.hiddenDirty - 1;
    int placed = hiddenSinglesOf(s, d);
    if (placed < 0) return -1;
    filled += placed;
  }
  return filled;
}

// Triads: the three cells a row (or a band's column occupancy) shares with a
// box. For 9 bits, bit 3k set when triad k has at least one / two bits; and
// such triad bits spread back over their three cells.
Band triadAny(Band v) { return (v | v >> 1 | v >> 2) & 0x49; }
Band triadMany(Band v) { return ((v & v >> 1) | (v & v >> 2) | (v >> 1 & v >> 2)) & 0x49; }
Band spread(Band triads) { return triads * 7; }

// Within a band: a box whose d lies in one row clears the rest of that row
// (pointing); a row whose d lies in one box clears that box's other rows
// (claiming). Returns the band word without those cells.
Band lockedInBand(Band w) {
  Band boxes[3];  // per row, the triad bits of the boxes where it has d
  for (int r = 0; r < 3; ++r) boxes[r] = triadAny(w >> 9 * r & 0x1FF);
  for (int r = 0; r < 3; ++r) {
    Band onlyThisRow = boxes[r] & ~(boxes[(r + 1) % 3] | boxes[(r + 2) % 3]);
    if (onlyThisRow) w &= ~(kRow[r] & ~(spread(onlyThisRow) << 9 * r));
    if (boxes[r] && isSingle(boxes[r]))
      w &= ~(kBox[lowest(boxes[r]) / 3] & ~kRow[r]);
  }
  return w;
}

// Across bands: a box whose d lies in one column clears that column in the
// other bands (pointing); a column whose d lies in one band clears the other
// columns of its box there (claiming).
void lockedInColumns(Band (&w)[3]) {
  for (int b = 0; b < 3; ++b) {
    Band columns = columnsOf(w[b]);
    Band pointing = columns & spread(triadAny(columns) & ~triadMany(columns));
    w[(b + 1) % 3] &= ~inEveryRow(pointing), w[(b + 2) % 3] &= ~inEveryRow(pointing);
  }
  Band columns[3] = {columnsOf(w[0]), columnsOf(w[1]), columnsOf(w[2])};
  for (int b = 0; b < 3; ++b) {
    Band onlyThisBand = columns[b] & ~(columns[(b + 1) % 3] | columns[(b + 2) % 3]);
    w[b] &= ~inEveryRow(spread(triadAny(onlyThisBand)) & ~onlyThisBand);
  }
}

// Locked candidates on every board changed since the last look; true when one changed.
bool lockedCandidates(State& s) {
  bool changed = false;
  for (; s.lockedDirty; s.lockedDirty &= s.lockedDirty - 1) {
    int d = lowest(s.lockedDirty);
    Band(&w)[3] = s.candidates[d];
    Band before[3] = {w[0], w[1], w[2]};
    for (Band& band : w) band = lockedInBand(band);
    lockedInColumns(w);
    if (w[0] != before[0] || w[1] != before[1] || w[2] != before[2])
      s.hiddenDirty |= 1u << d, changed = true;
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

struct Cell {
  int b, i;
};

// How many unfilled cells see bit i of band b: its row and box in the band,
// its column in the other two.
int unfilledPeers(const State& s, int b, int i) {
  Band here = (kRow[i / 9] | kBox[i % 9 / 3]) & s.unfilled[b];
  return __builtin_popcount(here) + __builtin_popcount(column(i % 9) & s.unfilled[(b + 1) % 3]) +
         __builtin_popcount(column(i % 9) & s.unfilled[(b + 2) % 3]);
}

// The two-candidate cell that sees the most unfilled cells (its guess settles
// the most), else the first unfilled cell with the fewest candidates.
Cell guessCell(const State& s) {
  Cell best{-1, 0};
  int most = -1;
  for (int b = 0; b < 3; ++b) {
    Band one, two, three;
    s.tally(b, one, two, three);
    for (Band pairs = two & ~three; pairs; pairs &= pairs - 1)
      if (int seen = unfilledPeers(s, b, lowest(pairs)); seen > most)
        best = {b, lowest(pairs)}, most = seen;
  }
  if (most >= 0) return best;
  int fewest = 10;
  for (int b = 0; b < 3; ++b)
    for (Band left = s.unfilled[b]; left; left &= left - 1) {
      int i = lowest(left), n = 0;
      for (int d = 0; d < 9; ++d) n += s.candidates[d][b] >> i & 1;
      if (n < fewest) best = {b, i}, fewest = n;
    }
  return best;
}

bool solved(const State& s) { return !(s.unfilled[0] | s.unfilled[1] | s.unfilled[2]); }

struct Search {
  long limit;
  NineCount result;

  void record(const State& s) {
    if (++result.solutions > 1) return;
    for (int d = 0; d < 9; ++d)
      for (int b = 0; b < 3; ++b)
        for (Band w = s.candidates[d][b]; w; w &= w - 1)
          result.first[27 * b + lowest(w)] = char('1' + d);
  }

  void run(State& s) {
    if (!propagate(s)) return;
    if (solved(s)) return record(s);
    Cell x = guessCell(s);
    unsigned digits = 0;  // the digits cell x may take
    for (int d = 0; d < 9; ++d) digits |= (s.candidates[d][x.b] >> x.i & 1) << d;
    for (; digits && result.solutions < limit; digits &= digits - 1) {
      int d = lowest(digits);
      ++result.guesses;
      if (isSingle(digits)) {  // the last one: no need to keep s
        s.place(d, x.b, x.i);
        return run(s);
      }
      State next = s;
      next.place(d, x.b, x.i);
      run(next);
    }
  }
};

// The state with the givens of `cells` placed; false when they clash.
bool start(State& s, std::string_view cells) {
  for (int b = 0; b < 3; ++b) {
    for (int d = 0; d < 9; ++d) s.candidates[d][b] = (1u << 27) - 1;
    s.unfilled[b] = (1u << 27) - 1;
  }
  s.hiddenDirty = s.lockedDirty = 0x1FF;
  for (int x = 0; x < 81 && x < int(cells.size()); ++x)
    if (char c = cells[x]; c >= '1' && c <= '9' && !s.place(c - '1', x / 27, x % 27)) return false;
  return true;
}

}  // namespace

NineCount countNine(std::string_view cells, long limit) {
  State s;
  Search search{limit, {}};
  if (start(s, cells)) search.run(s);
  return search.result;
}

bool solvableWithout(std::string_view cells, int cell, char digit) {
  State s;
  if (!start(s, cells) || s.candidates[digit - '1'][cell / 27] & ~s.unfilled[cell / 27] & 1u << cell % 27)
    return false;  // clashing givens, or the digit is given there
  s.candidates[digit - '1'][cell / 27] &= ~(1u << cell % 27);
  s.markChanged(digit - '1');
  Search search{1, {}};
  search.run(s);
  return search.result.solutions > 0;
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

long solutionCount(const Board& puzzle, long limit) {
  return puzzle.size() == 9 ? countNine(toLine(puzzle), limit).solutions
                            : countSolutions(puzzle, limit).solutions;
}

}  // namespace judge
