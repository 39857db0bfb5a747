# make serve: LeetCode's problem page, offline (serve/README.md). A small server on 127.0.0.1
# (cpp-httplib and nlohmann/json, Debian's) that runs this build's judge for every Run and Submit;
# it prints one URL with a random token. PORT= (default: a free one), STANDING= and the page's
# language: JUDGE_LANG=, else the environment's, as the judge reads it (make serve
# LANG=zh_CN.UTF-8: Chinese). make serve-check: the
# browser test (headless Chromium through Selenium) and the hostile requests.
SERVE_OBJ  := $(OBJ)/serve
SERVE_BIN  := $(BUILD)/bin/serve
NEED_HTTPLIB = @pkg-config --exists cpp-httplib || { echo "cpp-httplib not found: sudo apt-get install libcpp-httplib-dev" >&2; exit 1; }
# Debian builds cpp-httplib as a library, with its own defines (OpenSSL, zlib): its flags, not ours.
HTTPLIB_CFLAGS = $(shell pkg-config --cflags cpp-httplib 2>/dev/null)
HTTPLIB_LIBS   = $(shell pkg-config --libs cpp-httplib 2>/dev/null)

# LISTEN=container: the container's own address, where a port published on the host arrives
# (container/README.md); ALLOW_HOSTS='name ...': names the Host check lets in beside loopback's.
serve: $(SERVE_BIN) $$(JUDGE_BIN) $$(JUDGED)/toolchain.sh $$(REPLAY_TOOLCHAIN)
	$(Q)$(SERVE_BIN) --judge $(JUDGE_BIN) $(if $(value PORT),--port $(call quote,PORT)) \
	  $(if $(value STANDING),--standing $(call quote,STANDING)) $(if $(value LISTEN),--listen $(call quote,LISTEN)) \
	  $(foreach name,$(ALLOW_HOSTS),--allow-host '$(subst ','\'',$(name))') \
	  $(if $(filter 0,$(HISTORY)),--no-history) $(HISTORY_DB_ARG) $(LANG_ARG)

# axe-core, from npm, at the version and digest serve/axe/package-lock.json pins, installed into
# build/axe for serve/access_test.py alone: the page never serves it.
AXE_JS   := $(BUILD)/axe/node_modules/axe-core/axe.min.js
NEED_NPM  = @command -v npm >/dev/null || { echo "npm not found: sudo apt-get install npm" >&2; exit 1; }
$(AXE_JS): serve/axe/package.json serve/axe/package-lock.json
	$(NEED_NPM)
	@mkdir -p $(BUILD)/axe
	@cp serve/axe/package.json serve/axe/package-lock.json $(BUILD)/axe/
	$(call say,NPM,$(BUILD)/axe: axe-core)cd $(BUILD)/axe && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	@touch $@

# serve-check stops judges through the page at random moments too (serve/stop_test.py: 64 stops,
# the 40 Submits abandoned in their first 0.4 s among them); serve-soak does it at length (60 at
# each moment, 340 in all).
serve-check: $(SERVE_BIN) $$(JUDGE_BIN) $$(JUDGED)/toolchain.sh $$(REPLAY_TOOLCHAIN)
	$(call say,TEST,serve/serve_test.py)/usr/bin/python3 serve/serve_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN)
	$(call say,TEST,serve/kept_language_test.py)/usr/bin/python3 serve/kept_language_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN)
	$(call say,TEST,serve/runtime_test.py)/usr/bin/python3 serve/runtime_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN)
	$(call say,TEST,serve/stop_test.py)/usr/bin/python3 serve/stop_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN) --tries 6

# serve-access: the page for everyone (serve/access_test.py): axe-core in every state, the keyboard
# alone, the theme. SHOTS=DIR saves both themes' screenshots there.
serve-access: $(SERVE_BIN) $$(JUDGE_BIN) $$(JUDGED)/toolchain.sh $$(REPLAY_TOOLCHAIN) $(AXE_JS)
	$(call say,TEST,serve/access_test.py)/usr/bin/python3 serve/access_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN) \
	  --axe $(AXE_JS) $(if $(value SHOTS),--screenshots $(call quote,SHOTS))

serve-soak: $(SERVE_BIN) $$(JUDGE_BIN) $$(JUDGED)/toolchain.sh $$(REPLAY_TOOLCHAIN)
	$(call say,TEST,serve/stop_test.py)/usr/bin/python3 serve/stop_test.py --serve $(SERVE_BIN) --judge $(JUDGE_BIN) --tries 60

# The server: every serve/*.cpp but the tests. Those that include <httplib.h> are its HTTP side,
# linked into the server alone; the others (the queue, the judge's process, the guards...) into
# the tests too, which link no cpp-httplib (arm64's cross build has none). A new file, or a new
# test, needs no line here. The server also links the history's store and JSON view, core/ (whose
# words the store's reasons are written in) and the report's messages.
SERVE_SOURCES := $(filter-out %_test.cpp,$(wildcard serve/*.cpp))
SERVE_OBJS    := $(patsubst serve/%.cpp,$(SERVE_OBJ)/%.o,$(SERVE_SOURCES))
SERVE_HTTP    := $(patsubst serve/%.cpp,$(SERVE_OBJ)/%.o,$(shell grep -l '^\#include <httplib.h>' $(SERVE_SOURCES)))
SERVE_LIB     := $(filter-out $(SERVE_OBJ)/serve_main.o $(SERVE_HTTP),$(SERVE_OBJS))
$(SERVE_BIN): $(SERVE_OBJS) $$(HISTORY_LIB) $$(HISTORY_VIEW) $$(JUDGE_CORE_LIB) $$(MESSAGES_LIB)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $^ $(HTTPLIB_LIBS) $(SQLITE_LIBS) -pthread

$(SERVE_OBJ)/%.o: serve/%.cpp
	$(NEED_HTTPLIB)
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) $(HTTPLIB_CFLAGS) -c $< -o $@

# The server's unit tests run in make test, with the rest (not in its unity units: they are
# compiled with cpp-httplib's flags, as the objects they test).
SERVE_TESTS := $(patsubst serve/%.cpp,$(SERVE_OBJ)/%.o,$(wildcard serve/*_test.cpp))
$(SERVE_TESTS): override CXXFLAGS := $(TEST_CXXFLAGS)

# The shared lists (mk/README.md): the tests link the server's tests and its files but the HTTP
# side; its objects on the judge's precompiled header (the server waits on the judge it runs, not
# on a core), its tests on the tests'; for arm64 no cpp-httplib is asked for.
$(BUILD)/tests: $(SERVE_TESTS) $(SERVE_LIB)
QUICK_JUDGE    += $(SERVE_OBJS)
QUICK_TESTS    += $(SERVE_TESTS)
ROOTED         += $(SERVE_OBJS) $(SERVE_TESTS)
ARM64_SETTINGS += NEED_HTTPLIB=
ARM64_IN_QEMU  += ServeGuard.*
