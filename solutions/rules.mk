# solutions/: every *.cpp is a bundled solution, found by this wildcard: a new file needs no other
# change. Each is compiled unchanged inside a namespace of its own (core/wrap.sh), for the tests,
# the toolkit, the benchmarks and the replay page; the judge compiles the files themselves.
SOLUTIONS := $(wildcard solutions/*.cpp)

# Solutions whose header says `// Needs: C++23` (deducing this) are compiled by CXX23: $(CXX)
# where it accepts C++23's deducing this, else $(LEETCODE_CXX) (clang 19 links with g++'s
# objects: the same libstdc++). Where neither does, wrap.sh --skip registers them as skipped and
# the tests report them SKIPPED. (Two compiler runs, so not for `make judge` alone: JUDGE_ONLY.)
CXX23_SOLUTIONS := $(shell grep -l '^// Needs: C++23' $(SOLUTIONS) /dev/null)
accepts_cxx23    = $(shell echo 'auto f = [](this auto&&) {};' | $(1) -std=c++23 -fsyntax-only -x c++ - 2>/dev/null && echo yes)
ifneq ($(CXX23_SOLUTIONS),)
ifeq ($(JUDGE_ONLY),)
CXX23 := $(if $(call accepts_cxx23,$(CXX)),$(CXX),$(if $(call accepts_cxx23,$(LEETCODE_CXX)),$(LEETCODE_CXX)))
endif
endif
CXX23_WRAPPERS := $(patsubst solutions/%.cpp,$(BUILD)/solutions/%.$(if $(CXX23),o,skipped.o),$(CXX23_SOLUTIONS))
CXX23_MISSING  := needs C++23 (deducing this), and neither $(CXX) nor $(LEETCODE_CXX) compiles it: sudo apt-get install clang-19
WRAPPERS       := $(patsubst solutions/%.cpp,$(BUILD)/solutions/%.o,$(filter-out $(CXX23_SOLUTIONS),$(SOLUTIONS))) \
                  $(CXX23_WRAPPERS)

# The effort count and the replay page count a solution's recursive calls (INSTRUMENT=1): g++
# instruments the source's calls, inlined or not, and leaves the standard library's headers out;
# clang (for the C++23 file) can only instrument what is left after inlining (before, it calls
# libstdc++'s always-inline allocator members, which the library does not export).
instrument = $(if $(INSTRUMENT),$(if $(findstring clang,$(1)),-finstrument-functions-after-inlining,\
             -finstrument-functions -finstrument-functions-exclude-file-list=/usr/include))

# Each solution is compiled unchanged inside its own namespace (core/wrap.sh); the wrapped files
# are kept, for a reader to see what was compiled.
.PRECIOUS: $(BUILD)/solutions/%.cc
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

# g++ without the quick build: LeetCode's environment (core/prelude.h, the whole standard library)
# parsed once for every wrapped solution, not once for each (most of a file's compile): g++ finds
# $(BUILD)/pch/core/prelude.h.gch before core/prelude.h, and uses it when the flags match.
PRELUDE_GCH := $(if $(QUICK_CXX),,$(if $(filter g++%,$(notdir $(CXX))),$(BUILD)/pch/core/prelude.h.gch))
$(BUILD)/pch/core/prelude.h.gch: core/prelude.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)echo '#include "core/prelude.h"  // compiled, not opened: no "#pragma once in main file"' > $@.h && \
	  $(CXX) $(ALLFLAGS) $(call instrument,$(CXX)) -MT $@ -MF $@.d -x c++-header $@.h -o $@
$(BUILD)/solutions/%.o: CPPFLAGS := $(if $(PRELUDE_GCH),-I$(BUILD)/pch) $(CPPFLAGS)
$(WRAPPERS): | $(PRELUDE_GCH)

# The choices, recorded (rewritten at parse time only when they change): installing clang-19, or
# losing it, rebuilds the C++23 solutions' objects and relinks every binary that holds them;
# adding or removing a solution relinks every binary that lists them.
ifneq ($(CXX23_SOLUTIONS),)
ifeq ($(JUDGE_ONLY),)
$(call record,$(BUILD)/cxx23-choice,$(CXX23) | $(CXX23_MISSING))
$(CXX23_WRAPPERS) $(filter %.skipped.cc,$(CXX23_WRAPPERS:.o=.cc)): $(BUILD)/cxx23-choice
endif
endif
$(call record,$(BUILD)/solution-list,$(SOLUTIONS))

# The user's file (make explore or make bench SOLUTION=f.cpp), from the copy that copy_yours keeps
# in $(BUILD)/yours/yours.cpp, wrapped as the bundled files are under the name `yours`; at
# -std=c++20 at least, as LeetCode's C++ is newer than the bundled files' C++17; no warnings, as
# the code is the user's.
YOURS_STD = $(if $(filter -std=c++23,$(CXXSTD)),-std=c++23,-std=c++20)
# $(call copy_yours,DIR): copies SOLUTION to DIR/yours/yours.cpp, replacing it only when the file
# changed (so that an unchanged file is not compiled again); a missing file is a usage error.
copy_yours = @test -f $(call quote,SOLUTION) || { echo "$@: no file "$(call quote,SOLUTION) >&2; exit 2; }; \
             mkdir -p $(1)/yours && cp $(call quote,SOLUTION) $(1)/yours/copy.cpp && \
             { cmp -s $(1)/yours/copy.cpp $(1)/yours/yours.cpp || mv $(1)/yours/copy.cpp $(1)/yours/yours.cpp; }
$(BUILD)/yours/yours.cc: $(BUILD)/yours/yours.cpp core/wrap.sh
	$(call say,WRAP,$@)core/wrap.sh yours $< > $@
$(BUILD)/yours/yours.o: $(BUILD)/yours/yours.cc
	$(call say,CXX,$@)$(CXX) $(YOURS_STD) $(CXXFLAGS) -w $(CPPFLAGS) $(call instrument,$(CXX)) -c $< -o $@

# make leetcode: what LeetCode compiles (every solution) and what checks it (core/'s tests, but
# its layout test, which reads the repository's includes), built as LeetCode builds, in a build
# folder of its own; the judge and the toolkit are the repository's own code, tested by make test.
SOLUTION_TEST_OBJS := $(patsubst %.cpp,$(OBJ)/%.o,$(filter-out core/layout_test.cpp,$(wildcard core/*_test.cpp solutions/tests/*_test.cpp)))
$(SOLUTION_TEST_OBJS): override CXXFLAGS := $(TEST_CXXFLAGS)
leetcode:
	@command -v $(LEETCODE_CXX) >/dev/null || { echo "$(LEETCODE_CXX) not found: sudo apt-get install clang-19" >&2; exit 1; }
	$(Q)$(MAKE) BUILD=$(BUILD)/leetcode CXX=$(LEETCODE_CXX) CXXSTD=-std=c++23 CXXFLAGS="$(LEETCODE_FLAGS)" \
	  $(BUILD)/leetcode/solution_tests
	$(call say,TEST,$(BUILD)/leetcode/solution_tests)mk/test_shards.sh 2 $(BUILD)/leetcode/solution_tests
$(BUILD)/solution_tests: $(SOLUTION_TEST_OBJS) $(WRAPPERS) $$(CORE_LIB) $(BUILD)/solution-list
	$(NEED_GTEST)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) -o $@ $(filter %.o,$^) $(GTEST_LIBS)

table: $(BUILD)/tests
	@solutions/table.sh $(BUILD)/tests

# The shared lists (mk/README.md): the tests, their files and the solutions they run; the
# solutions on LeetCode's precompiled prelude, but the C++23 ones (their own compiler), which a
# fresh make test starts first.
TEST_SOURCES     += $(wildcard solutions/tests/*_test.cpp)
$(BUILD)/tests: $(WRAPPERS) $(BUILD)/solution-list
QUICK_PRELUDE    += $(filter-out $(CXX23_WRAPPERS),$(WRAPPERS))
TEST_BUILD_FIRST += $(CXX23_WRAPPERS)
ROOTED           += $(WRAPPERS) $(SOLUTION_TEST_OBJS) $(PRELUDE_GCH)
ARM64_IN_QEMU    += Registry.* *.LeetcodeExample *.LeetcodeReported *.ProjectEuler96
