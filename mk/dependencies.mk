# A tree built at one path and then at another (a container mounts it at /work; the host has it
# elsewhere) must still build. What holds the root's path (REPO_ROOT and the -D paths in objects,
# the precompiled headers' inputs, the toolchain files: ROOTED, to which each folder adds its own,
# mk/README.md) is rebuilt when the root moves: $(BUILD)/source-root records it (rewritten, at parse
# time, only when it changes); with clang's quick build nearly every object is compiled on a
# precompiled header, so a move rebuilds nearly everything, and a build that stays put, nothing. The
# dependency files name what they list by absolute paths where the compiler does: -MP gives each a
# rule of its own, but clang names a precompiled header's input by its absolute path and gives that
# one none. So, before they are read, the old root in them becomes the new one (where it starts a
# path): make finds the files again, and rebuilds what the record says.
SOURCE_ROOT := $(BUILD)/source-root
MOVED_FROM  := $(filter-out $(CURDIR),$(shell cat $(SOURCE_ROOT) 2>/dev/null))
ifneq ($(MOVED_FROM),)
$(shell find $(BUILD) -name '*.d' -exec sed -i -E 's@(^| )$(MOVED_FROM)/@\1$(CURDIR)/@g' {} +)
endif
$(call record,$(SOURCE_ROOT),$(CURDIR))
$(sort $(ROOTED)): $(SOURCE_ROOT)

# What each object was built from, as the compiler found it (-MMD -MP).
-include $(wildcard $(BUILD)/*/*.d $(OBJ)/*/*.d $(OBJ)/*/*/*.d $(BUILD)/pch/*/*.gch.d $(BUILD)/pch/*.pch.d \
  $(QUICK_OBJ)/*/*.d $(QUICK_OBJ)/*/*/*.d)
# A header that a dependency file names but that is gone (moved, renamed, deleted): remade by
# nothing, so what named it is compiled again, and a real missing include is the compiler's to
# report by its own line, not make's "No rule to make target" in an older build folder.
%.h: ;
