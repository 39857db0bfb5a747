// Constraint propagation on bitboards: one 81-bit board per digit marks where it may still go.
// Naked singles, hidden singles and locked candidates fill and prune until they stall; only then
// do we guess, on a cell with two candidates if there is one, in a copy of the 208-byte state.
// Unlike bitmask_mrv_*, which guesses every cell, most cells here are filled by deduction.
// Time:  O(9^m) worst case, m = empty cells; one propagation round is O(9 * 27) word operations
// Space: O(m) copies of the state on the search stack

// The model. A Cells value is a set of cells: bit i stands for cell i = 9 * row + col.
//   candidates[d]  empty cells where digit d + 1 may still go (no peer holds it)
//   empties        cells not filled yet
//   placed[d]      27 bits, one per unit (rows 0-8, columns 9-17, boxes 18-26): the units
//                  that hold digit d + 1 already
//   changed        9 bits: the digits whose board changed since hidden singles last read it
// Placing d in cell i takes i out of every board and of empties, and i's peers (its row,
// column and box) out of candidates[d]. A naked single is an empty cell on one board only; a
// hidden single is an open unit that meets candidates[d] in one cell. An empty cell on no
// board, or an open unit with no cell left for d, is a contradiction: the last guess was wrong.
// Locked candidates read segments, the three cells a box shares with a row or a column, each
// marked by its first cell: see locked().
using Cells = unsigned __int128;

struct Grid {
    Cells candidates[9];
    Cells empties;
    unsigned placed[9];
    unsigned changed;
};

// The first cell of each row (kind 0), column (1) or box (2).
constexpr Cells anchors(int kind) {
    Cells set = 0;
    for (int u = 0; u < 9; ++u) set |= Cells(1) << (kind == 0 ? 9 * u : kind == 1 ? u : u / 3 * 27 + u % 3 * 3);
    return set;
}

// The first cell of each segment: the three cells a box shares with a row, or with a column.
constexpr Cells kRowSegments = anchors(0) | anchors(0) << 3 | anchors(0) << 6;
constexpr Cells kColumnSegments = anchors(1) | anchors(1) << 27 | anchors(1) << 54;

// Which cells each unit holds, and each cell's units and peers, built once.
struct Units {
    Cells cells[27], peers[81];
    unsigned of[81];

    Units() : cells(), peers(), of() {
        for (int i = 0; i < 81; ++i) {
            int r = i / 9, c = i % 9, b = r / 3 * 3 + c / 3;
            of[i] = 1u << r | 1u << (9 + c) | 1u << (18 + b);
            cells[r] |= Cells(1) << i, cells[9 + c] |= Cells(1) << i, cells[18 + b] |= Cells(1) << i;
        }
        for (int i = 0; i < 81; ++i)
            for (int u = 0; u < 27; ++u)
                if (of[i] >> u & 1) peers[i] |= cells[u];
    }
};

class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int i = 0; i < 81; ++i) digits[i] = board[i / 9][i % 9];
        Grid grid = {};
        grid.empties = (Cells(1) << 81) - 1;
        for (Cells& where : grid.candidates) where = grid.empties;
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (board[r][c] != '.') place(grid, board[r][c] - '1', 9 * r + c);
        search(grid);
        for (int i = 0; i < 81; ++i) board[i / 9][i % 9] = digits[i];
    }

