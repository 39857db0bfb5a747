# sudoku-solutions: LeetCode 37 solutions and a local judge.  `make help` lists the targets.

# Every core unless told otherwise (make -j1), and one short line per step (V=1: whole commands).
# (At the top level only: a sub-make shares its parent's job slots; -jN on the command line wins.)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc)
endif
MAKEFLAGS += --no-print-directory
Q      = $(if $(filter-out 0,$(V)),,@)
# $(call say,STEP,TARGET): the short line, where V is not set; put before the command.
say    = $(if $(filter-out 0,$(V)),,@printf '  %-6s %s\n' '$(1)' '$(2)';)

CXX      ?= g++
CXXSTD   ?= -std=c++17
CXXFLAGS ?= -O2 -g
# One build directory per configuration, so that switching compiler or flags never mixes
# objects and never rebuilds what is built: build/ for the default, g++ -std=c++17 -O2 -g;
# build/<compiler><flags>/ for another (make CXX=clang++ test: build/clang++-std=c++17-O2-g/).
# make sanitize, make leetcode and the benchmarks have folders of their own below $(BUILD).
ifeq ($(strip $(CXX) $(CXXSTD) $(CXXFLAGS)),g++ -std=c++17 -O2 -g)
BUILD    ?= build
# The toolkit's engine with clang where it is (see ENGINE_FLAGS below).
ENGINE_CXX ?= $(if $(shell command -v clang++-19),clang++-19,$(CXX))
# The judge's own objects and the tests' with clang and precompiled headers, where it is
# ("The first answer in seconds", below).
QUICK_CXX  ?= $(if $(shell command -v clang++-19),clang++-19)
else
BUILD    ?= build/$(subst /,_,$(notdir $(CXX))$(subst $() ,,$(CXXSTD)$(CXXFLAGS)))
endif
WARNINGS := -Wall -Wextra
CPPFLAGS += -I. -DREPO_ROOT='"$(CURDIR)"' -MMD -MP
ALLFLAGS  = $(CXXSTD) $(CXXFLAGS) $(WARNINGS) $(CPPFLAGS)
# How an object of the project's own code is compiled (the judge's and the tests' differ: below),
# and a wrapped solution.
COMPILE   = $(CXX) $(ALLFLAGS)
COMPILE_SOLUTION = $(CXX) $(ALLFLAGS)

# LeetCode compiles with a recent clang at -std=c++23 -O2 with sanitizers on.
LEETCODE_CXX ?= clang++-19
LEETCODE_FLAGS := -O2 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined
SANITIZE_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

