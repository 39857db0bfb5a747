#!/bin/bash
# Usage (in the arm64 guest, from arm64/guest.sh): arm64/steps.sh RUN_DIR
# The check's steps on the plan the host wrote (arm64/check.sh): RUN_DIR/plan.sh names the cross
# build's make variables (cross_make), the files to judge (RUN_DIR/judged/NAME.args: the file, then
# make judge's options, one a line) and the tests' filter (test_filter). Each step's output goes
# to RUN_DIR/guest/, which the host reads; the console says when each step starts and ends, in the
# guest's own seconds.
set -u
run=$1
out=$run/guest
rm -rf "$out" && mkdir -p "$out"
. "$run/plan.sh"
export HISTORY=0
clock() { cut -d' ' -f1 /proc/uptime; }
took() { awk -v a="$1" -v b="$(clock)" 'BEGIN { printf "%.1f", b - a }'; }
# The judge's compiler, its runtime and its precompiled prelude, made by the guest's own make and
# clang, as a first make judge makes them on any machine.
started=$(clock)
echo "guest: make judge's first build (the judged files' runtime and precompiled prelude, by clang 19)"
make "${cross_make[@]}" build/aarch64/judged/toolchain.sh > "$out/toolchain.log" 2>&1
echo "$?" > "$out/toolchain.status"
echo "guest: built in $(took "$started") s"
echo "$(took "$started")" > "$out/toolchain.seconds"

# make judge SOLUTION=FILE on each file, as a user types it, one after another.
for args in "$run"/judged/*.args; do
  name=$(basename "$args" .args)
  mapfile -t options < "$args"
  file=${options[0]}
  started=$(clock)
  make "${cross_make[@]}" judge SOLUTION="$file" "${options[@]:1}" > "$out/$name.log" 2>&1 < /dev/null
  echo "$?" > "$out/$name.status"
  took "$started" > "$out/$name.seconds"
  echo "guest: $name: $(grep -a -o 'LeetCode verdict: [^(]*' "$out/$name.log" | head -n 1) ($(cat "$out/$name.seconds") s)"
done

# The tests, as make test runs them (a TMPDIR of the run's own, no history, the run's own data
# folder), then the check that no box outlived them.
if [ -n "${test_filter:-}" ]; then
  started=$(clock)
  echo "guest: the tests ($test_filter)"
  tmp=$(mktemp -d /tmp/test-run.XXXXXX)
  TMPDIR=$tmp XDG_DATA_HOME=$tmp/data build/aarch64/tests --gtest_brief=1 --gtest_print_time=1 \
    --gtest_filter="$test_filter" > "$out/tests.log" 2>&1 < /dev/null
  echo "$?" > "$out/tests.status"
  judge/sandbox/leftover_check.sh "$tmp" > "$out/leftover.log" 2>&1
  echo "$?" > "$out/leftover.status"
  took "$started" > "$out/tests.seconds"
  echo "guest: $(grep -a -E '^\[  (PASSED|FAILED)  \]' "$out/tests.log" | tr '\n' ' ')($(cat "$out/tests.seconds") s)"
fi

# Whatever a box left running: the judged programs, bwrap, the keeper, the hostile files' own.
ps -e -o pid=,ppid=,comm= | awk '$3 ~ /^(solution|bwrap|judge|judge-keeper|hostile-)/' > "$out/survivors.txt"
echo "guest: done after $(clock) s of its own time"
echo done > "$out/finished"
