// Known wrong. Bug: fills naked singles (cells with one candidate left) until
// none is left, then returns, assuming that solves every sudoku. Easy puzzles
// are solved; on harder ones it returns with empty cells.
// Expected verdict: Wrong Answer
// Expected report contains: is still '.'
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (bool progress = true; progress;) {
            progress = false;
            for (int r = 0; r < 9; ++r)
                for (int c = 0; c < 9; ++c)
                    if (board[r][c] == '.' && __builtin_popcount(candidates(board, r, c)) == 1) {
                        board[r][c] = char('1' + __builtin_ctz(candidates(board, r, c)));
                        progress = true;
                    }
        }
    }

private:
    int candidates(const vector<vector<char>>& board, int r, int c) {
        int used = 0;
        for (int k = 0; k < 9; ++k)
            for (char d : {board[r][k], board[k][c], board[r / 3 * 3 + k / 3][c / 3 * 3 + k % 3]})
                if (d != '.') used |= 1 << (d - '1');
        return ~used & 0x1ff;
    }
};
