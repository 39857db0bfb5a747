#!/bin/bash
# Usage: bench/setup_times.sh [FILE.cpp]
# Times what a newcomer waits for (bench/README.md, "A newcomer's first commands"), each in a fresh clone
# of this repository's committed HEAD (in a temporary folder), wall clock:
#   1. `make judge SOLUTION=FILE` in a fresh clone: to its `LeetCode verdict:` line, and to its end;
#   2. `make` in a fresh clone, then `make test` after it, and the two together;
#   3. `make test` in another fresh clone, without `make` first;
#   4. on the tree `make` built, `make judge SOLUTION=FILE` for a file it has never judged: the
#      whole report (the stress tiers, TLE risk, the standing).
# FILE: a plain backtracking, as most LeetCode users submit (default: a copy of
# judge/fixtures/plain_backtracking.cpp, made new for each run so that no cache holds it).
# Prints the CPU, the cores and the load average before each step, then README.md's table, with
# each step's CPU time beside its wall clock: what its processes used, whatever else the machine
# was doing (a load slows the wall clock, not this).
# Needs the packages README.md names; it builds three fresh clones, so it takes minutes.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Each make judge keeps its judgement, as a newcomer's does, in a history of the run's own.
export HISTORY_DB="$work/history.sqlite"
source_file=${1:-$repo/judge/fixtures/plain_backtracking.cpp}

load() { cut -d' ' -f1 /proc/loadavg; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }'; }
ticks=$(getconf CLK_TCK)
# Sets $waited: the CPU time, in clock ticks, user and system, of every process this shell (or
# subshell) has waited for, as /proc counts it (cutime, cstime): a step's commands, and the
# processes they waited for in turn. Read without a fork, so that it is this shell's own count.
waited_cpu() {
  local stat fields
  read -r stat < "/proc/$BASHPID/stat"
  read -r -a fields <<< "${stat##*) }"
  waited=$((fields[13] + fields[14]))
}
# Seconds of CPU from the tick count $1 to $2.
cpu_seconds() { awk -v a="$1" -v b="$2" -v hz="$ticks" 'BEGIN { printf "%.0f", (b - a) / hz }'; }

# A file no run has judged before: the user's own, as far as every cache can tell.
new_file() {
  cp "$source_file" "$work/$1.cpp"
  printf '// %s %s\n' "$1" "$(now)" >> "$work/$1.cpp"
  echo "$work/$1.cpp"
}

fresh_clone() {
  git clone -q "$repo" "$work/$1"
  echo "$work/$1"
}

# COMMAND... run in the current folder; its output to $work/log; fails the script if it fails.
run() {
  "$@" > "$work/log" 2>&1 || { tail -40 "$work/log" >&2; echo "failed: $*" >&2; exit 1; }
}

# Seconds to the first line starting with PATTERN and to the end, and the seconds of CPU to the
# end: "FIRST END CPU".
until_line() {
  local pattern=$1 start first="" status="" cpu=""; shift
  start=$(now)
  while IFS= read -r line; do
    [ -z "$first" ] && [[ $line == "$pattern"* ]] && first=$(since "$start")
    [[ $line == "exit status "* ]] && status=${line#exit status }
    [[ $line == "cpu ticks "* ]] && cpu=${line#cpu ticks }
  done < <(waited_cpu; before=$waited; "$@" 2>&1; echo "exit status $?"; waited_cpu; echo "cpu ticks $before $waited")
  [ -n "$first" ] && [ "$status" = 0 ] || { echo "no '$pattern' line, or exit $status, from: $*" >&2; exit 1; }
  echo "$first $(since "$start") $(cpu_seconds $cpu)"
}
# Runs the step COMMAND... (run, below): sets seconds[NAME] and cpu[NAME].
timed() {
  local name=$1 start before; shift
  start=$(now); waited_cpu; before=$waited
  run "$@"
  seconds[$name]=$(since "$start"); waited_cpu; cpu[$name]=$(cpu_seconds "$before" "$waited")
}

declare -A seconds cpu loads
step() { loads[$1]=$(load); }

cd "$(fresh_clone judge)"
step judge
read -r seconds[verdict] seconds[report] cpu[report] < <(until_line "LeetCode verdict:" make judge SOLUTION="$(new_file first)")

cd "$(fresh_clone make)"
step make; timed make make
step test; timed test make test
tests=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) tests\.$/\1/p' "$work/log" | tail -1)
step built
read -r _ seconds[built] cpu[built] < <(until_line "LeetCode verdict:" make judge SOLUTION="$(new_file again)")

cd "$(fresh_clone alone)"
step alone; timed alone make test

model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
family=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -1)
printf '%s (family %s), %s cores, %s; load average (1 min) before each step in brackets\n\n' \
  "$model" "$family" "$(nproc)" "$(date -u +%Y-%m-%d)"
printf '| what the user does | seconds | s of CPU |\n|---|--:|--:|\n'
printf '| fresh clone: `make judge SOLUTION=f.cpp` to its `LeetCode verdict:` line [%s] | %s | |\n' \
  "${loads[judge]}" "${seconds[verdict]}"
printf '| the same, to the end of the report | %s | %s |\n' "${seconds[report]}" "${cpu[report]}"
printf '| fresh clone: `make` (builds the judge, judges every bundled solution) [%s] | %s | %s |\n' \
  "${loads[make]}" "${seconds[make]}" "${cpu[make]}"
printf '| `make test` after it (%s tests pass) [%s] | %s | %s |\n' "${tests:-?}" "${loads[test]}" "${seconds[test]}" "${cpu[test]}"
printf '| `make` and `make test` together | %s | %s |\n' "$((seconds[make] + seconds[test]))" "$((cpu[make] + cpu[test]))"
printf '| fresh clone: `make test` alone [%s] | %s | %s |\n' "${loads[alone]}" "${seconds[alone]}" "${cpu[alone]}"
printf '| built tree: `make judge SOLUTION=f.cpp`, a new plain backtracking, the whole report [%s] | %s | %s |\n' \
  "${loads[built]}" "${seconds[built]}" "${cpu[built]}"
