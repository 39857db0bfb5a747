# judge/: the local judge, in rooms by stage (judge/README.md, "Where the code is"). Every .cpp in
# a room is found by the wildcard below and linked into the judge, and every *_test.cpp into the
# tests: a new file in a room needs no other change.
JUDGE_SOURCES := $(filter-out %_test.cpp judge/sandbox/does_nothing.cpp,\
                 $(wildcard judge/sandbox/*.cpp judge/verdict/*.cpp judge/report/*.cpp judge/findings/*.cpp judge/debug/*.cpp \
                            judge/submissions/*.cpp judge/pipeline/*.cpp))
JUDGE_CORE    := $(patsubst %.cpp,$(OBJ)/%.o,$(JUDGE_SOURCES))
JUDGE_BIN     := $(BUILD)/bin/judge
# The rooms compiled as one unity unit (UNITY), with the replay's reader and explore's page, which
# the judge links too (judge/replay/README.md): the JSON and standard templates they share are
# instantiated and compiled once.
JUDGE_UNIT_COUNT   := 1
JUDGE_UNITS        := $(patsubst %,$(OBJ)/unity/judge-%.o,$(shell seq $(JUDGE_UNIT_COUNT)))
JUDGE_UNIT_SOURCES := $(JUDGE_SOURCES) judge/replay/replay.cpp explore/page.cpp
JUDGE_LINK    := $(if $(filter 1,$(UNITY)),$(JUDGE_UNITS),$(JUDGE_CORE) $(OBJ)/judge/replay/replay.o $(OBJ)/explore/page.o)
# The judge's own copy of core/: the quick one where the quick build is (mk/quick.mk).
JUDGE_CORE_LIB = $(if $(QUICK_CXX),$(QUICK_CORE),$(CORE_LIB))

# The judge builds each solution file as LeetCode does: clang 19, C++23, -O2, ASan + UBSan
# (without clang 19: $(CXX) $(CXXSTD), and files that need C++23 are skipped), and runs each
# testcase set in a child process that it watches (judge/verdict/verdict.h).
JUDGE_CXX     := $(if $(shell command -v $(LEETCODE_CXX)),$(LEETCODE_CXX),$(CXX))
JUDGE_STD     := $(if $(shell command -v $(LEETCODE_CXX)),c++23,$(patsubst -std=%,%,$(CXXSTD)))
JUDGED        := $(BUILD)/judged
JUDGE_RUNTIME := $(addprefix $(JUDGED)/,runner.o board.o)
# clang only: the standard library parsed once for every judged file, not in each.
JUDGE_PCH     := $(if $(findstring clang,$(JUDGE_CXX)),$(JUDGED)/core-prelude.pch)
JUDGE_ARGS     = $(if $(value SETS),--sets $(call quote,SETS)) \
                 $(if $(value TIME_LIMIT_MS),--time-limit-ms $(call quote,TIME_LIMIT_MS)) \
                 $(if $(filter-out 0,$(STRICT)),--strict) $(if $(NO_SANDBOX),--no-sandbox) \
                 $(if $(value CASE),--case $(call quote,CASE)) $(if $(filter json,$(FORMAT)),--json) \
                 $(if $(value STRESS),--stress $(call quote,STRESS)) \
                 $(if $(value STRESS_SEED),--stress-seed $(call quote,STRESS_SEED)) $(LANG_ARG) \
                 $(if $(filter-out 0,$(FULL)),--full)
# make judge measures one file's standing among the bundled solutions unless STANDING=0 (the
# judge itself only when told: its tests judge many single files).
STANDING_ARG   = --standing $(if $(value STANDING),$(call quote,STANDING),quick)

# Named by their absolute paths, as the standing and the tests name them: a program is cached
# under the name its messages use (judge/verdict/program.cpp), so these are the programs they run.
all: $(JUDGE_BIN) $(JUDGED)/toolchain.sh
	$(call say,JUDGE,every bundled solution)$(JUDGE_BIN) --strict $(JUDGE_ARGS) $(foreach s,$(SOLUTIONS),'$(CURDIR)/$(s)')

JUDGE_USAGE = usage: make judge SOLUTION=path/to/file.cpp [STRICT=1] [SETS=set,...] [TIME_LIMIT_MS=n] [CASE=puzzles] [FORMAT=json] [STANDING=full|0] [STRESS=seconds [STRESS_SEED=n]] [JUDGE_LANG=zh_CN|en] [FULL=1]
# STRESS= feeds the file puzzles from the toolkit's generator, the sudoku command.
judge: $(JUDGE_BIN) $(JUDGED)/toolchain.sh $(if $(value STRESS),$(BUILD)/sudoku)
	@test -n $(call quote,SOLUTION) || { echo "$(JUDGE_USAGE)" >&2; exit 2; }
	@case $(call quote,FORMAT) in ''|text|json) ;; *) echo "FORMAT is text or json; $(JUDGE_USAGE)" >&2; exit 2;; esac
	$(Q)$(JUDGE_BIN) $(JUDGE_ARGS) $(STANDING_ARG) $(RECORD_ARG) -- $(call quote,SOLUTION)

# make debug: the file in gdb on one case (judge/debug/debug.h); GDB_FLAGS is split by the
# shell, as typed, and goes on gdb's command line after the breakpoint.
DEBUG_USAGE = usage: make debug SOLUTION=path/to/file.cpp [CASE=puzzle] [GDB_FLAGS='-batch -ex run ...']
DEBUG_CASE  = $(if $(value CASE),--case $(call quote,CASE)) $(LANG_ARG)
debug: $(JUDGE_BIN) $(JUDGED)/toolchain.sh
	@test -n $(call quote,SOLUTION) || { echo "$(DEBUG_USAGE)" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --debug $(DEBUG_CASE) -- $(call quote,SOLUTION) $(GDB_FLAGS)
debug-build: $(JUDGE_BIN) $(JUDGED)/toolchain.sh
	@test -n $(call quote,SOLUTION) || { echo "$(DEBUG_USAGE)" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --debug-build $(DEBUG_CASE) -- $(call quote,SOLUTION)

# The judge's objects, longest to compile first: make starts them in the order it meets them, so
# the short ones fill the cores at the end; then the history's store, the report's messages, and
# its words' catalogues.
$(JUDGE_BIN): $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $$(JUDGE_CORE_LIB) $$(HISTORY_LIB) $$(MESSAGES_LIB) | $$(CATALOGUES)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $^ $(SECCOMP_LIBS) $(SQLITE_LIBS)
$(JUDGE_CORE) $(JUDGE_UNITS) $(OBJ)/judge/judge_main.o: | need-json
# The runner's seccomp program is compiled by libseccomp, for the CPU the judge is built for
# (judge/sandbox/README.md, "The seccomp program"); the judge and the tests link it.
NEED_SECCOMP = @pkg-config --exists libseccomp || { echo "libseccomp not found: sudo apt-get install libseccomp-dev" >&2; exit 1; }
SECCOMP_LIBS = $(shell pkg-config --libs libseccomp 2>/dev/null)
$(JUDGE_CORE) $(JUDGE_UNITS): | need-seccomp
.PHONY: need-seccomp
need-seccomp:
	$(NEED_SECCOMP)
$(OBJ)/judge/verdict/verdict.o: CPPFLAGS += -DJUDGED_DIR='"$(abspath $(JUDGED))"'
ifeq ($(UNITY),1)
$(call record,$(BUILD)/judge-list,$(JUDGE_UNIT_COUNT) $(JUDGE_UNIT_SOURCES))
$(JUDGE_UNITS:.o=.cpp): $(OBJ)/unity/judge-%.cpp: $(BUILD)/judge-list mk/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)mk/unity.sh $* $(JUDGE_UNIT_COUNT) $(JUDGE_UNIT_SOURCES) > $@.tmp && mv -f $@.tmp $@
$(JUDGE_UNITS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
$(JUDGE_UNITS): CPPFLAGS += -DJUDGED_DIR='"$(abspath $(JUDGED))"'
endif

# The flags judged programs are compiled with, recorded: a change rebuilds the prelude and the
# runner, and so the toolchain file, and every program with it.
$(call record,$(JUDGED)/flags-choice,$(LEETCODE_FLAGS))
$(JUDGE_RUNTIME) $(JUDGE_PCH): $(JUDGED)/flags-choice

# The runner every judged program is linked with, built by the judge's compiler; with clang, on
# the judged files' own precompiled prelude (a fresh clone's first verdict waits for them).
$(JUDGED)/runner.o: judge/sandbox/runner.cpp
$(JUDGED)/board.o: core/board.cpp
$(JUDGE_RUNTIME): $(JUDGE_PCH)
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(JUDGE_CXX) -std=$(JUDGE_STD) $(LEETCODE_FLAGS) $(WARNINGS) $(CPPFLAGS) \
	  $(if $(JUDGE_PCH),-include-pch $(JUDGE_PCH)) -c $(filter %.cpp,$^) -o $@

# -fpch-instantiate-templates: the templates the standard library's own inline functions use are
# instantiated in the header, once, not at the end of every judged file; the code each file
# compiles to is the same, byte for byte (judge/verdict/README.md).
$(JUDGED)/core-prelude.pch: core/prelude.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(JUDGE_CXX) -std=$(JUDGE_STD) $(LEETCODE_FLAGS) -fpch-instantiate-templates -x c++-header $< -o $@

# The judged program is linked by lld where it is installed (quicker than GNU ld on ASan's
# runtime): the linker changes no compiled code. Recorded, so that installing lld, or losing it,
# rewrites the toolchain file.
JUDGED_LINKFLAGS := $(LLD_FLAGS)
$(call record,$(JUDGED)/link-choice,$(JUDGED_LINKFLAGS))

# Read by judge/sandbox/build_solution.sh; rewritten with the runtime, so programs linked with an
# older runtime are rebuilt.
$(JUDGED)/toolchain.sh: $(JUDGE_RUNTIME) $(JUDGE_PCH) $(JUDGED)/link-choice
	@printf '%s\n' "# How judge/sandbox/build_solution.sh builds a solution for the judge (written by make)" \
	  "cxx='$(JUDGE_CXX)'" "standard='$(JUDGE_STD)'" "flags='$(LEETCODE_FLAGS)'" \
	  "includes='$(if $(JUDGE_PCH),-include-pch $(abspath $(JUDGE_PCH)) )-I$(CURDIR)'" \
	  "runtime='$(abspath $(JUDGE_RUNTIME))'" "linkflags='$(JUDGED_LINKFLAGS)'" \
	  "stamp='$$(cat $(JUDGE_RUNTIME) $(JUDGE_PCH) | md5sum | cut -c1-32)'" > $@

# The shared lists (mk/README.md). The judge's tests judge the known-wrong files (they
# need the runtime it links them with), run the judge itself, interrupt and kill it, and run make
# with this build; the sandbox's watch the machine's processes for the hostile fixtures' leftovers,
# so they run apart, and after the run no process may hold one of its temporary files (a box left
# behind). The judge's own objects on its precompiled header; for arm64, the judge beside the tests.
TEST_SOURCES     += $(wildcard judge/*_test.cpp judge/*/*_test.cpp)
$(BUILD)/tests: $(JUDGE_LINK) | $(JUDGED)/toolchain.sh $(JUDGE_BIN)
TESTS_LIBS       += $(SECCOMP_LIBS)
TEST_DEFINES     += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"'
TESTS_ALONE      += Files/Hostile.* JudgeEnds.* NoSilentFallback.* SandboxedCompile.* Sandbox.*
TEST_RUN_CHECKS  += judge/sandbox/leftover_check.sh
QUICK_JUDGE      += $(OBJ)/judge/judge_main.o $(JUDGE_CORE) $(JUDGE_UNITS)
TEST_BUILD_FIRST += $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $(JUDGED)/board.o
ROOTED           += $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $(JUDGE_RUNTIME) $(JUDGE_PCH) $(JUDGED)/toolchain.sh
ARM64_GOALS      += $(JUDGE_BIN)
ARM64_LIBRARIES  += libseccomp
ARM64_PACKAGES   += libseccomp-dev:arm64
ARM64_IN_QEMU    += Seccomp.* Seccomp/* Printable.* Words.*
