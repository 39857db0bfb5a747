#!/usr/bin/env bash
# Usage: tools/test_shards.sh SHARDS BINARY [EXCLUDE [SERIAL]]
# Runs a GoogleTest binary as SHARDS processes at once, because many of the suite's tests wait
# on wall clocks (a judged child, a sandbox, a subprocess) rather than on a core. Each test
# runs in exactly one shard: the longest first, each to the shard with the least time so far,
# by the seconds tools/test_times.txt gives it (TEST_TIMES=file: another; a test it does not
# list counts 0.5 s). GoogleTest's own sharding deals them round-robin: on a first run one
# shard took 80 s and another 52. EXCLUDE: tests not run at all (a GoogleTest pattern list,
# a:b). SERIAL: tests that watch the whole machine (the hostile fixtures' leftover processes)
# and so must not meet each other: they run one after another in one more process beside the
# shards. Each process has its own TEST_TMPDIR. Prints each process's failures in full, then
# one summary in GoogleTest's words ("[  PASSED  ] N tests.", which .ci/run reads), and exits
# non-zero if any failed. Whole outputs stay in BINARY.shard-*.log, the tests' times in
# BINARY.shard-*.json (tools/test_times.sh makes test_times.txt of them).
set -uo pipefail
shards=$1 binary=$2 exclude=${3:-} serial=${4:-}
times=${TEST_TIMES:-$(dirname "$0")/test_times.txt}
run() {  # NAME FILTER
  local name=$1 filter=$2 tmp=$binary.shard-$1.tmp
  rm -rf "$tmp" && mkdir -p "$tmp"
  TEST_TMPDIR="$tmp/" "$binary" --gtest_brief=1 --gtest_filter="$filter" \
    --gtest_output="json:$binary.shard-$name.json" > "$binary.shard-$name.log" 2>&1
}
# The tests the shards run, one Suite.Name a line (GoogleTest lists a suite's line, then its tests).
listed() {
  "$binary" --gtest_list_tests --gtest_filter="*-${serial}${serial:+:}${exclude}" |
    awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }'
}
# Shard i's filter on line i+1: the tests dealt longest first to the least loaded shard.
deal() {
  awk -v shards="$shards" '
    FNR == NR { if ($0 !~ /^#/ && NF == 2) seconds[$1] = $2; next }
    { n++; name[n] = $1; cost[n] = ($1 in seconds) ? seconds[$1] : 0.5 }
    END {
      for (i = 1; i <= n; i++) order[i] = i
      for (i = 2; i <= n; i++)  # insertion sort, longest first (a few hundred tests)
        for (j = i; j > 1 && cost[order[j]] > cost[order[j - 1]]; j--) {
          t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
        }
      for (k = 1; k <= n; k++) {
        best = 0
        for (s = 1; s < shards; s++) if (load[s] < load[best]) best = s
        load[best] += cost[order[k]]
        filter[best] = filter[best] (filter[best] == "" ? "" : ":") name[order[k]]
      }
      for (s = 0; s < shards; s++) print (filter[s] == "" ? "-*" : filter[s])
    }' <([ -f "$times" ] && cat "$times") <(listed)
}
mapfile -t filters < <(deal)
if [ ${#filters[@]} -ne "$shards" ]; then echo "$binary: cannot list its tests" >&2; exit 1; fi
pids=() names=()
for ((i = 0; i < shards; i++)); do
  run "$i" "${filters[$i]}" &
  pids+=($!) names+=("$i")
done
if [ -n "$serial" ]; then
  run serial "${serial}${exclude:+-}${exclude}" &
  pids+=($!) names+=(serial)
fi
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
passed=0 failed=0 skipped=0
for name in "${names[@]}"; do
  log=$binary.shard-$name.log
  # GoogleTest's brief output: only failures, skips and the closing lines.
  grep -v -e '^\[==========\]' -e '^\[  PASSED  \]' -e '^Note: ' -e '^$' "$log" || true
  n=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\.$/\1/p' "$log" | tail -n 1)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\{0,1\}, listed below:$/\1/p' "$log" | tail -n 1)
  s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) tests\{0,1\}, listed below:$/\1/p' "$log" | tail -n 1)
  passed=$((passed + ${n:-0})) failed=$((failed + ${f:-0})) skipped=$((skipped + ${s:-0}))
  if [ -z "$n" ]; then echo "shard $name ended without GoogleTest's summary: see $log"; status=1; fi
done
echo "[==========] $binary in $shards shards${serial:+ and one serial process}"
echo "[  PASSED  ] $passed tests."
[ "$skipped" -gt 0 ] && echo "[  SKIPPED ] $skipped tests."
[ "$failed" -gt 0 ] && echo "[  FAILED  ] $failed tests."
exit $status
