#!/usr/bin/env bash
# Usage: mk/test_shards.sh SHARDS BINARY [EXCLUDE [SERIAL]]
# Runs a GoogleTest binary as SHARDS processes at once, because many of the suite's tests wait
# on wall clocks (a judged child, a sandbox, a subprocess) rather than on a core. Each test
# runs in exactly one process. The tests are cut into groups, longest first, by the seconds
# mk/test_times.txt gives each (TEST_TIMES=file: another; a test it does not list counts
# 0.5 s): a test alone once it is longer than a share of what is left, then ever smaller groups
# of the shorter ones. SHARDS processes run at a time, and whichever ends first starts the next
# group: so a test that takes longer than its recorded time (a first run compiles, a busy
# machine) delays one process, not a whole shard dealt in advance. (GoogleTest's own sharding
# deals round-robin, blind to the tests' times: its shards end far apart.) EXCLUDE: tests not run
# at all (a GoogleTest pattern list, a:b). SERIAL: tests that watch the whole machine (the
# hostile fixtures' leftover processes) and so must not meet each other: they run one after
# another in one more process beside the others. Each process has its own TEST_TMPDIR. Prints
# each process's failures in full, then one summary in GoogleTest's words ("[  PASSED  ] N
# tests.", which .ci/run reads), and exits non-zero if any failed. Whole outputs stay in
# BINARY.shard-*.log, the tests' times in BINARY.shard-*.json (mk/test_times.sh makes
# test_times.txt of them).
set -uo pipefail
shards=$1 binary=$2 exclude=${3:-} serial=${4:-}
times=${TEST_TIMES:-$(dirname "$0")/test_times.txt}
run() {  # NAME FILTER
  local name=$1 filter=$2 tmp=$binary.shard-$1.tmp
  rm -rf "$tmp" && mkdir -p "$tmp"
  TEST_TMPDIR="$tmp/" "$binary" --gtest_brief=1 --gtest_filter="$filter" \
    --gtest_output="json:$binary.shard-$name.json" > "$binary.shard-$name.log" 2>&1
  echo $? > "$binary.shard-$name.status"
}
# The tests the pool runs, one Suite.Name a line (GoogleTest lists a suite's line, then its tests).
listed() {
  "$binary" --gtest_list_tests --gtest_filter="*-${serial}${serial:+:}${exclude}" |
    awk '/^[^ ]/ { suite = $1 } /^  / { print suite $1 }'
}
# The groups' filters, one a line, longest first. A group closes before the test that would take
# it past a share of the seconds still to deal (a third of a process's part of them, at least a
# second), so the long tests stand alone and the last groups are short ones, which fill the
# processes' ends.
deal() {
  awk -v shards="$shards" '
    FILENAME == ARGV[1] { if ($0 !~ /^#/ && NF == 2) seconds[$1] = $2; next }  # (it may be empty)
    { n++; name[n] = $1; cost[n] = ($1 in seconds) ? seconds[$1] : 0.5; left += cost[n] }
    END {
      for (i = 1; i <= n; i++) order[i] = i
      for (i = 2; i <= n; i++)  # insertion sort, longest first (a few hundred tests)
        for (j = i; j > 1 && cost[order[j]] > cost[order[j - 1]]; j--) {
          t = order[j]; order[j] = order[j - 1]; order[j - 1] = t
        }
      group = ""; sum = 0
      for (k = 1; k <= n; k++) {
        c = cost[order[k]]
        share = left / (3 * shards); if (share < 1) share = 1
        if (group != "" && sum + c > share) { print group; left -= sum; group = ""; sum = 0 }
        group = group (group == "" ? "" : ":") name[order[k]]; sum += c
      }
      if (group != "") print group
    }' <([ -f "$times" ] && cat "$times") <(printf '%s\n' "$tests")
}
rm -rf "$binary".shard-*
tests=$(listed) || { echo "$binary: cannot list its tests" >&2; exit 1; }
[ -n "$tests" ] || { echo "$binary: no test to run" >&2; exit 1; }
mapfile -t filters < <(deal)
names=()
if [ -n "$serial" ]; then
  run serial "${serial}${exclude:+-}${exclude}" &
  names+=(serial)
fi
# The pool: at most SHARDS groups at a time, the next one as soon as one ends.
pool=()
for ((i = 0; i < ${#filters[@]}; i++)); do
  while :; do
    alive=()
    for pid in "${pool[@]}"; do kill -0 "$pid" 2>/dev/null && alive+=("$pid"); done
    pool=("${alive[@]}")
    [ ${#pool[@]} -lt "$shards" ] && break
    wait -n "${pool[@]}"
  done
  run "$i" "${filters[$i]}" &
  pool+=($!) names+=("$i")
done
wait
status=0 passed=0 failed=0 skipped=0
for name in "${names[@]}"; do
  log=$binary.shard-$name.log
  [ "$(cat "$binary.shard-$name.status" 2>/dev/null)" = 0 ] || status=1
  # GoogleTest's brief output: only failures, skips and the closing lines.
  grep -v -e '^\[==========\]' -e '^\[  PASSED  \]' -e '^Note: ' -e '^$' "$log" || true
  n=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\{0,1\}\.$/\1/p' "$log" | tail -n 1)
  f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) tests\{0,1\}, listed below:$/\1/p' "$log" | tail -n 1)
  s=$(sed -n 's/^\[  SKIPPED \] \([0-9]*\) tests\{0,1\}, listed below:$/\1/p' "$log" | tail -n 1)
  passed=$((passed + ${n:-0})) failed=$((failed + ${f:-0})) skipped=$((skipped + ${s:-0}))
  if [ -z "$n" ]; then echo "process $name ended without GoogleTest's summary: see $log"; status=1; fi
done
echo "[==========] $binary in ${#filters[@]} processes, $shards at a time${serial:+, and one serial process}"
echo "[  PASSED  ] $passed tests."
[ "$skipped" -gt 0 ] && echo "[  SKIPPED ] $skipped tests."
[ "$failed" -gt 0 ] && echo "[  FAILED  ] $failed tests."
exit $status
