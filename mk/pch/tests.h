// What the test files share besides the judge's headers: GoogleTest (and <regex>, which the
// layout test and a few others use), precompiled once per build with its templates instantiated,
// as mk/pch/judge.h is for the judge. The build makes it on the judge's precompiled header (a
// chained one), so only what this file adds is parsed here.
#include "mk/pch/judge.h"

#include <regex>

#include <gtest/gtest.h>
