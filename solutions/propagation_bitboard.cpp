// Constraint propagation on bitboards cut into bands (JCZSolve's layout), one vector per digit:
// per digit, three 27-bit words, one per band of three rows, held side by side in one 128-bit
// vector, so one instruction updates a digit's three bands. Naked singles, hidden singles and
// locked candidates (by table) fill and prune until they stall; only then do we guess, on the
// two-candidate cell that sees the most unsolved cells, its digit with more places left first.
// Once a search has made 32 calls (a hard puzzle), locked candidates give way to templates
// (pattern overlay) for a digit with 4 to 16 ways left: a template is one placement of the
// digit in every row, column and box, and a candidate that no template uses goes. Unlike
// bitmask_mrv_*, most cells are filled by deduction. Unlike tdoku, which guesses a digit's
// layout in a band and keeps minirow (triad) states, it guesses cells, copies 176 bytes per
// guess and reasons about a digit's whole board at once (templates, where tdoku's strongest
// step is its triads). The vectors are GCC/Clang vector extensions: plain SSE2 at -O2.
// Time:  O(9^m) worst case, m = empty cells; a propagation round is a few vector operations
//        per digit and one per cell it fills; templates at most 16 table steps per digit
// Space: O(m) copies of the state on the search stack

// The model. The grid is three bands (rows 0-2, 3-5, 6-8); a band word holds 27 bits, bit
// 9 * r + c for row r of the band and column c, in lane b of a Bands vector for band b (lane 3
// stays 0). A cell is named by its bit in the vector: 32 * band + 9 * r + c.
//   candidates[d]   cells where digit d + 1 is (a filled cell keeps the bit of its own digit
//                   only) or may still go (no filled peer holds it): d's board
//   unsolved        cells not filled yet
//   dirty           bit d: d's board changed since hidden singles last read it; bit 16 + d:
//                   since locked candidates (or templates) did (a board unchanged since has
//                   nothing new to give; flags, not copies of the boards, keep the state small)
// So every row, column and box meets d's board at least once: a unit that misses it is a
// contradiction, and so is an unsolved cell on no board. Placing d in a cell clears the cell on
// the other boards and the cell's 20 peers on d's board (one vector mask, kCells.peers). A naked
// single is an unsolved cell on one board; a hidden single is an unsolved cell alone in a unit
// of its board. Locked candidates read segments: the three cells a box shares with a line.
typedef unsigned Bands __attribute__((vector_size(16)));

struct Grid {
    Bands candidates[9];
    Bands unsolved;
    unsigned dirty;
};

constexpr unsigned kEveryBoard = 0x1FF01FF;  // dirty: every board, for both steps
// dirty's two flags for each digit of a 9-bit set.
constexpr unsigned touched(unsigned digits) { return digits * 0x10001u; }

constexpr unsigned kBand = (1u << 27) - 1;
constexpr unsigned kRow = 0x1FF;         // row 0 of a band
constexpr unsigned kColumn = 0x40201;    // column 0 of a band
constexpr unsigned kBox = 0x1C0E07;      // box 0 of a band

// Each cell, by its bit in the vector, as lanes: itself, and its peers (its row, box and column
// in its own band, its column in the other two), itself left out. Loaded by load().
struct Cells {
    unsigned self[128][4], peers[128][4];
    constexpr Cells() : self(), peers() {
        for (int band = 0; band < 3; ++band)
            for (int p = 0; p < 27; ++p)
                for (int b = 0; b < 3; ++b) {
                    unsigned inBand = (kRow << (p / 9 * 9) | kBox << (p % 9 / 3 * 3) | kColumn << (p % 9)) & ~(1u << p);
                    self[32 * band + p][b] = b == band ? 1u << p : 0;
                    peers[32 * band + p][b] = b == band ? inBand : kColumn << p % 9;
                }
    }
};
constexpr Cells kCells;

