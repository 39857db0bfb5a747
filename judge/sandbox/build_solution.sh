#!/bin/sh
# Usage: judge/sandbox/build_solution.sh TOOLCHAIN.sh FILE NAME OUT
# Builds the solution FILE as LeetCode does: one translation unit holding
# LeetCode's environment (core/prelude.h), FILE at global scope, unchanged
# (solution_unit.sh), and after it the driver, whose main() runs each case with
# Solution().solveSudoku(board) (judge/sandbox/runner.h). Compiler messages name the
# file NAME (as the user wrote its path) and its own line numbers, nothing of
# this wrapping. Compiled by the toolchain the Makefile chose and wrote to
# TOOLCHAIN (LeetCode's clang 19, -std=c++23, -O2, ASan + UBSan where
# installed) and linked with judge/sandbox/runner.cpp into the program OUT.
# Exit 0: built. Exit 77: skipped, the file needs a newer standard than the
# toolchain's (reason on stderr). Otherwise: the compiler's exit, its message on stderr.
set -eu
toolchain=$1 file=$2 name=$3 out=$4
. "$toolchain"  # sets cxx, standard, flags, includes, runtime, linkflags
if [ "$standard" != c++23 ] && grep -q '^// Needs: C++23' "$file"; then
  echo "needs C++23, which $cxx -std=$standard is not: install clang-19 (LeetCode's compiler)" >&2
  exit 77
fi
mkdir -p "$(dirname "$out")"
# This build's own names (mktemp's, not $$: in the sandbox's PID namespace every build is
# process 2), so that two judges building the same file at once never share a file.
own=$(mktemp "$out.XXXXXX")
trap 'rm -f "$own" "$own.cc"' EXIT
{
  "$(dirname "$0")/solution_unit.sh" "$file" "$name" "LeetCode driver"
  echo 'extern "C" int judge_run_cases(int, char**, void (*)(std::vector<std::vector<char>>&));'
  echo 'int main(int argc, char** argv) {'
  echo '  return judge_run_cases(argc, argv, [](std::vector<std::vector<char>>& board) { Solution().solveSudoku(board); });'
  echo '}'
} > "$own.cc"
# Linked under its own name, then moved: a judge running in parallel never sees half a program.
$cxx -std="$standard" $flags $includes "$own.cc" $runtime ${linkflags:-} -o "$own"
mv -f "$own" "$out"
