#!/bin/sh
# Usage: bench/report.sh RESULTS.tsv [COMPILER]    prints bench/results.md
#        bench/report.sh --pivot RESULTS.tsv       prints the -O2 table for bench/chart.gp
#        bench/report.sh --ladder RESULTS.tsv      prints the ladder puzzle's times for bench/ladder.gp
# RESULTS.tsv holds the rows `make bench` appends: build, kind (Solve or Ladder), solution, set,
# puzzles, microseconds of CPU time per puzzle. The two tables for the pictures list the
# solutions in the order of the reading path (the table under "## Reading path" in
# solutions/README.md: its step, then each file it links), those not on it after them.
set -eu
pivot=0
case "${1:-}" in
  --pivot) pivot=1; shift ;;
  --ladder) pivot=2; shift ;;
esac
results=$1 compiler=${2:-}
machine=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1)
cores=$(nproc 2>/dev/null || echo '?')
# "step solution" a line, in reading order.
reading_path=$(awk -F'|' '
  /^## / { inPath = ($0 == "## Reading path") }
  inPath && /^\| *[0-9]/ {
    step = $2; gsub(/ /, "", step); cell = $3
    while (match(cell, /\]\([a-z0-9_]+\.cpp\)/)) {
      print step " " substr(cell, RSTART + 2, RLENGTH - 7); cell = substr(cell, RSTART + RLENGTH)
    }
  }' "$(dirname "$0")/../solutions/README.md")

awk -F'\t' -v pivot=$pivot -v date="$(date -u '+%Y-%m-%d %H:%M UTC')" -v machine="$machine" \
    -v cores="$cores" -v compiler="$compiler" -v readingPath="$reading_path" '
