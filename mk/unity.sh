#!/bin/sh
# Usage: mk/unity.sh UNIT UNITS FILE...
# Prints unity translation unit UNIT (1 to UNITS) of the FILEs (the test files, the judge's
# rooms, core/'s quick copies): an #include of each file dealt to it. The files go largest
# first (in bytes, a rough measure of their compile) to the unit with the fewest bytes so far,
# so that the units take about as long as each other. Each file is still its own file; the
# build compiles the units (UNITY: mk/tests.mk, judge/rules.mk, core/rules.mk).
set -eu
unit=$1 units=$2
shift 2
echo "// Files compiled as one translation unit (mk/unity.sh $unit of $units; made by the Makefile)."
for file in "$@"; do printf '%s %s\n' "$(wc -c < "$file")" "$file"; done | sort -k1,1nr -k2 |
  awk -v unit="$unit" -v units="$units" '{
    best = 1
    for (u = 2; u <= units; u++) if (load[u] < load[best]) best = u
    load[best] += $1
    if (best == unit) print "#include \"" $2 "\""
  }'
