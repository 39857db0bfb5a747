// Known wrong. Bug: an iterative backtracker that does not remember which cells
// were given. Walking forward it skips filled cells; when it backs up it takes
// whatever cell it lands on, a given too, and tries that cell's next digit:
// givens get overwritten.
// Expected verdict: Wrong Answer
// Expected report contains: given at
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        bool backing = false;
        for (int i = 0; i >= 0 && i < 81;) {
            char& cell = board[i / 9][i % 9];
            if (!backing && cell != '.') { ++i; continue; }
            char d = cell == '.' ? '1' : char(cell + 1);  // a given is "advanced" like a guess
            cell = '.';
            while (d <= '9' && !fits(board, i / 9, i % 9, d)) ++d;
            if (d <= '9') cell = d, ++i, backing = false;
            else --i, backing = true;
        }
    }

private:
    bool fits(const vector<vector<char>>& board, int r, int c, char d) {
        for (int k = 0; k < 9; ++k)
            if (board[r][k] == d || board[k][c] == d ||
                board[r / 3 * 3 + k / 3][c / 3 * 3 + k % 3] == d)
                return false;
        return true;
    }
};