SOLUTIONS  := $(wildcard solutions/*.cpp)

# Solutions whose header says `// Needs: C++23` (deducing this) are compiled by
# CXX23: $(CXX) where it accepts C++23's deducing this, else $(LEETCODE_CXX)
# (clang 19 links with g++'s objects: the same libstdc++). Where neither does,
# wrap.sh --skip registers them as skipped and the tests report them SKIPPED.
CXX23_SOLUTIONS := $(shell grep -l '^// Needs: C++23' $(SOLUTIONS) /dev/null)
accepts_cxx23    = $(shell echo 'auto f = [](this auto&&) {};' | $(1) -std=c++23 -fsyntax-only -x c++ - 2>/dev/null && echo yes)
# `make judge` alone builds no wrapped solution, so it skips this probe: two compiler runs, 0.6 s
# of its 1 s in make here, before a user's file is even compiled.
# (STRESS= needs the sudoku command, built with every solution: then the probe runs.)
JUDGE_ONLY := $(if $(value STRESS),,$(if $(MAKECMDGOALS),$(if $(filter-out judge debug debug-build,$(MAKECMDGOALS)),,yes)))
ifneq ($(CXX23_SOLUTIONS),)
ifeq ($(JUDGE_ONLY),)
CXX23 := $(if $(call accepts_cxx23,$(CXX)),$(CXX),$(if $(call accepts_cxx23,$(LEETCODE_CXX)),$(LEETCODE_CXX)))
endif
endif
CXX23_WRAPPERS := $(patsubst solutions/%.cpp,$(BUILD)/solutions/%.$(if $(CXX23),o,skipped.o),$(CXX23_SOLUTIONS))
CXX23_MISSING  := needs C++23 (deducing this), and neither $(CXX) nor $(LEETCODE_CXX) here compiles it: sudo apt-get install clang-19
# The objects in $(BUILD)/objects/ mirror the source tree: core/board.cpp -> $(BUILD)/objects/core/board.o.
OBJ        := $(BUILD)/objects
# core/: the files every puzzle's work goes through (CORE_HOT: the board, the checker, the reader,
# the counter), built at CXXFLAGS for the toolkit's speed, and the rest (the testcase files, the
# registry, the catalogue, the words, a file's text), which only run at start-up or on an error:
# where the judge's quick objects are built ("The first answer in seconds", below), the tests
# and the toolkit link the judge's copies of those (about 6 s of CPU less in a fresh clone).
QUICK_OBJ  := $(BUILD)/objects-quick
CORE_HOT   := board checker reader counter
CORE_COLD  := testcases registry catalog words text_file
# Unity builds (several files compiled as one translation unit, each still a file of its own):
# the tests', the judge's, and the quick copies of core/, where clang's quick build is ("The first
# answer in seconds", below). UNITY=0: one object a file.
UNITY      ?= $(if $(QUICK_CXX),1,0)
# core/'s quick copies as two units: the cold files (the judge's, the tests' and the toolkit's)
# and the hot ones (the judge's own): 3.1 s of CPU one file at a time, 1.2 s as one unit, here.
QUICK_CORE_UNITS := $(if $(QUICK_CXX),$(if $(filter 1,$(UNITY)),$(QUICK_OBJ)/core/cold-unit.o $(QUICK_OBJ)/core/hot-unit.o))
QUICK_CORE_COLD  := $(if $(QUICK_CORE_UNITS),$(QUICK_OBJ)/core/cold-unit.o,$(addprefix $(QUICK_OBJ)/core/,$(CORE_COLD:=.o)))
CORE_LIB   := $(addprefix $(OBJ)/core/,$(CORE_HOT:=.o)) \
              $(if $(QUICK_CXX),$(QUICK_CORE_COLD),$(addprefix $(OBJ)/core/,$(CORE_COLD:=.o)))
# The sudoku toolkit (sudoku/) uses core/'s board, checker, reader and counter; the judge
# never uses it. Its objects go to $(BUILD)/objects/sudoku/, since $(BUILD)/sudoku is the command.
SUDOKU_OBJ := $(OBJ)/sudoku
SUDOKU_LIB := $(addprefix $(SUDOKU_OBJ)/,engine.o parallel.o generator.o)
CLI_LIB    := $(addprefix $(SUDOKU_OBJ)/,sudoku.o generate_command.o)
WRAPPERS   := $(patsubst solutions/%.cpp,$(BUILD)/solutions/%.o,$(filter-out $(CXX23_SOLUTIONS),$(SOLUTIONS))) \
              $(CXX23_WRAPPERS)
# The Markdown pages' checks (markdown/): links and anchors resolve; translated pages in step.
MARKDOWN_OBJ := $(OBJ)/markdown
MARKDOWN_LIB := $(MARKDOWN_OBJ)/markdown.o
TEST_SOURCES := $(wildcard core/*_test.cpp judge/*_test.cpp judge/*/*_test.cpp solutions/tests/*_test.cpp \
                sudoku/*_test.cpp markdown/*_test.cpp)
TEST_OBJS  := $(patsubst %.cpp,$(OBJ)/%.o,$(filter-out sudoku/% markdown/%,$(TEST_SOURCES))) \
              $(patsubst sudoku/%.cpp,$(SUDOKU_OBJ)/%.o,$(filter sudoku/%,$(TEST_SOURCES))) \
              $(patsubst markdown/%.cpp,$(MARKDOWN_OBJ)/%.o,$(filter markdown/%,$(TEST_SOURCES)))
# A unity build of the tests: the test files compiled together in two translation units
# (tools/unity.sh deals them by size), not one each. Each file alone loads the tests' header and
# instantiates GoogleTest's and the library's templates again: the 33 files took 32 s of CPU one
# by one and 13 s as one unit; the 36 of 2026-12-04 11.7 s in three units, 10.6 in two, here.
# Where clang's quick build is (UNITY, above); UNITY=0: one object a file (quicker to rebuild
# after editing one test file).
TEST_UNIT_COUNT := 2
UNITY_OBJS := $(patsubst %,$(OBJ)/unity/tests-%.o,$(shell seq $(TEST_UNIT_COUNT)))
TEST_LINK  := $(if $(filter 1,$(UNITY)),$(UNITY_OBJS),$(TEST_OBJS))

GTEST_LIBS  = $(shell pkg-config --libs gtest 2>/dev/null)
NEED_GTEST  = @pkg-config --exists gtest || { echo "GoogleTest not found: sudo apt-get install libgtest-dev pkg-config" >&2; exit 1; }

.PHONY: all test test-thorough test-all sanitize leetcode clean help
.PHONY: table
.DEFAULT_GOAL := all

# The judge (judge/verdict/verdict.h) builds each solution file as LeetCode does: clang 19,
# C++23, -O2, ASan + UBSan (without clang 19: $(CXX) $(CXXSTD), and files that need
# C++23 are skipped), and runs each testcase set in a child process that it watches.
JUDGE_CXX     := $(if $(shell command -v $(LEETCODE_CXX)),$(LEETCODE_CXX),$(CXX))
JUDGE_STD     := $(if $(shell command -v $(LEETCODE_CXX)),c++23,$(patsubst -std=%,%,$(CXXSTD)))
JUDGED        := $(BUILD)/judged
JUDGE_RUNTIME := $(addprefix $(JUDGED)/,runner.o board.o)
# clang only: the standard library parsed once (1.7 s of each file's 2 s compile).
JUDGE_PCH     := $(if $(findstring clang,$(JUDGE_CXX)),$(JUDGED)/core-prelude.pch)
# The judge's rooms, one a stage (judge/README.md, "Where the code is").
JUDGE_SOURCES := $(filter-out %_test.cpp judge/sandbox/does_nothing.cpp,\
                 $(wildcard judge/sandbox/*.cpp judge/verdict/*.cpp judge/report/*.cpp judge/findings/*.cpp judge/debug/*.cpp))
JUDGE_CORE    := $(patsubst %.cpp,$(OBJ)/%.o,$(JUDGE_SOURCES))
# The rooms compiled as one unity unit, as the tests are (UNITY, above): 17 s of CPU one file at
# a time, 4.6 s in two units and 3.5 s in one, here (the JSON and standard templates they share
# instantiated and compiled once); with the replay's reader and explore's page, which the judge
# links too (judge/replay/README.md), 4.2 s where the unit and the two objects took 5.3.
JUDGE_UNIT_COUNT := 1
JUDGE_UNITS   := $(patsubst %,$(OBJ)/unity/judge-%.o,$(shell seq $(JUDGE_UNIT_COUNT)))
JUDGE_UNIT_SOURCES := $(JUDGE_SOURCES) judge/replay/replay.cpp explore/page.cpp
JUDGE_LINK    := $(if $(filter 1,$(UNITY)),$(JUDGE_UNITS),$(JUDGE_CORE) $(OBJ)/judge/replay/replay.o $(OBJ)/explore/page.o)
JUDGE_BIN     := $(BUILD)/bin/judge
# $(call quote,VAR): VAR's text exactly as given, as one shell word ('$$', spaces, '&' kept).
quote          = '$(subst ','\'',$(value $(1)))'
# $(call record,FILE,TEXT): FILE holds TEXT, rewritten at parse time only when TEXT changes, so that
# what depends on FILE is remade when a list or a choice changes, and only then (TEXT: no commas).
record         = $(shell mkdir -p $(dir $(1)) && echo '$(2)' | cmp -s - $(1) || echo '$(2)' > $(1))
JUDGE_ARGS     = $(if $(value SETS),--sets $(call quote,SETS)) \
                 $(if $(value TIME_LIMIT_MS),--time-limit-ms $(call quote,TIME_LIMIT_MS)) \
                 $(if $(filter-out 0,$(STRICT)),--strict) $(if $(NO_SANDBOX),--no-sandbox) \
                 $(if $(value CASE),--case $(call quote,CASE)) $(if $(filter json,$(FORMAT)),--json) \
                 $(if $(value STRESS),--stress $(call quote,STRESS)) \
                 $(if $(value STRESS_SEED),--stress-seed $(call quote,STRESS_SEED)) $(LANG_ARG)
# make judge measures one file's standing among the bundled solutions unless STANDING=0 (the
# judge itself only when told: its tests judge many single files).
STANDING_ARG   = --standing $(if $(value STANDING),$(call quote,STANDING),quick)

.PHONY: judge
# Named by their absolute paths, as the standing and the tests name them: a program is cached
# under the name its messages use (judge/verdict/program.cpp), so these are the programs they run.
all: $(JUDGE_BIN) $(JUDGED)/toolchain.sh ## Judge every bundled solution: the LeetCode tier and the sets each declares must pass
	$(call say,JUDGE,every bundled solution)$(JUDGE_BIN) --strict $(JUDGE_ARGS) $(foreach s,$(SOLUTIONS),'$(CURDIR)/$(s)')

JUDGE_USAGE = usage: make judge SOLUTION=path/to/file.cpp [STRICT=1] [SETS=set,...] [TIME_LIMIT_MS=n] [CASE=puzzles] [FORMAT=json] [STANDING=full|0] [STRESS=seconds [STRESS_SEED=n]] [JUDGE_LANG=zh_CN|en]
# STRESS= feeds the file puzzles from the toolkit's generator, the sudoku command.
judge: $(JUDGE_BIN) $(JUDGED)/toolchain.sh $(if $(value STRESS),$(BUILD)/sudoku) ## Judge one file: make judge SOLUTION=f.cpp [STRICT=1] [SETS=a,b] [TIME_LIMIT_MS=n] [CASE='board = [[...]]'] [FORMAT=json] [STANDING=full|0] [STRESS=seconds [STRESS_SEED=n]]
	@test -n $(call quote,SOLUTION) || { echo "$(JUDGE_USAGE)" >&2; exit 2; }
	@case $(call quote,FORMAT) in ''|text|json) ;; *) echo "FORMAT is text or json; $(JUDGE_USAGE)" >&2; exit 2;; esac
	$(Q)$(JUDGE_BIN) $(JUDGE_ARGS) $(STANDING_ARG) -- $(call quote,SOLUTION)

# make debug: the file in gdb on one case (judge/debug/debug.h); GDB_FLAGS is split by the
# shell, as typed, and goes on gdb's command line after the breakpoint.
DEBUG_USAGE = usage: make debug SOLUTION=path/to/file.cpp [CASE=puzzle] [GDB_FLAGS='-batch -ex run ...']
DEBUG_CASE  = $(if $(value CASE),--case $(call quote,CASE)) $(LANG_ARG)
.PHONY: debug debug-build
debug: $(JUDGE_BIN) $(JUDGED)/toolchain.sh ## Step through one file in gdb, stopped in solveSudoku: make debug SOLUTION=f.cpp [CASE=...] [GDB_FLAGS=...] (default: its last failing case)
	@test -n $(call quote,SOLUTION) || { echo "$(DEBUG_USAGE)" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --debug $(DEBUG_CASE) -- $(call quote,SOLUTION) $(GDB_FLAGS)

debug-build: $(JUDGE_BIN) $(JUDGED)/toolchain.sh ## Build what make debug runs without starting gdb (for an editor: build/debug/program, build/debug/case.txt)
	@test -n $(call quote,SOLUTION) || { echo "$(DEBUG_USAGE)" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --debug-build $(DEBUG_CASE) -- $(call quote,SOLUTION)

# make test: the suite in groups, TEST_SHARDS processes at a time, the longest tests first
# (tools/test_shards.sh), as many of its tests wait on a judged child or a sandbox rather than on
# a core; the Thorough suites (minutes of CPU on the hardest sets, adding no case the quick ones
# miss) only in make test-all. The sandbox's tests watch the machine's processes for the hostile
# fixtures' leftovers: they run one after another, in one process of their own beside the others.
TEST_SHARDS ?= 4
THOROUGH    := *Thorough.*
WATCH_PROCS := Files/Hostile.*:JudgeEnds.*:NoSilentFallback.*:SandboxedCompile.*:Sandbox.*
# The run's temporary files (the judge's judge-* files among them) go to a folder of its own, so
# that afterwards judge/sandbox/leftover_check.sh can tell any process of the run still holding
# one (a box left behind) and fail the run.
# (TESTS_LONGEST_FIRST: a fresh build's order, "The first answer in seconds", at the end.)
TESTS_LONGEST_FIRST = $(if $(QUICK_CXX),tests-longest-first)
test: $(TESTS_LONGEST_FIRST) $(BUILD)/tests ## Build and run the GoogleTest suite (the quick part, in parallel); failures in full, then a summary; then no box may be left
	$(call say,TEST,$(BUILD)/tests)run=$$(mktemp -d $(abspath $(BUILD))/test-run.XXXXXX) && \
	  { TMPDIR=$$run tools/test_shards.sh $(TEST_SHARDS) $(BUILD)/tests '$(THOROUGH)' '$(WATCH_PROCS)'; status=$$?; \
	    judge/sandbox/leftover_check.sh $$run || status=1; rm -rf $$run; exit $$status; }

test-thorough: $(BUILD)/tests ## Only the Thorough suites: the hardest sets in full (minutes of CPU; CI runs them)
	$(call say,TEST,$(BUILD)/tests Thorough)$(BUILD)/tests --gtest_brief=1 --gtest_filter='$(THOROUGH)'

test-all: ## make test, then make test-thorough
	$(Q)$(MAKE) test && $(MAKE) test-thorough

sanitize: ## The tests built with AddressSanitizer and UBSan
	$(Q)$(MAKE) BUILD=$(BUILD)/sanitize CXXFLAGS="$(SANITIZE_FLAGS)" test

# make leetcode: what LeetCode compiles (every solution) and what checks it (core/; not its
# layout test, which reads the repository's includes), built as LeetCode builds; the judge and
# the toolkit are the repository's own code, tested by make test.
SOLUTION_TEST_OBJS := $(patsubst %.cpp,$(OBJ)/%.o,$(filter-out core/layout_test.cpp,$(wildcard core/*_test.cpp solutions/tests/*_test.cpp)))
# The tests' own code at -O0 with line tables (-g1: a failing test's backtrace names its lines),
# whatever CXXFLAGS say: the code under test (core/, the judge, the toolkit, the solutions) is
# built at CXXFLAGS, and a test file's GoogleTest and JSON templates compile in under half the
# time (judge/editor_test.cpp: 11 s from 23 s at -O2 -g; CI builds them all).
$(TEST_OBJS) $(UNITY_OBJS) $(SOLUTION_TEST_OBJS): override CXXFLAGS := $(patsubst -g,-g1,$(patsubst -O%,-O0,$(CXXFLAGS)))
leetcode: ## The solutions' and core/'s tests built as LeetCode builds: clang 19, -std=c++23 -O2, ASan + UBSan
	@command -v $(LEETCODE_CXX) >/dev/null || { echo "$(LEETCODE_CXX) not found: sudo apt-get install clang-19" >&2; exit 1; }
	$(Q)$(MAKE) BUILD=$(BUILD)/leetcode CXX=$(LEETCODE_CXX) CXXSTD=-std=c++23 CXXFLAGS="$(LEETCODE_FLAGS)" \
	  $(BUILD)/leetcode/solution_tests
	$(call say,TEST,$(BUILD)/leetcode/solution_tests)tools/test_shards.sh 2 $(BUILD)/leetcode/solution_tests

$(BUILD)/solution_tests: $(SOLUTION_TEST_OBJS) $(WRAPPERS) $(CORE_LIB)
	$(NEED_GTEST)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) -o $@ $(filter %.o,$^) $(GTEST_LIBS)
$(BUILD)/solution_tests: $(BUILD)/solution-list

table: $(BUILD)/tests ## Print the table of solutions in solutions/README.md (technique, lines of code, sets)
	@solutions/table.sh $(BUILD)/tests

clean: ## Remove the build directory
	rm -rf $(BUILD)

# Benchmarks: every bench/*.cpp and every solution in one Google Benchmark binary, built once
# per flag set in $(BUILD)/bench-<set>/, with LeetCode's compiler (clang 19, C++23) where present
# so that all solutions, deducing this included, share one compiler. `make bench` writes
# $(BENCH_OUT)/results.tsv and results.md; BENCH_DATA=../shared/datasets reads the full
# collections instead of testcases/ (BENCH_PUZZLES of each; set BENCH_OUT elsewhere then).
BENCH_CXX     ?= $(if $(shell command -v $(LEETCODE_CXX)),$(LEETCODE_CXX),$(CXX))
BENCH_STD     ?= $(if $(shell command -v $(LEETCODE_CXX)),-std=c++23,$(CXXSTD))
BENCH_OUT     ?= bench
BENCH_PUZZLES ?= 1000
BENCH_ARGS    ?= --benchmark_min_time=0.2 $(if $(BENCH_DATA),--data=$(BENCH_DATA) --puzzles=$(BENCH_PUZZLES))
# The slowest solutions (bool arrays with or without MRV, naive) are timed at -O2 only, to keep
# the run short: they use no popcount and no bit tricks.
BENCH_SKIP_FLAGS ?= bool_arrays|naive_backtracking
BENCH_OBJS    := $(patsubst bench/%.cpp,$(BUILD)/bench/%.o,$(wildcard bench/*.cpp))
BENCH_LIBS     = $(shell pkg-config --libs benchmark 2>/dev/null)
BENCH_FLAGS_O2        := -O2
BENCH_FLAGS_O2-popcnt := -O2 -mpopcnt
BENCH_FLAGS_O3-native := -O3 -march=native
# $(call bench_build,SET[,BINARY]): builds $(BUILD)/bench-SET/benchmarks (or BINARY) with BENCH_FLAGS_SET.
bench_build = $(Q)$(MAKE) BUILD=$(BUILD)/bench-$(1) CXX=$(BENCH_CXX) ENGINE_CXX=$(BENCH_CXX) ENGINE_FLAGS= \
              CXXSTD=$(BENCH_STD) CXXFLAGS="$(BENCH_FLAGS_$(1))" $(BUILD)/bench-$(1)/$(or $(2),benchmarks)
# $(call copy_yours,DIR): copies SOLUTION to DIR/yours/yours.cpp, replacing it only when the file
# changed (so that an unchanged file is not compiled again); a missing file is a usage error.
copy_yours  = @test -f $(call quote,SOLUTION) || { echo "$@: no file "$(call quote,SOLUTION) >&2; exit 2; }; \
              mkdir -p $(1)/yours && cp $(call quote,SOLUTION) $(1)/yours/copy.cpp && \
              { cmp -s $(1)/yours/copy.cpp $(1)/yours/yours.cpp || mv $(1)/yours/copy.cpp $(1)/yours/yours.cpp; }
# make bench SOLUTION=f.cpp: the -O2 build only, with the file; its table, TSV and chart here.
YOURS_OUT    ?= $(BUILD)/bench-yours
# The effort build counts recursive calls instead of timing (bench/effort.h): with $(CXX), only
# the solutions instrumented (INSTRUMENT=1), their names exported (-rdynamic). g++ instruments
# the source's calls, inlined or not, and leaves the standard library's headers out; clang (for
# the C++23 file) can only instrument what is left after inlining (before, it calls libstdc++'s
# always-inline allocator members, which the library does not export).
instrument   = $(if $(INSTRUMENT),$(if $(findstring clang,$(1)),-finstrument-functions-after-inlining,\
               -finstrument-functions -finstrument-functions-exclude-file-list=/usr/include))
effort_build = $(Q)$(MAKE) BUILD=$(BUILD)/bench-effort CXXFLAGS=-O2 INSTRUMENT=1 \
               LDFLAGS=-rdynamic $(BUILD)/bench-effort/benchmarks

.PHONY: bench bench-quick bench-commands chart
bench: ## Time every solution on every set it declares at -O2, -O2 -mpopcnt, -O3 -march=native; count recursive calls [SOLUTION=f.cpp: your file beside the reading path]
ifneq ($(value SOLUTION),)
	$(call copy_yours,$(BUILD)/bench-O2)
	+$(call bench_build,O2,benchmarks-yours)
	@mkdir -p $(YOURS_OUT) && rm -f $(YOURS_OUT)/results.tsv
	$(BUILD)/bench-O2/benchmarks-yours --label=O2 --yours=$(call quote,SOLUTION) --tsv=$(YOURS_OUT)/results.tsv \
	  $(BENCH_ARGS) | tee $(YOURS_OUT)/table.txt
	@if command -v gnuplot >/dev/null; then \
	  bench/report.sh --pivot $(YOURS_OUT)/results.tsv > $(YOURS_OUT)/chart.dat && \
	  gnuplot -e "data='$(YOURS_OUT)/chart.dat'; out='$(YOURS_OUT)/chart.png'; \
	    mark=$$(awk -F'\t' 'NR > 1 && /\(your file\)/ { print NR - 2; exit }' $(YOURS_OUT)/chart.dat)" bench/chart.gp && \
	  echo "wrote $(YOURS_OUT)/chart.png (your file marked)"; \
	else echo "gnuplot not found, so no chart: sudo apt-get install gnuplot-nox"; fi
else
	$(call bench_build,O2)
	$(call bench_build,O2-popcnt)
	$(call bench_build,O3-native)
	@mkdir -p $(BENCH_OUT) && rm -f $(BENCH_OUT)/results.tsv
	$(BUILD)/bench-O2/benchmarks --label=O2 --tsv=$(BENCH_OUT)/results.tsv $(BENCH_ARGS)
	$(BUILD)/bench-O2-popcnt/benchmarks --label=O2-popcnt --no-ladder --tsv=$(BENCH_OUT)/results.tsv \
	  --benchmark_filter='-$(BENCH_SKIP_FLAGS)' $(BENCH_ARGS)
	$(BUILD)/bench-O3-native/benchmarks --label=O3-native --no-ladder --tsv=$(BENCH_OUT)/results.tsv \
	  --benchmark_filter='-$(BENCH_SKIP_FLAGS)' $(BENCH_ARGS)
	$(effort_build)
	$(BUILD)/bench-effort/benchmarks --effort --label=effort --tsv=$(BENCH_OUT)/results.tsv \
	  $(if $(BENCH_DATA),--data=$(BENCH_DATA) --puzzles=$(BENCH_PUZZLES))
	bench/report.sh $(BENCH_OUT)/results.tsv "$$($(BENCH_CXX) --version | head -1)" > $(BENCH_OUT)/results.md
	$(MAKE) --no-print-directory bench-commands
endif

bench-commands: $(BUILD)/sudoku ## Whole-process CPU time of sudoku solve, validate, count and generate (bench/commands.md)
	@mkdir -p $(BENCH_OUT)
	bench/commands.sh $(BUILD)/sudoku $(BENCH_DATA) | tee $(BENCH_OUT)/commands.md

bench-quick: ## A few seconds' smoke run of the benchmark (CI): the effort build (make explore's objects), 5 puzzles per set counted, and timed on the engine and one solution
	$(effort_build)
	$(BUILD)/bench-effort/benchmarks --effort --puzzles=5
	$(BUILD)/bench-effort/benchmarks --puzzles=5 --no-ladder --benchmark_min_time=0.01 \
	  --benchmark_filter='^(Engine|Batch|Tree)|^Solve/propagation_bitboard/'

chart: ## Draw $(BENCH_OUT)/chart.png (us per puzzle) and ladder.png (the ladder puzzle per step) from `make bench`'s results.tsv
	@command -v gnuplot >/dev/null || { echo "gnuplot not found: sudo apt-get install gnuplot-nox" >&2; exit 1; }
	@mkdir -p $(BUILD)
	bench/report.sh --pivot $(BENCH_OUT)/results.tsv > $(BUILD)/chart.dat
	gnuplot -e "data='$(BUILD)/chart.dat'; out='$(BENCH_OUT)/chart.png'" bench/chart.gp
	bench/report.sh --ladder $(BENCH_OUT)/results.tsv > $(BUILD)/ladder.dat
	gnuplot -e "data='$(BUILD)/ladder.dat'; out='$(BENCH_OUT)/ladder.png'" bench/ladder.gp

$(BUILD)/benchmarks: $(BENCH_OBJS) $(WRAPPERS) $(CORE_LIB) $(SUDOKU_LIB)
	@pkg-config --exists benchmark || { echo "Google Benchmark not found: sudo apt-get install libbenchmark-dev" >&2; exit 1; }
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(BENCH_LIBS)

$(BUILD)/benchmarks-yours: $(BENCH_OBJS) $(WRAPPERS) $(CORE_LIB) $(SUDOKU_LIB) $(BUILD)/yours/yours.o \
                           $(BUILD)/solution-list
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(BENCH_LIBS)

$(BUILD)/bench/%.o: bench/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(CXX) $(ALLFLAGS) -c $< -o $@

# The fuzz target (sudoku/fuzz_reader.cpp): the reader and parseBoard under libFuzzer with ASan
# and UBSan, built by clang 19 in $(BUILD)/fuzz. New inputs go to FUZZ_CORPUS (seeded with
# testcases/cli and testcases/invalid); a crashing input is written to $(BUILD)/fuzz/crash-*,
# to be kept as a testcase in testcases/cli/fuzz/ (sudoku_test.cpp reads them all).
FUZZ_CXX     ?= clang++-19
FUZZ_FLAGS   := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_SECONDS ?= 60
FUZZ_CORPUS  ?= $(BUILD)/fuzz-corpus
FUZZ_OBJS     = $(SUDOKU_OBJ)/fuzz_reader.o \
                $(addprefix $(OBJ)/core/,reader.o board.o checker.o testcases.o words.o)

.PHONY: fuzz
fuzz: ## Fuzz the reader and parseBoard for FUZZ_SECONDS (default 60) with clang 19's libFuzzer
	@command -v $(FUZZ_CXX) >/dev/null || { echo "$(FUZZ_CXX) not found: sudo apt-get install clang-19" >&2; exit 1; }
	$(Q)$(MAKE) BUILD=$(BUILD)/fuzz CXX=$(FUZZ_CXX) CXXFLAGS="$(FUZZ_FLAGS)" $(BUILD)/fuzz/fuzz_reader
	@mkdir -p $(FUZZ_CORPUS)
	$(BUILD)/fuzz/fuzz_reader -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(FUZZ_CORPUS) testcases/cli testcases/invalid

$(BUILD)/fuzz_reader: $(FUZZ_OBJS)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) -fsanitize=fuzzer -o $@ $^

# explore/: every solution's search replayed in one page. The solutions are built instrumented
# (INSTRUMENT=1, names exported) in the effort count's folder, with its flags, so that `make
# bench` and `make explore` share those objects; explore/capture.cpp holds the hooks.
# `make explore-check` runs the capture tests and opens the page in headless Chromium;
# `make explore-sanitize` runs them under ASan + UBSan.
EXPLORE_BUILD ?= $(BUILD)/bench-effort
EXPLORE_FLAGS ?= -O2
EXPLORE_PAGE  := $(BUILD)/explore/index.html
EXPLORE_OBJ   := $(BUILD)/objects/explore
EXPLORE_LIB   := $(addprefix $(EXPLORE_OBJ)/,capture.o page.o)
GTEST_MAIN_LIBS = $(shell pkg-config --libs gtest_main 2>/dev/null)
explore_make   = $(Q)$(MAKE) BUILD=$(EXPLORE_BUILD) CXXFLAGS="$(EXPLORE_FLAGS)" INSTRUMENT=1 LDFLAGS=-rdynamic \
                 $(addprefix $(EXPLORE_BUILD)/bin/,$(1))

.PHONY: explore explore-check explore-sanitize
explore: ## Write build/explore/index.html: each solution's search, replayed [SOLUTION=f.cpp] [PUZZLE=file or text]
ifeq ($(value SOLUTION),)
	+$(call explore_make,explore)
	$(EXPLORE_BUILD)/bin/explore --out $(EXPLORE_PAGE) $(if $(value PUZZLE),--puzzle $(call quote,PUZZLE))
else
	@test -f $(call quote,SOLUTION) || { echo "explore: no file "$(call quote,SOLUTION) >&2; exit 2; }
	+$(call explore_make,explore)
	$(EXPLORE_BUILD)/bin/explore --out $(EXPLORE_PAGE) --yours $(call quote,SOLUTION) --judge $(abspath $(JUDGE_BIN)) \
	  $(if $(value PUZZLE),--puzzle $(call quote,PUZZLE))
endif

explore-check: ## The capture tests, and the page in headless Chromium (CI runs it)
	+$(call explore_make,explore_tests)
	$(call say,TEST,$(EXPLORE_BUILD)/bin/explore_tests)$(EXPLORE_BUILD)/bin/explore_tests --gtest_brief=1

explore-sanitize: ## explore-check built with AddressSanitizer and UBSan
	$(Q)$(MAKE) EXPLORE_BUILD=$(BUILD)/explore-sanitize EXPLORE_FLAGS="$(SANITIZE_FLAGS)" explore-check

$(BUILD)/bin/explore: $(EXPLORE_OBJ)/explore_main.o $(EXPLORE_LIB) $(CLI_LIB) $(WRAPPERS) $(CORE_LIB) $(SUDOKU_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^)

$(BUILD)/bin/explore_tests: $(EXPLORE_OBJ)/explore_test.o $(EXPLORE_LIB) $(WRAPPERS) $(CORE_LIB)
	$(NEED_GTEST)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(GTEST_MAIN_LIBS)
$(BUILD)/bin/explore $(BUILD)/bin/explore_tests: $(BUILD)/solution-list
$(EXPLORE_OBJ)/explore_test.o: CPPFLAGS += -DEXPLORE_DIR='"$(abspath $(BUILD)/explore-test)"' \
  -DEXPLORE_BUILD_DIR='"$(abspath $(BUILD))"' -DEXPLORE_FLAGS_USED='"$(CXXFLAGS)"'

$(EXPLORE_OBJ)/%.o: explore/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

help: ## List the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12

$(BUILD)/tests: $(TEST_LINK) $(WRAPPERS) $(CORE_LIB) $(SUDOKU_LIB) $(MARKDOWN_LIB)
	$(NEED_GTEST)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $(filter %.o,$^) $(GTEST_LIBS)

# The sudoku command: built by `make`; the tests call it in process and run it.
.PHONY: sudoku
sudoku: $(BUILD)/sudoku ## Build the sudoku command (build/sudoku: solve, count, validate, generate; make test builds it too)
$(BUILD)/tests: $(CLI_LIB) | $(BUILD)/sudoku
$(SUDOKU_OBJ)/sudoku_test.o: CPPFLAGS += -DSUDOKU_BINARY='"$(abspath $(BUILD)/sudoku)"'

$(BUILD)/sudoku: $(SUDOKU_OBJ)/sudoku_main.o $(CLI_LIB) $(WRAPPERS) $(SUDOKU_LIB) $(CORE_LIB)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $(filter %.o,$^)

# The toolkit's 9x9 engine is built for the CPU that builds it, at -O3, as the fastest public
# solvers build themselves (tdoku: -march=native), and in the default build by clang 19 where
# it is installed: g++ 12 moves the engine's vectors through the stack where clang keeps them
# in registers. Together about 1.4x faster than g++ -O2 on forum hardest (bench/README.md,
# "The toolkit's engine and commands"). ENGINE_FLAGS= ENGINE_CXX=g++ builds it like the rest (a binary for another
# machine; make clean first); the benchmarks build it with their own compiler and flags, to
# time it beside the solutions at each flag set.
ENGINE_FLAGS ?= -O3 -march=native
ENGINE_CXX   ?= $(CXX)
$(SUDOKU_OBJ)/engine.o: CXXFLAGS += $(ENGINE_FLAGS)
$(SUDOKU_OBJ)/engine.o: sudoku/engine.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(ENGINE_CXX) $(ALLFLAGS) -c $< -o $@

$(MARKDOWN_OBJ)/%.o: markdown/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

$(SUDOKU_OBJ)/%.o: sudoku/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

$(OBJ)/core/%.o: core/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

$(OBJ)/judge/%.o: judge/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

$(OBJ)/solutions/tests/%.o: solutions/tests/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

# g++: LeetCode's environment (core/prelude.h, the whole standard library) parsed once for
# every wrapped solution, not once for each (3 s of each file's 3.5 s): g++ finds
# $(BUILD)/pch/core/prelude.h.gch before core/prelude.h, and uses it when the flags match.
PRELUDE_GCH := $(if $(QUICK_CXX),,$(if $(filter g++%,$(notdir $(CXX))),$(BUILD)/pch/core/prelude.h.gch))
$(BUILD)/pch/core/prelude.h.gch: core/prelude.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)echo '#include "core/prelude.h"  // compiled, not opened: no "#pragma once in main file"' > $@.h && \
	  $(CXX) $(ALLFLAGS) $(call instrument,$(CXX)) -MT $@ -MF $@.d -x c++-header $@.h -o $@
$(BUILD)/solutions/%.o: CPPFLAGS := $(if $(PRELUDE_GCH),-I$(BUILD)/pch) $(CPPFLAGS)
$(WRAPPERS): | $(PRELUDE_GCH)

# The user's file (make explore or make bench SOLUTION=f.cpp), from the copy that copy_yours
# keeps in $(BUILD)/yours/yours.cpp, wrapped as the bundled files are under the name `yours`; at
# -std=c++20 at least, as LeetCode's C++ is newer than the bundled files' C++17; no warnings, as
# the code is the user's.
YOURS_STD = $(if $(filter -std=c++23,$(CXXSTD)),-std=c++23,-std=c++20)
$(BUILD)/yours/yours.cc: $(BUILD)/yours/yours.cpp core/wrap.sh
	$(call say,WRAP,$@)core/wrap.sh yours $< > $@

$(BUILD)/yours/yours.o: $(BUILD)/yours/yours.cc
	$(call say,CXX,$@)$(CXX) $(YOURS_STD) $(CXXFLAGS) -w $(CPPFLAGS) $(call instrument,$(CXX)) -c $< -o $@

# Each solution is compiled unchanged inside its own namespace (core/wrap.sh).
$(BUILD)/solutions/%.cc: solutions/%.cpp core/wrap.sh
	@mkdir -p $(@D)
	$(call say,WRAP,$@)core/wrap.sh $(subst -,_,$*) $< > $@

$(BUILD)/solutions/%.o: $(BUILD)/solutions/%.cc
	$(call say,CXX,$@)$(COMPILE_SOLUTION) $(call instrument,$(CXX)) -c $< -o $@

$(BUILD)/solutions/%.skipped.cc: solutions/%.cpp core/wrap.sh
	@mkdir -p $(@D)
	$(call say,SKIP,$@)core/wrap.sh --skip "$(CXX23_MISSING)" $(subst -,_,$*) $< > $@

ifneq ($(CXX23),)
$(CXX23_WRAPPERS): $(BUILD)/solutions/%.o: $(BUILD)/solutions/%.cc
	$(call say,CXX23,$@)$(CXX23) -std=c++23 $(CXXFLAGS) $(WARNINGS) $(CPPFLAGS) $(call instrument,$(CXX23)) -c $< -o $@
endif

# $(BUILD)/cxx23-choice records the choice (rewritten, at parse time, only when it
# changes), so that installing clang-19, or losing it, rebuilds the C++23
# solutions' objects and relinks every binary that holds them.
ifneq ($(CXX23_SOLUTIONS),)
ifeq ($(JUDGE_ONLY),)
CXX23_CHOICE := $(CXX23) | $(CXX23_MISSING)
$(call record,$(BUILD)/cxx23-choice,$(CXX23_CHOICE))
$(CXX23_WRAPPERS) $(filter %.skipped.cc,$(CXX23_WRAPPERS:.o=.cc)): $(BUILD)/cxx23-choice
endif
endif

# $(BUILD)/solution-list names the bundled solution files (rewritten, at parse time, only when
# the list changes), so that adding or removing one relinks every binary that lists them.
$(call record,$(BUILD)/solution-list,$(SOLUTIONS))
$(BUILD)/sudoku $(BUILD)/tests $(BUILD)/benchmarks: $(BUILD)/solution-list

# The unity build's units (UNITY, above): rewritten when the list of files changes, which
# $(BUILD)/test-list and judge-list (with their counts of units) record (at parse time, as
# solution-list), or tools/unity.sh does.
ifeq ($(UNITY),1)
ifeq ($(JUDGE_ONLY),)
$(call record,$(BUILD)/test-list,$(TEST_UNIT_COUNT) $(TEST_SOURCES))
endif
$(call record,$(BUILD)/judge-list,$(JUDGE_UNIT_COUNT) $(JUDGE_UNIT_SOURCES))
# (Static pattern rules: a generic one would offer make a way to remake the units' .d files.)
$(UNITY_OBJS:.o=.cpp): $(OBJ)/unity/tests-%.cpp: $(BUILD)/test-list tools/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)tools/unity.sh $* $(TEST_UNIT_COUNT) $(TEST_SOURCES) > $@.tmp && mv -f $@.tmp $@
$(JUDGE_UNITS:.o=.cpp): $(OBJ)/unity/judge-%.cpp: $(BUILD)/judge-list tools/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)tools/unity.sh $* $(JUDGE_UNIT_COUNT) $(JUDGE_UNIT_SOURCES) > $@.tmp && mv -f $@.tmp $@
$(UNITY_OBJS) $(JUDGE_UNITS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
# What the Makefile gives single files (below), every unit has.
$(UNITY_OBJS): CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"' -DBUILD_DIR='"$(abspath $(BUILD))"' \
  -DSUDOKU_BINARY='"$(abspath $(BUILD)/sudoku)"'
$(JUDGE_UNITS): CPPFLAGS += -DJUDGED_DIR='"$(abspath $(JUDGED))"'
endif

# The judge's tests judge the known-wrong files: they need the runtime it links them with.
$(BUILD)/tests: $(JUDGE_LINK) | $(JUDGED)/toolchain.sh
$(OBJ)/judge/verdict/verdict.o: CPPFLAGS += -DJUDGED_DIR='"$(abspath $(JUDGED))"'
$(BUILD)/tests: | $(JUDGE_BIN)
$(OBJ)/judge/judge_command_test.o: CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"' \
                                               -DBUILD_DIR='"$(abspath $(BUILD))"'
# The sandbox's tests interrupt and kill a real judge, and run it without bwrap; the report's
# read its output.
$(OBJ)/judge/sandbox/sandbox_test.o $(OBJ)/judge/report/report_test.o $(OBJ)/judge/findings/own_case_test.o \
$(OBJ)/judge/findings/findings_test.o $(OBJ)/judge/verdict/pane_test.o: \
  CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"'
# make debug's and the stress stage's tests run the judge and make, with this build.
$(OBJ)/judge/debug/debug_test.o $(OBJ)/judge/findings/stress_test.o $(OBJ)/judge/editor_test.o: \
  CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"' -DBUILD_DIR='"$(abspath $(BUILD))"'

# The report's JSON is nlohmann/json's (header-only, from Debian).
NEED_JSON   = @test -f /usr/include/nlohmann/json.hpp || { echo "nlohmann/json not found: sudo apt-get install nlohmann-json3-dev" >&2; exit 1; }
$(JUDGE_CORE) $(JUDGE_UNITS) $(OBJ)/judge/judge_main.o: | need-json
.PHONY: need-json
need-json:
	$(NEED_JSON)

# The first answer in seconds. A newcomer's first `make judge` waits for the judge to be built
# before its verdict: so the judge's own objects (its rooms, judge_main.cpp, and a copy of core/
# of its own) and the tests' are compiled by clang at -O0 with line tables, each group on one
# precompiled header (tools/pch/) whose templates (nlohmann/json's, GoogleTest's) are
# instantiated once there, not in each object: about a fifth of the CPU time g++ -O2 -g took.
# The judge's own speed is not what a verdict measures (the solution runs in its own process,
# built as LeetCode builds it); the toolkit, the solutions and core/ for the tests keep CXXFLAGS.
# Only in the default build, where clang 19 is installed; other builds compile as they say.
ifneq ($(QUICK_CXX),)
QUICK_FLAGS    := -O0 -g1
# The judge, the tests and the sudoku command linked by lld where it is installed (the tests'
# binary 0.13 s where GNU ld takes 0.5, the last step of their build): the linker changes no code.
QUICK_LDFLAGS   = $(JUDGED_LINKFLAGS)
JUDGE_CORE_LIB := $(or $(QUICK_CORE_UNITS),$(patsubst $(OBJ)/%,$(QUICK_OBJ)/%,$(CORE_LIB)))
JUDGE_PCH_OWN  := $(BUILD)/pch/judge.pch
TESTS_PCH      := $(BUILD)/pch/tests.pch
quick_compile   = $(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) $(WARNINGS) $(CPPFLAGS) -include-pch $(1)
$(OBJ)/judge/judge_main.o $(JUDGE_CORE) $(JUDGE_UNITS) $(JUDGE_CORE_LIB): COMPILE = $(call quick_compile,$(JUDGE_PCH_OWN))
$(OBJ)/judge/judge_main.o $(JUDGE_CORE) $(JUDGE_UNITS) $(JUDGE_CORE_LIB): $(JUDGE_PCH_OWN)
# The Markdown checks are the tests' own code too (their <regex>s compile in the tests' header).
$(TEST_OBJS) $(UNITY_OBJS) $(MARKDOWN_LIB): COMPILE = $(call quick_compile,$(TESTS_PCH))
$(TEST_OBJS) $(UNITY_OBJS) $(MARKDOWN_LIB): $(TESTS_PCH)
# The sudoku command's command line (CLI11's templates: 26 s of CPU at g++ -O2 -g, 6 s here).
# Its per-puzzle work is core/'s and the engine's, which keep CXXFLAGS: solving 10,000 puzzles
# takes the same 0.26 s with these objects at -O0 or -O2 (judge/verdict/README.md).
CLI_PCH        := $(BUILD)/pch/cli.pch
$(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o: COMPILE = $(call quick_compile,$(CLI_PCH))
$(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o: $(CLI_PCH)
$(QUICK_OBJ)/core/%.o: core/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
ifneq ($(QUICK_CORE_UNITS),)
$(call record,$(BUILD)/core-list,$(CORE_COLD) | $(CORE_HOT))
$(QUICK_CORE_UNITS:.o=.cpp): $(QUICK_OBJ)/core/%-unit.cpp: $(BUILD)/core-list tools/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)tools/unity.sh 1 1 $(patsubst %,core/%.cpp,$(if $(filter hot,$*),$(CORE_HOT),$(CORE_COLD))) > $@.tmp && mv -f $@.tmp $@
$(QUICK_CORE_UNITS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
endif
# The bundled solutions (for the tests and the toolkit) by clang on one precompiled prelude
# (core/prelude.h: the whole standard library, its templates instantiated there), at CXXFLAGS:
# 0.2 to 0.5 s of CPU a file (0.4 to 0.9 with the templates instantiated in each), where
# g++ on its own precompiled header took 2.1 to 2.4 (loading it costs g++ more than parsing
# does); core/ for them by clang too (a third less than g++). The engine already is.
SOLUTIONS_PCH  := $(BUILD)/pch/prelude.pch
COMPILE_SOLUTION = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(SOLUTIONS_PCH)
$(filter-out $(CXX23_WRAPPERS),$(WRAPPERS)): $(SOLUTIONS_PCH)
# core/'s optimised objects and the toolkit's parallel.o and generator.o by clang on the standard
# library alone, precompiled at CXXFLAGS (tools/pch/standard.h: 0.1 to 0.3 s of CPU less an
# object, and for the two of sudoku/ half of g++'s 1.2 s; solving and generating take the same
# time, bench/commands.sh); the prelude above is chained on it, adding only its `using`.
STANDARD_PCH   := $(BUILD)/pch/standard.pch
STANDARD_OBJS  := $(filter $(OBJ)/%,$(CORE_LIB)) $(SUDOKU_OBJ)/parallel.o $(SUDOKU_OBJ)/generator.o
$(STANDARD_OBJS): COMPILE = $(QUICK_CXX) $(ALLFLAGS) -include-pch $(STANDARD_PCH)
$(STANDARD_OBJS) $(SOLUTIONS_PCH): $(STANDARD_PCH)
$(STANDARD_PCH): tools/pch/standard.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(CXXFLAGS) -I. -fpch-instantiate-templates -MD -MT $@ -MF $@.d \
	  -x c++-header $< -o $@
$(SOLUTIONS_PCH): core/prelude.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(CXXFLAGS) -I. -fpch-instantiate-templates -include-pch $(STANDARD_PCH) \
	  -MD -MT $@ -MF $@.d -x c++-header $< -o $@
# The tests' and the command line's headers are chained on the judge's (clang loads it with
# them): they parse only what they add, GoogleTest or CLI11 (3 s of CPU less for the two).
# (private: the judge's header, their prerequisite, must not inherit it.)
$(TESTS_PCH) $(CLI_PCH): private PCH_BASE = -include-pch $(JUDGE_PCH_OWN)
$(TESTS_PCH) $(CLI_PCH): $(JUDGE_PCH_OWN)
$(BUILD)/pch/%.pch: tools/pch/%.h
	@mkdir -p $(@D)
	$(NEED_JSON)
	$(if $(filter tests,$*),$(NEED_GTEST))
	$(call say,PCH,$@)$(QUICK_CXX) $(CXXSTD) $(QUICK_FLAGS) -I. -fpch-instantiate-templates $(PCH_BASE) \
	  -MD -MT $@ -MF $@.d -x c++-header $< -o $@
else
JUDGE_CORE_LIB := $(CORE_LIB)
endif

# The judge's objects, longest to compile first: make starts them in the order it meets them, so
# the short ones fill both cores at the end (the unit 4.2 s of CPU, judge_main.o 3.8, core/'s units
# 0.6 each, here).
$(JUDGE_BIN): $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $(JUDGE_CORE_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $^

# The runner every judged program is linked with, built by the judge's compiler; with clang, on
# the judged files' own precompiled prelude (the runner and core/board.cpp 2.3 s of CPU where
# they took 3.3, here: a fresh clone's first verdict waits for them).
$(JUDGED)/runner.o: judge/sandbox/runner.cpp
$(JUDGED)/board.o: core/board.cpp
$(JUDGE_RUNTIME): $(JUDGE_PCH)
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(JUDGE_CXX) -std=$(JUDGE_STD) $(LEETCODE_FLAGS) $(WARNINGS) $(CPPFLAGS) \
	  $(if $(JUDGE_PCH),-include-pch $(JUDGE_PCH)) -c $(filter %.cpp,$^) -o $@

# -fpch-instantiate-templates: the templates the standard library's own inline functions use are
# instantiated here, once, not at the end of every judged file (0.35 s of its 0.65 s compile);
# the code each file compiles to is the same, byte for byte (judge/verdict/README.md).
$(JUDGED)/core-prelude.pch: core/prelude.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(JUDGE_CXX) -std=$(JUDGE_STD) $(LEETCODE_FLAGS) -fpch-instantiate-templates -x c++-header $< -o $@

# The judged program is linked by lld where it is installed (about 1 s of a first judge's
# 2.5 s link with GNU ld, on ASan's runtime): the linker changes no compiled code.
JUDGED_LINKFLAGS := $(if $(shell command -v ld.lld),-fuse-ld=lld)
# Recorded (rewritten, at parse time, only when it changes), so that installing lld, or
# losing it, rewrites the toolchain file.
$(call record,$(JUDGED)/link-choice,$(JUDGED_LINKFLAGS))

# Read by judge/sandbox/build_solution.sh; rewritten with the runtime, so programs linked
# with an older runtime are rebuilt.
$(JUDGED)/toolchain.sh: $(JUDGE_RUNTIME) $(JUDGE_PCH) $(JUDGED)/link-choice
	@printf '%s\n' "# How judge/sandbox/build_solution.sh builds a solution for the judge (written by make)" \
	  "cxx='$(JUDGE_CXX)'" "standard='$(JUDGE_STD)'" "flags='$(LEETCODE_FLAGS)'" \
	  "includes='$(if $(JUDGE_PCH),-include-pch $(abspath $(JUDGE_PCH)) )-I$(CURDIR)'" \
	  "runtime='$(abspath $(JUDGE_RUNTIME))'" "linkflags='$(JUDGED_LINKFLAGS)'" \
	  "stamp='$$(cat $(JUDGE_RUNTIME) $(JUDGE_PCH) | md5sum | cut -c1-32)'" > $@

# Translations (po/): the judge's words in the reader's language, GNU gettext's way (po/README.md).
# Each po/LANG.po is compiled by msgfmt (a few milliseconds) into
# $(BUILD)/locale/LANG/LC_MESSAGES/sudoku-judge.mo, where core/words.cpp finds it (LOCALE_DIR);
# JUDGE_LANG=zh_CN (the judge's --lang) chooses one, else the user's LANGUAGE, LC_ALL, LC_MESSAGES
# or LANG do; JUDGE_LANG=en: English. Without msgfmt (Debian's gettext) the judge speaks English.
# `make po`: the template ($(BUILD)/po/sudoku-judge.pot) from the sources (po/extract.sh:
# xgettext), merged into each .po.
PO_LANGS    := $(basename $(notdir $(wildcard po/*.po)))
LOCALE_DIR  := $(BUILD)/locale
CATALOGUES  := $(if $(shell command -v msgfmt),$(foreach lang,$(PO_LANGS),$(LOCALE_DIR)/$(lang)/LC_MESSAGES/sudoku-judge.mo))
LANG_ARG     = $(if $(value JUDGE_LANG),--lang $(call quote,JUDGE_LANG))
$(OBJ)/core/words.o $(QUICK_OBJ)/core/words.o $(QUICK_OBJ)/core/cold-unit.o: CPPFLAGS += -DLOCALE_DIR='"$(abspath $(LOCALE_DIR))"'
$(JUDGE_BIN) $(BUILD)/tests: | $(CATALOGUES)
$(OBJ)/judge/translation_test.o: CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"'

$(LOCALE_DIR)/%/LC_MESSAGES/sudoku-judge.mo: po/%.po
	@mkdir -p $(@D)
	$(call say,MSGFMT,$@)msgfmt --check -o $@ $<

.PHONY: po
po: ## Write $(BUILD)/po/sudoku-judge.pot from the sources and merge it into each po/LANG.po (for a translator)
	@mkdir -p $(BUILD)/po
	po/extract.sh $(BUILD)/po/sudoku-judge.pot
	@for po in $(wildcard po/*.po); do msgmerge --quiet --update --backup=none $$po $(BUILD)/po/sudoku-judge.pot; done

-include $(wildcard $(BUILD)/*/*.d $(OBJ)/*/*.d $(OBJ)/*/*/*.d $(BUILD)/pch/*/*.gch.d $(BUILD)/pch/*.pch.d \
  $(BUILD)/objects-quick/*/*.d)

