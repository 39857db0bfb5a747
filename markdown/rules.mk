# markdown/: the checks that keep the pages' links and anchors true and each translation in step
# (markdown/README.md), on pages read by GitHub's own parser (Debian's libcmark-gfm-dev); the
# tests link them.
MARKDOWN_LIB  := $(patsubst %.cpp,$(OBJ)/%.o,$(filter-out %_test.cpp,$(wildcard markdown/*.cpp)))
TEST_SOURCES  += $(wildcard markdown/*_test.cpp)
# The parser's library by name: Debian's libcmark-gfm.pc also names its extensions' library
# (another package, libcmark-gfm-extensions-dev), which GitHub's tables and autolinks need and
# these checks do not.
TESTS_LIBS    += -lcmark-gfm
NEED_CMARK     = @pkg-config --exists libcmark-gfm || { echo "libcmark-gfm not found: sudo apt-get install libcmark-gfm-dev" >&2; exit 1; }
$(BUILD)/tests: $(MARKDOWN_LIB)
$(MARKDOWN_LIB): | need-cmark
.PHONY: need-cmark
need-cmark:
	$(NEED_CMARK)
