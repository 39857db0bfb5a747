# messages/: a report's sentences in JSON as message ids, and the one walk that shows them in the
# reader's language (messages/README.md). Below the judge and the server, which both link it (and
# core/'s words, which it renders with); with nlohmann/json, as they have it. Where the quick build
# is (tools/rules.mk), its object is compiled as the judge's own are.
MESSAGES_LIB  := $(OBJ)/messages/json.o
TEST_SOURCES  += $(wildcard messages/*_test.cpp)

$(JUDGE_BIN) $(BUILD)/tests $(SERVE_BIN): $(MESSAGES_LIB)
$(MESSAGES_LIB): | need-json
