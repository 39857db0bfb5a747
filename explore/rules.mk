# explore/: every solution's search replayed in one page (explore/README.md). The solutions are
# built instrumented (INSTRUMENT=1, names exported) in the effort count's folder, with its flags,
# so that `make bench` and `make explore` share those objects; explore/capture.cpp holds the hooks.
# `make explore-check` runs the capture tests and opens the page in headless Chromium;
# `make explore-sanitize` runs them under ASan + UBSan.
EXPLORE_BUILD ?= $(BUILD)/bench-effort
EXPLORE_FLAGS ?= -O2
EXPLORE_PAGE  := $(BUILD)/explore/index.html
EXPLORE_OBJ   := $(OBJ)/explore
EXPLORE_LIB   := $(addprefix $(EXPLORE_OBJ)/,capture.o page.o)
explore_make   = $(Q)$(MAKE) BUILD=$(EXPLORE_BUILD) CXXFLAGS="$(EXPLORE_FLAGS)" INSTRUMENT=1 LDFLAGS=-rdynamic \
                 $(addprefix $(EXPLORE_BUILD)/bin/,$(1))

explore:
ifeq ($(value SOLUTION),)
	+$(call explore_make,explore)
	$(EXPLORE_BUILD)/bin/explore --out $(EXPLORE_PAGE) $(if $(value PUZZLE),--puzzle $(call quote,PUZZLE))
else
	@test -f $(call quote,SOLUTION) || { echo "explore: no file "$(call quote,SOLUTION) >&2; exit 2; }
	+$(call explore_make,explore)
	$(EXPLORE_BUILD)/bin/explore --out $(EXPLORE_PAGE) --yours $(call quote,SOLUTION) --judge $(abspath $(JUDGE_BIN)) \
	  $(if $(value PUZZLE),--puzzle $(call quote,PUZZLE))
endif

explore-check:
	+$(call explore_make,explore_tests)
	$(call say,TEST,$(EXPLORE_BUILD)/bin/explore_tests)$(EXPLORE_BUILD)/bin/explore_tests --gtest_brief=1

explore-sanitize:
	$(Q)$(MAKE) EXPLORE_BUILD=$(BUILD)/explore-sanitize EXPLORE_FLAGS="$(SANITIZE_FLAGS)" explore-check

$(BUILD)/bin/explore: $(EXPLORE_OBJ)/explore_main.o $(EXPLORE_LIB) $$(CLI_LIB) $$(WRAPPERS) $$(CORE_LIB) $$(SUDOKU_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^)
$(BUILD)/bin/explore_tests: $(EXPLORE_OBJ)/explore_test.o $(EXPLORE_LIB) $$(WRAPPERS) $$(CORE_LIB)
	$(NEED_GTEST)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(GTEST_MAIN_LIBS)
$(BUILD)/bin/explore $(BUILD)/bin/explore_tests: $(BUILD)/solution-list
$(EXPLORE_OBJ)/explore_test.o: CPPFLAGS += -DEXPLORE_DIR='"$(abspath $(BUILD)/explore-test)"' \
  -DEXPLORE_BUILD_DIR='"$(abspath $(BUILD))"' -DEXPLORE_FLAGS_USED='"$(CXXFLAGS)"'

# The shared lists (mk/README.md): the tests link explore's capture; the judge links its
# page (judge/rules.mk), compiled on the judge's precompiled header.
$(BUILD)/tests: $(EXPLORE_OBJ)/capture.o
QUICK_JUDGE      += $(EXPLORE_OBJ)/page.o
TEST_BUILD_FIRST += $(EXPLORE_OBJ)/page.o
ROOTED           += $(EXPLORE_LIB) $(EXPLORE_OBJ)/explore_main.o $(EXPLORE_OBJ)/explore_test.o
