// Constraint propagation on bitboards cut into bands (JCZSolve's layout): per digit, three 27-bit
// words, one per band of three rows. Naked singles, hidden singles and locked candidates (by
// table) fill and prune until they stall; only then do we guess, on the two-candidate cell that
// sees the most unsolved cells. Unlike bitmask_mrv_*, most cells are filled by deduction.
// Time:  O(9^m) worst case, m = empty cells; one propagation round is O(9 * 27) word operations
// Space: O(m) copies of the state on the search stack

// The model. The grid is three bands (rows 0-2, 3-5, 6-8); a band word holds 27 bits, bit
// 9 * r + c for row r of the band and column c. For band b of cell i: b = i / 27, bit i % 27.
//   candidates[b][d]  cells of band b where digit d + 1 is (a filled cell keeps the bit of its
//                     own digit only) or may still go (no filled peer holds it); digit d's
//                     board is candidates[0..2][d]
//   unsolved[b]       cells of band b not filled yet
//   checked, lockedChecked  each word as hidden singles, and locked candidates, last read it:
//                     a digit whose three words are unchanged has nothing new to give
// So every row, column and box meets d's board at least once: a unit that misses it is a
// contradiction, and so is an unsolved cell on no board. Placing d in a cell clears the cell on
// the other boards and the cell's peers on d's board: its row, box and column in its band (one
// mask, kBandPeers) and its column in the two other bands (kColumn). A naked single is an
// unsolved cell on one board; a hidden single is an unsolved cell alone in a unit of its board.
// Locked candidates read segments: the three cells a box shares with a row or a column.
struct Grid {
    unsigned candidates[3][9];
    unsigned unsolved[3];
    unsigned checked[3][9];
    unsigned lockedChecked[3][9];
};

constexpr unsigned kBand = (1u << 27) - 1;
constexpr unsigned kRow = 0x1FF;         // row 0 of a band
constexpr unsigned kColumn = 0x40201;    // column 0 of a band
constexpr unsigned kBox = 0x1C0E07;      // box 0 of a band

// Each bit's row, box and column within its band, itself left out.
struct BandPeers {
    unsigned of[27];
    constexpr BandPeers() : of() {
        for (int p = 0; p < 27; ++p)
            of[p] = (kRow << (p / 9 * 9) | kBox << (p % 9 / 3 * 3) | kColumn << (p % 9)) & ~(1u << p);
    }
};
constexpr BandPeers kBandPeers;

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

class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        Grid grid;
        for (int b = 0; b < 3; ++b) {
            grid.unsolved[b] = kBand;
            for (int d = 0; d < 9; ++d)
                grid.candidates[b][d] = kBand, grid.checked[b][d] = grid.lockedChecked[b][d] = 0;
        }
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (char given = board[r][c]; given != '.') place(grid, given - '1', r / 3, r % 3 * 9 + c);
        if (!search(grid)) return;
        for (int b = 0; b < 3; ++b)
            for (int d = 0; d < 9; ++d)
                for (unsigned cells = solved.candidates[b][d]; cells; cells &= cells - 1) {
                    int p = __builtin_ctz(cells);
                    board[3 * b + p / 9][p % 9] = char('1' + d);
                }
    }

