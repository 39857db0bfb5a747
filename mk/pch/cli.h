// What the sudoku command's command-line objects (sudoku/sudoku.cpp, generate_command.cpp,
// sudoku_main.cpp) share: CLI11 (header-only, two thirds of their compile) and the standard
// headers, precompiled once per build with the templates instantiated, as mk/pch/judge.h is for
// the judge. Nothing includes this file: the build passes it with -include-pch, and builds it on
// the judge's precompiled header (a chained one: the standard headers are parsed there).
#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <functional>
#include <iostream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>
