#!/usr/bin/env bash
# Usage: judge/sandbox/sandbox_overhead.sh [JUDGE]   (default build/bin/judge; run from the repository)
# The sandbox's overhead per set, in one run: for each set, every bundled
# solution that `make` judges on it, judged once with the sandbox and once
# with --no-sandbox (programs cached by a first full run, so no compile is
# timed). Prints a Markdown table: the wall seconds of each, and the wall
# time the sandbox adds per child process (one child per solution and set);
# then the load average, since the machine may be shared.
set -euo pipefail
judge=${1:-build/bin/judge}
TIMEFORMAT='%R'

# "set solution" for each set `make` judges a solution on: the LeetCode tier's
# (judge/tiers.txt) for every one, and each row of the stress tiers' table.
pairs=$( { for file in solutions/*.cpp; do
             for set in $(awk '$1 == "leetcode" { $1 = ""; print }' judge/tiers.txt); do
               echo "$set $(basename "$file" .cpp)"
             done
           done
           { "$judge" --strict solutions/*.cpp 2>/dev/null || true; } |  # a TLE is a row too
             awk '{ if (system("test -f testcases/" $2 ".txt") == 0) print $2, $1 }'
         } | sort -u)

# Wall seconds of one judge run.
timed() {
  local t
  t=$( { time "$judge" "$@" >/dev/null 2>&1; } 2>&1 ) || true
  printf '%.2f\n' "$t"
}

echo "| set | solutions judged | wall s, sandbox | wall s, --no-sandbox | wall ms added per child |"
echo "|---|---|---|---|---|"
for set in $(cut -d' ' -f1 <<< "$pairs" | sort -u); do
  files=$(awk -v s="$set" '$1 == s { print "solutions/" $2 ".cpp" }' <<< "$pairs")
  n=$(wc -l <<< "$files")
  wall=$(timed --sets "$set" $files)
  wallNo=$(timed --no-sandbox --sets "$set" $files)
  added=$(awk -v a="$wall" -v b="$wallNo" -v n="$n" 'BEGIN { printf "%.0f", (a - b) * 1000 / n }')
  echo "| \`$set\` | $n | $wall | $wallNo | $added |"
done
echo
echo "Load average: $(cut -d' ' -f1-3 /proc/loadavg), on $(nproc) cores."
