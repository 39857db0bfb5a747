#!/bin/sh
# Usage: judge/build_solution.sh TOOLCHAIN.sh FILE OUT
# Builds the solution FILE as the judge runs it: wrapped by wrap.sh in LeetCode's
# environment (judge/prelude.h), compiled by the toolchain the Makefile chose and
# wrote to TOOLCHAIN (LeetCode's clang 19, -std=c++23, -O2, ASan + UBSan where
# installed), and linked with runner_main.cpp into the program OUT.
# Exit 0: built. Exit 77: skipped, the file needs a newer standard than the
# toolchain's (reason on stderr). Otherwise: the compiler's exit, its message on stderr.
set -eu
toolchain=$1 file=$2 out=$3
. "$toolchain"  # sets cxx, standard, flags, includes, runtime
if [ "$standard" != c++23 ] && grep -q '^// Needs: C++23' "$file"; then
  echo "needs C++23, which $cxx -std=$standard is not: install clang-19 (LeetCode's compiler)" >&2
  exit 77
fi
mkdir -p "$(dirname "$out")"
# Every program holds one solution, so one namespace name serves all files.
"$(dirname "$0")/wrap.sh" submission "$file" > "$out.cc"
# Linked under a temporary name: a judge running in parallel never sees half a program.
$cxx -std="$standard" $flags $includes "$out.cc" $runtime -o "$out.$$"
mv -f "$out.$$" "$out"
