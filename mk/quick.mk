# The quick build: the first answer in seconds. It reads the lists of objects each folder puts on a
# precompiled header (QUICK_JUDGE, QUICK_TESTS, QUICK_CLI, QUICK_STANDARD, QUICK_PRELUDE) and the
# longest compiles of a fresh `make test` (TEST_BUILD_FIRST): mk/README.md, "The lists".
#
# A newcomer's first `make judge` waits for the judge to be built: so the judge's own objects (its
# rooms, its main, its copy of core/) and the tests' are compiled by clang at -O0 with line tables,
# each group on one precompiled header (mk/pch/) whose templates (nlohmann/json's, GoogleTest's) are
# instantiated once in the header, not in each object. The judge's own speed is not what a verdict
# measures (the solution runs in its own process, built as LeetCode builds it); the toolkit, the
# solutions and core/ for the tests keep CXXFLAGS. Only in the default build, where clang 19 is
# installed; other builds compile as they say.
ifneq ($(QUICK_CXX),)
QUICK_FLAGS   := -O0 -g1
# The judge, the tests and the sudoku command linked by lld where it is installed.
QUICK_LDFLAGS  = $(LLD_FLAGS)
quick_compile  = $(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) $(WARNINGS) $(CPPFLAGS) -include-pch $(1)
JUDGE_PCH_OWN := $(BUILD)/pch/judge.pch
TESTS_PCH     := $(BUILD)/pch/tests.pch
CLI_PCH       := $(BUILD)/pch/cli.pch
SOLUTIONS_PCH := $(BUILD)/pch/prelude.pch
STANDARD_PCH  := $(BUILD)/pch/standard.pch
ROOTED        += $(JUDGE_PCH_OWN) $(TESTS_PCH) $(CLI_PCH) $(SOLUTIONS_PCH) $(STANDARD_PCH)

# QUICK_JUDGE: the judge's objects, and those that share its headers (the server's, which waits on
# the judge it runs, not on a core).
$(QUICK_JUDGE): COMPILE = $(call quick_compile,$(JUDGE_PCH_OWN))
$(QUICK_JUDGE): $(JUDGE_PCH_OWN)
# QUICK_TESTS: the tests' own code.
QUICK_TESTS += $(TEST_OBJS) $(UNITY_OBJS)
$(QUICK_TESTS): COMPILE = $(call quick_compile,$(TESTS_PCH))
$(QUICK_TESTS): $(TESTS_PCH)
# QUICK_CLI: the command line's objects (CLI11's templates). Their per-puzzle work is core/'s and
# the engine's, which keep CXXFLAGS: solving takes the same time with these objects at -O0 or -O2
# (bench/commands.sh).
$(QUICK_CLI): COMPILE = $(call quick_compile,$(CLI_PCH))
$(QUICK_CLI): $(CLI_PCH)
# QUICK_PRELUDE: the bundled solutions (for the tests and the toolkit), by clang on one precompiled
# prelude (core/prelude.h: the whole standard library, its templates instantiated there), at
# CXXFLAGS.
COMPILE_SOLUTION = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(SOLUTIONS_PCH)
$(QUICK_PRELUDE): $(SOLUTIONS_PCH)
# QUICK_STANDARD: optimised objects by clang on the standard library alone, precompiled at CXXFLAGS
# (mk/pch/standard.h; solving and generating take the same time, bench/commands.sh); the prelude
# above is chained on it, adding only its `using`.
$(QUICK_STANDARD): COMPILE = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(STANDARD_PCH)
$(QUICK_STANDARD) $(SOLUTIONS_PCH): $(STANDARD_PCH)
$(STANDARD_PCH): mk/pch/standard.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(CXXFLAGS) -I. -fpch-instantiate-templates -MD -MP -MT $@ -MF $@.d \
	  -x c++-header $< -o $@
$(SOLUTIONS_PCH): core/prelude.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(CXXFLAGS) -I. -fpch-instantiate-templates -include-pch $(STANDARD_PCH) \
	  -MD -MP -MT $@ -MF $@.d -x c++-header $< -o $@
# The tests' and the command line's headers are chained on the judge's (clang loads it with them):
# they parse only what they add, GoogleTest or CLI11. (private: the judge's header, their
# prerequisite, must not inherit it.)
$(TESTS_PCH) $(CLI_PCH): private PCH_BASE = -include-pch $(JUDGE_PCH_OWN)
$(TESTS_PCH) $(CLI_PCH): $(JUDGE_PCH_OWN)
$(BUILD)/pch/%.pch: mk/pch/%.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(NEED_JSON)
	$(if $(filter tests,$*),$(NEED_GTEST))
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) -I. -fpch-instantiate-templates $(PCH_BASE) \
	  -MD -MP -MT $@ -MF $@.d -x c++-header $< -o $@

# make test in a fresh clone, longest first. make starts the objects in the order it meets them, and
# one it meets before the header it needs is built waits for make's next pass, after all the rest:
# so the tests' units would come last, one alone on a core. For `make test`, every object (every
# object file in ROOTED, and TEST_BUILD_FIRST) waits (order-only) for the tests' header, so that
# only the precompiled headers build first (the judge's and the tests' on one core, LeetCode's
# preludes on the other); then make meets the command line's and the solutions' headers, chained on
# those, then the tests' units and the folders' longest compiles (TEST_BUILD_FIRST: their
# precompiled headers first), and the short ones fill the cores at the end. Only the order changes:
# no object gains or loses a prerequisite it is rebuilt for.
ifneq ($(filter test,$(MAKECMDGOALS)),)
TESTS_LONGEST := $(CLI_PCH) $(SOLUTIONS_PCH) $(UNITY_OBJS) $(filter %.pch %.gch,$(TEST_BUILD_FIRST)) \
                 $(filter-out %.pch %.gch,$(TEST_BUILD_FIRST))
$(sort $(TESTS_LONGEST) $(filter %.o,$(ROOTED))): | $(TESTS_PCH)
.PHONY: tests-longest-first
tests-longest-first: $(TESTS_LONGEST)
endif
endif
