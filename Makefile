# sudoku-solutions: LeetCode 37 solutions and a local judge. `make help` lists the targets.
#
# One make reads the whole build ("Recursive Make Considered Harmful"): this file holds the
# configuration, the functions every folder's rules share, the includes, and the targets a user
# types; each folder's rules are in its own rules.mk, beside its code, and the machinery that
# turns the lists they fill into rules is in mk/ (mk/README.md). Every path is from the
# repository's top. Where a figure says why a rule is as it is, bench/README.md has it ("Why the
# build is as it is"), with the command that measures it again.

# ---- Configuration ----------------------------------------------------------------------------

# Every core unless told otherwise (make -j1), and one short line per step (V=1: whole commands).
# (At the top level only: a sub-make shares its parent's job slots; -jN on the command line wins.)
ifeq ($(MAKELEVEL),0)
MAKEFLAGS += -j$(shell nproc)
endif
MAKEFLAGS += --no-print-directory
.DEFAULT_GOAL := all

CXX      ?= g++
CXXSTD   ?= -std=c++17
CXXFLAGS ?= -O2 -g
# One build folder per configuration, so that switching compiler or flags never mixes objects
# and never rebuilds what is built: build/ for the default (g++ -std=c++17 -O2 -g); for another,
# build/<compiler><flags>/ (make CXX=clang++ test: build/clang++-std=c++17-O2-g/). make sanitize,
# make leetcode and the benchmarks have folders of their own below $(BUILD).
ifeq ($(strip $(CXX) $(CXXSTD) $(CXXFLAGS)),g++ -std=c++17 -O2 -g)
BUILD      ?= build
# The toolkit's engine by clang where it is installed (sudoku/rules.mk).
ENGINE_CXX ?= $(if $(shell command -v clang++-19),clang++-19,$(CXX))
# The quick build (mk/quick.mk): the judge's and the tests' own code by clang 19, where it is
# installed, on precompiled headers.
QUICK_CXX  ?= $(if $(shell command -v clang++-19),clang++-19)
else
BUILD      ?= build/$(subst /,_,$(notdir $(CXX))$(subst $() ,,$(CXXSTD)$(CXXFLAGS)))
endif
# The folder as read here: a target's own CXXFLAGS (the tests' -O0, TEST_CXXFLAGS) must not move
# the paths the tests are given ($(BUILD)/sudoku, BUILD_DIR) to another folder.
BUILD      := $(BUILD)
# The objects mirror the source tree: core/board.cpp -> $(OBJ)/core/board.o; the quick build's
# copies of core/ go to $(QUICK_OBJ).
OBJ        := $(BUILD)/objects
QUICK_OBJ  := $(BUILD)/objects-quick
WARNINGS   := -Wall -Wextra
CPPFLAGS   += -I. -DREPO_ROOT='"$(CURDIR)"' -MMD -MP
ALLFLAGS    = $(CXXSTD) $(CXXFLAGS) $(WARNINGS) $(CPPFLAGS)
# How an object of the project's own code is compiled, and a wrapped solution (the quick build,
# mk/quick.mk, changes both for the objects it covers).
COMPILE           = $(CXX) $(ALLFLAGS)
COMPILE_SOLUTION  = $(CXX) $(ALLFLAGS)
# The tests' own code at -O0 with line tables (-g1: a failing test's backtrace names its lines),
# whatever CXXFLAGS say; the code under test keeps CXXFLAGS.
TEST_CXXFLAGS     = $(patsubst -g,-g1,$(patsubst -O%,-O0,$(CXXFLAGS)))

# LeetCode compiles with a recent clang at -std=c++23 -O2 with sanitizers on. With frame pointers,
# so that ASan's quick unwinder, which records where memory was allocated and freed, reaches the
# user's line (without them, a free inside vector::push_back stops short of it).
LEETCODE_CXX   ?= clang++-19
LEETCODE_FLAGS := -O2 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
SANITIZE_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
# lld where it is installed (quicker than GNU ld; the linker changes no code): for the judged
# programs (judge/rules.mk) and the quick build's links (mk/quick.mk).
LLD_FLAGS      := $(if $(shell command -v ld.lld),-fuse-ld=lld)

# Unity builds (several files compiled as one translation unit, each still a file of its own):
# the tests', the judge's and core/'s quick copies, where the quick build is. UNITY=0: one object
# a file (quicker to rebuild after editing one file).
UNITY ?= $(if $(QUICK_CXX),1,0)
# `make judge` (or debug) alone: no wrapped solution is built, so the rules that only the rest
# need skip their probes at parse time (STRESS= needs the sudoku command: then they run).
JUDGE_ONLY := $(if $(value STRESS),,$(if $(MAKECMDGOALS),$(if $(filter-out judge debug debug-build,$(MAKECMDGOALS)),,yes)))

