// Known wrong. Bug: the box of cell (r, c) is computed as r / 3 + c / 3, which
// runs 0..4 and merges boxes (0,1) and (1,0), (0,2), (1,1) and (2,0), ...: a
// digit may stand once per merged group, the search finds no grid and leaves
// '.' cells.
// Expected verdict: Wrong Answer
// Expected report contains: is still '.'
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        memset(rows, 0, sizeof rows), memset(cols, 0, sizeof cols), memset(boxes, 0, sizeof boxes);
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (board[r][c] != '.') place(r, c, board[r][c] - '1', true);
        solve(board, 0);
    }

private:
    bool rows[9][9], cols[9][9], boxes[9][9];

    static int box(int r, int c) { return r / 3 + c / 3; }  // should be r / 3 * 3 + c / 3

    void place(int r, int c, int d, bool used) {
        rows[r][d] = cols[c][d] = boxes[box(r, c)][d] = used;
    }

    bool solve(vector<vector<char>>& board, int cell) {
        if (cell == 81) return true;
        int r = cell / 9, c = cell % 9;
        if (board[r][c] != '.') return solve(board, cell + 1);
        for (int d = 0; d < 9; ++d) {
            if (rows[r][d] || cols[c][d] || boxes[box(r, c)][d]) continue;
            place(r, c, d, true);
            board[r][c] = char('1' + d);
            if (solve(board, cell + 1)) return true;
            place(r, c, d, false);
        }
        board[r][c] = '.';
        return false;
    }
};
