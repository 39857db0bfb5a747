// Dancing Links: Knuth's Algorithm X on the exact-cover matrix. One row per choice
// "cell (r, c) holds symbol s", one column per constraint met exactly once: each
// cell, row-symbol, column-symbol and box-symbol (729 x 324 for 9x9). Size-generic:
// side n = 4, 9, 16 or 25, symbols 1-9 then A-P. Branches on the smallest column.
// Time:  exponential worst case; O(n^3) to build the matrix, O(1) to (un)link a node
// Sizes: 4 9 16 25 (sudoku solve --solver takes these sides)
// Space: O(n^3) nodes, 4 per row
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        n = board.size();
        for (side = 1; side * side < n; ++side) {}
        build();
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                if (board[r][c] != '.') select(firstNode[(r * n + c) * n + index(board[r][c])]);
        if (!search()) return;
        for (int node : chosen) {
            int row = rowOf[node], cell = row / n;
            board[cell / n][cell % n] = symbol(row % n);
        }
    }

private:
    // Node 0 is the root, nodes 1..4n^2 the column headers, then 4 nodes per row.
    // L R link a row's nodes (and the headers) in a circle, U D a column's nodes.
    vector<int> L, R, U, D, C;  // C: a node's column header
    vector<int> S;              // S[c]: how many rows column c still has
    vector<int> rowOf;          // a node's matrix row: (r * n + c) * n + s
    vector<int> firstNode;      // a matrix row's first node
    vector<int> chosen;         // one node of each row the search has selected
    int n = 0, side = 0;

    void build() {
        int columns = 4 * n * n;
        for (int i = 0; i <= columns; ++i) {
            L.push_back(i == 0 ? columns : i - 1), R.push_back(i == columns ? 0 : i + 1);
            U.push_back(i), D.push_back(i), C.push_back(i), rowOf.push_back(-1);
        }
        S.assign(columns + 1, 0);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                for (int s = 0; s < n; ++s) addRow(r, c, s);
    }

    // Appends the row "(r, c) holds s": its 4 nodes, each at the bottom of its column.
    void addRow(int r, int c, int s) {
        int b = r / side * side + c / side, first = L.size();
        int columns[4] = {r * n + c, n * n + r * n + s, 2 * n * n + c * n + s, 3 * n * n + b * n + s};
        firstNode.push_back(first);
        for (int k = 0; k < 4; ++k) {
            int node = first + k, col = 1 + columns[k];
            L.push_back(k == 0 ? first + 3 : node - 1), R.push_back(k == 3 ? first : node + 1);
            U.push_back(U[col]), D.push_back(col), C.push_back(col), rowOf.push_back((r * n + c) * n + s);
            D[U[col]] = node, U[col] = node, ++S[col];
        }
    }

    // Unlinks column c from the header list and every row that meets c from the
    // other columns; the removed nodes keep their links, so uncover can restore them.
    void cover(int c) {
        L[R[c]] = L[c], R[L[c]] = R[c];
        for (int i = D[c]; i != c; i = D[i])
            for (int j = R[i]; j != i; j = R[j]) U[D[j]] = U[j], D[U[j]] = D[j], --S[C[j]];
    }

    // Undoes cover(c), relinking in exactly the reverse order.
    void uncover(int c) {
        for (int i = U[c]; i != c; i = U[i])
            for (int j = L[i]; j != i; j = L[j]) ++S[C[j]], U[D[j]] = j, D[U[j]] = j;
        L[R[c]] = c, R[L[c]] = c;
    }

    // A given: takes its row into the cover by covering every column it meets.
    void select(int node) {
        int j = node;
        do cover(C[j]), j = R[j]; while (j != node);
    }

    bool search() {
        if (R[0] == 0) return true;  // every column is covered exactly once
        int c = smallestColumn();
        cover(c);
        for (int i = D[c]; i != c; i = D[i]) {
            for (int j = R[i]; j != i; j = R[j]) cover(C[j]);
            chosen.push_back(i);
            if (search()) return true;
            chosen.pop_back();
            for (int j = L[i]; j != i; j = L[j]) uncover(C[j]);
        }
        uncover(c);
        return false;  // no row of c fits: back to the choice above
    }

    int smallestColumn() {
        int best = R[0];
        for (int c = R[best]; c != 0 && S[best] > 1; c = R[c])
            if (S[c] < S[best]) best = c;
        return best;
    }

    static char symbol(int s) { return s < 9 ? char('1' + s) : char('A' + s - 9); }
    static int index(char symbol) { return symbol <= '9' ? symbol - '1' : symbol - 'A' + 9; }
};
