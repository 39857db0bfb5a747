#!/bin/sh
# Usage: core/wrap.sh NAME FILE
#        core/wrap.sh --skip REASON NAME FILE
# Prints a translation unit that compiles the pasteable solution FILE unchanged
# in LeetCode's environment, inside namespace solutions::NAME, and registers it
# with its source text (so a test can prove which code ran). With --skip, FILE
# is not compiled: the unit registers it as skipped, and the tests say why.
set -eu
reason=
if [ "$1" = --skip ]; then reason=$2; shift 2; fi
name=$1 file=$2
case $name in [A-Za-z_]*) ;; *) echo "wrap.sh: '$name' is not an identifier" >&2; exit 2 ;; esac
if [ -n "$reason" ]; then
  case $reason in *[\\\"]*) echo "wrap.sh: the reason may not contain a quote or backslash" >&2; exit 2 ;; esac
  cat <<EOT
#include "core/registry.h"

namespace {
const core::SkipRegistration registration({"$name", "$file", "$reason"});
}  // namespace
EOT
  exit 0
fi
if grep -q ')judge_source"' "$file"; then echo "wrap.sh: $file contains the source delimiter" >&2; exit 2; fi
cat <<EOT
#include "core/prelude.h"
#include "core/registry.h"

namespace solutions::$name {
#include "$file"
}  // namespace solutions::$name

namespace {
const char kSource[] = R"judge_source($(cat "$file")
)judge_source";

void solve(core::Board& board) { solutions::$name::Solution().solveSudoku(board); }

const core::Registration registration({"$name", "$file", solve, kSource,
                                        &typeid(solutions::$name::Solution)});
}  // namespace
EOT
