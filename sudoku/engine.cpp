#include "sudoku/engine.h"

#include <cstdint>
#include <cstring>
#ifdef __SSE4_1__
#include <immintrin.h>
#endif

namespace sudoku {
using namespace core;
namespace {

// The board is three bands of three rows. A band word holds 27 bits, bit 9 * r + c for row r
// of the band (0-2) and column c (0-8), so a row is 9 bits, a column every 9th bit and a box
// three runs of 3 bits. A Bands vector holds the three band words in lanes 0-2 (lane 3 stays
// 0): one SSE2 instruction updates a whole digit board. A cell is named by its bit in the
// vector, 32 * band + 9 * r + c.
using Word = uint32_t;
typedef Word Bands __attribute__((vector_size(16)));
// The same vector as two 64-bit halves, read from its register (through a memcpy, g++ stores
// the vector and loads it back).
typedef uint64_t Halves __attribute__((vector_size(16)));

constexpr Word kBand = (1u << 27) - 1;
constexpr Word kRow = 0x1FF;       // row 0 of a band
constexpr Word kColumn = 0x40201;  // column 0 of a band
constexpr Word kBox = 0x1C0E07;    // box 0 of a band

constexpr int cellOf(int x) { return 32 * (x / 27) + x % 27; }  // row-major index -> bit
constexpr int indexOf(int cell) { return 27 * (cell / 32) + cell % 32; }

// Each cell as lanes: itself, and its 20 peers (row, box and column in its band, its column
// in the other two).
struct Cells {
  Word self[96][4], peers[96][4];
  constexpr Cells() : self(), peers() {
    for (int x = 0; x < 81; ++x) {
      int cell = cellOf(x), band = x / 27, p = x % 27;
      for (int b = 0; b < 3; ++b) {
        Word inBand = (kRow << p / 9 * 9 | kBox << p % 9 / 3 * 3 | kColumn << p % 9) & ~(1u << p);
        self[cell][b] = b == band ? 1u << p : 0;
        peers[cell][b] = b == band ? inBand : kColumn << p % 9;
      }
    }
  }
};
constexpr Cells kCells;

// A unit's bits if it has exactly one, else 0.
constexpr Word single(Word unit) { return unit & (unit - 1) ? 0 : unit; }

// Locked candidates by table, for one digit. A segment is the three cells a box shares with a
// line. Along rows, bit 3 * r + j of a band's 9-bit pattern says row r meets box j: a row that
// meets one box claims it (the box's other rows lose the digit), a box that meets one row
// points at it (the row's other boxes lose it); rowKeep is the cells of the band that stay.
// Along columns, bit c of a band's pattern says column c meets the digit in the band: a box
// that meets one column points at it (the column loses the digit in the other bands), and a
// column met in this band alone claims its box (claimLose: the box's other columns).
struct Segments {
  Word rowKeep[512];
  uint16_t pointing[512], claimLose[512];
  constexpr Segments() : rowKeep(), pointing(), claimLose() {
    for (Word met = 0; met < 512; ++met) {
      Word lose = 0;  // segments, bit 3 * r + j
      for (int k = 0; k < 3; ++k) {
        Word row = 7u << 3 * k, box = 0x49u << k;  // row k's segments, box k's
        if (Word seg = single(met & row)) lose |= 0x49u << __builtin_ctz(seg) % 3 & ~row;
        if (Word seg = single(met & box)) lose |= 7u << __builtin_ctz(seg) / 3 * 3 & ~box;
        pointing[met] |= single(met & row);
        if (met & row) claimLose[met] |= row & ~met;
      }
      for (int seg = 0; seg < 9; ++seg)
        if (!(lose >> seg & 1)) rowKeep[met] |= 7u << (seg / 3 * 9 + seg % 3 * 3);
    }
  }
};
constexpr Segments kSegments;

// Templates (pattern overlay) of one digit, band by band, as in
// solutions/propagation_bitboard.cpp. A template puts the digit once in each row of a band, in
// three different boxes: a way (one of 6) sends row r to stack kWays[p][r], and is gone once a
// row misses its box (a band's 9-bit pattern, as in Segments). Across bands, a stack's three
// columns go one to each band: each band's way gives it the columns its row has in that stack,
// and some matching of bands to columns must use only those (matching: bit 3 * b + k, band b
// may take column k, to the pairs in some perfect matching; 0 when there is none).
constexpr int kWays[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
struct Templates {
  Word cells[6];          // way p's cells in a band: row r's three in stack kWays[p][r]
  uint8_t rowOf[6][3];    // way p: the row that goes to stack s
  uint8_t ways[512];      // a band's pattern: the ways all of whose rows meet their box
  uint8_t count[64];      // how many ways a set of ways holds
  uint16_t matching[512];
  Word byStack[512];      // 3 bits per stack (bit 3 * s + k) to 9 per stack (bit 9 * s + k)
  constexpr Templates() : cells(), rowOf(), ways(), count(), matching(), byStack() {
    for (int p = 0; p < 6; ++p)
      for (int r = 0; r < 3; ++r) cells[p] |= 7u << (9 * r + 3 * kWays[p][r]), rowOf[p][kWays[p][r]] = uint8_t(r);
    for (Word m = 0; m < 512; ++m) {
      for (int p = 0; p < 6; ++p) {
        Word used = 0;  // as a band pattern, and as a matching
        for (int r = 0; r < 3; ++r) used |= 1u << (3 * r + kWays[p][r]);
        if ((m & used) == used) ways[m] |= uint8_t(1u << p), matching[m] |= uint16_t(used);
      }
      byStack[m] = (m & 7) | (m >> 3 & 7) << 9 | (m >> 6) << 18;
    }
    for (Word w = 0; w < 64; ++w) count[w] = uint8_t(__builtin_popcount(w));
  }
};
constexpr Templates kTemplates;
constexpr int kMostTemplated = 16;   // ways tried at most per digit (the product over bands)
constexpr int kTemplatesAfter = 32;  // search calls before templates replace locked candidates

Bands load(const Word* words) {
  Bands v;
  std::memcpy(&v, words, sizeof v);
  return v;
}
Bands self(int cell) { return load(kCells.self[cell]); }
Bands peers(int cell) { return load(kCells.peers[cell]); }

// Whether any bit is set: one PTEST where SSE4.1 is on (g++ otherwise extracts both halves).
bool any(Bands v) {
#ifdef __SSE4_1__
  __m128i bits = (__m128i)v;
  return !_mm_testz_si128(bits, bits);
#else
  Halves halves = (Halves)v;
  return halves[0] | halves[1];
#endif
}

// Calls f(cell) for each cell set in `cells`; one loop over both 64-bit halves, so that it
// mispredicts one exit, not two.
template <class F>
void forEach(Bands cells, F f) {
  Halves halves = (Halves)cells;
  for (uint64_t low = halves[0], high = halves[1]; low | high;) {
    int inHigh = low == 0;
    f(64 * inHigh + __builtin_ctzll(inHigh ? high : low));
    low &= low - 1, high = inHigh ? high & (high - 1) : high;
  }
}

constexpr unsigned kEveryBoard = 0x1FF01FF;  // State::dirty: every board, for both steps
// State::dirty's two flags for each digit of a 9-bit set.
constexpr unsigned touched(unsigned digits) { return digits * 0x10001u; }

// The search state. candidates[d]: where digit d stands or may still go (a filled cell keeps
// its own digit's bit only); unsolved: the cells not filled yet; dirty: bit d, d's board
// changed since hidden singles last read it, bit 16 + d, since locked candidates did (an
// unchanged board has nothing new to give; flags rather than copies of the boards keep the
// state to 176 bytes, copied at each guess).
struct State {
  Bands candidates[9];
  Bands unsolved;
  unsigned dirty;

  // Clears `cells` from every board, flagging the boards that held one.
  void clear(Bands cells) {
    for (int d = 0; d < 9; ++d) {
      dirty |= touched(unsigned(any(candidates[d] & cells)) << d);
      candidates[d] &= ~cells;
    }
  }

  // Puts digit d in `cell`; false when d may no longer go there. The caller flags the boards
  // that held the cell.
  bool place(int d, int cell) {
    Bands bit = self(cell);
    if (!any(candidates[d] & bit)) return false;
    for (Bands& where : candidates) where &= ~bit;
    candidates[d] = (candidates[d] & ~peers(cell)) | bit;
    unsolved &= ~bit;
    return true;
  }

  // Bit d: d may go in `cell`.
  unsigned digitsAt(int cell) const {
    unsigned digits = 0;
    for (int d = 0; d < 9; ++d) digits |= unsigned(any(candidates[d] & self(cell))) << d;
    return digits;
  }
};

// Fills every unsolved cell with one candidate left: -1 on a contradiction, 0 if none, else 1.
// Such a cell is on its own digit's board alone, so filling it only clears its peers there;
// its digit is read from four bit planes (plane k: the boards of the digits with bit k set).
int nakedSingles(State& s) {
  // Counted in two halves, boards 0-4 and 5-8, so that the two chains run side by side.
  const Bands* c = s.candidates;
  Bands onceA = c[0], twiceA = {}, onceB = c[5], twiceB = {};
  for (int d = 1; d < 5; ++d) twiceA |= onceA & c[d], onceA |= c[d];
  for (int d = 6; d < 9; ++d) twiceB |= onceB & c[d], onceB |= c[d];
  Bands once = onceA | onceB, twice = twiceA | twiceB | (onceA & onceB);
  if (any(s.unsolved & ~once)) return -1;  // an unsolved cell on no board
  Bands found = s.unsolved & ~twice, clash = {};  // clash: singles that see one of their digit
  if (!any(found)) return 0;
  s.unsolved &= ~found;
  Bands planes[4] = {c[1] | c[3] | c[5] | c[7], c[2] | c[3] | c[6] | c[7], c[4] | c[5] | c[6] | c[7], c[8]};
  uint64_t plane[4][2];
  std::memcpy(plane, planes, sizeof plane);
  forEach(found, [&](int cell) {
    int d = 0;
    for (int k = 0; k < 4; ++k) d |= int(plane[k][cell / 64] >> cell % 64 & 1) << k;
    Bands around = peers(cell);
    clash |= s.candidates[d] & found & around;
    s.candidates[d] &= ~around;
    s.dirty |= touched(1u << d);
  });
  return any(clash) ? -1 : 1;
}

// The cells of board w alone in their row, box or column; false when a unit misses w.
bool loneCells(Bands w, Bands& cells) {
  Bands row0 = w & kRow, row1 = w >> 9 & kRow, row2 = w >> 18;  // as 9-bit column sets
  Bands box0 = w & kBox, box1 = w & kBox << 3, box2 = w & kBox << 6;
  // A unit less one is below 2^27, or wraps to 2^32 - 1 when the unit is empty: its top bit
  // says so. The same difference tells a single (x & (x - 1) == 0).
  Bands less0 = row0 - 1, less1 = row1 - 1, less2 = row2 - 1, less3 = box0 - 1, less4 = box1 - 1, less5 = box2 - 1;
  Bands empty = (less0 | less1 | less2 | less3 | less4 | less5) >> 31;
  if (any(empty & Bands{1, 1, 1, 0})) return false;
  Bands once = row0 | row1 | row2, twice = (row0 & row1) | ((row0 | row1) & row2);  // per band
  Word columns = once[0] | once[1] | once[2];
  Word many = twice[0] | twice[1] | twice[2] | (once[0] & once[1]) | ((once[0] | once[1]) & once[2]);
  if (columns != kRow) return false;
  Bands rows = (row0 & (Bands)((row0 & less0) == 0)) | (row1 & (Bands)((row1 & less1) == 0)) << 9 |
               (row2 & (Bands)((row2 & less2) == 0)) << 18;
  Bands boxes = (box0 & (Bands)((box0 & less3) == 0)) | (box1 & (Bands)((box1 & less4) == 0)) |
                (box2 & (Bands)((box2 & less5) == 0));
  cells = rows | boxes | (w & (columns & ~many) * kColumn);
  return true;
}

// Places every hidden single (an unsolved cell alone in a unit of its digit's board), all
// boards at once: -1 on a contradiction, else 0 if none, 1 if some.
int hiddenSingles(State& s) {
  // First every changed board's singles, with no branch per board; then, if there are any,
  // they are placed together (the fixpoint is the same as one board at a time).
  unsigned changed = s.dirty & 0x1FF, digits = 0;  // digits: the boards with singles
  s.dirty &= ~0x1FFu;
  Bands found[9], all = {}, clash = {};  // clash: cells two digits need
  for (; changed; changed &= changed - 1) {
    int d = __builtin_ctz(changed);
    Bands cells;
    if (!loneCells(s.candidates[d], cells)) return -1;
    found[d] = cells &= s.unsolved;
    clash |= all & cells, all |= cells;
    digits |= unsigned(any(cells)) << d;
  }
  if (!digits) return 0;
  if (any(clash)) return -1;
  s.clear(all);
  s.unsolved &= ~all;
  for (; digits; digits &= digits - 1) {
    int d = __builtin_ctz(digits);
    Bands cells = found[d], where = s.candidates[d] | cells;
    forEach(cells, [&](int cell) { where &= ~peers(cell); });
    if (any(cells & ~where)) return -1;  // two cells want d in one unit
    s.candidates[d] = where;  // where still holds cells: d stands there
  }
  return 1;
}

// Where each band's row meets a box of board w (bit 3 * r + j of its 9-bit pattern).
void patterns(Bands w, Word (&met)[4]) {
  Bands m = (w | w >> 1 | w >> 2) & 0x1249249;  // bit 9 * r + 3 * j: row r meets box j
  m = (m | m >> 2 | m >> 4) & kBox;              // ... moved to bit 9 * r + j
  m = (m | m >> 6 | m >> 12) & kRow;            // ... moved to bit 3 * r + j
  std::memcpy(met, &m, sizeof met);
}

// Locked candidates of one board along columns, by table (Segments).
void lockedColumns(Word (&kept)[4]) {
  Word in[3];  // bit c: column c meets the board in this band
  for (int b = 0; b < 3; ++b) in[b] = (kept[b] | kept[b] >> 9 | kept[b] >> 18) & kRow;
  for (int b = 0; b < 3; ++b) {
    Word only = in[b] & ~in[(b + 1) % 3] & ~in[(b + 2) % 3];
    Word pointed = kSegments.pointing[in[b]] * kColumn;
    kept[b] &= ~(kSegments.claimLose[only] * kColumn);
    kept[(b + 1) % 3] &= ~pointed;
    kept[(b + 2) % 3] &= ~pointed;
  }
}

// Keeps, of one board's band words, the cells some template uses, given each band's ways
// (Templates); false when no template is left. Each choice of one way per band is tried: per
// stack, its three bands' columns (9 bits, from byStack) must match.
bool templated(Word (&kept)[4], const Word (&ways)[3]) {
  Word columns[3][6], used[3][6] = {}, fitting = 0;  // per band and way: bit 9 * s + 3 * b + k
  for (int b = 0; b < 3; ++b) {
    Word rows[3] = {kept[b] & kRow, kept[b] >> 9 & kRow, kept[b] >> 18};
    for (int p = 0; p < 6; ++p) {  // every way, live or not: no branch on which are
      const uint8_t* row = kTemplates.rowOf[p];
      columns[b][p] = kTemplates.byStack[(rows[row[0]] & 7) | (rows[row[1]] & 070) | (rows[row[2]] & 0700)] << 3 * b;
    }
  }
  for (Word left0 = ways[0]; left0; left0 &= left0 - 1)
    for (Word left1 = ways[1]; left1; left1 &= left1 - 1) {
      int p0 = __builtin_ctz(left0), p1 = __builtin_ctz(left1);
      Word two = columns[0][p0] | columns[1][p1], both = 0;
      for (Word left2 = ways[2]; left2; left2 &= left2 - 1) {
        int p2 = __builtin_ctz(left2);
        Word all = two | columns[2][p2];
        Word s0 = kTemplates.matching[all & 0x1FF], s1 = kTemplates.matching[all >> 9 & 0x1FF],
             s2 = kTemplates.matching[all >> 18];
        Word fits = (s0 | s1 << 9 | s2 << 18) & -Word(s0 && s1 && s2);
        used[2][p2] |= fits, both |= fits;
      }
      used[0][p0] |= both, used[1][p1] |= both, fitting |= both;
    }
  if (!fitting) return false;
  for (int b = 0; b < 3; ++b) {
    Word keep = 0;
    for (Word left = ways[b]; left; left &= left - 1) {
      int p = __builtin_ctz(left);
      Word u = used[b][p] >> 3 * b, inStacks = (u & 7) | (u >> 6 & 070) | (u >> 12 & 0700);
      keep |= kTemplates.cells[p] & inStacks * kColumn;
    }
    kept[b] &= keep;
  }
  return true;
}

// Locked candidates, or with `templates` templates where a board has 4 to kMostTemplated ways
// left (with 2 or 3, locked candidates gave the same search on every set measured), on every
// board changed since the last look: -1 on a contradiction (a band with no way left, or no
// template), else whether any candidate went.
int lockedCandidates(State& s, bool templates) {
  bool removed = false;
  for (unsigned changed = s.dirty >> 16; changed; changed &= changed - 1) {
    int d = __builtin_ctz(changed);
    Word met[4], kept[4], ways[3];
    patterns(s.candidates[d], met);
    std::memcpy(kept, &s.candidates[d], sizeof kept);
    int n = -1;  // with templates: how many ways there are to try
    if (templates) {
      for (int b = 0; b < 3; ++b) ways[b] = kTemplates.ways[met[b]];
      n = kTemplates.count[ways[0]] * kTemplates.count[ways[1]] * kTemplates.count[ways[2]];
    }
    if (n == 0) return -1;  // a band where no way is left
    if (n >= 4 && n <= kMostTemplated) {
      if (!templated(kept, ways)) return -1;
    } else {
      for (int b = 0; b < 3; ++b) kept[b] &= kSegments.rowKeep[met[b]];
      lockedColumns(kept);
    }
    Bands after = {kept[0], kept[1], kept[2], 0};
    bool pruned = any(after ^ s.candidates[d]);
    s.dirty |= unsigned(pruned) << d;  // hidden singles read it again, this step not
    s.candidates[d] = after;
    removed |= pruned;
  }
  s.dirty &= 0x1FF;
  return removed;
}

// Naked singles until none are left, then hidden singles, then locked candidates (or
// templates), until nothing changes; false on a contradiction.
bool propagate(State& s, bool templates) {
  for (int filled = 1; filled;) {
    filled = nakedSingles(s);
    if (filled == 0) filled = hiddenSingles(s);
    if (filled == 0) filled = lockedCandidates(s, templates);
    if (filled < 0) return false;
  }
  return true;
}

int count(Bands v) {
  Halves halves = (Halves)v;
  return __builtin_popcountll(halves[0]) + __builtin_popcountll(halves[1]);
}

// The cell to guess: of the cells with two candidates, the one that sees the most unsolved
// cells (either guess then settles the most); with none, the first with the fewest.
int guessCell(const State& s) {
  Bands once = {}, twice = {}, thrice = {};
  for (Bands where : s.candidates) thrice |= twice & where, twice |= once & where, once |= where;
  int best = -1, most = -1, fewest = 10;
  forEach(s.unsolved & twice & ~thrice, [&](int cell) {
    int seen = count(peers(cell) & s.unsolved);
    best = seen > most ? cell : best;  // no branch: it would mispredict
    most = seen > most ? seen : most;
  });
  if (best >= 0) return best;
  // None: the first cell with three candidates (by vector), else the first with the fewest.
  Bands more = {};
  once = twice = thrice = Bands{};
  for (Bands where : s.candidates) more |= thrice & where, thrice |= twice & where, twice |= once & where, once |= where;
  Halves three = (Halves)(s.unsolved & thrice & ~more);
  if (three[0]) return __builtin_ctzll(three[0]);
  if (three[1]) return 64 + __builtin_ctzll(three[1]);
  forEach(s.unsolved, [&](int cell) {
    int n = __builtin_popcount(s.digitsAt(cell));
    if (n < fewest) fewest = n, best = cell;
  });
  return best;
}

struct Search {
  long limit;
  NineCount result;
  long calls = 0;  // run() so far: templates from kTemplatesAfter on

  void record(const State& s) {
    if (++result.solutions > 1) return;
    for (int d = 0; d < 9; ++d)
      forEach(s.candidates[d], [&](int cell) { result.first[indexOf(cell)] = char('1' + d); });
  }

  // Propagates (with templates from call kTemplatesAfter on), then tries each candidate of
  // guessCell's cell, each but the last on a copy, until `limit` solutions are found; of two,
  // first the digit with more places left (the first solution comes sooner on the forum's
  // hardest).
  void run(State& s) {
    if (!propagate(s, ++calls >= kTemplatesAfter)) return;
    if (!any(s.unsolved)) return record(s);
    int cell = guessCell(s);
    unsigned digits = s.digitsAt(cell);
    s.dirty |= touched(digits);  // each guess takes the cell from these boards
    int low = __builtin_ctz(digits), high = 31 - __builtin_clz(digits);
    if (__builtin_popcount(digits) == 2 && count(s.candidates[high]) > count(s.candidates[low])) {
      guess(s, high, cell, false);
      if (result.solutions < limit) guess(s, low, cell, true);
      return;
    }
    for (; digits && result.solutions < limit; digits &= digits - 1)
      guess(s, __builtin_ctz(digits), cell, !(digits & (digits - 1)));
  }

  // Tries digit d in `cell`: on s itself when it is the last try (s is not needed again), else
  // on a copy.
  void guess(State& s, int d, int cell, bool last) {
    ++result.guesses;
    if (last) {
      if (s.place(d, cell)) run(s);
      return;
    }
    State next = s;
    if (next.place(d, cell)) run(next);
  }
};

// The state with the givens of `cells` placed; false when they clash.
bool start(State& s, std::string_view cells) {
  for (Bands& where : s.candidates) where = Bands{kBand, kBand, kBand, 0};
  s.unsolved = Bands{kBand, kBand, kBand, 0};
  s.dirty = kEveryBoard;
  for (int x = 0; x < 81 && x < int(cells.size()); ++x)
    if (char c = cells[x]; c >= '1' && c <= '9' && !s.place(c - '1', cellOf(x))) return false;
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
  int bit = cellOf(cell), d = digit - '1';
  if (!start(s, cells) || any(s.candidates[d] & ~s.unsolved & self(bit)))
    return false;  // clashing givens, or the digit is given there
  s.candidates[d] &= ~self(bit);
  s.dirty |= touched(1u << d);
  Search search{1, {}};
  search.run(s);
  return search.result.solutions > 0;
}
namespace {

// A 9x9 board's cells in row-major order, without allocating.
std::array<char, 81> cellsOf(const Board& puzzle) {
  std::array<char, 81> cells;
  for (int x = 0; x < 81; ++x) cells[x] = puzzle[x / 9][x % 9];
  return cells;
}

std::string_view view(const std::array<char, 81>& cells) { return {cells.data(), cells.size()}; }

}  // namespace

Count countNine(const Board& puzzle, long limit) {
  NineCount nine = countNine(view(cellsOf(puzzle)), limit);
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
  return puzzle.size() == 9 ? countNine(view(cellsOf(puzzle)), limit).solutions
                            : countSolutions(puzzle, limit).solutions;
}

}  // namespace sudoku
