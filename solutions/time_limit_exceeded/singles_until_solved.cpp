// Known wrong. Bug: "repeat until no cell is empty", filling naked singles
// (cells with one candidate left). Easy puzzles are solved; on a puzzle where
// no cell has a single candidate the loop makes no progress and never ends.
// Expected verdict: Time Limit Exceeded
// Expected report contains: of CPU time
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        while (!solved(board))
            for (int r = 0; r < 9; ++r)
                for (int c = 0; c < 9; ++c)
                    if (board[r][c] == '.' && __builtin_popcount(candidates(board, r, c)) == 1)
                        board[r][c] = char('1' + __builtin_ctz(candidates(board, r, c)));
    }

private:
    bool solved(const vector<vector<char>>& board) {
        for (const auto& row : board)
            if (count(row.begin(), row.end(), '.')) return false;
        return true;
    }

    int candidates(const vector<vector<char>>& board, int r, int c) {
        int used = 0;
        for (int k = 0; k < 9; ++k)
            for (char d : {board[r][k], board[k][c], board[r / 3 * 3 + k / 3][c / 3 * 3 + k % 3]})
                if (d != '.') used |= 1 << (d - '1');
        return ~used & 0x1ff;
    }
};
