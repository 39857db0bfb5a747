#!/usr/bin/env bash
# Usage: tools/test_shards.sh SHARDS BINARY [EXCLUDE [SERIAL]]
# Runs a GoogleTest binary as SHARDS processes at once (GoogleTest's own sharding:
# each test runs in exactly one shard), because many of the suite's tests wait on
# wall clocks (a judged child, a sandbox, a subprocess) rather than on a core.
# EXCLUDE: tests not run at all (a GoogleTest pattern list, a:b). SERIAL: tests that
# watch the whole machine (the hostile fixtures' leftover processes) and so must not
# meet each other: they run one after another in one more process beside the shards.
# Each process has its own TEST_TMPDIR. Prints each process's failures in full, then
# one summary in GoogleTest's words ("[  PASSED  ] N tests.", which .ci/run reads),
# and exits non-zero if any failed. Whole outputs stay in BINARY.shard-*.log.
set -uo pipefail
shards=$1 binary=$2 exclude=${3:-} serial=${4:-}
run() {  # NAME FILTER [sharding...]
  local name=$1 filter=$2 tmp=$binary.shard-$1.tmp
  rm -rf "$tmp" && mkdir -p "$tmp"
  env "${@:3}" TEST_TMPDIR="$tmp/" "$binary" --gtest_brief=1 --gtest_filter="$filter" \
    > "$binary.shard-$name.log" 2>&1
}
pids=() names=()
for ((i = 0; i < shards; i++)); do
  run "$i" "*-${serial}${serial:+:}${exclude}" GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i &
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
