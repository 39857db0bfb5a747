// Known wrong. Bug: the givens are recorded at bit d (1 << (c - '0')) but the
// search tests and sets bit d-1 (1 << d for d = 0..8), so no given ever blocks
// a guess: the board fills up with digits that repeat the givens.
// Expected verdict: Wrong Answer
// Expected report contains: has two
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        int rows[9] = {}, cols[9] = {}, boxes[9] = {};
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c)
                if (board[r][c] != '.') {
                    int bit = 1 << (board[r][c] - '0');  // bit d for digit d
                    rows[r] |= bit, cols[c] |= bit, boxes[r / 3 * 3 + c / 3] |= bit;
                }
        fill(board, 0, rows, cols, boxes);
    }

private:
    bool fill(vector<vector<char>>& board, int cell, int* rows, int* cols, int* boxes) {
        if (cell == 81) return true;
        int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
        if (board[r][c] != '.') return fill(board, cell + 1, rows, cols, boxes);
        for (int d = 0; d < 9; ++d) {
            int bit = 1 << d;  // bit d-1 for digit d: disagrees with the givens
            if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
            rows[r] |= bit, cols[c] |= bit, boxes[b] |= bit;
            board[r][c] = char('1' + d);
            if (fill(board, cell + 1, rows, cols, boxes)) return true;
            rows[r] ^= bit, cols[c] ^= bit, boxes[b] ^= bit;
        }
        board[r][c] = '.';
        return false;
    }
};
