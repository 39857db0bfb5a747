# sudoku-solutions: LeetCode 37 solutions and a local judge.  `make help` lists the targets.

BUILD    ?= build
CXX      ?= g++
CXXSTD   ?= -std=c++17
CXXFLAGS ?= -O2 -g
WARNINGS := -Wall -Wextra
CPPFLAGS += -Ijudge -I. -DREPO_ROOT='"$(CURDIR)"' -MMD -MP
ALLFLAGS  = $(CXXSTD) $(CXXFLAGS) $(WARNINGS) $(CPPFLAGS)

# LeetCode compiles with a recent clang at -std=c++23 -O2 with sanitizers on.
LEETCODE_CXX ?= clang++-19
LEETCODE_FLAGS := -O2 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined
SANITIZE_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer

SOLUTIONS  := $(wildcard solutions/*.cpp)
JUDGE_LIB  := $(addprefix $(BUILD)/judge/,board.o checker.o testcases.o registry.o counter.o)
WRAPPERS   := $(patsubst solutions/%.cpp,$(BUILD)/solutions/%.o,$(SOLUTIONS))
TEST_OBJS  := $(patsubst judge/%.cpp,$(BUILD)/judge/%.o,$(wildcard judge/*_test.cpp))

GTEST_LIBS  = $(shell pkg-config --libs gtest 2>/dev/null)
NEED_GTEST  = @pkg-config --exists gtest || { echo "GoogleTest not found: sudo apt-get install libgtest-dev pkg-config" >&2; exit 1; }

.PHONY: all test sanitize leetcode clean help
.DEFAULT_GOAL := all

all: $(BUILD)/tests ## Judge every bundled solution on every testcase set it declares
	$(BUILD)/tests --gtest_brief=1

test: $(BUILD)/tests ## Build and run the GoogleTest suite (checker, loader, every solution)
	$(BUILD)/tests

sanitize: ## The tests built with AddressSanitizer and UBSan
	$(MAKE) BUILD=$(BUILD)/sanitize CXXFLAGS="$(SANITIZE_FLAGS)" test

leetcode: ## The tests built as LeetCode builds: clang 19, -std=c++23 -O2, ASan + UBSan
	@command -v $(LEETCODE_CXX) >/dev/null || { echo "$(LEETCODE_CXX) not found: sudo apt-get install clang-19" >&2; exit 1; }
	$(MAKE) BUILD=$(BUILD)/leetcode CXX=$(LEETCODE_CXX) CXXSTD=-std=c++23 CXXFLAGS="$(LEETCODE_FLAGS)" test

clean: ## Remove the build directory
	rm -rf $(BUILD)

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 12

$(BUILD)/tests: $(TEST_OBJS) $(WRAPPERS) $(JUDGE_LIB)
	$(NEED_GTEST)
	$(CXX) $(CXXSTD) $(CXXFLAGS) -o $@ $^ $(GTEST_LIBS)

$(BUILD)/judge/%.o: judge/%.cpp
	@mkdir -p $(@D)
	$(CXX) $(ALLFLAGS) -c $< -o $@

# Each solution is compiled unchanged inside its own namespace (judge/wrap.sh).
$(BUILD)/solutions/%.cc: solutions/%.cpp judge/wrap.sh
	@mkdir -p $(@D)
	judge/wrap.sh $(subst -,_,$*) $< > $@

$(BUILD)/solutions/%.o: $(BUILD)/solutions/%.cc
	$(CXX) $(ALLFLAGS) -c $< -o $@

-include $(wildcard $(BUILD)/*/*.d)

.SECONDARY:
