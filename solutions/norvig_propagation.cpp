// Constraint propagation, Norvig-style: each cell keeps its candidates as a 9-bit
// set; eliminating a digit that leaves a cell one candidate eliminates that digit
// from the cell's 20 peers (naked singles, to a fixed point). It guesses only where
// that stalls, on the cell with fewest candidates, in a copy of the grid: no undo.
// Time:  O(9^m) worst case, m = empty cells; each elimination O(20) plus what it triggers
// Space: O(81) per search level for the copied grid, O(m) levels
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        findPeers();
        Grid grid;
        grid.fill(0x1ff);  // every digit possible everywhere until a given rules it out
        for (int cell = 0; cell < 81; ++cell) {
            char given = board[cell / 9][cell % 9];
            if (given != '.' && !assign(grid, cell, 1 << (given - '1'))) return;  // contradictory givens
        }
        if (!search(grid)) return;
        for (int cell = 0; cell < 81; ++cell) board[cell / 9][cell % 9] = char('1' + __builtin_ctz(grid[cell]));
    }

private:
    using Grid = array<int, 81>;  // grid[r * 9 + c]: bit d-1 set = digit d still possible there
    vector<int> peers[81];        // the 20 other cells in the cell's row, column and box

    void findPeers() {
        if (!peers[0].empty()) return;  // found by an earlier call on this object
        for (int cell = 0; cell < 81; ++cell)
            for (int other = 0; other < 81; ++other) {
                int r = cell / 9, c = cell % 9, r2 = other / 9, c2 = other % 9;
                bool sameBox = r / 3 == r2 / 3 && c / 3 == c2 / 3;
                if (other != cell && (r == r2 || c == c2 || sameBox)) peers[cell].push_back(other);
            }
    }

    // Keeps only `bit` in the cell by eliminating every other candidate.
    bool assign(Grid& grid, int cell, int bit) {
        for (int others = grid[cell] & ~bit; others; others &= others - 1)
            if (!eliminate(grid, cell, others & -others)) return false;
        return true;
    }

    bool eliminate(Grid& grid, int cell, int bit) {
        if (!(grid[cell] & bit)) return true;  // already gone
        grid[cell] &= ~bit;
        int left = grid[cell];
        if (!left) return false;  // contradiction: removed the last candidate
        if (left & (left - 1)) return true;  // still two or more: nothing follows
        for (int peer : peers[cell])  // a naked single: its digit leaves every peer
            if (!eliminate(grid, peer, left)) return false;
        return true;
    }

    bool search(Grid& grid) {
        int best = -1, fewest = 10;  // MRV among the cells not yet decided
        for (int cell = 0; cell < 81; ++cell) {
            int count = __builtin_popcount(grid[cell]);
            if (count > 1 && count < fewest) fewest = count, best = cell;
        }
        if (best < 0) return true;  // every cell has one candidate left: solved
        for (int mask = grid[best]; mask; mask &= mask - 1) {
            Grid guess = grid;
            if (!assign(guess, best, mask & -mask) || !search(guess)) continue;
            grid = guess;
            return true;
        }
        return false;
    }
};
