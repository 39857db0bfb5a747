// Bitmask + MRV written blog-style: global arrays and free functions around a
// dfs(), the same search as bitmask_mrv_std_function. solveSudoku resets every
// global first (LeetCode runs many cases in one process), and bitOf/digitOf are
// the only places that know the bit convention: digit d <-> bit d-1.
// Time:  O(9^m) worst case, m = empty cells; each level O(m) to pick the cell
// Space: O(m) for the empties and the recursion
int rows[9], cols[9], boxes[9];  // bit d-1 set: digit d is used in that row, column, box
vector<pair<int, int>> empties;  // the cells to fill; [0, next) are filled already

int box(int r, int c) { return r / 3 * 3 + c / 3; }
int bitOf(char digit) { return 1 << (digit - '1'); }              // '1' -> bit 0, '9' -> bit 8
char digitOf(int bit) { return char('1' + __builtin_ctz(bit)); }  // bit != 0: ctz(0) is undefined
int candidates(int r, int c) { return ~(rows[r] | cols[c] | boxes[box(r, c)]) & 0x1ff; }
void flip(int r, int c, int bit) { rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit; }

// Forgets the previous case, then records the givens and the empty cells.
void reset(const vector<vector<char>>& board) {
    memset(rows, 0, sizeof rows), memset(cols, 0, sizeof cols), memset(boxes, 0, sizeof boxes);
    empties.clear();
    for (int r = 0; r < 9; ++r)
        for (int c = 0; c < 9; ++c) {
            if (board[r][c] == '.') empties.push_back({r, c});
            else flip(r, c, bitOf(board[r][c]));
        }
}

// MRV: swaps the unfilled cell with the fewest candidates to position next.
void pickCell(int next) {
    int best = next, fewest = 10;
    for (int i = next; i < (int)empties.size() && fewest > 1; ++i) {
        int count = __builtin_popcount(candidates(empties[i].first, empties[i].second));
        if (count < fewest) fewest = count, best = i;
    }
    swap(empties[next], empties[best]);
}

bool dfs(vector<vector<char>>& board, int next) {
    if (next == (int)empties.size()) return true;
    pickCell(next);
    auto [r, c] = empties[next];
    for (int mask = candidates(r, c); mask; mask &= mask - 1) {
        int bit = mask & -mask;
        flip(r, c, bit), board[r][c] = digitOf(bit);
        if (dfs(board, next + 1)) return true;
        flip(r, c, bit);
    }
    board[r][c] = '.';
    return false;
}

class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        reset(board);
        dfs(board, 0);
    }
};
