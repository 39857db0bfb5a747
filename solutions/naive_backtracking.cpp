// Naive backtracking: fill the first empty cell in row-major order with each
// digit 1-9 that its row, column and box do not hold yet, recurse, undo on
// failure. Every check scans the 27 cells of the three units.
// Time:  O(9^m * 27), m = empty cells (exponential; fine for easy puzzles only)
// Space: O(m) recursion depth
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) { solve(board); }

private:
    bool solve(vector<vector<char>>& board) {
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                if (board[r][c] != '.') continue;
                for (char d = '1'; d <= '9'; ++d) {
                    if (!canPlace(board, r, c, d)) continue;
                    board[r][c] = d;
                    if (solve(board)) return true;
                    board[r][c] = '.';
                }
                return false;  // no digit fits this cell: undo the guess above
            }
        return true;  // no empty cell left
    }

    bool canPlace(const vector<vector<char>>& board, int r, int c, char d) {
        int boxRow = r / 3 * 3, boxCol = c / 3 * 3;
        for (int i = 0; i < 9; ++i)
            if (board[r][i] == d || board[i][c] == d ||
                board[boxRow + i / 3][boxCol + i % 3] == d)
                return false;
        return true;
    }
};
