// Bool arrays: rowUsed/colUsed/boxUsed[i][d] say whether row, column or box i
// already holds digit d, so a check is O(1) instead of naive backtracking's
// scan of 27 cells. Still fills the first empty cell in row-major order.
// Time:  O(9^m), m = empty cells (exponential; fine for easy puzzles only)
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
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                if (board[r][c] != '.') continue;
                for (int d = 1; d <= 9; ++d) {
                    if (!canPlace(r, c, d)) continue;
                    mark(r, c, d, true), board[r][c] = char('0' + d);
                    if (solve(board)) return true;
                    mark(r, c, d, false), board[r][c] = '.';
                }
                return false;  // no digit fits this cell: undo the guess above
            }
        return true;  // no empty cell left
    }

    bool canPlace(int r, int c, int d) { return !rowUsed[r][d] && !colUsed[c][d] && !boxUsed[box(r, c)][d]; }

    void mark(int r, int c, int d, bool used) { rowUsed[r][d] = colUsed[c][d] = boxUsed[box(r, c)][d] = used; }

    static int box(int r, int c) { return r / 3 * 3 + c / 3; }
};