# The wrapped solutions are kept, for a reader to see what was compiled.
.PRECIOUS: $(BUILD)/solutions/%.cc

# judge --replay (judge/replay/README.md): a file's own search, replayed on explore's page, its
# code run only in the judge's box. The box's program is the file compiled unchanged, by the
# judge's compiler (LeetCode's clang 19 where installed: every file the judge accepts replays,
# C++23 included), -O2, with explore's hooks (clang's -finstrument-functions-after-inlining),
# and linked with this runtime, built once here, not instrumented: the replay's loop, the
# runner, explore's capture and page, core's board, checker and registry. The judge itself
# links explore's page only (to read the program's data and write the page), never the capture.
REPLAY_DIR       := $(JUDGED)/replay
REPLAY_CXX       := $(JUDGE_CXX)
REPLAY_FLAGS     := -O2 -w
REPLAY_INSTRUMENT = $(if $(findstring clang,$(REPLAY_CXX)),-finstrument-functions-after-inlining,\
                    -finstrument-functions -finstrument-functions-exclude-file-list=/usr/include)
REPLAY_CORE      := $(if $(QUICK_CORE_UNITS),cold-unit.o hot-unit.o,board.o checker.o registry.o words.o)
REPLAY_RUNTIME   := $(addprefix $(REPLAY_DIR)/,replay_program.o runner.o capture.o page.o $(REPLAY_CORE))
# Explore's page and core's board, checker, registry and words: where the judge's own copies are
# built (by clang, "The first answer in seconds"), the replay's are copies of those (12 s of CPU
# less on a fresh clone), in its folder, which its compile box sees; explore's capture (not
# instrumented: it holds the hooks) a copy of the tests' (0.9 s less); else compiled as the rest.
REPLAY_SHARED    := $(addprefix $(REPLAY_DIR)/,page.o $(REPLAY_CORE) $(if $(QUICK_CXX),capture.o))
ifneq ($(QUICK_CXX),)
$(REPLAY_DIR)/page.o: $(EXPLORE_OBJ)/page.o
$(REPLAY_DIR)/capture.o: $(EXPLORE_OBJ)/capture.o
$(foreach o,$(REPLAY_CORE),$(eval $(REPLAY_DIR)/$(o): $(QUICK_OBJ)/core/$(o)))
$(REPLAY_SHARED):
	@mkdir -p $(@D)
	$(call say,COPY,$@)cp -f $< $@
