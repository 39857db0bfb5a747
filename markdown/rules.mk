# markdown/: the checks that keep the pages' links and anchors true and each translation in step
# (markdown/README.md); the tests link them.
MARKDOWN_OBJ := $(OBJ)/markdown
MARKDOWN_LIB := $(MARKDOWN_OBJ)/markdown.o
TEST_SOURCES += $(wildcard markdown/*_test.cpp)
$(BUILD)/tests: $(MARKDOWN_LIB)
