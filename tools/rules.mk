# tools/: how the build runs the tests, and how it compiles the project's own code quickly.
# Included last: it names every folder's lists.

# ---- The tests ----------------------------------------------------------------------------------

# Every folder's *_test.cpp (each fragment adds its own to TEST_SOURCES), compiled at TEST_CXXFLAGS.
TEST_OBJS  := $(patsubst %.cpp,$(OBJ)/%.o,$(TEST_SOURCES))
# A unity build of the tests (UNITY): the test files compiled together in TEST_UNIT_COUNT
# translation units (tools/unity.sh deals them by size), not one each, since each file alone
# loads the tests' header and instantiates GoogleTest's and the library's templates again.
TEST_UNIT_COUNT := 2
UNITY_OBJS := $(patsubst %,$(OBJ)/unity/tests-%.o,$(shell seq $(TEST_UNIT_COUNT)))
TEST_LINK  := $(if $(filter 1,$(UNITY)),$(UNITY_OBJS),$(TEST_OBJS))
$(TEST_OBJS) $(UNITY_OBJS): override CXXFLAGS := $(TEST_CXXFLAGS)
# Where the tests find the programs they run (the judge, the sudoku command) and this build: every
# test file is given them, one by one or in a unity unit alike, so a new one needs no line here.
$(TEST_OBJS) $(UNITY_OBJS): CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"' -DBUILD_DIR='"$(abspath $(BUILD))"' \
  -DSUDOKU_BINARY='"$(abspath $(BUILD)/sudoku)"'

$(BUILD)/tests: $(TEST_LINK) $(WRAPPERS) $(CORE_LIB) $(BUILD)/solution-list
	$(NEED_GTEST)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $(filter %.o,$^) $(GTEST_LIBS) $(SECCOMP_LIBS) $(SQLITE_LIBS) $(TESTS_LIBS)

