# Benchmarks (bench/README.md): every bench/*.cpp and every solution in one Google Benchmark
# binary, built once per flag set in $(BUILD)/bench-<set>/, with LeetCode's compiler (clang 19,
# C++23) where present, so that all solutions, deducing this included, share one compiler. `make
# bench` writes $(BENCH_OUT)/results.tsv and results.md; BENCH_DATA=../shared/datasets reads the
# full collections instead of testcases/ (BENCH_PUZZLES of each; set BENCH_OUT elsewhere then).
BENCH_CXX     ?= $(if $(shell command -v $(LEETCODE_CXX)),$(LEETCODE_CXX),$(CXX))
BENCH_STD     ?= $(if $(shell command -v $(LEETCODE_CXX)),-std=c++23,$(CXXSTD))
BENCH_OUT     ?= bench
BENCH_PUZZLES ?= 1000
BENCH_ARGS    ?= --benchmark_min_time=0.2 $(if $(BENCH_DATA),--data=$(BENCH_DATA) --puzzles=$(BENCH_PUZZLES))
# The slowest solutions (bool arrays with or without MRV, naive) are timed at -O2 only, to keep
# the run short: they use no popcount and no bit tricks.
BENCH_SKIP_FLAGS ?= bool_arrays|naive_backtracking
BENCH_OBJS    := $(patsubst bench/%.cpp,$(BUILD)/bench/%.o,$(wildcard bench/*.cpp))
BENCH_LIBS     = $(shell pkg-config --libs benchmark 2>/dev/null)
BENCH_FLAGS_O2        := -O2
BENCH_FLAGS_O2-popcnt := -O2 -mpopcnt
BENCH_FLAGS_O3-native := -O3 -march=native
# $(call bench_build,SET[,BINARY]): builds $(BUILD)/bench-SET/benchmarks (or BINARY) with BENCH_FLAGS_SET.
bench_build = $(Q)$(MAKE) BUILD=$(BUILD)/bench-$(1) CXX=$(BENCH_CXX) ENGINE_CXX=$(BENCH_CXX) ENGINE_FLAGS= \
              CXXSTD=$(BENCH_STD) CXXFLAGS="$(BENCH_FLAGS_$(1))" $(BUILD)/bench-$(1)/$(or $(2),benchmarks)
# make bench SOLUTION=f.cpp: the -O2 build only, with the file; its table, TSV and chart in YOURS_OUT.
YOURS_OUT    ?= $(BUILD)/bench-yours
# The effort build counts recursive calls instead of timing (bench/effort.h): with $(CXX), only
# the solutions instrumented (INSTRUMENT=1, solutions/rules.mk), their names exported (-rdynamic).
effort_build = $(Q)$(MAKE) BUILD=$(BUILD)/bench-effort CXXFLAGS=-O2 INSTRUMENT=1 \
               LDFLAGS=-rdynamic $(BUILD)/bench-effort/benchmarks

bench:
ifneq ($(value SOLUTION),)
	$(call copy_yours,$(BUILD)/bench-O2)
	+$(call bench_build,O2,benchmarks-yours)
	@mkdir -p $(YOURS_OUT) && rm -f $(YOURS_OUT)/results.tsv
	$(BUILD)/bench-O2/benchmarks-yours --label=O2 --yours=$(call quote,SOLUTION) --tsv=$(YOURS_OUT)/results.tsv \
	  $(BENCH_ARGS) | tee $(YOURS_OUT)/table.txt
	@if command -v gnuplot >/dev/null; then \
	  bench/report.sh --pivot $(YOURS_OUT)/results.tsv > $(YOURS_OUT)/chart.dat && \
	  gnuplot -e "data='$(YOURS_OUT)/chart.dat'; out='$(YOURS_OUT)/chart.png'; \
	    mark=$$(awk -F'\t' 'NR > 1 && /\(your file\)/ { print NR - 2; exit }' $(YOURS_OUT)/chart.dat)" bench/chart.gp && \
	  echo "wrote $(YOURS_OUT)/chart.png (your file marked)"; \
	else echo "gnuplot not found, so no chart: sudo apt-get install gnuplot-nox"; fi
else
	$(call bench_build,O2)
	$(call bench_build,O2-popcnt)
	$(call bench_build,O3-native)
	@mkdir -p $(BENCH_OUT) && rm -f $(BENCH_OUT)/results.tsv
	$(BUILD)/bench-O2/benchmarks --label=O2 --tsv=$(BENCH_OUT)/results.tsv $(BENCH_ARGS)
	$(BUILD)/bench-O2-popcnt/benchmarks --label=O2-popcnt --no-ladder --tsv=$(BENCH_OUT)/results.tsv \
	  --benchmark_filter='-$(BENCH_SKIP_FLAGS)' $(BENCH_ARGS)
	$(BUILD)/bench-O3-native/benchmarks --label=O3-native --no-ladder --tsv=$(BENCH_OUT)/results.tsv \
	  --benchmark_filter='-$(BENCH_SKIP_FLAGS)' $(BENCH_ARGS)
	$(effort_build)
	$(BUILD)/bench-effort/benchmarks --effort --label=effort --tsv=$(BENCH_OUT)/results.tsv \
	  $(if $(BENCH_DATA),--data=$(BENCH_DATA) --puzzles=$(BENCH_PUZZLES))
	bench/report.sh $(BENCH_OUT)/results.tsv "$$($(BENCH_CXX) --version | head -1)" > $(BENCH_OUT)/results.md
	$(MAKE) --no-print-directory bench-commands
endif

bench-commands: $(BUILD)/sudoku
	@mkdir -p $(BENCH_OUT)
	bench/commands.sh $(BUILD)/sudoku $(BENCH_DATA) | tee $(BENCH_OUT)/commands.md

bench-quick:
	$(effort_build)
	$(BUILD)/bench-effort/benchmarks --effort --puzzles=5
	$(BUILD)/bench-effort/benchmarks --puzzles=5 --no-ladder --benchmark_min_time=0.01 \
	  --benchmark_filter='^(Engine|Batch|Tree)|^Solve/propagation_bitboard/'

chart:
	@command -v gnuplot >/dev/null || { echo "gnuplot not found: sudo apt-get install gnuplot-nox" >&2; exit 1; }
	@mkdir -p $(BUILD)
	bench/report.sh --pivot $(BENCH_OUT)/results.tsv > $(BUILD)/chart.dat
	gnuplot -e "data='$(BUILD)/chart.dat'; out='$(BENCH_OUT)/chart.png'" bench/chart.gp
	bench/report.sh --ladder $(BENCH_OUT)/results.tsv > $(BUILD)/ladder.dat
	gnuplot -e "data='$(BUILD)/ladder.dat'; out='$(BENCH_OUT)/ladder.png'" bench/ladder.gp

$(BUILD)/benchmarks: $(BENCH_OBJS) $$(WRAPPERS) $$(CORE_LIB) $$(SUDOKU_LIB) $(BUILD)/solution-list
	@pkg-config --exists benchmark || { echo "Google Benchmark not found: sudo apt-get install libbenchmark-dev" >&2; exit 1; }
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(BENCH_LIBS)
$(BUILD)/benchmarks-yours: $(BENCH_OBJS) $$(WRAPPERS) $$(CORE_LIB) $$(SUDOKU_LIB) $(BUILD)/yours/yours.o \
                           $(BUILD)/solution-list
	$(call say,LINK,$@)$(CXX) $(CXXSTD) $(CXXFLAGS) $(LDFLAGS) -o $@ $(filter %.o,$^) $(BENCH_LIBS)
$(BUILD)/bench/%.o: bench/%.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$@)$(CXX) $(ALLFLAGS) -c $< -o $@

# The shared lists (mk/README.md).
ROOTED += $(BENCH_OBJS)
