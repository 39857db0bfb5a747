#!/bin/sh
# Usage: solutions/table.sh TESTS   (`make table` passes $(BUILD)/tests)
# Prints the table of solutions in solutions/README.md: each file, its technique
# (the first comment line, up to the colon), its lines of code (lines that are
# neither blank nor only a comment) and the sets it passes: the Solution.Set
# tests that the harness in TESTS registers for it (`TESTS --gtest_list_tests`).
set -eu
tests=$(realpath "${1:?usage: solutions/table.sh path/to/tests}")
list=$("$tests" --gtest_list_tests)
cd "$(dirname "$0")"

# forum_hardest -> ForumHardest, as judge::camelCase names suites and tests.
camel() { echo "$1" | awk -F'[^A-Za-z0-9]+' '{ for (i = 1; i <= NF; i++) printf "%s", toupper(substr($i, 1, 1)) substr($i, 2); print "" }'; }

# Whether the test list holds SUITE.TEST.
listed() {
  echo "$list" | awk -v suite="$1." -v test="$2" '
    /^[^ ]/ { inside = ($1 == suite) }
    inside && $1 == test { found = 1 }
    END { exit !found }'
}

echo '| file | technique | lines of code | sets it passes |'
echo '|---|---|--:|---|'
for file in *.cpp; do
  technique=$(head -n 1 "$file" | sed -e 's|^// *||' -e 's|:.*||')
  grep -q '^// Needs: C++23' "$file" && technique="$technique (C++23)"
  code=$(grep -cvE '^[[:space:]]*(//.*)?$' "$file")
  sets=
  for set in ../testcases/*.txt; do
    set=$(basename "$set" .txt)
    if listed "$(camel "${file%.cpp}")" "$(camel "$set")"; then sets="${sets:+$sets, }$set"; fi
  done
  echo "| [\`$file\`]($file) | $technique | $code | ${sets:-none: not registered} |"
done
