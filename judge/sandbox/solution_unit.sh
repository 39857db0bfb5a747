#!/bin/sh
# Usage: judge/sandbox/solution_unit.sh FILE NAME DRIVER
# Prints the start of the translation unit every build of a submission compiles
# (the judge's, build_solution.sh; make debug's, judge/debug/build_debug.sh):
# LeetCode's environment (core/prelude.h), then FILE at global scope, unchanged,
# its lines numbered as NAME's (as the user wrote its path), then a #line that
# names what follows DRIVER. The caller appends its driver, whose main() calls
# Solution().solveSudoku(board), so compiler messages speak of FILE only.
set -eu
file=$1 name=$2 driver=$3
# NAME inside a #line directive: a string literal, so '\' and '"' are escaped.
literal=$(printf '%s' "$name" | sed 's/[\\"]/\\&/g')
echo '#include "core/prelude.h"'
echo "#line 1 \"$literal\""
cat "$file"
echo  # a file whose last line has no newline
echo "#line 1 \"$driver\""
