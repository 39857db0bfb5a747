#!/bin/sh
# Usage: bench/commands.sh SUDOKU [DATA_DIR]
# Whole-process figures of the sudoku command (start-up, reading, checking, printing included):
# CPU seconds (user + sys, the best of 3 runs) of `solve`, `validate` and `count` on each 9x9
# set, and of `generate --count 1000`. The bundled sets (testcases/) are repeated up to at least
# 50,000 puzzles (forum hardest: 10,000), so that start-up weighs little and each time is well
# above /usr/bin/time's hundredth of a second; with DATA_DIR (../shared/datasets) the first
# 10,000 puzzles of each public collection are read instead. Prints a Markdown table.
set -eu
sudoku=$1 data=${2:-}
command -v /usr/bin/time >/dev/null || { echo "commands.sh: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# $1: set name; writes $work/$1.txt, one 81-cell puzzle a line.
puzzles() {
  case $data/$1 in
    /*) file=testcases/$1.txt ;;
    */seventeen_clue) file=$data/puzzles2_17_clue ;;
    */magictour) file=$data/puzzles3_magictour_top1465 ;;
    */forum_hardest) file=$data/puzzles6_forum_hardest_1106 ;;
  esac
  grep -v '^#' "$file" | cut -c1-81 | grep -E '^.{81}$' > "$work/one.txt"
  : > "$work/$1.txt"
  if [ -n "$data" ]; then head -n 10000 "$work/one.txt" > "$work/$1.txt"; return; fi
  want=50000
  [ "$1" = forum_hardest ] && want=10000
  while [ "$(wc -l < "$work/$1.txt")" -lt $want ]; do cat "$work/one.txt" >> "$work/$1.txt"; done
}

# The best CPU time of 3 runs of the command line "$@", in seconds.
cpu() {
  best=
  for run in 1 2 3; do
    /usr/bin/time -f '%U %S' -o "$work/time" "$@" > /dev/null 2>&1 || true
    t=$(awk '{ printf "%.3f", $1 + $2 }' "$work/time")
    best=$(awk -v a="$t" -v b="${best:-$t}" 'BEGIN { print (a < b ? a : b) }')
  done
  echo "$best"
}

echo "| command | set | puzzles | CPU s | us/puzzle |"
echo "|---|---|---:|---:|---:|"
for set in seventeen_clue magictour forum_hardest; do
  puzzles $set
  n=$(wc -l < "$work/$set.txt")
  for command in solve validate count; do
    s=$(cpu "$sudoku" $command "$work/$set.txt")
    echo "| $command | $set | $n | $s | $(awk -v s="$s" -v n="$n" 'BEGIN { printf "%.1f", s * 1e6 / n }') |"
  done
done
s=$(cpu "$sudoku" generate --count 1000)
echo "| generate --count 1000 | (minimal 9x9) | 1000 | $s | $(awk -v s="$s" 'BEGIN { printf "%.1f", s * 1e3 }') |"
