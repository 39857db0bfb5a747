#!/bin/sh
# make history-check: the history as a user meets it, through make, in a folder of its own
# (HISTORY_DB and XDG_DATA_HOME point into it: the user's own history is never touched).
#   history/history_check.sh [REPO]     (REPO: this repository by default; a fresh clone works too)
# Three judgements listed (Accepted, Wrong Answer, Compile Error); the code back byte for byte; a
# report again; a diff; a note; bad input refused; eight judges at once add eight rows; HISTORY=0
# adds none; a judge stopped at random moments (kill -9, SIGINT) leaves a file that passes
# integrity_check, its row absent or marked interrupted, and no process behind; a file that is not
# SQLite, a damaged one and one of a newer schema are left byte for byte, the verdict still comes;
# without HISTORY_DB the file is made under $XDG_DATA_HOME/sudoku-solutions/, 0700 and 0600.
# Prints one line a check; exits 1 at the first that fails.
set -u
repo=$(cd "${1:-$(dirname "$0")/..}" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/history-check.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export TMPDIR="$tmp/run"
mkdir -p "$TMPDIR"
export XDG_DATA_HOME="$tmp/data"
unset HISTORY HISTORY_DB
unset MAKEFLAGS MFLAGS MAKELEVEL  # the user's make, even when make history-check runs this
db=$tmp/h.sqlite
make="make --no-print-directory -s -C $repo"
judged="HISTORY=1 STANDING=0 SETS=leetcode_example,leetcode_reported,project_euler_96"
passed=0

ok() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { echo "FAIL $*" >&2; exit 1; }
rows() { sqlite3 "$1" 'SELECT count(*) FROM submissions'; }
integrity() { sqlite3 "$1" 'PRAGMA integrity_check'; }

# The three files: an Accepted one with CRLF line ends and bytes that are not UTF-8 in a comment
# (kept byte for byte), a Wrong Answer, a Compile Error.
{ cat "$repo/judge/fixtures/plain_backtracking.cpp"; printf '// caf\351 \377\r\n'; } > "$tmp/ac.cpp"
cp "$repo/solutions/wrong_answer/box_index_sum.cpp" "$tmp/wa.cpp"
cp "$repo/judge/fixtures/compile_error.cpp" "$tmp/ce.cpp"

for f in ac wa ce; do
  $make judge SOLUTION="$tmp/$f.cpp" HISTORY_DB="$db" $judged > "$tmp/$f.out" 2>&1
done
grep -q 'LeetCode verdict: Accepted' "$tmp/ac.out" || fail "ac.cpp was not Accepted: $(cat "$tmp/ac.out")"
grep -q '(kept in your history as submission 1: make history ID=1)' "$tmp/ac.out" || fail "make judge did not say where it kept ac.cpp"
$make history HISTORY_DB="$db" > "$tmp/list" || fail "make history failed"
[ "$(grep -c '^ *[0-9]  ' "$tmp/list")" = 3 ] || fail "make history lists not 3 rows: $(cat "$tmp/list")"
sed -n 2p "$tmp/list" | grep -q "^ 3  .*ce.cpp  *Compile Error" || fail "newest first, #3 the Compile Error: $(cat "$tmp/list")"
sed -n 3p "$tmp/list" | grep -q "^ 2  .*wa.cpp  *Wrong Answer  *0/56" || fail "#2 the Wrong Answer: $(cat "$tmp/list")"
sed -n 4p "$tmp/list" | grep -q "^ 1  .*ac.cpp  *Accepted  *56/56  *[0-9.]* ms  *[0-9.]* MB" || fail "#1 Accepted with Runtime and Memory: $(cat "$tmp/list")"
ok "three judgements listed, newest first, with their verdicts, Runtime and Memory"

n=1
for f in ac wa ce; do
  $make history HISTORY_DB="$db" ID=$n CODE=1 > "$tmp/back.cpp" || fail "CODE=1 of #$n failed"
  cmp -s "$tmp/back.cpp" "$tmp/$f.cpp" || fail "#$n's code is not $f.cpp byte for byte"
  n=$((n + 1))
done
ok "each code back byte for byte (CRLF and bytes that are not UTF-8 kept)"

$make history HISTORY_DB="$db" ID=2 > "$tmp/show"
grep -q '^LeetCode verdict: Wrong Answer — 0 / 56 testcases passed' "$tmp/show" &&
  grep -q '^Input: ' "$tmp/show" && grep -q '^Expected: ' "$tmp/show" || fail "ID=2 is not the report again: $(cat "$tmp/show")"
$make history HISTORY_DB="$db" ID=2 JUDGE_LANG=zh_CN > "$tmp/show.zh"
grep -q '^LeetCode 执行结果：解答错误' "$tmp/show.zh" || fail "ID=2 in Chinese: $(head -3 "$tmp/show.zh")"
# The findings too: the smallest failing puzzle and its make debug line, as make judge printed them.
sed -n '/^== The smallest failing puzzle/,/^  make debug /p' "$tmp/wa.out" > "$tmp/wa.findings"
[ -s "$tmp/wa.findings" ] && grep -qF -f "$tmp/wa.findings" "$tmp/show" &&
  [ "$(sed -n '/^== The smallest failing puzzle/,/^  make debug /p' "$tmp/show")" = "$(cat "$tmp/wa.findings")" ] ||
  fail "ID=2 lacks make judge's findings: $(cat "$tmp/wa.findings")"
ok "a report shown again, in English and in Chinese, its findings too"

$make history HISTORY_DB="$db" DIFF=1,2 > "$tmp/diff"
grep -q '^#1: Accepted' "$tmp/diff" && grep -q '^#2: Wrong Answer' "$tmp/diff" &&
  grep -q "^--- #1 $tmp/ac.cpp (Accepted" "$tmp/diff" && grep -q "^+++ #2 $tmp/wa.cpp (Wrong Answer" "$tmp/diff" &&
  grep -q '^@@ ' "$tmp/diff" || fail "DIFF=1,2 is not a unified diff with both verdicts: $(head "$tmp/diff")"
ok "two codes diffed (---/+++ headers, both verdicts)"

$make history HISTORY_DB="$db" ID=1 NOTE='the last Accepted' > /dev/null && $make history HISTORY_DB="$db" > "$tmp/list" &&
  grep -q '^ 1 .*  the last Accepted$' "$tmp/list" || fail "NOTE= is not listed: $(cat "$tmp/list")"
ok "a note kept and listed"

refused() {  # the arguments, the words expected on stderr
  words=$1; shift
  if $make history HISTORY_DB="$db" "$@" > "$tmp/out" 2> "$tmp/err"; then fail "make history $* was not refused"; fi
  grep -q "$words" "$tmp/err" || fail "make history $*: not '$words': $(cat "$tmp/err")"
}
refused "ID takes a submission's number" ID=abc
refused "ID takes a submission's number" ID=-1
refused "no submission 99 in $db" ID=99
refused "2 required" DIFF=1  # CLI11's words, as the judge's history subcommand reads its options
refused "DIFF takes two submissions' numbers, N,M" DIFF=1,x
refused "no submission 42 in $db" DIFF=1,42
refused "requires --id" CODE=1
ok "bad input refused with its own message (ID, DIFF, CODE without ID)"

pids=
for i in 1 2 3 4 5 6 7 8; do
  $make judge SOLUTION="$tmp/ac.cpp" HISTORY_DB="$db" $judged > "$tmp/eight.$i" 2>&1 &
  pids="$pids $!"
done
for p in $pids; do wait "$p" || fail "one of the eight judges failed: $(cat "$tmp"/eight.*)"; done
[ "$(rows "$db")" = 11 ] || fail "eight judges at once: $(rows "$db") rows, not 11"
[ "$(integrity "$db")" = ok ] || fail "integrity_check after eight at once"
ok "eight judges at once add eight rows (11), integrity_check ok"

$make judge SOLUTION="$tmp/ac.cpp" HISTORY_DB="$db" $judged HISTORY=0 > "$tmp/off.out" 2>&1
grep -q 'LeetCode verdict: Accepted' "$tmp/off.out" && [ "$(rows "$db")" = 11 ] || fail "HISTORY=0 kept a row"
ok "HISTORY=0 adds none"

# kill -9, or Ctrl-C (SIGINT), at random moments: before the verdict (no row), after it (a row
# "started"), in the stress tiers (plain backtracking takes seconds on them). STOPS=N: N stops.
killed=0
for delay in $(awk -v n="${STOPS:-10}" -v seed="$$" 'BEGIN { srand(seed); for (i = 0; i < n; ++i) printf "%.2f\n", 0.1 + rand() * 5 }'); do
  signal=$([ $((killed % 2)) = 0 ] && echo KILL || echo INT)
  "$repo/build/bin/judge" --record judge --history-db "$db" --shrink-seconds 0 -- "$tmp/ac.cpp" > /dev/null 2>&1 &
  judge=$!
  sleep "$delay"
  kill -s "$signal" "$judge" 2>/dev/null
  killed=$((killed + 1))
  wait "$judge" 2>/dev/null
  [ "$(integrity "$db")" = ok ] || fail "integrity_check after SIG$signal at $delay s"
done
sleep 1
"$repo/judge/sandbox/leftover_check.sh" "$TMPDIR" || fail "a process of a killed judge was left"
$make history HISTORY_DB="$db" > "$tmp/after" || fail "make history after kill -9"
[ "$(sqlite3 "$db" "SELECT count(*) FROM submissions WHERE state = 'started'")" = 0 ] ||
  fail "a killed judge's row is still 'started'"
interrupted=$(sqlite3 "$db" "SELECT count(*) FROM submissions WHERE state = 'interrupted'")
done=$(($(rows "$db") - 11 - interrupted))  # a judge whose report was whole before its signal
if [ "$interrupted" -gt 0 ]; then grep -q '(interrupted)' "$tmp/after" || fail "make history does not say interrupted"; fi
ok "$killed judges stopped at random moments (kill -9, SIGINT in turn): integrity_check ok each time; $interrupted rows marked interrupted, $done done, the others absent; no process left"

# Files that are not the history's to write: each left byte for byte, the verdict still comes.
untouched() {  # FILE WORDS: make judge still judges; the file is the same; make history says what to do
  cp "$1" "$tmp/before"
  $make judge SOLUTION="$tmp/ac.cpp" HISTORY_DB="$1" $judged > "$tmp/bad.out" 2> "$tmp/bad.err" ||
    fail "make judge failed beside $1: $(cat "$tmp/bad.out" "$tmp/bad.err")"
  grep -q 'LeetCode verdict: Accepted' "$tmp/bad.out" || fail "no verdict beside $1"
  [ "$(grep -c 'history is off' "$tmp/bad.err")" = 1 ] && grep -q "history is off: .*$2" "$tmp/bad.err" ||
    fail "not one line saying history is off ($2): $(cat "$tmp/bad.err")"
  cmp -s "$1" "$tmp/before" || fail "$1 was changed"
  if $make history HISTORY_DB="$1" > /dev/null 2> "$tmp/bad.err"; then fail "make history read $1"; fi
  grep -q "$3" "$tmp/bad.err" || fail "make history does not say what to do: $(cat "$tmp/bad.err")"
  cmp -s "$1" "$tmp/before" || fail "$1 was changed by make history"
  for side in -wal -journal; do [ ! -e "$1$side" ] || fail "$1$side was made"; done
}
printf 'my notes, not a database\n%0200d\n' 0 > "$tmp/notes.sqlite"
untouched "$tmp/notes.sqlite" 'is not an SQLite database' "mv $tmp/notes.sqlite $tmp/notes.sqlite.old"
cp "$db" "$tmp/damaged.sqlite"
sqlite3 "$tmp/damaged.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE);' > /dev/null
rm -f "$tmp/damaged.sqlite-wal" "$tmp/damaged.sqlite-shm"
printf '%04000d' 7 | dd of="$tmp/damaged.sqlite" bs=1 seek=100 conv=notrunc status=none
untouched "$tmp/damaged.sqlite" 'is damaged' "mv $tmp/damaged.sqlite $tmp/damaged.sqlite.old"
sqlite3 "$tmp/newer.sqlite" 'CREATE TABLE submissions (x); PRAGMA user_version = 99;'
untouched "$tmp/newer.sqlite" 'schema 99, newer than' 'update this repository'
ok "a file that is not SQLite, a damaged one, one of a newer schema: each untouched, the verdict given, one line why"

$make judge SOLUTION="$tmp/wa.cpp" $judged > /dev/null 2>&1
home=$XDG_DATA_HOME/sudoku-solutions
[ "$(rows "$home/submissions.sqlite" 2>/dev/null)" = 1 ] || fail "without HISTORY_DB, nothing under $home"
[ "$(stat -c %a "$home")" = 700 ] && [ "$(stat -c %a "$home/submissions.sqlite")" = 600 ] ||
  fail "$home is $(stat -c %a "$home"), its file $(stat -c %a "$home/submissions.sqlite"): not 700 and 600"
ok "without HISTORY_DB: \$XDG_DATA_HOME/sudoku-solutions/submissions.sqlite, folder 0700, file 0600"

echo "history-check: $passed checks passed"
