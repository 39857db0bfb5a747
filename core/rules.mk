# core/: the words every folder shares (core/README.md). Its files come in two groups:
# CORE_HOT, those every puzzle's work goes through (the board, the checker, the reader, the
# counter), built at CXXFLAGS for the toolkit's speed; CORE_COLD, the rest (the testcase files,
# the registry, the catalogue, the words, a file's text, and core/process/: a process started and
# waited for, /proc read), which run only at start-up, beside the work or on an error. Where the
# quick build is (mk/quick.mk), the judge has quick copies of both groups (QUICK_CORE), and the
# tests and the toolkit link its copies of the cold ones: one compile fewer for each.
CORE_HOT   := board checker reader counter
CORE_COLD  := testcases registry catalog words text_file process/process process/proc process/proc_dir
# The quick copies as two unity units (UNITY), the cold files and the hot ones: the files of a
# group share one parse of their headers.
QUICK_CORE_UNITS := $(if $(QUICK_CXX),$(if $(filter 1,$(UNITY)),$(QUICK_OBJ)/core/cold-unit.o $(QUICK_OBJ)/core/hot-unit.o))
QUICK_CORE_COLD  := $(if $(QUICK_CORE_UNITS),$(QUICK_OBJ)/core/cold-unit.o,$(addprefix $(QUICK_OBJ)/core/,$(CORE_COLD:=.o)))
QUICK_CORE       := $(if $(QUICK_CXX),$(or $(QUICK_CORE_UNITS),$(addprefix $(QUICK_OBJ)/core/,$(CORE_HOT:=.o) $(CORE_COLD:=.o))))
CORE_LIB   := $(addprefix $(OBJ)/core/,$(CORE_HOT:=.o)) \
              $(if $(QUICK_CXX),$(QUICK_CORE_COLD),$(addprefix $(OBJ)/core/,$(CORE_COLD:=.o)))

ifneq ($(QUICK_CXX),)
$(QUICK_OBJ)/core/%.o: core/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
ifneq ($(QUICK_CORE_UNITS),)
$(call record,$(BUILD)/core-list,$(CORE_COLD) | $(CORE_HOT))
$(QUICK_CORE_UNITS:.o=.cpp): $(QUICK_OBJ)/core/%-unit.cpp: $(BUILD)/core-list mk/unity.sh
	@mkdir -p $(@D)
	$(call say,UNITY,$@)mk/unity.sh 1 1 $(patsubst %,core/%.cpp,$(if $(filter hot,$*),$(CORE_HOT),$(CORE_COLD))) > $@.tmp && mv -f $@.tmp $@
$(QUICK_CORE_UNITS): %.o: %.cpp
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
endif
endif

# The shared lists (mk/README.md): the tests, their files and what they link; the quick
# copies on the judge's header, the optimised objects on the standard library's.
TEST_SOURCES      += $(wildcard core/*_test.cpp core/process/*_test.cpp)
$(BUILD)/tests: $(CORE_LIB)
QUICK_JUDGE       += $(QUICK_CORE)
QUICK_STANDARD    += $(filter $(OBJ)/%,$(CORE_LIB))
ROOTED            += $(CORE_LIB) $(QUICK_CORE)
ARM64_IN_QEMU     += Checker.* Reader.* Loader.* Counter.* TextFile.*
ARM64_NOT_IN_QEMU += TextFile.*Diff*
