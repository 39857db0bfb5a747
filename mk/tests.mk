# The tests' binary and the targets that run it. It reads the lists every folder fills
# (mk/README.md, "The lists"): TEST_SOURCES, TEST_DEFINES, TESTS_LIBS, TESTS_ALONE, TEST_RUN_ENV and
# TEST_RUN_CHECKS; what else the binary links, each folder names as a prerequisite of
# $(BUILD)/tests.

# ---- The binary ---------------------------------------------------------------------------------

# Every folder's *_test.cpp, in one order whatever order the folders were read in, compiled at
# TEST_CXXFLAGS.
TEST_SOURCES := $(sort $(TEST_SOURCES))
TEST_OBJS    := $(patsubst %.cpp,$(OBJ)/%.o,$(TEST_SOURCES))
# A unity build of the tests (UNITY): the test files compiled together in TEST_UNIT_COUNT
# translation units (mk/unity.sh deals them by size), not one each, since each file alone loads the
# tests' header and instantiates GoogleTest's and the library's templates again.
TEST_UNIT_COUNT := 2
UNITY_OBJS := $(patsubst %,$(OBJ)/unity/tests-%.o,$(shell seq $(TEST_UNIT_COUNT)))
TEST_LINK  := $(if $(filter 1,$(UNITY)),$(UNITY_OBJS),$(TEST_OBJS))
ROOTED     += $(TEST_LINK)
$(TEST_OBJS) $(UNITY_OBJS): override CXXFLAGS := $(TEST_CXXFLAGS)
# Where the tests find this build and the programs they run (TEST_DEFINES): every test file is given
# them, one by one or in a unity unit alike, so a new one needs no line here.
$(TEST_OBJS) $(UNITY_OBJS): CPPFLAGS += $(sort -DBUILD_DIR='"$(abspath $(BUILD))"' $(TEST_DEFINES))

# The test objects first, then the folders' objects, then the libraries those need.
$(BUILD)/tests: $(TEST_LINK)
	$(NEED_GTEST)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(QUICK_LDFLAGS) -o $@ $(filter %.o,$^) $(GTEST_LIBS) $(TESTS_LIBS)

# The units are rewritten when the list of files changes, which $(BUILD)/test-list records (with the
# count of units), or mk/unity.sh does. Static pattern rules: a generic one would offer make a way
# to remake the units' .d files.
ifeq ($(UNITY),1)
ifeq ($(JUDGE_ONLY),)
$(call record,$(BUILD)/test-list,$(TEST_UNIT_COUNT) $(TEST_SOURCES))
endif
$(UNITY_OBJS:.o=.cpp): $(OBJ)/unity/tests-%.cpp: $(BUILD)/test-list mk/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)mk/unity.sh $* $(TEST_UNIT_COUNT) $(TEST_SOURCES) > $@.tmp && mv -f $@.tmp $@
$(UNITY_OBJS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
endif

# ---- The run ------------------------------------------------------------------------------------

# make test: the suite in groups, TEST_SHARDS processes at a time, the longest tests first
# (mk/test_shards.sh), as many of its tests wait on a judged child or a sandbox rather than on a
# core; the Thorough suites (minutes of CPU on the hardest sets, adding no case the quick ones miss)
# only in make test-all. The suites that watch the machine's processes (TESTS_ALONE) run one after
# another, in one process of their own beside the others. The run's temporary files go to a folder
# of its own, which each of TEST_RUN_CHECKS is given afterwards (a check fails the run); the run's
# environment is TEST_RUN_ENV's, and whatever would find the user's data folder finds the run's own
# (XDG_DATA_HOME): the developer's data is untouched.
TEST_SHARDS ?= 4
THOROUGH    := *Thorough.*
test: $(if $(QUICK_CXX),tests-longest-first) $(BUILD)/tests
	$(call say,TEST,$(BUILD)/tests)run=$$(mktemp -d $(abspath $(BUILD))/test-run.XXXXXX) && \
	  { TMPDIR=$$run $(TEST_RUN_ENV) XDG_DATA_HOME=$$run/data mk/test_shards.sh $(TEST_SHARDS) \
	      $(BUILD)/tests '$(THOROUGH)' '$(call gtest_list,$(TESTS_ALONE))'; status=$$?; \
	    $(foreach check,$(TEST_RUN_CHECKS),$(check) $$run || status=1;) rm -rf $$run; exit $$status; }
test-thorough: $(BUILD)/tests
	$(call say,TEST,$(BUILD)/tests Thorough)$(BUILD)/tests --gtest_brief=1 --gtest_filter='$(THOROUGH)'
test-all:
	$(Q)$(MAKE) test && $(MAKE) test-thorough
sanitize:
	$(Q)$(MAKE) BUILD=$(BUILD)/sanitize CXXFLAGS="$(SANITIZE_FLAGS)" test
