// Where the tests (and the tools the Makefile builds) find the repository: testcases/,
// solutions/, the fixtures. REPO_ROOT is the Makefile's, given to every object. One definition
// for every test file: the Makefile compiles the test files together, a few translation units
// for them all, where a definition in each file would be a second one.
#pragma once
#include <string>

inline const std::string kRoot = REPO_ROOT;
