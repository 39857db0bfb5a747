# sudoku/: the toolkit (sudoku/README.md). It uses core/'s board, checker, reader and counter; the
# judge never uses it. Its objects go to $(OBJ)/sudoku/, since $(BUILD)/sudoku is the command.
SUDOKU_OBJ := $(OBJ)/sudoku
SUDOKU_LIB := $(addprefix $(SUDOKU_OBJ)/,engine.o parallel.o generator.o)
CLI_LIB    := $(addprefix $(SUDOKU_OBJ)/,sudoku.o generate_command.o)

# The command: built by `make`; the tests call it in process and run it.
sudoku: $(BUILD)/sudoku
$(BUILD)/sudoku: $(SUDOKU_OBJ)/sudoku_main.o $(CLI_LIB) $$(WRAPPERS) $(SUDOKU_LIB) $$(CORE_LIB) $(BUILD)/solution-list
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $(filter %.o,$^)

# The 9x9 engine is built for the CPU that builds it, at -O3, as the fastest public solvers build
# themselves (tdoku: -march=native), and in the default build by clang 19 where it is installed:
# g++ 12 moves the engine's vectors through the stack where clang keeps them in registers
# (bench/README.md, "The toolkit's engine and commands", measures both). ENGINE_FLAGS=
# ENGINE_CXX=g++ builds it like the rest (a binary for another machine; make clean first); the
# benchmarks build it with their own compiler and flags, to time it beside the solutions.
ENGINE_FLAGS ?= -O3 -march=native
ENGINE_CXX   ?= $(CXX)
$(SUDOKU_OBJ)/engine.o: CXXFLAGS += $(ENGINE_FLAGS)
$(SUDOKU_OBJ)/engine.o: sudoku/engine.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(ENGINE_CXX) $(ALLFLAGS) -c $< -o $@

# The fuzz target (sudoku/fuzz_reader.cpp): the reader and parseBoard under libFuzzer with ASan
# and UBSan, built by clang 19 in $(BUILD)/fuzz. New inputs go to FUZZ_CORPUS (seeded with
# testcases/cli and testcases/invalid); a crashing input is written to $(BUILD)/fuzz/crash-*,
# to be kept as a testcase in testcases/cli/fuzz/ (sudoku_test.cpp reads them all).
FUZZ_CXX     ?= clang++-19
FUZZ_FLAGS   := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
FUZZ_SECONDS ?= 60
FUZZ_CORPUS  ?= $(BUILD)/fuzz-corpus
FUZZ_OBJS     = $(SUDOKU_OBJ)/fuzz_reader.o $(addprefix $(OBJ)/core/,reader.o board.o checker.o testcases.o words.o)
fuzz:
	@command -v $(FUZZ_CXX) >/dev/null || { echo "$(FUZZ_CXX) not found: sudo apt-get install clang-19" >&2; exit 1; }
	$(Q)$(MAKE) BUILD=$(BUILD)/fuzz CXX=$(FUZZ_CXX) CXXFLAGS="$(FUZZ_FLAGS)" $(BUILD)/fuzz/fuzz_reader
	@mkdir -p $(FUZZ_CORPUS)
	$(BUILD)/fuzz/fuzz_reader -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 \
	  -artifact_prefix=$(BUILD)/fuzz/ $(FUZZ_CORPUS) testcases/cli testcases/invalid
$(BUILD)/fuzz_reader: $(FUZZ_OBJS)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) -fsanitize=fuzzer -o $@ $^

# The shared lists (mk/README.md): the tests, their files, what they link and the command
# they run; the command line on its own precompiled header (CLI11's), the batch and the generator
# on the standard library's; for arm64, the engine without -march=native (this CPU's).
TEST_SOURCES      += $(wildcard sudoku/*_test.cpp)
$(BUILD)/tests: $(SUDOKU_LIB) $(CLI_LIB) | $(BUILD)/sudoku
TEST_DEFINES      += -DSUDOKU_BINARY='"$(abspath $(BUILD)/sudoku)"'
QUICK_CLI         += $(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o
QUICK_STANDARD    += $(SUDOKU_OBJ)/parallel.o $(SUDOKU_OBJ)/generator.o
TEST_BUILD_FIRST  += $(SUDOKU_OBJ)/sudoku.o
ROOTED            += $(SUDOKU_LIB) $(CLI_LIB) $(SUDOKU_OBJ)/sudoku_main.o
ARM64_GOALS       += $(BUILD)/sudoku
ARM64_SETTINGS    += ENGINE_CXX=$(CROSS_ARM64) ENGINE_FLAGS=-O3
ARM64_IN_QEMU     += Engine.* Generator.* Sudoku*
ARM64_NOT_IN_QEMU += SudokuBinary.* SudokuPipeline.* SudokuGenerate.* SudokuHelp.MakeHelp*
