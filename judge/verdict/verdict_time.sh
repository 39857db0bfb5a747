#!/usr/bin/env bash
# Usage: judge/verdict/verdict_time.sh [FILE] [RUNS]   (run from a built repository)
# How long `make judge SOLUTION=FILE` takes to print its LeetCode verdict line,
# and to end, beside a plain compile of the same file as LeetCode's compiler
# would take it (clang++-19 -std=c++23 -O2 -fsanitize=address,undefined, with
# `#include <bits/stdc++.h>` and `using namespace std;` prepended; compile
# only, as the file has no main). Each run judges a fresh copy of FILE (a
# comment with the run's number appended), so the judge's cache never holds
# it: the compile is timed too. The two sides alternate, RUNS times each
# (default 3; FILE defaults to the plain backtracking of judge/fixtures/,
# whose stress tiers take tens of seconds). Prints each run's seconds, the
# medians, the CPU and the load average (the machine may be shared).
set -euo pipefail
file=${1:-judge/fixtures/plain_backtracking.cpp}
runs=${2:-3}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Each make judge keeps its judgement, as a user's does, in a history of the run's own.
export HISTORY_DB="$scratch/history.sqlite"

now() { date +%s.%N; }
seconds() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The judge: the time to its "LeetCode verdict:" line, read through a pipe, and to its end.
judge_once() {
  local copy=$scratch/run$1.cpp start verdict=""
  { cat "$file"; echo "// verdict_time.sh run $1 $$"; } > "$copy"
  start=$(now)
  while IFS= read -r line; do
    if [ -z "$verdict" ] && [ "${line#LeetCode verdict:}" != "$line" ]; then
      verdict=$(seconds "$start" "$(now)")
    fi
  done < <(make -s judge SOLUTION="$copy" JUDGE_LANG=en 2>&1 || true)  # its English line, whatever the desktop speaks
  echo "$verdict $(seconds "$start" "$(now)")"
}

plain_once() {
  local copy=$scratch/plain$1.cc start
  { echo '#include <bits/stdc++.h>'; echo 'using namespace std;'; cat "$file"
    echo "// verdict_time.sh run $1 $$"; } > "$copy"
  start=$(now)
  clang++-19 -std=c++23 -O2 -fsanitize=address,undefined -c "$copy" -o "$scratch/plain.o"
  seconds "$start" "$(now)"
}

make -s build/bin/judge >/dev/null  # built before the first run, not during it
echo "| run | judge: verdict line (s) | judge: end (s) | plain clang++-19 compile (s) |"
echo "|---|---|---|---|"
for run in $(seq "$runs"); do
  read -r verdict end < <(judge_once "$run")
  plain=$(plain_once "$run")
  echo "| $run | $verdict | $end | $plain |"
  echo "$verdict" >> "$scratch/verdicts"; echo "$end" >> "$scratch/ends"; echo "$plain" >> "$scratch/plains"
done
echo "| median | $(median < "$scratch/verdicts") | $(median < "$scratch/ends") | $(median < "$scratch/plains") |"
echo
echo "file: $file; CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores;" \
     "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
