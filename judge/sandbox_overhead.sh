#!/usr/bin/env bash
# Usage: judge/sandbox_overhead.sh [JUDGE]   (default build/bin/judge; run from the repository)
# The sandbox's overhead per set, in one run: for each set, every bundled
# solution that `make` judges on it, judged once with the sandbox and once
# with --no-sandbox (programs cached by a first full run, so no compile is
# timed). Prints a Markdown table: wall seconds and CPU seconds (the judge and
# all its children: bwrap, the runners) of each, and the wall time the sandbox
# adds per child process (one child per solution and set).
set -euo pipefail
judge=${1:-build/bin/judge}
TIMEFORMAT='%R %U %S'

# "set solution" for each row of `make`'s verdict tables.
pairs=$("$judge" --strict solutions/*.cpp 2>/dev/null |
        awk '{ if (system("test -f testcases/" $2 ".txt") == 0) print $2, $1 }' | sort -u)

# Wall and CPU seconds of one judge run: "wall cpu".
timed() {
  local t
  t=$( { time "$judge" "$@" >/dev/null 2>&1; } 2>&1 ) || true
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' <<< "$t"
}

echo "| set | solutions | wall s, sandbox | wall s, --no-sandbox | CPU s, sandbox | CPU s, --no-sandbox | wall ms added per child |"
echo "|---|---|---|---|---|---|---|"
for set in $(cut -d' ' -f1 <<< "$pairs" | sort -u); do
  files=$(awk -v s="$set" '$1 == s { print "solutions/" $2 ".cpp" }' <<< "$pairs")
  n=$(wc -l <<< "$files")
  read -r wall cpu < <(timed --sets "$set" $files)
  read -r wallNo cpuNo < <(timed --no-sandbox --sets "$set" $files)
  added=$(awk -v a="$wall" -v b="$wallNo" -v n="$n" 'BEGIN { printf "%.0f", (a - b) * 1000 / n }')
  echo "| \`$set\` | $n | $wall | $wallNo | $cpu | $cpuNo | $added |"
done
