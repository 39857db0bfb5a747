#!/bin/sh
# Prints the table of solutions in solutions/README.md (`make table`): each
# file, its technique (the first comment line, up to the colon), its lines of
# code (lines that are neither blank nor only a comment) and the sets the
# harness runs it on (solutions/sets.txt; a file not listed there runs on all).
set -eu
cd "$(dirname "$0")"
echo '| file | technique | lines of code | sets it passes |'
echo '|---|---|--:|---|'
for file in *.cpp; do
  technique=$(head -n 1 "$file" | sed -e 's|^// *||' -e 's|:.*||')
  grep -q '^// Needs: C++23' "$file" && technique="$technique (C++23)"
  code=$(grep -cvE '^[[:space:]]*(//.*)?$' "$file")
  sets=$(sed 's/#.*//' sets.txt | awk -v stem="${file%.cpp}" '$1 == stem { $1 = ""; print }')
  sets=$(echo $sets | sed 's/ /, /g')
  echo "| [\`$file\`]($file) | $technique | $code | ${sets:-all} |"
done
