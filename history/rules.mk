# history/: the user's submissions, kept (history/README.md): each `make judge` of their own file
# and each Run and Submit of make serve's page, in one SQLite file (Debian's libsqlite3-dev) under
# $XDG_DATA_HOME/sudoku-solutions/, or HISTORY_DB=path; HISTORY=0 keeps nothing. The judge writes
# it (--record) and shows it (judge history); the server reads it for the Submissions tab. `make`
# (every bundled solution) passes no --record: only a judgement the user asked for is kept.
# Where the quick build is (mk/quick.mk), the store's objects are the quick build's own, as
# core/'s copies are: a build folder's sanitized objects (make sanitize) are never linked into the
# judge that a test's make builds in the same folder with the default flags.
HISTORY_OBJ    := $(if $(QUICK_CXX),$(QUICK_OBJ),$(OBJ))/history
HISTORY_LIB    := $(HISTORY_OBJ)/store.o $(HISTORY_OBJ)/sqlite.o
SQLITE_LIBS     = $(or $(shell pkg-config --libs sqlite3 2>/dev/null),-lsqlite3)
NEED_SQLITE     = @test -f /usr/include/sqlite3.h || { echo "SQLite not found: sudo apt-get install libsqlite3-dev" >&2; exit 1; }
HISTORY_DB_ARG  = $(if $(value HISTORY_DB),--history-db $(call quote,HISTORY_DB))
RECORD_ARG      = $(if $(filter 0,$(HISTORY)),,--record judge $(HISTORY_DB_ARG))

# The judge, the server and the tests link the store (their rules name it) and SQLite
# (SQLITE_LIBS); the server and the tests also the history's JSON view (the Submissions tab's).
HISTORY_VIEW   := $(HISTORY_OBJ)/json_view.o
$(HISTORY_LIB) $(HISTORY_VIEW): | need-sqlite
ifneq ($(QUICK_CXX),)
$(HISTORY_OBJ)/%.o: history/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(COMPILE) -c $< -o $@
endif
.PHONY: need-sqlite
need-sqlite:
	$(NEED_SQLITE)

# make history: the judge's history subcommand (judge/submissions/show.h). The judge is built first
# with its lines on stderr, so that `make -s history ID=N CODE=1 > f.cpp` gets the code and nothing else.
history:
	@$(MAKE) $(JUDGE_BIN) >&2
	$(Q)$(JUDGE_BIN) history $(HISTORY_DB_ARG) $(if $(value ID),--id $(call quote,ID)) \
	  $(if $(filter-out 0,$(CODE)),--code) $(if $(value DIFF),--diff $(call quote,DIFF)) \
	  $(if $(filter undefined,$(origin NOTE)),,--note $(call quote,NOTE)) $(LANG_ARG)

history-check: $$(JUDGE_BIN) $$(JUDGED)/toolchain.sh
	$(call say,TEST,history/history_check.sh)history/history_check.sh

# The shared lists (mk/README.md): the tests link the store and keep no history (HISTORY=0
# for every make judge they start); for arm64, SQLite's library.
TEST_SOURCES    += $(wildcard history/*_test.cpp)
$(BUILD)/tests: $(HISTORY_LIB) $(HISTORY_VIEW)
TESTS_LIBS      += $(SQLITE_LIBS)
TEST_RUN_ENV    += HISTORY=0
ARM64_LIBRARIES += sqlite3
ARM64_PACKAGES  += libsqlite3-dev:arm64
