#!/usr/bin/env bash
# Usage: mk/any_order.sh   (make build-check)
# The folders' rules.mk may be read in any order (mk/README.md, "In any order"): this reads them
# in the top Makefile's order and in the reverse one (the folders' reversed, then the subfolders'
# reversed), each time into an empty build folder of its own, and checks that `make -n` prints
# the same commands for what a user types (each command's words sorted, then the commands: a
# list's order may differ, never what it holds). Exit 0 when every goal gives the same commands;
# else the first that differs is named, with the difference.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The top Makefile's order, and the reverse within each depth.
order=$(make -s -f Makefile -f - print-folder-rules <<< $'print-folder-rules:\n\t@echo $(FOLDER_RULES)' 2>/dev/null)
reversed=$(tr ' ' '\n' <<< "$order" | awk -F/ '{ print NF "\t" $0 }' | sort -k1,1n -k2r | cut -f2 | tr '\n' ' ')
[ "$(wc -w <<< "$order")" -gt 5 ] || { echo "any_order: the folders' rules were not found: $order" >&2; exit 1; }

# The commands make -n prints for GOAL..., with FOLDER_RULES=$1, in a build folder of their own.
commands() {
  local rules=$1 name=$2; shift 2
  rm -rf "$work/build"
  make -n -j1 V=1 BUILD="$work/build" FOLDER_RULES="$rules" "$@" > "$work/printed" 2>&1 ||
    { tail -n 5 "$work/printed" >&2; echo "any_order: make -n $* fails" >&2; exit 1; }
  sed "s@$work/build@BUILD@g" "$work/printed" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta' | tr ':;' '  ' |
    while read -r -a words; do printf '%s\n' "${words[@]}" | sort | tr '\n' ' '; echo; done | sort > "$work/$name"
}
for goal in "all" "test" "judge SOLUTION=solutions/bitmask_mrv_globals.cpp" "serve" "sanitize" "leetcode" \
            "cross-arm64" "explore" "bench-quick" "UNITY=0 test"; do
  # shellcheck disable=SC2086  # the goal's words
  commands "$order" given $goal
  # shellcheck disable=SC2086
  commands "$reversed" reversed $goal
  cmp -s "$work/given" "$work/reversed" ||
    { diff "$work/given" "$work/reversed" | head -n 20 >&2 || true; echo "any_order: make $goal differs when the folders' rules are read in reverse" >&2; exit 1; }
done
echo "any_order: the folders' rules read in reverse give the same commands"