function cell(build, solution, set) { return (build SUBSEP solution SUBSEP set) in us ? us[build, solution, set] : "" }
function fmt(x) { return x == "" ? "-" : x >= 100 ? sprintf("%.0f", x) : x >= 10 ? sprintf("%.1f", x) : sprintf("%.2f", x) }
function ratio(a, b) { return a == "" || b == "" || b == 0 ? "-" : fmt(a / b) "x" }
function row(text) { print "| " text " |" }
# The heading of a section, a blank line either side.
function section(title) { print ""; print "## " title; print "" }
# The header of a table: first (text columns, `leading` of them: 1 if not given), then n numbers.
function header(first, n, names, leading,   i, line, rule) {
  line = first; rule = "---"
  for (i = 2; i <= (leading == "" ? 1 : leading); ++i) rule = rule "|---"
  for (i = 1; i <= n; ++i) { line = line " | " names[i]; rule = rule "|---:" }
  row(line); print "|" rule "|"
}
$2 == "Effort" {  # recursive calls per puzzle ($6) of function $7 (--effort)
  calls[$3, $7, $4] = $6
  if (!(($3, $7) in recursive)) { recursive[$3, $7] = 1; recursions[++nrecursions] = $3 SUBSEP $7 }
  next
}
{
  us[$1, $3, $4] = $6; puzzles[$4] = $5
  if (!($3 in seen)) { seen[$3] = 1; solutions[++nsolutions] = $3 }
  if (!($1 in built)) { built[$1] = 1; builds[++nbuilds] = $1 }
}
END {
  nsets = split("leetcode_example seventeen_clue magictour forum_hardest serg_multi", sets, " ")
  hard = split("seventeen_clue magictour forum_hardest", hardSets, " ")
  if (pivot) { readingOrder(); if (pivot == 1) pivotTable(); else ladderTable(); exit }
  print "# Benchmark results"
  print ""
  print "Written by `make bench` on " date ", " machine " (" cores " cores, shared with other"
  print "work), compiler: " compiler ". Each figure is CPU time per puzzle in microseconds, the"
  print "mean over one Google Benchmark run of whole sets; `-` means not run (solutions/sets.txt"
  print "keeps the slowest off the hard sets)."
  print "Compare ratios within one table: the machine is shared and absolute figures drift."
  section("Microseconds per puzzle, -O2 (LeetCode'\''s optimisation level; LeetCode also adds ASan + UBSan, which the judge times)")
  for (i = 1; i <= nsets; ++i) names[i] = sets[i] " (" puzzles[sets[i]] ")"
  header("solution", nsets, names)
  for (s = 1; s <= nsolutions; ++s) {
    line = solutions[s]
    for (i = 1; i <= nsets; ++i) line = line " | " fmt(cell("O2", solutions[s], sets[i]))
    row(line)
  }
  ladder(); recursion(); dancing(); flags(); fastest(); effort()
}
function effort(   r, i, parts, line) {
  if (!nrecursions) return
  section("Search effort: recursive calls per puzzle")
  print "Counted without changing a file: the solutions built once more with -finstrument-functions"
  print "(g++; clang for the C++23 file) call a hook on every function entry and exit"
  print "(bench/effort.h); a call to a function already running is recursive. One per guess for"
  print "propagation_bitboard, one per cell filled for the bitmask solutions; iterative_dfs loops, so"
  print "it has no row. The figures do not depend on the machine."
  print ""
  header("solution | function", nsets, sets, 2)
  for (r = 1; r <= nrecursions; ++r) {
    split(recursions[r], parts, SUBSEP)
    line = parts[1] " | " parts[2]
    for (i = 1; i <= nsets; ++i) line = line " | " count(parts[1], parts[2], sets[i])
    row(line)
  }
}
# Recursive calls per puzzle; 0 where the solution ran on the set (it was timed) without any.
function count(solution, fn, set,   x) {
  x = calls[solution, fn, set]
  if (x == "") return cell("O2", solution, set) == "" ? "-" : "0"
  return x >= 100 ? sprintf("%.0f", x) : sprintf("%.1f", x)
}
# Reorders solutions[] as the reading path reads them, and names each "STEP NAME" in label[].
function readingOrder(   n, i, s, lines, parts, ordered, placed, k) {
  n = split(readingPath, lines, "\n")
  for (i = 1; i <= n; ++i) {
    split(lines[i], parts, " ")
    if (!(parts[2] in seen) || parts[2] in placed) continue
    ordered[++k] = parts[2]; placed[parts[2]] = 1; label[parts[2]] = parts[1] " " parts[2]
  }
  for (s = 1; s <= nsolutions; ++s)
    if (!(solutions[s] in placed)) { ordered[++k] = solutions[s]; label[solutions[s]] = solutions[s] }
  for (s = 1; s <= k; ++s) solutions[s] = ordered[s]
}
# A time in microseconds with its unit, to 3 figures: 1.38 s, 482 ms, 45.3 us.
function withUnit(x) { return x >= 1e6 ? fmt(x / 1e6) " s" : x >= 1e3 ? fmt(x / 1e3) " ms" : fmt(x) " us" }
function ladderTable(   s, x) {
  print "solution\tus\ttime"
  for (s = 1; s <= nsolutions; ++s) {
    x = cell("O2", solutions[s], "ladder")
    if (x != "") print label[solutions[s]] "\t" x "\t" withUnit(x)
  }
}
function pivotTable(   s, i, line) {
  line = "solution"
  for (i = 1; i <= nsets; ++i) line = line "\t" sets[i]
  print line
  for (s = 1; s <= nsolutions; ++s) {
    line = label[solutions[s]]
    for (i = 1; i <= nsets; ++i) { x = cell("O2", solutions[s], sets[i]); line = line "\t" (x == "" ? "NaN" : x) }
    print line
  }
}
function ladder(   s, naive, x, columns) {
  section("The ladder: every solution on one hard puzzle (bench/ladder.txt), -O2")
  header("solution", split("us|faster than naive_backtracking", columns, "|"), columns)
  naive = cell("O2", "naive_backtracking", "ladder")
  for (s = 1; s <= nsolutions; ++s) {
    x = cell("O2", solutions[s], "ladder")
    if (x != "") row(solutions[s] " | " fmt(x) " | " ratio(naive, x))
  }
}
function recursion(   i, base, line, columns) {
  section("Recursion styles, -O2: time relative to std::function")
  header("set", split("std::function (us)|Y-combinator|deducing this", columns, "|"), columns)
  for (i = 1; i <= hard; ++i) {
    base = cell("O2", "bitmask_mrv_std_function", hardSets[i])
    line = hardSets[i] " | " fmt(base)
    line = line " | " relative(cell("O2", "bitmask_mrv_y_combinator", hardSets[i]), base)
    line = line " | " relative(cell("O2", "bitmask_mrv_deducing_this", hardSets[i]), base)
    row(line)
  }
}
function relative(x, base) { return x == "" || base == "" ? "-" : sprintf("%+.1f%%", (x / base - 1) * 100) }
function dancing(   i, dlx, mrv, columns) {
  section("Dancing Links vs bitmask + MRV (std::function), -O2")
  header("set", split("dancing_links (us)|bitmask_mrv_std_function (us)|Dancing Links is", columns, "|"), columns)
  for (i = 1; i <= nsets; ++i) {
    dlx = cell("O2", "dancing_links", sets[i]); mrv = cell("O2", "bitmask_mrv_std_function", sets[i])
    row(sets[i] " | " fmt(dlx) " | " fmt(mrv) " | " (dlx == "" || mrv == "" ? "-" : dlx < mrv ? ratio(mrv, dlx) " faster" : ratio(dlx, mrv) " slower"))
  }
}
function flags(   s, i, line) {
  section("-O2 -mpopcnt and -O3 -march=native: speed-up over -O2")
  print "Solutions that `make bench` does not rebuild with these flags (BENCH_SKIP_FLAGS) are left out."
  print ""
  for (i = 1; i <= hard; ++i) { names[2 * i - 1] = hardSets[i] " popcnt"; names[2 * i] = hardSets[i] " native" }
  header("solution", 2 * hard, names)
  for (s = 1; s <= nsolutions; ++s) {
    line = solutions[s]
    for (i = 1; i <= hard; ++i) {
      line = line " | " ratio(cell("O2", solutions[s], hardSets[i]), cell("O2-popcnt", solutions[s], hardSets[i]))
      line = line " | " ratio(cell("O2", solutions[s], hardSets[i]), cell("O3-native", solutions[s], hardSets[i]))
    }
    if (line ~ /[0-9]x/) row(line)
  }
}
function fastest(   b, i, line, fast, ours, reference) {
  section("propagation_bitboard: how many times faster than bitmask_mrv_std_function")
  print "Targets: 300x, 30x, 15x (tdoku reaches about 1,000x, 80x and 40x of the reference"
  print "bitmask solver). The last row divides the reference table'\''s plain bitmask + MRV figures"
  print "(shared/datasets/README.md: 5,320, 702 and 2,612 us, measured on the full collections)"
  print "by ours at -O3 -march=native, which is how tdoku'\''s 4.4, 8.6 and 61 us were measured."
  print ""
  header("build", hard, hardSets)
  for (b = 1; b <= nbuilds; ++b) {
    line = builds[b]
    for (i = 1; i <= hard; ++i) {
      fast = cell(builds[b], "propagation_bitboard", hardSets[i]); ours = cell(builds[b], "bitmask_mrv_std_function", hardSets[i])
      line = line " | " ratio(ours, fast) " (" fmt(fast) " us)"
    }
    row(line)
  }
  split("5320 702 2612", reference, " ")
  line = "reference bitmask / ours at O3-native"
  for (i = 1; i <= hard; ++i) line = line " | " ratio(reference[i], cell("O3-native", "propagation_bitboard", hardSets[i]))
  row(line)
}
' "$results"
