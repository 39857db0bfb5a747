#!/bin/sh
# Usage: solutions/table.sh TESTS              (`make table` passes $(BUILD)/tests)
#        solutions/table.sh --technique FILE...
# Prints the table of solutions in solutions/README.md: each file, its technique
# (read from its header comment, see technique() below), its lines of code (lines
# that are neither blank nor only a comment) and the sets it passes: the
# Solution.Set tests that the harness in TESTS registers for it
# (`TESTS --gtest_list_tests`). With --technique, prints only the technique of
# each FILE, one a line (solutions/tests/table_test.cpp checks it).
set -eu

# The technique of FILE, from its header comment: the first comment lines of the file,
# after any blank, preprocessor (#include) and using lines, up to the first colon or full
# stop followed by a space or the end of a line ("// Naive backtracking: fill the first
# ..." -> "Naive backtracking"), less a parenthesis that the cut leaves open. // Time:,
# // Space: and // Needs: lines are not part of it. A file with code before any comment
# has no header comment: one pasted from elsewhere that opens with #include
# <bits/stdc++.h> is not named after its #include.
technique() {
  awk '
    function add(line) {
      if (line == "") { if (text != "") exit; return }
      text = text (text == "" ? "" : " ") line
      if (match(text, /[:.]( |$)/)) { text = substr(text, 1, RSTART - 1); exit }
    }
    function unclosed(s) { return index(s, "(") && !match(s, /\([^()]*\)[^(]*$/) }
    inBlock {  # inside a /* ... */ comment
      line = $0
      if (sub(/\*\/.*/, "", line)) inBlock = 0
      sub(/^[[:space:]]*\*?[[:space:]]*/, "", line)
      add(line)
      if (!inBlock && text != "") exit
      next
    }
    /^[[:space:]]*\/\// {
      line = $0
      sub(/^[[:space:]]*\/\/+[[:space:]]*/, "", line)
      if (line ~ /^(Time|Space|Needs):/) { if (text != "") exit; next }
      add(line)
      next
    }
    /^[[:space:]]*\/\*/ {
      line = $0
      sub(/^[[:space:]]*\/\*+[[:space:]]*/, "", line)
      if (!sub(/\*\/.*/, "", line)) inBlock = 1
      add(line)
      if (!inBlock && text != "") exit
      next
    }
    /^[[:space:]]*$/ || /^[[:space:]]*#/ || /^[[:space:]]*using[[:space:]]/ { if (text != "") exit; next }
    { exit }  # code: before any comment, or after the header comment
    END {
      if (unclosed(text)) sub(/ *\([^()]*$/, "", text)  # a parenthesis the cut left open
      print (text == "" ? "no header comment" : text)
    }
  ' "$1"
}

if [ "${1:-}" = --technique ]; then
  shift
  for file in "$@"; do technique "$file"; done
  exit 0
fi

tests=$(realpath "${1:?usage: solutions/table.sh path/to/tests}")
list=$("$tests" --gtest_list_tests)
cd "$(dirname "$0")"

# forum_hardest -> ForumHardest, as core::camelCase names suites and tests.
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
  technique=$(technique "$file")
  grep -q '^// Needs: C++23' "$file" && technique="$technique (C++23)"
  code=$(grep -cvE '^[[:space:]]*(//.*)?$' "$file")
  sets=
  for set in ../testcases/*.txt; do
    set=$(basename "$set" .txt)
    if listed "$(camel "${file%.cpp}")" "$(camel "$set")"; then sets="${sets:+$sets, }$set"; fi
  done
  echo "| [\`$file\`]($file) | $technique | $code | ${sets:-none: not registered} |"
done
