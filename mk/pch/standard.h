// The standard library alone, precompiled once per build at CXXFLAGS (mk/quick.mk) for the
// optimised objects of core/ and the toolkit (sudoku/parallel.cpp, generator.cpp) that the tests
// and the sudoku command link, and the base that LeetCode's prelude (core/prelude.h: this and
// `using namespace std;`) is chained on for the bundled solutions. Nothing includes this file: the
// build passes it with -include-pch, so each source still includes what it uses (the g++ builds,
// make sanitize among them, compile without it).
#include <bits/stdc++.h>
