#!/bin/sh
# Usage: judge/debug/build_debug.sh TOOLCHAIN.sh FILE NAME OUT ROOT
# Builds the solution FILE for a debugger (make debug, judge/debug/debug.h):
# as the judge builds it (judge/sandbox/build_solution.sh: core/prelude.h,
# FILE at global scope, unchanged, the toolchain the Makefile chose, with its
# sanitizers), but at -O0 (with a precompiled prelude of its own, the judge's being -O2's), and
# with a driver that reads one case from the file named by its argument and
# calls Solution().solveSudoku(board) once, as LeetCode does, then prints the
# board. The debugger shows FILE's lines under NAME (an absolute path, so that
# an editor's breakpoints match). Exit 0: built; otherwise the compiler's exit,
# its message on stderr.
set -eu
toolchain=$1 file=$2 name=$3 out=$4 root=$5
. "$toolchain"  # sets cxx, standard, flags, includes, runtime, linkflags
# -O2 -> -O0: every variable is where the source says; the sanitizers stay, as on LeetCode.
debugflags="$(printf '%s' "$flags" | sed 's/-O[0-9s]*/-O0/g') -fno-omit-frame-pointer"
mkdir -p "$(dirname "$out")"
own=$(mktemp "$out.XXXXXX")  # this build's own names: another make debug of the file may be building
trap 'rm -f "$own" "$own.cc"' EXIT
{
  "$root/judge/sandbox/solution_unit.sh" "$file" "$name" "make debug driver"
  # In a debugger: no leak check (LeakSanitizer cannot run under ptrace), and a
  # sanitizer's report stops the program where it happened (abort), not at exit.
  cat <<'DRIVER'
extern "C" const char* __asan_default_options() { return "detect_leaks=0:abort_on_error=1"; }
extern "C" const char* __ubsan_default_options() { return "abort_on_error=1:print_stacktrace=1"; }
// The case file's first line that is not a comment: the board's cells, row by row.
static std::vector<std::vector<char>> make_debug_case(const char* path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line) && (line.empty() || line[0] == '#')) {}
  line = line.substr(0, line.find(' '));
  size_t side = 0;
  while ((side + 1) * (side + 1) <= line.size()) ++side;
  std::vector<std::vector<char>> board(side, std::vector<char>(side));
  for (size_t i = 0; i < side * side; ++i) board[i / side][i % side] = line[i];
  return board;
}
int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s CASE_FILE\n", argv[0]);
    return 2;
  }
  std::vector<std::vector<char>> board = make_debug_case(argv[1]);
  Solution().solveSudoku(board);
  std::string text = "Output: [";
  for (size_t r = 0; r < board.size(); ++r) {
    text += r ? ",[" : "[";
    for (size_t c = 0; c < board[r].size(); ++c) text += std::string(c ? ",\"" : "\"") + board[r][c] + "\"";
    text += "]";
  }
  std::cout << std::flush;
  std::printf("%s]\n", text.c_str());
}
DRIVER
} > "$own.cc"
# clang: the prelude (the whole standard library) parsed once at these flags, kept beside the
# programs for every later file (most of a compile's time); the judge's own is -O2's.
pch=
case "$cxx" in
  *clang*)
    pch="$(dirname "$(dirname "$out")")/prelude-${stamp:-0}.pch"
    if [ ! -f "$pch" ]; then
      # One build makes it; another starting meanwhile waits for it (util-linux's flock) rather
      # than making it too.
      exec 9>"$pch.lock"
      command -v flock >/dev/null && flock 9
      if [ ! -f "$pch" ]; then
        $cxx -std="$standard" $debugflags -fpch-instantiate-templates -x c++-header "$root/core/prelude.h" -o "$pch.$$"
        mv -f "$pch.$$" "$pch"
      fi
      exec 9>&-
    fi
    pch="-include-pch $pch";;
esac
$cxx -std="$standard" $debugflags $pch -I"$root" "$own.cc" ${linkflags:-} -o "$own"
mv -f "$own" "$out"