// A unit's bits if it has exactly one, else 0.
constexpr unsigned single(unsigned unit) { return unit & (unit - 1) ? 0 : unit; }

// Locked candidates by table, for one digit. A segment is the three cells a box shares with a
// line. Along rows, bit 3 * r + j of a band's 9-bit pattern says row r meets box j: a row that
// meets one box claims it (the box's other rows lose the digit), a box that meets one row
// points at it (the row's other boxes lose it); rowKeep is the band's cells that stay. Along
// columns, bit c of a band's pattern says column c meets the digit in this band: a box of the
// band that meets one column points at it (the column loses the digit in the other bands), and
// a column met in this band only claims its box (claimLose: the box's other columns).
struct Segments {
    unsigned rowKeep[512];
    unsigned short pointing[512], claimLose[512];
    constexpr Segments() : rowKeep(), pointing(), claimLose() {
        for (unsigned met = 0; met < 512; ++met) {
            unsigned lose = 0;  // segments, bit 3 * r + j
            for (int k = 0; k < 3; ++k) {
                unsigned row = 7u << 3 * k, box = 0x49u << k;  // row k's segments, box k's
                if (unsigned seg = single(met & row)) lose |= 0x49u << __builtin_ctz(seg) % 3 & ~row;
                if (unsigned seg = single(met & box)) lose |= 7u << __builtin_ctz(seg) / 3 * 3 & ~box;
                pointing[met] |= single(met & row);
                if (met & row) claimLose[met] |= row & ~met;
            }
            for (int seg = 0; seg < 9; ++seg)
                if (!(lose >> seg & 1)) rowKeep[met] |= 7u << (seg / 3 * 9 + seg % 3 * 3);
        }
    }
};
constexpr Segments kSegments;

