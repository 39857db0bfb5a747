// What the test files share besides the judge's headers: GoogleTest (and <regex>, which the
// layout test and a few others use), precompiled once per build with its templates
// instantiated, as tools/pch/judge.h is for the judge.
#include "tools/pch/judge.h"

#include <regex>

#include <gtest/gtest.h>