private:
    static constexpr unsigned kAllUnits = (1u << 27) - 1;
    const Units& units = table();
    char digits[81];  // the last digit placed in each cell: the solution's, once search succeeds

    static const Units& table() {
        static const Units units;
        return units;
    }

    static int lowest(Cells set) {
        auto low = (unsigned long long)set;
        return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((unsigned long long)(set >> 64));
    }

    // Puts digit d in cell i; false when d may no longer go there.
    bool place(Grid& grid, int d, int i) {
        Cells cell = Cells(1) << i;
        if (!(grid.candidates[d] & cell)) return false;
        for (int e = 0; e < 9; ++e) {
            grid.changed |= unsigned(bool(grid.candidates[e] & cell)) << e;
            grid.candidates[e] &= ~cell;
        }
        grid.candidates[d] &= ~units.peers[i];
        grid.empties &= ~cell;
        grid.placed[d] |= units.of[i];
        digits[i] = char('1' + d);
        return true;
    }

    // Fills every cell that has one candidate left: -1 on a contradiction, else how many.
    int nakedSingles(Grid& grid) {
        Cells once = 0, twice = 0;
        for (Cells where : grid.candidates) twice |= once & where, once |= where;
        if (grid.empties & ~once) return -1;  // an empty cell with no candidate
        Cells singles = once & ~twice;
        int filled = 0;
        for (int d = 0; d < 9 && singles; ++d)
            for (Cells cells = singles & grid.candidates[d]; cells; cells &= cells - 1, ++filled)
                if (!place(grid, d, lowest(cells))) return -1;  // two singles want d in one unit
        return filled;
    }

    // Places each changed digit that has one cell left in an open unit: -1 on a contradiction,
    // else how many.
    int hiddenSingles(Grid& grid) {
        int filled = 0;
        for (unsigned pending = grid.changed; pending; pending &= pending - 1) {
            int d = __builtin_ctz(pending);
            grid.changed &= ~(1u << d);
            for (unsigned open = ~grid.placed[d] & kAllUnits; open; open &= open - 1) {
                int u = __builtin_ctz(open);
                if (grid.placed[d] >> u & 1) continue;  // filled earlier in this loop
                Cells cells = grid.candidates[d] & units.cells[u];
                if (!cells) return -1;  // d has nowhere to go in this unit
                if (cells & (cells - 1)) continue;
                place(grid, d, lowest(cells));
                ++filled;
            }
        }
        return filled;
    }

    // Locked candidates of one digit's board along rows or columns (lines). A line whose cells
    // for the digit lie in one segment claims it: the box's other lines lose the digit. A box
    // whose cells lie in one segment points: the line's other boxes lose it. Steps between
    // first cells: cellStep to the segment's next cell, segStep to the next segment on the
    // line, lineStep to the next line in the box. Rows: 1, 3, 9; columns: 9, 27, 1.
    template <int cellStep, int segStep, int lineStep>
    static Cells locked(Cells where, Cells segmentAnchors, Cells lineAnchors) {
        constexpr Cells boxAnchors = anchors(2);
        Cells segments = (where | where >> cellStep | where >> 2 * cellStep) & segmentAnchors;
        Cells claiming = alone<segStep>(segments, lineAnchors), pointing = alone<lineStep>(segments, boxAnchors);
        Cells lose = (together<lineStep>(claiming, boxAnchors) & ~claiming) |
                     (together<segStep>(pointing, lineAnchors) & ~pointing);
        return where & ~(lose | lose << cellStep | lose << 2 * cellStep);
    }

    // The segments that are the only one of their group of three (first, +step, +2 step).
    template <int step>
    static Cells alone(Cells segments, Cells firsts) {
        Cells a = segments & firsts, b = segments >> step & firsts, c = segments >> 2 * step & firsts;
        return (a & ~(b | c)) | (b & ~(a | c)) << step | (c & ~(a | b)) << 2 * step;
    }

    // All three segments of each group that holds one of these.
    template <int step>
    static Cells together(Cells segments, Cells firsts) {
        Cells first = (segments | segments >> step | segments >> 2 * step) & firsts;
        return first | first << step | first << 2 * step;
    }

    // Locked candidates for every digit: whether any candidate went.
    bool lockedCandidates(Grid& grid) {
        bool removed = false;
        for (int d = 0; d < 9; ++d) {
            Cells& where = grid.candidates[d];
            Cells kept = locked<1, 3, 9>(where, kRowSegments, anchors(0));
            kept = locked<9, 27, 1>(kept, kColumnSegments, anchors(1));
            if (kept == where) continue;
            where = kept;
            grid.changed |= 1u << d;
            removed = true;
        }
        return removed;
    }

    // Naked singles until none are left, then hidden singles, then locked candidates; false
    // on a contradiction.
    bool propagate(Grid& grid) {
        for (int filled = 1; filled;) {
            filled = nakedSingles(grid);
            if (filled == 0) filled = hiddenSingles(grid);
            if (filled == 0) filled = lockedCandidates(grid);
            if (filled < 0) return false;
        }
        return true;
    }

    // MRV: an empty cell with exactly two candidates if there is one, else one with fewest.
    int fewestCandidates(const Grid& grid) {
        Cells once = 0, twice = 0, thrice = 0;
        for (Cells where : grid.candidates) thrice |= twice & where, twice |= once & where, once |= where;
        if (Cells pairs = twice & ~thrice) return lowest(pairs);
        int best = lowest(grid.empties), fewest = 10;
        for (Cells cells = grid.empties; cells; cells &= cells - 1) {
            int i = lowest(cells), count = 0;
            for (Cells where : grid.candidates) count += int(where >> i & 1);
            if (count < fewest) fewest = count, best = i;
        }
        return best;
    }

    // Propagates, then tries each candidate of the MRV cell on a copy; true once solved.
    bool search(Grid& grid) {
        if (!propagate(grid)) return false;
        if (!grid.empties) return true;
        int i = fewestCandidates(grid);
        for (int d = 0; d < 9; ++d) {
            if (!(grid.candidates[d] >> i & 1)) continue;
            Grid guess = grid;
            if (place(guess, d, i) && search(guess)) return true;
        }
        return false;
    }
};
