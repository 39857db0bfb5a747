// What the test files share besides the judge's headers: GoogleTest (and <regex>, which the
// layout test and a few others use), precompiled once per build with its templates
// instantiated, as tools/pch/judge.h is for the judge. The Makefile builds it on the judge's
// precompiled header (a chained one), so only what this file adds is parsed here.
#include "tools/pch/judge.h"

#include <regex>

#include <gtest/gtest.h>
