// Bool arrays + MRV: the same O(1) checks as bool_arrays, but before each guess
// it scans every empty cell, counts its candidates and fills the one with the
// fewest (minimum remaining values; stops scanning at a cell with 0 or 1).
// Time:  O(9^m) worst case, m = empty cells; each level O(81 * 9) to pick the cell
// Space: O(m) recursion depth, plus 3 x 9 x 10 flags
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (board[r][c] != '.') mark(r, c, board[r][c] - '0', true);
        solve(board);
    }

private:
    bool rowUsed[9][10] = {}, colUsed[9][10] = {}, boxUsed[9][10] = {};  // [unit][digit 1-9]

    bool solve(vector<vector<char>>& board) {
        int best = -1, fewest = 10;  // MRV: the empty cell (r * 9 + c) with fewest candidates
        for (int cell = 0; cell < 81 && fewest > 1; ++cell) {
            if (board[cell / 9][cell % 9] != '.') continue;
            int count = countCandidates(cell / 9, cell % 9);
            if (count < fewest) fewest = count, best = cell;
        }
        if (best < 0) return true;  // no empty cell left
        int r = best / 9, c = best % 9;
        for (int d = 1; d <= 9; ++d) {
            if (!canPlace(r, c, d)) continue;
            mark(r, c, d, true), board[r][c] = char('0' + d);
            if (solve(board)) return true;
            mark(r, c, d, false), board[r][c] = '.';
        }
        return false;  // no digit fits this cell: undo the guess above
    }

    int countCandidates(int r, int c) {
        int count = 0;
        for (int d = 1; d <= 9; ++d) count += canPlace(r, c, d);
        return count;
    }

    bool canPlace(int r, int c, int d) { return !rowUsed[r][d] && !colUsed[c][d] && !boxUsed[box(r, c)][d]; }

    void mark(int r, int c, int d, bool used) { rowUsed[r][d] = colUsed[c][d] = boxUsed[box(r, c)][d] = used; }

    static int box(int r, int c) { return r / 3 * 3 + c / 3; }
};