# The units are rewritten when the list of files changes, which $(BUILD)/test-list records (with
# the count of units), or tools/unity.sh does. Static pattern rules: a generic one would offer
# make a way to remake the units' .d files.
ifeq ($(UNITY),1)
ifeq ($(JUDGE_ONLY),)
$(call record,$(BUILD)/test-list,$(TEST_UNIT_COUNT) $(TEST_SOURCES))
endif
$(UNITY_OBJS:.o=.cpp): $(OBJ)/unity/tests-%.cpp: $(BUILD)/test-list tools/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)tools/unity.sh $* $(TEST_UNIT_COUNT) $(TEST_SOURCES) > $@.tmp && mv -f $@.tmp $@
$(UNITY_OBJS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
endif

# make test: the suite in groups, TEST_SHARDS processes at a time, the longest tests first
# (tools/test_shards.sh), as many of its tests wait on a judged child or a sandbox rather than on
# a core; the Thorough suites (minutes of CPU on the hardest sets, adding no case the quick ones
# miss) only in make test-all. The sandbox's tests watch the machine's processes for the hostile
# fixtures' leftovers: they run one after another, in one process of their own beside the others.
# The run's temporary files (the judge's unnamed ones among them) go to a folder of its own, so
# that afterwards judge/sandbox/leftover_check.sh can tell any process of the run still holding
# one (a box left behind) and fail the run. The tests keep no history (HISTORY=0 for every make
# judge they start), and whatever would find the user's data folder finds the run's own
# (XDG_DATA_HOME): the developer's history is untouched.
TEST_SHARDS ?= 4
THOROUGH    := *Thorough.*
WATCH_PROCS := Files/Hostile.*:JudgeEnds.*:NoSilentFallback.*:SandboxedCompile.*:Sandbox.*
test: $(if $(QUICK_CXX),tests-longest-first) $(BUILD)/tests
	$(call say,TEST,$(BUILD)/tests)run=$$(mktemp -d $(abspath $(BUILD))/test-run.XXXXXX) && \
	  { TMPDIR=$$run HISTORY=0 XDG_DATA_HOME=$$run/data tools/test_shards.sh $(TEST_SHARDS) $(BUILD)/tests \
	      '$(THOROUGH)' '$(WATCH_PROCS)'; status=$$?; \
	    judge/sandbox/leftover_check.sh $$run || status=1; rm -rf $$run; exit $$status; }
test-thorough: $(BUILD)/tests
	$(call say,TEST,$(BUILD)/tests Thorough)$(BUILD)/tests --gtest_brief=1 --gtest_filter='$(THOROUGH)'
test-all:
	$(Q)$(MAKE) test && $(MAKE) test-thorough
sanitize:
	$(Q)$(MAKE) BUILD=$(BUILD)/sanitize CXXFLAGS="$(SANITIZE_FLAGS)" test

# make cross-arm64: the judge, the toolkit and the tests built for arm64 (an Apple Silicon Mac's
# containers) by Debian's cross compiler, against arm64's libraries from Debian's multiarch, in
# $(BUILD)/aarch64/ (judge/sandbox/README.md, "Built for arm64"). g++ alone (the quick
# build's clang objects and precompiled headers are this CPU's), the tests as unity units as the
# quick build has them, the engine without -march=native (this CPU's), the judged programs'
# runtime by the cross compiler too; serve's guard, in the tests, includes no cpp-httplib (its
# check would ask for arm64's). Under qemu-user where it is installed: the tests that start no
# arm64 process and no threads (qemu-user runs those slowly, or not at all), the solutions on
# three sets (ARM64_IN_QEMU). A test that starts a process is left to a real arm64 kernel: under
# qemu-user (Debian 12's) a dynamically linked aarch64 child spins for ever after its fork, signals
# held, on this workplace's hosts; so the run is killed after ARM64_QEMU_LIMIT seconds, never left
# to hang CI.
CROSS_ARM64     := aarch64-linux-gnu-g++
ARM64_PKGCONFIG := PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig
ARM64_PACKAGES  := sudo dpkg --add-architecture arm64 && sudo apt-get update && sudo apt-get install crossbuild-essential-arm64 libgtest-dev:arm64 libseccomp-dev:arm64 libsqlite3-dev:arm64 libcmark-gfm-dev:arm64
ARM64_IN_QEMU   := Seccomp.*:Seccomp/*:Checker.*:Reader.*:Loader.*:Registry.*:Counter.*:TextFile.*:Words.*:Engine.*:Generator.*:Sudoku*:ServeGuard.*:Printable.*:Pair.*:*.LeetcodeExample:*.LeetcodeReported:*.ProjectEuler96:-*Thorough*:*Jobs*:*Thread*:SudokuBinary.*:SudokuPipeline.*:SudokuGenerate.*:SudokuHelp.MakeHelp*:TextFile.*Diff*
ARM64_QEMU_LIMIT := 900
cross-arm64:
	@command -v $(CROSS_ARM64) >/dev/null && $(ARM64_PKGCONFIG) pkg-config --exists gtest libseccomp sqlite3 libcmark-gfm || \
	  { echo "arm64's compiler or libraries not found: $(ARM64_PACKAGES)" >&2; exit 1; }
	$(Q)$(ARM64_PKGCONFIG) $(MAKE) BUILD=$(BUILD)/aarch64 CXX=$(CROSS_ARM64) CXXFLAGS=-O2 QUICK_CXX= UNITY=1 \
	  ENGINE_CXX=$(CROSS_ARM64) ENGINE_FLAGS=-O3 LEETCODE_CXX=$(CROSS_ARM64) NEED_HTTPLIB= \
	  $(BUILD)/aarch64/bin/judge $(BUILD)/aarch64/sudoku $(BUILD)/aarch64/tests
	$(Q)if command -v qemu-aarch64-static >/dev/null; then \
	  printf '  %-6s %s\n' QEMU '$(BUILD)/aarch64/tests'; \
	  QEMU_LD_PREFIX=/usr/aarch64-linux-gnu timeout -s KILL $(ARM64_QEMU_LIMIT) qemu-aarch64-static \
	    $(BUILD)/aarch64/tests --gtest_brief=1 --gtest_filter='$(ARM64_IN_QEMU)' || \
	    { status=$$?; [ $$status -ne 137 ] || echo "arm64's tests under qemu-user killed after $(ARM64_QEMU_LIMIT) s" >&2; exit $$status; }; \
	else echo "qemu-user-static not installed: arm64's tests built, not run"; fi

# make build-check: the three changes a newcomer makes most (a solution, a test file, a file in a
# room of the judge), each a new file in a scratch copy, found built and run with no other file
# touched (tools/one_file_changes.sh).
build-check:
	$(call say,TEST,tools/one_file_changes.sh)tools/one_file_changes.sh

# ---- The quick build: the first answer in seconds -----------------------------------------------

# A newcomer's first `make judge` waits for the judge to be built: so the judge's own objects (its
# rooms, judge_main.cpp, its copy of core/) and the tests' are compiled by clang at -O0 with line
# tables, each group on one precompiled header (tools/pch/) whose templates (nlohmann/json's,
# GoogleTest's) are instantiated once in the header, not in each object. The judge's own speed is
# not what a verdict measures (the solution runs in its own process, built as LeetCode builds it);
# the toolkit, the solutions and core/ for the tests keep CXXFLAGS. Only in the default build,
# where clang 19 is installed; other builds compile as they say.
ifneq ($(QUICK_CXX),)
QUICK_FLAGS   := -O0 -g1
# The judge, the tests and the sudoku command linked by lld where it is installed (judge/rules.mk):
# the linker changes no code.
QUICK_LDFLAGS  = $(JUDGED_LINKFLAGS)
quick_compile  = $(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) $(WARNINGS) $(CPPFLAGS) -include-pch $(1)
JUDGE_PCH_OWN := $(BUILD)/pch/judge.pch
TESTS_PCH     := $(BUILD)/pch/tests.pch
CLI_PCH       := $(BUILD)/pch/cli.pch
SOLUTIONS_PCH := $(BUILD)/pch/prelude.pch
STANDARD_PCH  := $(BUILD)/pch/standard.pch

# The judge's objects, the replay's reader and explore's page (which the judge links), and the
# server's (it waits on the judge it runs, not on a core).
JUDGE_QUICK := $(OBJ)/judge/judge_main.o $(JUDGE_CORE) $(JUDGE_UNITS) $(JUDGE_CORE_LIB) \
               $(OBJ)/judge/replay/replay.o $(EXPLORE_OBJ)/page.o $(SERVE_OBJS) $(MESSAGES_LIB)
$(JUDGE_QUICK): COMPILE = $(call quick_compile,$(JUDGE_PCH_OWN))
$(JUDGE_QUICK): $(JUDGE_PCH_OWN)
# The tests' own code; the Markdown checks are the tests' too.
TESTS_QUICK := $(TEST_OBJS) $(UNITY_OBJS) $(MARKDOWN_LIB) $(SERVE_TESTS)
$(TESTS_QUICK): COMPILE = $(call quick_compile,$(TESTS_PCH))
$(TESTS_QUICK): $(TESTS_PCH)
# The sudoku command's command line (CLI11's templates). Its per-puzzle work is core/'s and the
# engine's, which keep CXXFLAGS: solving takes the same time with these objects at -O0 or -O2
# (bench/commands.sh).
$(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o: COMPILE = $(call quick_compile,$(CLI_PCH))
$(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o: $(CLI_PCH)
# The bundled solutions (for the tests and the toolkit) by clang on one precompiled prelude
# (core/prelude.h: the whole standard library, its templates instantiated there), at CXXFLAGS;
# core/ for them by clang too. The engine already is (sudoku/rules.mk).
COMPILE_SOLUTION = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(SOLUTIONS_PCH)
$(filter-out $(CXX23_WRAPPERS),$(WRAPPERS)): $(SOLUTIONS_PCH)
# core/'s optimised objects and the toolkit's parallel.o and generator.o by clang on the standard
# library alone, precompiled at CXXFLAGS (tools/pch/standard.h; solving and generating take the
# same time, bench/commands.sh); the prelude above is chained on it, adding only its `using`.
STANDARD_OBJS := $(filter $(OBJ)/%,$(CORE_LIB)) $(SUDOKU_OBJ)/parallel.o $(SUDOKU_OBJ)/generator.o
$(STANDARD_OBJS): COMPILE = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(STANDARD_PCH)
$(STANDARD_OBJS) $(SOLUTIONS_PCH): $(STANDARD_PCH)
$(STANDARD_PCH): tools/pch/standard.h $(SYSTEM_HEADERS)
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
$(BUILD)/pch/%.pch: tools/pch/%.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(NEED_JSON)
	$(if $(filter tests,$*),$(NEED_GTEST))
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) -I. -fpch-instantiate-templates $(PCH_BASE) \
	  -MD -MP -MT $@ -MF $@.d -x c++-header $< -o $@

# make test in a fresh clone, longest first. make starts the objects in the order it meets them,
# and one it meets before the header it needs is built waits for make's next pass, after all the
# rest: so the tests' units would come last, one alone on a core. For `make test`, every object
# waits (order-only) for the tests' header, so that only the precompiled headers build first (the
# judge's and the tests' on one core, LeetCode's preludes on the other); then make meets the
# command line's and the solutions' headers, chained on those, then the longest objects, and the
# short ones fill the cores at the end. Only the order changes: no object gains or loses a
# prerequisite it is rebuilt for.
ifneq ($(filter test,$(MAKECMDGOALS)),)
TESTS_LONGEST := $(CLI_PCH) $(SOLUTIONS_PCH) $(UNITY_OBJS) $(REPLAY_PCH) $(JUDGE_LINK) $(OBJ)/judge/judge_main.o \
                 $(CXX23_WRAPPERS) $(JUDGED)/board.o $(MARKDOWN_LIB) $(SUDOKU_OBJ)/sudoku.o $(EXPLORE_OBJ)/page.o
# (The units and the Markdown checks need the tests' header anyway; the solutions' header, chained
# on the standard library's, waits too, or make would meet the rest while it waits for a core.)
TESTS_GATED   := $(filter-out $(UNITY_OBJS) $(MARKDOWN_LIB),$(TESTS_LONGEST)) $(WRAPPERS) $(WRAPPERS:.o=.cc) \
                 $(JUDGE_RUNTIME) $(CORE_LIB) $(SUDOKU_LIB) $(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o \
                 $(OBJ)/judge/replay/replay.o $(JUDGE_CORE_LIB) $(EXPLORE_OBJ)/capture.o \
                 $(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)) $(SERVE_OBJS) $(SERVE_TESTS)
$(sort $(TESTS_GATED)): | $(TESTS_PCH)
.PHONY: tests-longest-first
tests-longest-first: $(TESTS_LONGEST)
endif
endif

# A tree built at one path and then at another (a container mounts it at /work; the host has it
# elsewhere) must still build. What holds the root's path (REPO_ROOT and the -D paths in objects,
# the precompiled headers' inputs, the toolchain files) is rebuilt when the root moves:
# $(BUILD)/source-root records it (rewritten, at parse time, only when it changes); with clang's
# quick build nearly every object is compiled on a precompiled header, so a move rebuilds nearly
# everything, and a build that stays put, nothing. The dependency files name what they list by
# absolute paths where the compiler does: -MP gives each a rule of its own, but clang names a
# precompiled header's input by its absolute path and gives that one none. So, before they are
# read, the old root in them becomes the new one (where it starts a path): make finds the files
# again, and rebuilds what the record says.
SOURCE_ROOT := $(BUILD)/source-root
MOVED_FROM  := $(filter-out $(CURDIR),$(shell cat $(SOURCE_ROOT) 2>/dev/null))
ifneq ($(MOVED_FROM),)
$(shell find $(BUILD) -name '*.d' -exec sed -i -E 's@(^| )$(MOVED_FROM)/@\1$(CURDIR)/@g' {} +)
endif
$(call record,$(SOURCE_ROOT),$(CURDIR))
ROOTED := $(CORE_LIB) $(JUDGE_CORE_LIB) $(SUDOKU_LIB) $(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o $(WRAPPERS) \
          $(TEST_LINK) $(SOLUTION_TEST_OBJS) $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $(JUDGE_RUNTIME) \
          $(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)) $(SERVE_OBJS) $(SERVE_TESTS) \
          $(EXPLORE_LIB) $(EXPLORE_OBJ)/explore_main.o $(EXPLORE_OBJ)/explore_test.o $(MARKDOWN_LIB) $(BENCH_OBJS) \
          $(JUDGE_PCH) $(STANDARD_PCH) $(SOLUTIONS_PCH) $(JUDGE_PCH_OWN) $(TESTS_PCH) $(CLI_PCH) $(PRELUDE_GCH) \
          $(REPLAY_PCH) $(JUDGED)/toolchain.sh $(REPLAY_TOOLCHAIN)
$(sort $(ROOTED)): $(SOURCE_ROOT)

# What each object was built from, as the compiler found it (-MMD -MP).
-include $(wildcard $(BUILD)/*/*.d $(OBJ)/*/*.d $(OBJ)/*/*/*.d $(BUILD)/pch/*/*.gch.d $(BUILD)/pch/*.pch.d \
  $(QUICK_OBJ)/*/*.d $(QUICK_OBJ)/*/*/*.d)
