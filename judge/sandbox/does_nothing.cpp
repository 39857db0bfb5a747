// Not a solution: it returns at once. standing.h times it beside the others,
// with the same compile, sandbox and cases, to measure what every judged case
// costs before any solving (the runner's exchange of the board with the judge).
class Solution {
public:
    void solveSudoku(vector<vector<char>>&) {}
};
