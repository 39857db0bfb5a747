// LeetCode's C++ environment: the whole standard library pre-included and
// `using namespace std;`, so a solution file compiles exactly as pasted.
#pragma once
#include <bits/stdc++.h>
using namespace std;