# ---- Functions every fragment shares ------------------------------------------------------------

Q    = $(if $(filter-out 0,$(V)),,@)
# $(call say,STEP,TARGET): the short line, where V is not set; put before the command.
say  = $(if $(filter-out 0,$(V)),,@printf '  %-6s %s\n' '$(1)' '$(2)';)
# $(call quote,VAR): VAR's text exactly as given, as one shell word ('$$', spaces, '&' kept).
quote  = '$(subst ','\'',$(value $(1)))'
# $(call gtest_list,PATTERNS): GoogleTest's filter of the words PATTERNS, a:b:c (sorted: the same
# filter whatever order the folders added them in).
empty  :=
space  := $(empty) $(empty)
gtest_list = $(subst $(space),:,$(sort $(1)))
# $(call record,FILE,TEXT): FILE holds TEXT, rewritten at parse time only when TEXT changes, so that
# what depends on FILE is remade when a list or a choice changes, and only then (TEXT: no commas).
record = $(shell mkdir -p $(dir $(1)) && echo '$(2)' | cmp -s - $(1) || echo '$(2)' > $(1))
# A library the rule needs, or a clear message naming the package that brings it.
NEED_GTEST = @pkg-config --exists gtest || { echo "GoogleTest not found: sudo apt-get install libgtest-dev pkg-config" >&2; exit 1; }
NEED_JSON  = @test -f /usr/include/nlohmann/json.hpp || { echo "nlohmann/json not found: sudo apt-get install nlohmann-json3-dev" >&2; exit 1; }
# The versions of the Debian packages whose headers the precompiled headers hold, a prerequisite
# of each: apt replaces headers with files that keep their package's older times, which make
# would not see, and clang refuses a header precompiled from the files before.
SYSTEM_HEADERS := $(BUILD)/system-headers
$(call record,$(SYSTEM_HEADERS),$(shell dpkg-query -W -f='$${Package}:$${Architecture}=$${Version} ' libc6-dev \
  linux-libc-dev libstdc++-12-dev clang-19 nlohmann-json3-dev libgtest-dev libcli11-dev libcpp-httplib-dev \
  libsqlite3-dev libseccomp-dev libbenchmark-dev 2>/dev/null))
GTEST_LIBS      = $(shell pkg-config --libs gtest 2>/dev/null)
GTEST_MAIN_LIBS = $(shell pkg-config --libs gtest_main 2>/dev/null)
.PHONY: need-json
need-json:
	$(NEED_JSON)

# Every object of the project's own code, by the COMPILE its folder or the quick build gives it.
$(OBJ)/%.o: %.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@

# ---- The folders' rules -------------------------------------------------------------------------

