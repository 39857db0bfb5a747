# judge --replay (judge/replay/README.md): a file's own search, replayed on explore's page, its
# code run only in the judge's box. The box's program is the file compiled unchanged by the
# judge's compiler (LeetCode's clang 19 where installed: every file the judge accepts replays,
# C++23 included) with explore's hooks (-O2, instrumented) and linked with a runtime built once,
# not instrumented: the replay's loop, the runner, explore's capture and page, core's board,
# checker, registry and words. The judge itself links explore's page only (to read the program's
# data and write the page), never the capture. (A subfolder's rules: read after every folder's,
# whose names they use as they are read: the judge's JUDGED, core/'s QUICK_CORE_UNITS.)
REPLAY_DIR       := $(JUDGED)/replay
REPLAY_CXX       := $(JUDGE_CXX)
REPLAY_FLAGS     := -O2 -w
REPLAY_INSTRUMENT = $(if $(findstring clang,$(REPLAY_CXX)),-finstrument-functions-after-inlining,\
                    -finstrument-functions -finstrument-functions-exclude-file-list=/usr/include)
REPLAY_CORE      := $(if $(QUICK_CORE_UNITS),cold-unit.o hot-unit.o,board.o checker.o registry.o words.o)
REPLAY_RUNTIME   := $(addprefix $(REPLAY_DIR)/,replay_program.o runner.o capture.o page.o $(REPLAY_CORE))
REPLAY_TOOLCHAIN := $(REPLAY_DIR)/toolchain.sh
# Explore's page and core's files: where the quick build is, the replay's are copies of the
# judge's own, in the replay's folder, which its compile box sees; explore's capture (not
# instrumented: it holds the hooks) a copy of the tests'; else compiled as the rest.
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
$(REPLAY_DIR)/replay_program.o: judge/replay/replay_program.cpp
$(REPLAY_DIR)/runner.o: judge/sandbox/runner.cpp
$(if $(QUICK_CXX),$(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)),$(REPLAY_RUNTIME)): | need-json
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(REPLAY_CXX) -std=c++23 -O2 $(WARNINGS) $(CPPFLAGS) -c $< -o $@
# LeetCode's prelude parsed once, at the program's flags (most of each file's compile): clang's
# precompiled header (its templates instantiated once, as the judge's), or g++'s.
REPLAY_PCH := $(if $(findstring clang,$(REPLAY_CXX)),$(REPLAY_DIR)/core-prelude.pch,              $(if $(findstring g++,$(notdir $(REPLAY_CXX))),$(REPLAY_DIR)/pch/core/prelude.h.gch))
$(REPLAY_DIR)/pch/core/prelude.h.gch: core/prelude.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(REPLAY_CXX) -std=c++23 $(REPLAY_FLAGS) $(REPLAY_INSTRUMENT) -x c++-header $< -o $@
$(REPLAY_DIR)/core-prelude.pch: core/prelude.h $(SYSTEM_HEADERS)
	@mkdir -p $(@D)
	$(call say,PCH,$@)$(REPLAY_CXX) -std=c++23 $(REPLAY_FLAGS) $(REPLAY_INSTRUMENT) -fpch-instantiate-templates \
	  -x c++-header $< -o $@
# Read by judge/replay/build_replay.sh; rewritten with the runtime, so cached programs are
# rebuilt. Linked by lld where it is installed, as the judged programs are.
$(REPLAY_TOOLCHAIN): $(REPLAY_RUNTIME) $(REPLAY_PCH) $(JUDGED)/link-choice
	@printf '%s\n' "# How judge/replay/build_replay.sh builds a replay program (written by make)" \
	  "cxx='$(REPLAY_CXX)'" "standard='c++23'" "flags='$(REPLAY_FLAGS)'" "instrument='$(strip $(REPLAY_INSTRUMENT))'" \
	  "includes='$(if $(filter %.gch,$(REPLAY_PCH)),-I$(abspath $(REPLAY_DIR)/pch) )$(if $(filter %.pch,$(REPLAY_PCH)),-include-pch $(abspath $(REPLAY_PCH)) )-I$(CURDIR)'" \
	  "runtime='$(abspath $(REPLAY_RUNTIME))'" "linkflags='$(JUDGED_LINKFLAGS)'" \
	  "stamp='$$(cat $(REPLAY_RUNTIME) $(REPLAY_PCH) | md5sum | cut -c1-32)'" > $@
-include $(wildcard $(REPLAY_DIR)/*.d)

$(OBJ)/judge/replay/replay.o: | need-json
$(BUILD)/tests: | $(REPLAY_TOOLCHAIN)
ifneq ($(value SOLUTION),)
explore: $(JUDGE_BIN) $(REPLAY_TOOLCHAIN)
endif
# make replay SOLUTION=f.cpp [CASE=...]: the page, build/replay/index.html.
replay: $(JUDGE_BIN) $(REPLAY_TOOLCHAIN)
	@test -n $(call quote,SOLUTION) || { echo "usage: make replay SOLUTION=path/to/file.cpp [CASE=puzzle]" >&2; exit 2; }
	$(Q)$(JUDGE_BIN) --replay $(if $(value CASE),--case $(call quote,CASE)) --out $(BUILD)/replay/index.html \
	  -- $(call quote,SOLUTION) && echo "wrote $(BUILD)/replay/index.html"

# The shared lists (mk/README.md): the reader on the judge's precompiled header; the
# program's prelude header among a fresh make test's longest compiles.
QUICK_JUDGE      += $(OBJ)/judge/replay/replay.o
TEST_BUILD_FIRST += $(REPLAY_PCH)
ROOTED           += $(filter-out $(REPLAY_SHARED),$(REPLAY_RUNTIME)) $(REPLAY_PCH) $(REPLAY_TOOLCHAIN)