else
$(REPLAY_DIR)/page.o: explore/page.cpp
$(REPLAY_DIR)/board.o: core/board.cpp
$(REPLAY_DIR)/checker.o: core/checker.cpp
$(REPLAY_DIR)/registry.o: core/registry.cpp
$(REPLAY_DIR)/words.o: core/words.cpp
$(REPLAY_DIR)/capture.o: explore/capture.cpp
endif
# LeetCode's prelude parsed once, at the program's flags (most of each file's compile): clang's
# precompiled header (its templates instantiated once, as the judge's), or g++'s.
REPLAY_PCH       := $(if $(findstring clang,$(REPLAY_CXX)),$(REPLAY_DIR)/core-prelude.pch,                    $(if $(findstring g++,$(notdir $(REPLAY_CXX))),$(REPLAY_DIR)/pch/core/prelude.h.gch))
REPLAY_TOOLCHAIN := $(REPLAY_DIR)/toolchain.sh
$(REPLAY_DIR)/replay_program.o: judge/replay/replay_program.cpp
$(REPLAY_DIR)/runner.o: judge/sandbox/runner.cpp
$(if $(QUICK_CXX),$(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)),$(REPLAY_RUNTIME)): | need-json
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(REPLAY_CXX) -std=c++23 -O2 $(WARNINGS) $(CPPFLAGS) -c $< -o $@
$(REPLAY_DIR)/pch/core/prelude.h.gch: core/prelude.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(REPLAY_CXX) -std=c++23 $(REPLAY_FLAGS) $(REPLAY_INSTRUMENT) -x c++-header $< -o $@
$(REPLAY_DIR)/core-prelude.pch: core/prelude.h
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(REPLAY_CXX) -std=c++23 $(REPLAY_FLAGS) $(REPLAY_INSTRUMENT) -fpch-instantiate-templates \
	  -x c++-header $< -o $@
