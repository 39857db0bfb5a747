// Iterative DFS: the bitmask + MRV search of bitmask_mrv_std_function with an
// explicit stack instead of recursion. Each frame is one filled level: the
// candidates its cell has not tried yet and the digit bit it holds now.
// Backtracking is pop_back; the depth can never overflow the call stack.
// Time:  O(9^m) worst case, m = empty cells; each level O(m) to pick the cell
// Space: O(m) for the empties and the stack
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                if (board[r][c] == '.') { empties.push_back({r, c}); continue; }
                flip(r, c, 1 << (board[r][c] - '1'));
            }
        if (!empties.empty()) search(board);
    }

private:
    struct Frame {
        int untried;  // candidate bits of this level's cell not tried yet
        int placed;   // the bit of the digit in the cell now, 0 if none
    };
    int rows[9] = {}, cols[9] = {}, boxes[9] = {};  // bit d-1 set: digit d used
    vector<pair<int, int>> empties;                 // level i fills empties[i]

    void search(vector<vector<char>>& board) {
        vector<Frame> stack{{pickCell(0), 0}};
        while (!stack.empty()) {
            int level = stack.size() - 1;
            auto [r, c] = empties[level];
            Frame& top = stack.back();
            if (top.placed) flip(r, c, top.placed);  // undo the digit tried last here
            if (!top.untried) { board[r][c] = '.'; stack.pop_back(); continue; }  // dead end: back up
            top.placed = top.untried & -top.untried;
            top.untried ^= top.placed;
            flip(r, c, top.placed);
            board[r][c] = char('1' + __builtin_ctz(top.placed));
            if (level + 1 == (int)empties.size()) return;  // every empty cell is filled
            stack.push_back({pickCell(level + 1), 0});
        }
    }

    // MRV: swaps the unfilled cell with the fewest candidates to position next
    // and returns its candidates.
    int pickCell(int next) {
        int best = next, fewest = 10;
        for (int i = next; i < (int)empties.size() && fewest > 1; ++i) {
            int count = __builtin_popcount(candidates(empties[i].first, empties[i].second));
            if (count < fewest) fewest = count, best = i;
        }
        swap(empties[next], empties[best]);
        return candidates(empties[next].first, empties[next].second);
    }

    int candidates(int r, int c) { return ~(rows[r] | cols[c] | boxes[box(r, c)]) & 0x1ff; }
    void flip(int r, int c, int bit) { rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit; }
    static int box(int r, int c) { return r / 3 * 3 + c / 3; }
};
