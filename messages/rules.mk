# messages/: a report's sentences in JSON as message ids, and the one walk that shows them in the
# reader's language (messages/README.md). Below the judge and the server, which both link it (and
# core/'s words, which it renders with: their rules name it); with nlohmann/json, as they have it.
MESSAGES_LIB  := $(OBJ)/messages/json.o
$(MESSAGES_LIB): | need-json

# The shared lists (mk/README.md): the tests, their files and what they link; where the quick
# build is, its object compiled as the judge's own are.
TEST_SOURCES  += $(wildcard messages/*_test.cpp)
$(BUILD)/tests: $(MESSAGES_LIB)
QUICK_JUDGE   += $(MESSAGES_LIB)
