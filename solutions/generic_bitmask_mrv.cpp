// Size-generic bitmask + MRV: any side n*n (4, 9, 16, 25; symbols 1-9, A-P), so
// LeetCode's 9x9 is one case. Unlike bitmask_mrv_std_function: side and box from
// the board, 32-bit masks, and a hidden single (a value with one place left in a
// unit) goes before the fewest-candidates cell: minimal 16x16s take minutes without.
// Time:  O(side^m) worst case, m = empty cells; each level O(side^2) to choose
// Sizes: 4 9 16 25 (sudoku solve --solver takes these sides)
// Space: O(side + m) for the masks and the recursion
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        side = (int)board.size();
        n = (int)lround(sqrt(side));
        all = (1u << side) - 1;
        rows.assign(side, 0), cols.assign(side, 0), boxes.assign(side, 0);
        for (int r = 0; r < side; ++r)
            for (int c = 0; c < side; ++c)
                if (board[r][c] != '.') toggle(r, c, 1u << (value(board[r][c]) - 1));
        fill(board);
    }

private:
    struct Choice { int r = -1, c = -1; uint32_t values = 0; };  // r < 0: board full
    int side = 0, n = 0;
    uint32_t all = 0;
    vector<uint32_t> rows, cols, boxes;  // bit v-1 set: value v is placed there

    int box(int r, int c) const { return r / n * n + c / n; }
    static int value(char s) { return s <= '9' ? s - '0' : s - 'A' + 10; }
    static char symbol(int v) { return v <= 9 ? char('0' + v) : char('A' + v - 10); }
    uint32_t candidates(int r, int c) const { return ~(rows[r] | cols[c] | boxes[box(r, c)]) & all; }
    void toggle(int r, int c, uint32_t bit) { rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit; }

    // Unit u: rows 0..side-1, then columns, then boxes. Its k-th cell, its values.
    pair<int, int> cellOf(int u, int k) const {
        int i = u % side;
        if (u < side) return {i, k};
        if (u < 2 * side) return {k, i};
        return {i / n * n + k / n, i % n * n + k % n};
    }
    uint32_t placed(int u) const { return u < side ? rows[u] : u < 2 * side ? cols[u - side] : boxes[u - 2 * side]; }

    Choice mostConstrainedCell(const vector<vector<char>>& board) const {
        Choice best;
        int fewest = side + 1;
        for (int r = 0; r < side && fewest > 1; ++r)
            for (int c = 0; c < side && fewest > 1; ++c)
                if (board[r][c] == '.' && __builtin_popcount(candidates(r, c)) < fewest)
                    fewest = __builtin_popcount(candidates(r, c)), best = {r, c, candidates(r, c)};
        return best;
    }

    // A value with one place left in some unit ({r, c, that bit}) or with none
    // ({r, c, 0}: a dead end); r < 0 when there is neither.
    Choice hiddenSingle(const vector<vector<char>>& board) const {
        for (int u = 0; u < 3 * side; ++u) {
            uint32_t once = 0, twice = 0;  // values that fit at least one, two empty cells
            for (int k = 0; k < side; ++k)
                if (auto [r, c] = cellOf(u, k); board[r][c] == '.')
                    twice |= once & candidates(r, c), once |= candidates(r, c);
            uint32_t nowhere = all & ~placed(u) & ~once, single = once & ~twice;
            if (nowhere || single) return placeIn(board, u, nowhere ? 0 : single & -single);
        }
        return {};
    }

    // The empty cell of unit u that can take `bit` (any empty cell if bit is 0).
    Choice placeIn(const vector<vector<char>>& board, int u, uint32_t bit) const {
        for (int k = 0; k < side; ++k)
            if (auto [r, c] = cellOf(u, k); board[r][c] == '.' && (!bit || candidates(r, c) & bit))
                return {r, c, bit};
        return {};
    }

    bool fill(vector<vector<char>>& board) {
        Choice next = mostConstrainedCell(board);
        if (next.r < 0) return true;
        if (__builtin_popcount(next.values) > 1)
            if (Choice single = hiddenSingle(board); single.r >= 0) next = single;
        auto [r, c, values] = next;
        for (uint32_t mask = values; mask; mask &= mask - 1) {
            uint32_t bit = mask & -mask;
            toggle(r, c, bit);
            board[r][c] = symbol(__builtin_ctz(bit) + 1);
            if (fill(board)) return true;
            toggle(r, c, bit);
        }
        board[r][c] = '.';
        return false;
    }
};
