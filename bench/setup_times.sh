#!/bin/sh
# Usage: bench/setup_times.sh
# Times what a newcomer runs first, as README.md's "Start here" quotes it: in a
# fresh clone of this repository (in a temporary folder), the first `make`, a
# second `make` (everything built), then `make test`; wall-clock seconds each,
# with the machine they ran on. Needs the packages README.md names.
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
load=$(cut -d' ' -f1-3 /proc/loadavg)
git clone -q "$repo" "$work/clone"
cd "$work/clone"
seconds() {
  start=$(date +%s.%N)
  "$@" > "$work/log" 2>&1 || { tail -40 "$work/log" >&2; echo "failed: $*" >&2; exit 1; }
  awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }'
}
first=$(seconds make)
again=$(seconds make)
tests=$(seconds make test)
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
printf '| command | wall seconds |\n|---|---|\n'
printf '| first `make` in a fresh clone | %.0f |\n| `make` again | %.0f |\n| `make test` | %.0f |\n' \
  "$first" "$again" "$tests"
printf '\n%s, %s cores, %s; load average before: %s\n' "$cpu" "$(nproc)" "$(date -u +%Y-%m-%d)" "$load"
