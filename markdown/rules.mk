# markdown/: the checks that keep the pages' links and anchors true and each translation in step
# (markdown/README.md), on pages read by GitHub's own parser (Debian's libcmark-gfm-dev); the
# tests link them.
MARKDOWN_LIB  := $(patsubst %.cpp,$(OBJ)/%.o,$(filter-out %_test.cpp,$(wildcard markdown/*.cpp)))
# The parser's library by name: Debian's libcmark-gfm.pc also names its extensions' library
# (another package, libcmark-gfm-extensions-dev), which GitHub's tables and autolinks need and
# these checks do not.
NEED_CMARK     = @pkg-config --exists libcmark-gfm || { echo "libcmark-gfm not found: sudo apt-get install libcmark-gfm-dev" >&2; exit 1; }
$(MARKDOWN_LIB): | need-cmark
.PHONY: need-cmark
need-cmark:
	$(NEED_CMARK)

# The shared lists (mk/README.md): the tests, their files, what they link and the parser's
# library; the checks on the tests' precompiled header, among a fresh make test's longest
# compiles; for arm64, the parser's library.
TEST_SOURCES     += $(wildcard markdown/*_test.cpp)
$(BUILD)/tests: $(MARKDOWN_LIB)
TESTS_LIBS       += -lcmark-gfm
QUICK_TESTS      += $(MARKDOWN_LIB)
TEST_BUILD_FIRST += $(MARKDOWN_LIB)
ROOTED           += $(MARKDOWN_LIB)
ARM64_LIBRARIES  += libcmark-gfm
ARM64_PACKAGES   += libcmark-gfm-dev:arm64
ARM64_IN_QEMU    += Pair.*
