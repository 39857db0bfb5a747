#!/bin/sh
# Usage: judge/sandbox/leftover_check.sh DIR
# After a test run whose TMPDIR was DIR: fails (exit 1) when any process still
# holds one of the run's files (the judge's unnamed files in DIR: a box's
# bwrap, its init, a runner), naming each and ending it (SIGKILL, by its pid).
# Waits up to 5 s first: the kernel ends a namespace's processes after its init.
set -u
dir=$1
holders() {
  for fd in /proc/[0-9]*/fd/*; do
    target=$(readlink "$fd" 2>/dev/null) || continue
    case $target in "$dir"/*) pid=${fd#/proc/}; echo "${pid%%/*}" ;; esac
  done | sort -u
}
for try in 1 2 3 4 5 6 7 8 9 10; do
  left=$(holders)
  [ -z "$left" ] && exit 0
  sleep 0.5
done
echo "leftover box processes of this test run (holding files in $dir):" >&2
for pid in $left; do
  echo "  $pid $(cat /proc/$pid/comm 2>/dev/null), parent $(awk '{print $4}' /proc/$pid/stat 2>/dev/null): $(tr '\0' ' ' < /proc/$pid/cmdline 2>/dev/null | cut -c1-1500)" >&2
done
for pid in $left; do kill -KILL "$pid" 2>/dev/null; done
exit 1
