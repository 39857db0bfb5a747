#!/bin/sh
# Usage: judge/replay/build_replay.sh TOOLCHAIN.sh FILE NAME OUT ROOT
# Builds the replay program of the solution FILE (judge --replay, replay.h): one
# translation unit as the judge builds a file (judge/sandbox/solution_unit.sh:
# core/prelude.h, FILE at global scope, unchanged, its lines named NAME), compiled
# by the judge's compiler with explore's hooks (clang: -finstrument-functions-after-inlining;
# g++: -finstrument-functions, the standard library's headers left out), then a driver
# whose main() hands judge_replay_main (replay_program.cpp) a function that runs
# Solution().solveSudoku(board). Linked with the replay runtime the Makefile built
# (replay_program.o, explore's capture and page, the runner, core's board,
# checker and registry), names exported (-rdynamic) so the capture can name the
# search function. Run inside the judge's compile box. Exit 0: built; otherwise
# the compiler's exit, its message on stderr.
set -eu
toolchain=$1 file=$2 name=$3 out=$4 root=$5
. "$toolchain"  # sets cxx, standard, flags, instrument, includes, runtime, linkflags
mkdir -p "$(dirname "$out")"
own=$(mktemp "$out.XXXXXX")  # this build's own names (in the box every build is process 2)
trap 'rm -f "$own" "$own.cc"' EXIT
{
  "$root/judge/sandbox/solution_unit.sh" "$file" "$name" "replay driver"
  echo 'extern "C" int judge_replay_main(int, char**, void (*)(std::vector<std::vector<char>>&));'
  echo 'static void judge_replay_solve(std::vector<std::vector<char>>& board) { Solution().solveSudoku(board); }'
  echo 'int main(int argc, char** argv) { return judge_replay_main(argc, argv, judge_replay_solve); }'
} > "$own.cc"
$cxx -std="$standard" $flags $instrument $includes "$own.cc" $runtime -rdynamic ${linkflags:-} -o "$own"
mv -f "$own" "$out"