# Each folder's rules.mk builds what is its own and adds it to the shared lists (TEST_SOURCES,
# QUICK_JUDGE, ROOTED...: mk/README.md, "The lists"); the machinery in mk/, read after them, makes
# the rules that loop over those lists, and names no folder. The folders' fragments are found,
# not listed, and read in any order: a rule that names another folder's list in its
# prerequisites writes it $$(LIST), which make reads once every fragment is in (.SECONDEXPANSION).
# A subfolder's fragment comes after all the folders', and may use their names as it is read;
# the machinery's come last, in this order (each reads what the one before defines).
.SECONDEXPANSION:
FOLDER_RULES := $(filter-out build/% $(BUILD)/%,$(sort $(wildcard */rules.mk)) $(sort $(wildcard */*/rules.mk)))
include $(FOLDER_RULES)
include mk/tests.mk mk/quick.mk mk/cross-arm64.mk mk/build-check.mk mk/dependencies.mk

# ---- The targets a user types (make help prints this list, by its headings) ---------------------

## Judge a file
judge:            ## Judge one file as LeetCode would: make judge SOLUTION=f.cpp [STRICT=1] [SETS=a,b] [TIME_LIMIT_MS=n] [CASE='board = [[...]]'] [FORMAT=json] [STANDING=full|0] [STRESS=seconds [STRESS_SEED=n]] [JUDGE_LANG=zh_CN|en] [FULL=1]
debug:            ## Step through one file in gdb, stopped in solveSudoku: make debug SOLUTION=f.cpp [CASE=...] [GDB_FLAGS=...] (default: its last failing case)
debug-build:      ## Build what make debug runs without starting gdb (for an editor: build/debug/program, build/debug/case.txt)
replay:           ## Your file's search replayed, run in the sandbox: make replay SOLUTION=f.cpp [CASE=...] (build/replay/index.html)
history:          ## Your submissions, newest first: make history [ID=N [CODE=1] [NOTE='...']] [DIFF=N,M] [HISTORY_DB=path] (history/README.md)
## The pages
serve:            ## LeetCode's problem page on 127.0.0.1, judged by the same judge: make serve [PORT=n] [STANDING=quick|full|0] [LISTEN=container] [ALLOW_HOSTS='name ...'] [HISTORY_DB=path] [HISTORY=0]
explore:          ## Write build/explore/index.html: each solution's search, replayed [SOLUTION=f.cpp] [PUZZLE=file or text]
## The bundled solutions
all:              ## Judge every bundled solution: the LeetCode tier and the sets each declares must pass
table:            ## Print the table of solutions in solutions/README.md (technique, lines of code, sets)
## The tests
test:             ## Build and run the GoogleTest suite (the quick part, in parallel); failures in full, then a summary; then no box may be left
test-thorough:    ## Only the Thorough suites: the hardest sets in full (minutes of CPU; CI runs them)
test-all:         ## make test, then make test-thorough
sanitize:         ## The tests built with AddressSanitizer and UBSan
leetcode:         ## The solutions' and core/'s tests built as LeetCode builds: clang 19, -std=c++23 -O2, ASan + UBSan
cross-arm64:      ## The judge, the toolkit and the tests built for arm64 by Debian's cross compiler (build/aarch64/); run under qemu-user where installed
arm64-check:      ## The judge under Debian's arm64 kernel in qemu-system-aarch64: make judge's verdicts and the kernel's tests there, beside this machine's [FILES='a.cpp ...'] (arm64/README.md)
serve-check:      ## The page in headless Chromium (Selenium) and the hostile requests, each refused; judges stopped at random moments leave nothing
serve-access:     ## The page for everyone: axe-core (npm, pinned, into build/axe) on every tab after each verdict, both themes and languages; the keyboard alone [SHOTS=dir]
serve-soak:       ## Judges stopped through the page at random moments, hundreds of times (serve/stop_test.py), and what is left counted
history-check:    ## The history as a user meets it, in a folder of its own: listed, code back, diff, eight at once, kill -9, damaged files untouched
explore-check:    ## The capture tests, and the replay page in headless Chromium
explore-sanitize: ## explore-check built with AddressSanitizer and UBSan
build-check:      ## The four one-file changes (a solution, a test file, a judge's file, a server file), each built and run in a scratch copy; the folders' rules in any order
container-check:  ## The README's container lines with Podman: three files judged, make test, the page from the host (container/README.md)
fuzz:             ## Fuzz the reader and parseBoard for FUZZ_SECONDS (default 60) with clang 19's libFuzzer
## The benchmarks
bench:            ## Time every solution on every set it declares at -O2, -O2 -mpopcnt, -O3 -march=native; count recursive calls [SOLUTION=f.cpp: your file beside the reading path]
bench-quick:      ## A few seconds' smoke run of the benchmark (CI): 5 puzzles per set counted, and timed on the engine and one solution
bench-commands:   ## Whole-process CPU time of sudoku solve, validate, count and generate (bench/commands.md)
chart:            ## Draw $(BENCH_OUT)/chart.png (us per puzzle) and ladder.png (the ladder puzzle per step) from make bench's results.tsv
## The tools
sudoku:           ## Build the sudoku command (build/sudoku: solve, count, validate, generate; make test builds it too)
po:               ## Write $(BUILD)/po/sudoku-judge.pot from the sources and merge it into each po/LANG.po (for a translator)
clean:            ## Remove the build folder
help:             ## List these targets

.PHONY: judge debug debug-build replay history serve explore all table test test-thorough test-all sanitize leetcode cross-arm64 arm64-check \
        serve-check serve-access serve-soak history-check explore-check explore-sanitize build-check container-check fuzz bench bench-quick bench-commands \
        chart sudoku po \
        clean help

help:
	@awk '/^## / { printf "\n%s\n", substr($$0, 4) } \
	      /^[a-z0-9-]+:  *## / { name = $$1; sub(/:$$/, "", name); text = $$0; sub(/^[^#]*## /, "", text); \
	                         printf "%-16s %s\n", name, text }' Makefile

clean:
	rm -rf $(BUILD)
