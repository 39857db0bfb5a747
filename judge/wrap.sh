#!/bin/sh
# Usage: judge/wrap.sh NAME FILE
# Prints a translation unit that compiles the pasteable solution FILE unchanged
# in LeetCode's environment, inside namespace solutions::NAME, and registers it
# with its source text (so a test can prove which code ran).
set -eu
name=$1 file=$2
case $name in [A-Za-z_]*) ;; *) echo "wrap.sh: '$name' is not an identifier" >&2; exit 2 ;; esac
if grep -q ')judge_source"' "$file"; then echo "wrap.sh: $file contains the source delimiter" >&2; exit 2; fi
cat <<EOT
#include "prelude.h"
#include "registry.h"

namespace solutions::$name {
#include "$file"
}  // namespace solutions::$name

namespace {
const char kSource[] = R"judge_source($(cat "$file")
)judge_source";

void solve(judge::Board& board) { solutions::$name::Solution().solveSudoku(board); }

const judge::Registration registration({"$name", "$file", solve, kSource,
                                        &typeid(solutions::$name::Solution)});
}  // namespace
EOT