private:
    Grid solved;  // the grid search completed

    // Puts digit d in bit p of band b; false when d may no longer go there.
    static bool place(Grid& grid, int d, int b, int p) {
        unsigned cell = 1u << p;
        if (!(grid.candidates[b][d] & cell)) return false;
        unsigned kept = grid.candidates[b][d] & ~kBandPeers.of[p];
        for (unsigned& where : grid.candidates[b]) where &= ~cell;
        for (auto& band : grid.candidates) band[d] &= ~(kColumn << p % 9);
        grid.candidates[b][d] = kept;
        grid.unsolved[b] &= ~cell;
        return true;
    }

    // Fills every unsolved cell with one candidate left: -1 on a contradiction, else how many.
    static int nakedSingles(Grid& grid) {
        int filled = 0;
        for (int b = 0; b < 3; ++b) {
            unsigned once = 0, twice = 0;
            for (unsigned where : grid.candidates[b]) twice |= once & where, once |= where;
            if (grid.unsolved[b] & ~once) return -1;  // an unsolved cell with no candidate
            for (unsigned singles = grid.unsolved[b] & ~twice; singles; singles &= singles - 1, ++filled) {
                int p = __builtin_ctz(singles), d = 0;
                for (int e = 1; e < 9; ++e) d += e * (grid.candidates[b][e] >> p & 1);
                if (!place(grid, d, b, p)) return -1;  // an earlier single took its digit
            }
        }
        return filled;
    }

    // The cells of one digit's board (where, by band) alone in their row, box or column, by
    // band; false when a unit has none.
    static bool alone(const unsigned* where, unsigned* cells) {
        unsigned once = 0, twice = 0, missing = 0;
        for (int b = 0; b < 3; ++b)
            for (int r = 0; r < 27; r += 9) {
                unsigned row = where[b] >> r & kRow;
                twice |= once & row, once |= row;
                missing |= row == 0;
            }
        if (missing || once != kRow) return false;
        unsigned columns = once & ~twice;
        for (int b = 0; b < 3; ++b) {
            unsigned w = where[b], box0 = w & kBox, box1 = w & kBox << 3, box2 = w & kBox << 6;
            if (!box0 || !box1 || !box2) return false;
            cells[b] = (single(w & kRow) | single(w & kRow << 9) | single(w & kRow << 18) | single(box0) |
                        single(box1) | single(box2) | (w & columns * kColumn));
        }
        return true;
    }

    // Places every hidden single: -1 on a contradiction, else how many.
    static int hiddenSingles(Grid& grid) {
        int filled = 0;
        for (int d = 0; d < 9; ++d) {
            unsigned cells[3], where[3], changed = 0;
            for (int b = 0; b < 3; ++b) {
                where[b] = grid.candidates[b][d];
                changed |= where[b] ^ grid.checked[b][d];
                grid.checked[b][d] = where[b];
            }
            if (!changed) continue;  // nothing new since the last look
            if (!alone(where, cells)) return -1;  // d has no place in some unit
            for (int b = 0; b < 3; ++b)
                for (unsigned hidden = cells[b] & grid.unsolved[b]; hidden; hidden &= hidden - 1, ++filled)
                    if (!place(grid, d, b, __builtin_ctz(hidden))) return -1;  // two want d in one unit
        }
        return filled;
    }

    // Locked candidates of one band word along its rows, by table: see Segments.
    static unsigned lockedRows(unsigned w) {
        unsigned met = (w | w >> 1 | w >> 2) & 0x1249249;  // bit 9 * r + 3 * j: row r meets box j
        met = (met | met >> 2 | met >> 4) & kBox;           // ... moved to bit 9 * r + j
        met = (met | met >> 6 | met >> 12) & kRow;         // ... moved to bit 3 * r + j
        return w & kSegments.rowKeep[met];
    }

    // Locked candidates of digit d along columns, by table: see Segments.
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

    // Locked candidates for every digit: whether any candidate went.
    static bool lockedCandidates(Grid& grid) {
        bool removed = false;
        for (int d = 0; d < 9; ++d) {
            unsigned where[3], changed = 0;
            for (int b = 0; b < 3; ++b) changed |= grid.candidates[b][d] ^ grid.lockedChecked[b][d];
            if (!changed) continue;  // read as it stands already
            for (int b = 0; b < 3; ++b) where[b] = lockedRows(grid.candidates[b][d]);
            lockedColumns(where);
            for (int b = 0; b < 3; ++b) {
                removed |= where[b] != grid.candidates[b][d];
                grid.candidates[b][d] = grid.lockedChecked[b][d] = where[b];
            }
        }
        return removed;
    }

    // Naked singles until none are left, then hidden singles, then locked candidates; false on
    // a contradiction.
    static bool propagate(Grid& grid) {
        for (int filled = 1; filled;) {
            filled = nakedSingles(grid);
            if (filled == 0) filled = hiddenSingles(grid);
            if (filled == 0) filled = lockedCandidates(grid);
            if (filled < 0) return false;
        }
        return true;
    }

    // The cell to guess, as band * 32 + bit: of the cells with two candidates, the one that sees
    // the most unsolved cells (either guess then prunes the most); with none, one with fewest.
    static int guessCell(const Grid& grid) {
        int best = -1, fewest = 10, most = -1;
        for (int b = 0; b < 3; ++b) {
            unsigned once = 0, twice = 0, thrice = 0;
            for (unsigned where : grid.candidates[b])
                thrice |= twice & where, twice |= once & where, once |= where;
            for (unsigned pairs = grid.unsolved[b] & twice & ~thrice; pairs; pairs &= pairs - 1) {
                int p = __builtin_ctz(pairs), n = __builtin_popcount(kBandPeers.of[p] & grid.unsolved[b]);
                for (int o = 0; o < 3; ++o)
                    if (o != b) n += __builtin_popcount(kColumn << p % 9 & grid.unsolved[o]);
                if (n > most) most = n, best = b * 32 + p;
            }
        }
        if (best >= 0) return best;
        for (int b = 0; b < 3; ++b)
            for (unsigned cells = grid.unsolved[b]; cells; cells &= cells - 1) {
                int p = __builtin_ctz(cells), count = 0;
                for (int d = 0; d < 9; ++d) count += grid.candidates[b][d] >> p & 1;
                if (count < fewest) fewest = count, best = b * 32 + p;
            }
        return best;
    }

    // Propagates, then tries each candidate of guessCell's cell, each but the last on a copy;
    // true once solved.
    bool search(Grid& grid) {
        if (!propagate(grid)) return false;
        if (!(grid.unsolved[0] | grid.unsolved[1] | grid.unsolved[2])) return solved = grid, true;
        int cell = guessCell(grid), b = cell / 32, p = cell % 32;
        int last = 8;
        while (!(grid.candidates[b][last] >> p & 1)) --last;
        for (int d = 0; d < last; ++d) {
            if (!(grid.candidates[b][d] >> p & 1)) continue;
            Grid guess = grid;
            if (place(guess, d, b, p) && search(guess)) return true;
        }
        return place(grid, last, b, p) && search(grid);
    }
};