# Read by judge/replay/build_replay.sh; rewritten with the runtime, so cached programs are rebuilt.
# Linked by lld where it is installed, as the judged programs are (75 ms of CPU less a link than
# GNU ld's 140, here): the linker changes no compiled code.
$(REPLAY_TOOLCHAIN): $(REPLAY_RUNTIME) $(REPLAY_PCH) $(JUDGED)/link-choice
	@printf '%s\n' "# How judge/replay/build_replay.sh builds a replay program (written by make)" \
	  "cxx='$(REPLAY_CXX)'" "standard='c++23'" "flags='$(REPLAY_FLAGS)'" "instrument='$(strip $(REPLAY_INSTRUMENT))'" \
	  "includes='$(if $(filter %.gch,$(REPLAY_PCH)),-I$(abspath $(REPLAY_DIR)/pch) )$(if $(filter %.pch,$(REPLAY_PCH)),-include-pch $(abspath $(REPLAY_PCH)) )-I$(CURDIR)'" \
	  "runtime='$(abspath $(REPLAY_RUNTIME))'" "linkflags='$(JUDGED_LINKFLAGS)'" \
	  "stamp='$$(cat $(REPLAY_RUNTIME) $(REPLAY_PCH) | md5sum | cut -c1-32)'" > $@
# (The tests link the judge's, the replay's reader and explore's page among them: JUDGE_LINK.)
# The judge's own objects, compiled as the others are (see "The first answer in seconds").
ifneq ($(QUICK_CXX),)
$(OBJ)/judge/replay/replay.o $(EXPLORE_OBJ)/page.o: COMPILE = $(call quick_compile,$(JUDGE_PCH_OWN))
$(OBJ)/judge/replay/replay.o $(EXPLORE_OBJ)/page.o: $(JUDGE_PCH_OWN)
endif
$(OBJ)/judge/replay/replay.o: | need-json
$(BUILD)/tests: $(EXPLORE_OBJ)/capture.o | $(REPLAY_TOOLCHAIN)
$(OBJ)/judge/replay/replay_test.o: CPPFLAGS += -DJUDGE_BINARY='"$(abspath $(JUDGE_BIN))"' -DBUILD_DIR='"$(abspath $(BUILD))"'
ifneq ($(value SOLUTION),)
explore: $(JUDGE_BIN) $(REPLAY_TOOLCHAIN)
endif
# make replay SOLUTION=f.cpp [CASE=...]: the page, build/replay/index.html.
.PHONY: replay
replay: $(JUDGE_BIN) $(REPLAY_TOOLCHAIN) ## Your file's search replayed, run in the sandbox: make replay SOLUTION=f.cpp [CASE=...] (build/replay/index.html)
	@test -n $(call quote,SOLUTION) || { echo "usage: make replay SOLUTION=path/to/file.cpp [CASE=puzzle]" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --replay $(if $(value CASE),--case $(call quote,CASE)) --out $(BUILD)/replay/index.html \
	  -- $(call quote,SOLUTION) && echo "wrote $(BUILD)/replay/index.html"
-include $(wildcard $(REPLAY_DIR)/*.d)

# make serve: LeetCode's problem page, offline (serve/README.md). A small server on 127.0.0.1
# (cpp-httplib and nlohmann/json, Debian's) that runs this build's judge for every
# Run and Submit; it prints one URL with a random token. PORT= (default: a free one),
# STANDING= and the page's language from LANG/LANGUAGE (make serve LANG=zh_CN.UTF-8: Chinese).
# make serve-check: the browser test (headless Chromium through Selenium) and the hostile requests.
SERVE_OBJ  := $(OBJ)/serve
SERVE_BIN  := $(BUILD)/bin/serve
NEED_HTTPLIB = @pkg-config --exists cpp-httplib || { echo "cpp-httplib not found: sudo apt-get install libcpp-httplib-dev" >&2; exit 1; }
# Debian builds cpp-httplib as a library, with its own defines (OpenSSL, zlib): its flags, not ours.
HTTPLIB_CFLAGS = $(shell pkg-config --cflags cpp-httplib 2>/dev/null)
HTTPLIB_LIBS   = $(shell pkg-config --libs cpp-httplib 2>/dev/null)
.PHONY: serve serve-check
serve: $(SERVE_BIN) $(JUDGE_BIN) $(JUDGED)/toolchain.sh $(REPLAY_TOOLCHAIN) ## Start the problem page on 127.0.0.1 and print its URL: make serve [PORT=n] [STANDING=quick|full|0]
	$(Q)$(SERVE_BIN) --judge $(JUDGE_BIN) $(if $(value PORT),--port $(call quote,PORT)) \
	  $(if $(value STANDING),--standing $(call quote,STANDING))

serve-check: $(SERVE_BIN) $(JUDGE_BIN) $(JUDGED)/toolchain.sh $(REPLAY_TOOLCHAIN) ## The page in headless Chromium (Selenium) and the hostile requests, each refused
	$(call say,TEST,serve/serve_test.py)/usr/bin/python3 serve/serve_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN)
	$(call say,TEST,serve/stop_test.py)/usr/bin/python3 serve/stop_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN) --tries 6

# make serve-soak: serve/stop_test.py at length, 60 stops at each moment (300 and more).
.PHONY: serve-soak
serve-soak: $(SERVE_BIN) $(JUDGE_BIN) $(JUDGED)/toolchain.sh $(REPLAY_TOOLCHAIN) ## Stop judges through the page at random moments, hundreds of times; count what is left
	$(call say,TEST,serve/stop_test.py)/usr/bin/python3 serve/stop_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN) --tries 60

$(SERVE_BIN): $(SERVE_OBJ)/serve_main.o $(SERVE_OBJ)/guard.o $(SERVE_OBJ)/connection.o
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $^ $(HTTPLIB_LIBS) -pthread

$(SERVE_OBJ)/%.o: serve/%.cpp
	$(NEED_HTTPLIB)
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) $(HTTPLIB_CFLAGS) -c $< -o $@

# The guards' unit tests run in make test, with the rest.
$(BUILD)/tests: $(SERVE_OBJ)/guard_test.o $(SERVE_OBJ)/guard.o
$(SERVE_OBJ)/guard_test.o: override CXXFLAGS := $(patsubst -g,-g1,$(patsubst -O%,-O0,$(CXXFLAGS)))
# The server's own code as the judge's (6.6 s of CPU for guard.o at g++ -O2 -g, 1 s here): it
# waits on the judge it runs, not on a core.
ifneq ($(QUICK_CXX),)
$(SERVE_OBJ)/guard.o $(SERVE_OBJ)/serve_main.o: COMPILE = $(call quick_compile,$(JUDGE_PCH_OWN))
$(SERVE_OBJ)/guard.o $(SERVE_OBJ)/serve_main.o: $(JUDGE_PCH_OWN)
$(SERVE_OBJ)/guard_test.o: COMPILE = $(call quick_compile,$(TESTS_PCH))
$(SERVE_OBJ)/guard_test.o: $(TESTS_PCH)
endif

# make test in a fresh clone, longest first. make starts the objects in the order it meets them,
# and one it meets before the header it needs is built waits for make's next pass, after all the
# rest (make waits for a free core at each step it starts, before it meets the next): so the
# tests' units came last, one of them alone on a core for its last 3.5 s. For `make test`, every
# object waits (order-only) for the tests' header, so that only the precompiled headers build
# first (the judge's and the tests' on one core, LeetCode's preludes on the other, about 3.5 s
# each); then make meets the command line's and the solutions' headers, chained on those, then
# the longest objects (so that the headers' own are met after they are built), and the short ones fill both cores at the end (a
# fresh make test's build 34 s to 29, here). Only the order changes: no object gains or loses a
# prerequisite it is rebuilt for.
ifneq ($(QUICK_CXX),)
ifneq ($(filter test,$(MAKECMDGOALS)),)
TESTS_LONGEST := $(CLI_PCH) $(SOLUTIONS_PCH) $(UNITY_OBJS) $(REPLAY_PCH) $(JUDGE_LINK) $(OBJ)/judge/judge_main.o $(CXX23_WRAPPERS) \
                 $(JUDGED)/board.o $(MARKDOWN_LIB) $(SUDOKU_OBJ)/sudoku.o $(EXPLORE_OBJ)/page.o
# (The units and the Markdown checks need the tests' header anyway; the solutions' header,
# chained on the standard library's, waits too, or make would meet the rest while it waits for a core.)
TESTS_GATED   := $(filter-out $(UNITY_OBJS) $(MARKDOWN_LIB),$(TESTS_LONGEST)) $(WRAPPERS) $(WRAPPERS:.o=.cc) \
                 $(JUDGE_RUNTIME) $(CORE_LIB) $(SUDOKU_LIB) $(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o \
                 $(OBJ)/judge/replay/replay.o $(JUDGE_CORE_LIB) $(EXPLORE_OBJ)/capture.o \
                 $(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)) $(SERVE_OBJ)/guard.o $(SERVE_OBJ)/guard_test.o
$(sort $(TESTS_GATED)): | $(TESTS_PCH)
.PHONY: tests-longest-first
tests-longest-first: $(TESTS_LONGEST)
endif
endif
