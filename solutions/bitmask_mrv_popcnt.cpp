// Bitmask + MRV with the hardware popcount: bitmask_mrv_y_combinator with one
// attribute on the search lambda, target("popcnt"). Plain -O2 for x86-64 may not
// assume the POPCNT instruction, so __builtin_popcount becomes a libgcc call (g++)
// or a dozen shifts and masks (clang); here it is one instruction. The attribute is
// x86-64's: elsewhere it is left out (aarch64's popcount is cnt and addv without it).
// Time:  O(9^m) worst case, m = empty cells; each level O(m) to pick the cell
// Space: O(m) for the empties and the recursion
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        int rows[9] = {}, cols[9] = {}, boxes[9] = {};
        vector<pair<int, int>> empties;
        for (int r = 0; r < 9; ++r)
            for (int c = 0; c < 9; ++c) {
                if (board[r][c] == '.') { empties.push_back({r, c}); continue; }
                int bit = 1 << (board[r][c] - '1');
                rows[r] |= bit, cols[c] |= bit, boxes[box(r, c)] |= bit;
            }
        auto candidates = [&](int r, int c) { return ~(rows[r] | cols[c] | boxes[box(r, c)]) & 0x1ff; };

        auto fill = [&](auto&& self, int next)
#if defined(__x86_64__)
            __attribute__((target("popcnt")))
#endif
            -> bool {
            if (next == (int)empties.size()) return true;
            int best = next, fewest = 10;  // MRV: the unfilled cell with fewest candidates
            for (int i = next; i < (int)empties.size() && fewest > 1; ++i) {
                int count = __builtin_popcount(candidates(empties[i].first, empties[i].second));
                if (count < fewest) fewest = count, best = i;
            }
            swap(empties[next], empties[best]);
            auto [r, c] = empties[next];
            for (int mask = candidates(r, c); mask; mask &= mask - 1) {
                int bit = mask & -mask, d = __builtin_ctz(bit);
                rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit;
                board[r][c] = char('1' + d);
                if (self(self, next + 1)) return true;
                rows[r] ^= bit, cols[c] ^= bit, boxes[box(r, c)] ^= bit;
            }
            board[r][c] = '.';
            return false;
        };
        fill(fill, 0);
    }

private:
    static int box(int r, int c) { return r / 3 * 3 + c / 3; }
};