// Templates of one digit, band by band. A template puts the digit once in each row of a band,
// in three different boxes: a way (one of 6) sends row r to stack kWays[p][r]; a band's row r
// meets box j (bit 3 * r + j of the same 9-bit pattern as Segments) for each of its way's rows,
// or the way is gone. Across bands, a stack's three columns go one to each band: the way
// chosen in each band gives it the columns its row has in that stack, and some matching of
// bands to columns must use only those (matching: bit 3 * b + k, band b may take column k of
// the stack, to the pairs that are in some perfect matching; 0 when none is).
constexpr int kWays[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
struct Templates {
    unsigned cells[6];          // way p's cells in a band: row r's three in stack kWays[p][r]
    unsigned char rowOf[6][3];  // way p: the row that goes to stack s
    unsigned char ways[512];    // a band's pattern: the ways all of whose rows meet their box
    unsigned char count[64];    // how many ways a set of ways holds
    unsigned short matching[512];
    unsigned byStack[512];      // 3 bits per stack (bit 3 * s + k) to 9 per stack (bit 9 * s + k)
    constexpr Templates() : cells(), rowOf(), ways(), count(), matching(), byStack() {
        for (int p = 0; p < 6; ++p)
            for (int r = 0; r < 3; ++r) cells[p] |= 7u << (9 * r + 3 * kWays[p][r]), rowOf[p][kWays[p][r]] = r;
        for (unsigned m = 0; m < 512; ++m) {
            for (int p = 0; p < 6; ++p) {
                unsigned used = 0;  // as a band pattern, and as a matching
                for (int r = 0; r < 3; ++r) used |= 1u << (3 * r + kWays[p][r]);
                if ((m & used) == used) ways[m] |= 1u << p, matching[m] |= used;
            }
            byStack[m] = (m & 7) | (m >> 3 & 7) << 9 | (m >> 6) << 18;
        }
        for (unsigned w = 0; w < 64; ++w) count[w] = __builtin_popcount(w);
    }
};
constexpr Templates kTemplates;
constexpr int kMostTemplated = 16;  // ways tried at most per digit (the product over bands)
constexpr int kTemplatesAfter = 32;  // search calls before templates replace locked candidates

class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        calls = 0;
        // A row's first eight cells are read as one 64-bit word, a byte per cell (little-endian:
        // byte c is cell c, as forEach assumes of the lanes). A cell's low four bits are its
        // digit (1-9), or 14 for '.'. Bit k of those codes, gathered across the row by one
        // multiply, is the row's part of bit plane k, and a digit's givens are the cells whose
        // code is its digit: no branch, and no store, per cell.
        unsigned words[4][4] = {};  // plane k, band b
        for (int r = 0; r < 9; ++r) {
            const char* row = board[r].data();
            unsigned long long bytes;
            memcpy(&bytes, row, sizeof bytes);
            unsigned ninth = unsigned(row[8]);
            for (int k = 0; k < 4; ++k) {
                unsigned bits = unsigned(((bytes >> k & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56);
                words[k][r / 3] |= (bits | (ninth >> k & 1) << 8) << 9 * (r % 3);
            }
        }
        Bands code[2][4];  // code[1][k]: cells with bit k of their code, code[0][k]: without
        for (int k = 0; k < 4; ++k) code[1][k] = load(words[k]), code[0][k] = ~code[1][k];
        Grid grid = {};
        grid.unsolved = code[1][1] & code[1][2] & code[1][3];  // code 14: only '.' has bits 1-3
        for (int d = 0; d < 9; ++d) {
            int c = d + 1;  // the digit's code: it has a bit set, so lane 3 and bits 27-31 stay 0
            Bands given = code[c & 1][0] & code[c >> 1 & 1][1] & code[c >> 2 & 1][2] & code[c >> 3][3];
            grid.candidates[d] = given | (grid.unsolved & ~seen(given));
        }
        grid.dirty = kEveryBoard;
        if (!search(grid)) return;
        // The answer, a row at a time: each plane's eight bits spread to a byte each (copied to
        // every byte, each byte masked to its own bit, then moved to bit k), added to '1'.
        unsigned plane[4][4];
        Bands planes[4];
        digitPlanes(solved.candidates, planes);
        memcpy(plane, planes, sizeof plane);
        for (int r = 0; r < 9; ++r) {
            unsigned long long bytes = 0x3131313131313131ull;  // '1' in each byte
            unsigned ninth = '1';
            for (int k = 0; k < 4; ++k) {
                unsigned bits = plane[k][r / 3] >> 9 * (r % 3);
                unsigned long long spread = (bits & 0xFF) * 0x0101010101010101ull & 0x8040201008040201ull;
                bytes += (spread + 0x7F7F7F7F7F7F7F7Full) >> (7 - k) & 0x0101010101010101ull << k;
                ninth += (bits >> 8 & 1) << k;
            }
            char* row = board[r].data();
            memcpy(row, &bytes, sizeof bytes);
            row[8] = char(ninth);
        }
    }

private:
    Grid solved;  // the grid search completed
    int calls = 0;  // search calls so far

    static Bands load(const unsigned* words) {
        Bands v;
        memcpy(&v, words, sizeof v);
        return v;
    }
    // The lanes as scalars: reading v[b] with b unknown at compile time goes through memory.
    static void lanes(Bands v, unsigned* out) { memcpy(out, &v, sizeof v); }
    static bool any(Bands v) {
        unsigned long long halves[2];
        memcpy(halves, &v, sizeof halves);
        return halves[0] | halves[1];
    }
    static int count(Bands v) {
        unsigned long long halves[2];
        memcpy(halves, &v, sizeof halves);
        return __builtin_popcountll(halves[0]) + __builtin_popcountll(halves[1]);
    }
    // Calls f(cell) for each cell in cells, by its bit: the loop runs over both 64-bit halves at
    // once, so that it mispredicts one exit, not two.
    template <class F>
    static void forEach(Bands cells, F f) {
        unsigned long long halves[2];
        memcpy(halves, &cells, sizeof halves);
        for (unsigned long long low = halves[0], high = halves[1]; low | high;) {
            int inHigh = low == 0;
            f(64 * inHigh + __builtin_ctzll(inHigh ? high : low));
            low &= low - 1, high = inHigh ? high & (high - 1) : high;
        }
    }
    // Bit k of the digit of each cell on one board only, as four bit planes (plane k: the OR of
    // the boards of the digits with bit k), in 64-bit halves.
    static void digitPlanes(const Bands* c, Bands (&planes)[4]) {
        planes[0] = c[1] | c[3] | c[5] | c[7], planes[1] = c[2] | c[3] | c[6] | c[7];
        planes[2] = c[4] | c[5] | c[6] | c[7], planes[3] = c[8];
    }
    // The digit (0-8) of a cell on one board only, read from its bit planes.
    static int digitAt(const unsigned long long (&plane)[4][2], int cell) {
        int d = 0;
        for (int k = 0; k < 4; ++k) d |= int(plane[k][cell / 64] >> cell % 64 & 1) << k;
        return d;
    }
    // The cells in a row, box or column with one of cells.
    static Bands seen(Bands cells) {
        Bands rows = {}, boxes = {};
        for (int k = 0; k < 3; ++k) {
            rows |= (Bands)((cells & kRow << 9 * k) != 0) & kRow << 9 * k;
            boxes |= (Bands)((cells & kBox << 3 * k) != 0) & kBox << 3 * k;
        }
        Bands in = (cells | cells >> 9 | cells >> 18) & kRow;  // bit c: column c, per band
        unsigned columns = (in[0] | in[1] | in[2]) * kColumn;
        return rows | boxes | Bands{columns, columns, columns, 0};
    }

    // Clears cells from every board, flagging the boards that held one.
    static void clearCells(Grid& grid, Bands cells) {
        for (int d = 0; d < 9; ++d) {
            grid.dirty |= touched(unsigned(any(grid.candidates[d] & cells)) << d);
            grid.candidates[d] &= ~cells;
        }
    }

    // Puts digit d in cell i; false when d may no longer go there. The caller flags the boards
    // that held the cell.
    static bool place(Grid& grid, int d, int i) {
        Bands cell = load(kCells.self[i]);
        if (!any(grid.candidates[d] & cell)) return false;
        for (Bands& where : grid.candidates) where &= ~cell;
        grid.candidates[d] = (grid.candidates[d] & ~load(kCells.peers[i])) | cell;
        grid.unsolved &= ~cell;
        return true;
    }

    // Fills every unsolved cell with one candidate left: -1 on a contradiction, 0 if none, else
    // 1. Such a cell is on its own digit's board only, so filling it just clears its peers
    // there; its digit is read from four bit planes (bit k of d: the OR of the boards with it).
    static int nakedSingles(Grid& grid) {
        const Bands* c = grid.candidates;
        Bands onceA = c[0], twiceA = {}, onceB = c[5], twiceB = {};
        for (int d = 1; d < 5; ++d) twiceA |= onceA & c[d], onceA |= c[d];
        for (int d = 6; d < 9; ++d) twiceB |= onceB & c[d], onceB |= c[d];
        Bands once = onceA | onceB, twice = twiceA | twiceB | (onceA & onceB);
        if (any(grid.unsolved & ~once)) return -1;  // an unsolved cell with no candidate
        Bands found = grid.unsolved & ~twice, clash = {};  // clash: singles that see one of their digit
        if (!any(found)) return 0;
        grid.unsolved &= ~found;
        unsigned long long plane[4][2];
        Bands planes[4];
        digitPlanes(grid.candidates, planes);
        memcpy(plane, planes, sizeof plane);
        forEach(found, [&](int cell) {
            int d = digitAt(plane, cell);
            Bands peers = load(kCells.peers[cell]);
            clash |= grid.candidates[d] & found & peers;
            grid.candidates[d] &= ~peers;
            grid.dirty |= touched(1u << d);
        });
        return any(clash) ? -1 : 1;
    }

    // The cells of digit board w alone in their row, box or column; false when a unit has none.
    static bool alone(Bands w, Bands& cells) {
        Bands row0 = w & kRow, row1 = w >> 9 & kRow, row2 = w >> 18;  // as 9-bit column sets
        Bands box0 = w & kBox, box1 = w & kBox << 3, box2 = w & kBox << 6;
        // A unit less one is below 2^27, or wraps to 2^32 - 1 when the unit is empty: its top
        // bit says so. The same difference tells a single (x & (x - 1) == 0).
        Bands less0 = row0 - 1, less1 = row1 - 1, less2 = row2 - 1, less3 = box0 - 1, less4 = box1 - 1, less5 = box2 - 1;
        Bands empty = (less0 | less1 | less2 | less3 | less4 | less5) >> 31;
        if (any(empty & Bands{1, 1, 1, 0})) return false;
        Bands once = row0 | row1 | row2, twice = (row0 & row1) | ((row0 | row1) & row2);  // per band
        unsigned columns = once[0] | once[1] | once[2];
        unsigned many = twice[0] | twice[1] | twice[2] | (once[0] & once[1]) | ((once[0] | once[1]) & once[2]);
        if (columns != kRow) return false;
        Bands rows = (row0 & (Bands)((row0 & less0) == 0)) | (row1 & (Bands)((row1 & less1) == 0)) << 9 |
                     (row2 & (Bands)((row2 & less2) == 0)) << 18;
        Bands boxes = (box0 & (Bands)((box0 & less3) == 0)) | (box1 & (Bands)((box1 & less4) == 0)) |
                      (box2 & (Bands)((box2 & less5) == 0));
        cells = rows | boxes | (w & (columns & ~many) * kColumn);
        return true;
    }

    // Places every hidden single: -1 on a contradiction, else 0 if none, 1 if some.
    static int hiddenSingles(Grid& grid) {
        // First every changed board's singles, with no branch per board; then, if there are
        // any, they are placed together (the fixpoint is the same as one board at a time).
        unsigned changed = grid.dirty & 0x1FF, digits = 0;  // digits: the boards with singles
        grid.dirty &= ~0x1FFu;
        Bands found[9], all = {}, clash = {};  // clash: cells two digits need
        for (; changed; changed &= changed - 1) {
            int d = __builtin_ctz(changed);
            Bands cells;
            if (!alone(grid.candidates[d], cells)) return -1;  // d has no place in some unit
            found[d] = cells &= grid.unsolved;
            clash |= all & cells, all |= cells;
            digits |= unsigned(any(cells)) << d;
        }
        if (!digits) return 0;
        if (any(clash)) return -1;
        clearCells(grid, all);
        grid.unsolved &= ~all;
        for (; digits; digits &= digits - 1) {
            int d = __builtin_ctz(digits);
            Bands cells = found[d], where = grid.candidates[d] | cells;
            forEach(cells, [&](int cell) { where &= ~load(kCells.peers[cell]); });
            if (any(cells & ~where)) return -1;  // two cells want d in one unit
            grid.candidates[d] = where;  // where still holds cells: d stands there
        }
        return 1;
    }

    // Where each band's row meets a box (bit 3 * r + j of its 9-bit pattern), per band.
    static void patterns(Bands w, unsigned* met) {
        Bands m = (w | w >> 1 | w >> 2) & 0x1249249;  // bit 9 * r + 3 * j: row r meets box j
        m = (m | m >> 2 | m >> 4) & kBox;              // ... moved to bit 9 * r + j
        m = (m | m >> 6 | m >> 12) & kRow;            // ... moved to bit 3 * r + j
        lanes(m, met);
    }

    // Locked candidates of one digit's three band words along columns, by table: see Segments.
    static void lockedColumns(unsigned* where) {
        unsigned in[3];  // bit c: column c meets d's board in this band
        for (int b = 0; b < 3; ++b) in[b] = (where[b] | where[b] >> 9 | where[b] >> 18) & kRow;
        for (int b = 0; b < 3; ++b) {
            unsigned only = in[b] & ~in[(b + 1) % 3] & ~in[(b + 2) % 3];
            unsigned pointed = kSegments.pointing[in[b]] * kColumn;
            where[b] &= ~(kSegments.claimLose[only] * kColumn);
            where[(b + 1) % 3] &= ~pointed;
            where[(b + 2) % 3] &= ~pointed;
        }
    }

    // Keeps, of one digit's three band words, the cells some template uses, given each band's
    // ways (see Templates); false when no template is left. Each choice of one way per band
    // is tried: per stack, its three bands' columns (9 bits, from byStack) must match.
    static bool templated(unsigned* where, const unsigned* ways) {
        unsigned columns[3][6], used[3][6] = {}, fitting = 0;  // per band and way: by stack, bit 9 * s + 3 * b + k
        for (int b = 0; b < 3; ++b) {
            unsigned rows[3] = {where[b] & kRow, where[b] >> 9 & kRow, where[b] >> 18};
            for (int p = 0; p < 6; ++p) {  // every way, live or not: no branch on which are
                const unsigned char* row = kTemplates.rowOf[p];
                columns[b][p] = kTemplates.byStack[(rows[row[0]] & 7) | (rows[row[1]] & 070) | (rows[row[2]] & 0700)] << 3 * b;
            }
        }
        for (unsigned left0 = ways[0]; left0; left0 &= left0 - 1)
            for (unsigned left1 = ways[1]; left1; left1 &= left1 - 1) {
                int p0 = __builtin_ctz(left0), p1 = __builtin_ctz(left1);
                unsigned two = columns[0][p0] | columns[1][p1], both = 0;
                for (unsigned left2 = ways[2]; left2; left2 &= left2 - 1) {
                    int p2 = __builtin_ctz(left2);
                    unsigned all = two | columns[2][p2];
                    unsigned s0 = kTemplates.matching[all & 0x1FF], s1 = kTemplates.matching[all >> 9 & 0x1FF],
                             s2 = kTemplates.matching[all >> 18];
                    unsigned fits = (s0 | s1 << 9 | s2 << 18) & -unsigned(s0 && s1 && s2);
                    used[2][p2] |= fits, both |= fits;
                }
                used[0][p0] |= both, used[1][p1] |= both, fitting |= both;
            }
        if (!fitting) return false;
        for (int b = 0; b < 3; ++b) {
            unsigned kept = 0;
            for (unsigned left = ways[b]; left; left &= left - 1) {
                int p = __builtin_ctz(left);
                unsigned u = used[b][p] >> 3 * b, inStacks = (u & 7) | (u >> 6 & 070) | (u >> 12 & 0700);
                kept |= kTemplates.cells[p] & inStacks * kColumn;
            }
            where[b] &= kept;
        }
        return true;
    }

    // Locked candidates, or with `templates` templates where a digit has 4 to kMostTemplated
    // ways left (with 2 or 3, locked candidates gave the same search on every set measured), for
    // every digit changed since: -1 on a contradiction (a band with no way left, or no
    // template), else whether any candidate went.
    static int lockedCandidates(Grid& grid, bool templates) {
        bool removed = false;
        for (unsigned changed = grid.dirty >> 16; changed; changed &= changed - 1) {
            int d = __builtin_ctz(changed);
            unsigned met[4], where[4], ways[3];
            patterns(grid.candidates[d], met);
            lanes(grid.candidates[d], where);
            int n = -1;  // with templates: how many ways there are to try
            if (templates) {
                for (int b = 0; b < 3; ++b) ways[b] = kTemplates.ways[met[b]];
                n = kTemplates.count[ways[0]] * kTemplates.count[ways[1]] * kTemplates.count[ways[2]];
            }
            if (n == 0) return -1;  // a band where no way is left
            if (n >= 4 && n <= kMostTemplated) {
                if (!templated(where, ways)) return -1;
            } else {
                for (int b = 0; b < 3; ++b) where[b] &= kSegments.rowKeep[met[b]];
                lockedColumns(where);
            }
            Bands after = {where[0], where[1], where[2], 0};
            bool pruned = any(after ^ grid.candidates[d]);
            grid.dirty |= unsigned(pruned) << d;  // hidden singles read it again, this step not
            grid.candidates[d] = after;
            removed |= pruned;
        }
        grid.dirty &= 0x1FF;
        return removed;
    }

    // Naked singles until none are left, then hidden singles, then locked candidates (or
    // templates); false on a contradiction.
    static bool propagate(Grid& grid, bool templates) {
        for (int filled = 1; filled;) {
            filled = nakedSingles(grid);
            if (filled == 0) filled = hiddenSingles(grid);
            if (filled == 0) filled = lockedCandidates(grid, templates);
            if (filled < 0) return false;
        }
        return true;
    }

    // The cell to guess: of the cells with two candidates, the one that sees the most unsolved
    // cells (either guess then prunes the most); with none, one with fewest candidates.
    static int guessCell(const Grid& grid) {
        Bands once = {}, twice = {}, thrice = {};
        for (Bands where : grid.candidates) thrice |= twice & where, twice |= once & where, once |= where;
        int best = -1, most = -1, fewest = 10;
        forEach(grid.unsolved & twice & ~thrice, [&](int cell) {
            int seen = count(load(kCells.peers[cell]) & grid.unsolved);
            best = seen > most ? cell : best;  // no branch: it would mispredict
            most = max(most, seen);
        });
        if (best >= 0) return best;
        // None: the first cell with three candidates, else the first with fewest.
        Bands more = {};
        once = twice = thrice = Bands{};
        for (Bands where : grid.candidates) more |= thrice & where, thrice |= twice & where, twice |= once & where, once |= where;
        unsigned long long three[2];
        Bands threes = grid.unsolved & thrice & ~more;
        memcpy(three, &threes, sizeof three);
        if (three[0]) return __builtin_ctzll(three[0]);
        if (three[1]) return 64 + __builtin_ctzll(three[1]);
        forEach(grid.unsolved, [&](int cell) {
            int n = 0;
            for (Bands where : grid.candidates) n += any(where & load(kCells.self[cell]));
            if (n < fewest) fewest = n, best = cell;
        });
        return best;
    }

    // Propagates (with templates from call kTemplatesAfter on), then tries each candidate of
    // guessCell's cell, each but the last on a copy; of two, first the digit with more places
    // left (it finds the solution sooner on the forum's hardest); true once solved.
    bool search(Grid& grid) {
        if (!propagate(grid, ++calls >= kTemplatesAfter)) return false;
        if (!any(grid.unsolved)) return solved = grid, true;
        int i = guessCell(grid);
        unsigned digits = 0;  // bit d: d + 1 may go in cell i
        for (int d = 0; d < 9; ++d) digits |= unsigned(any(grid.candidates[d] & load(kCells.self[i]))) << d;
        grid.dirty |= touched(digits);  // each guess takes the cell from these boards
        int low = __builtin_ctz(digits), high = 31 - __builtin_clz(digits);
        bool highFirst = __builtin_popcount(digits) == 2 && count(grid.candidates[high]) > count(grid.candidates[low]);
        for (; digits & (digits - 1); digits &= digits - 1) {
            Grid guess = grid;
            if (place(guess, highFirst ? high : __builtin_ctz(digits), i) && search(guess)) return true;
        }
        return place(grid, highFirst ? low : __builtin_ctz(digits), i) && search(grid);
    }
};
