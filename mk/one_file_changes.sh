#!/usr/bin/env bash
# Usage: mk/one_file_changes.sh   (make build-check)
# The four changes a newcomer makes most, each a new file and no file of the build touched
# (README.md, "Where things are"): in a scratch copy of the working tree's tracked files, it adds
#   1. a solution:               solutions/newcomer_solution.cpp (a copy of a bundled one, renamed);
#   2. a test file:              core/newcomer_probe_test.cpp;
#   3. a file in a judge's room: judge/findings/newcomer_room.cpp (its test beside it);
#   4. a file of the server:     serve/newcomer_route.cpp (its test beside it), which the server's
#                                main calls (the line a newcomer adds there);
# builds the tests, the judge and the server, and checks that each was built and run: the new
# tests and the new solution's own tests pass (the test files compile alone too, as make sanitize
# builds them), the judge holds the room's function and judges the solution Accepted, `make` would
# judge it, and the server holds the new file's function and starts and stops; then that no file
# outside build/ changed. Exit 0 when all four hold; the first that does not is named.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
scratch=$work/repo
mkdir "$scratch"
fail() { echo "one_file_changes: $*" >&2; exit 1; }

git -C "$repo" ls-files -z | (cd "$repo" && tar --null --ignore-failed-read -T - -cf -) | tar -xf - -C "$scratch"
cd "$scratch"

# 1. A solution: any bundled one under a new name, its opening line saying so.
sed '1s|.*|// A newcomer'"'"'s copy of bitmask_mrv_y_combinator.cpp (mk/one_file_changes.sh).|' \
  solutions/bitmask_mrv_y_combinator.cpp > solutions/newcomer_solution.cpp
# 2. A test file, asserting on core/.
cat > core/newcomer_probe_test.cpp <<'CPP'
// mk/one_file_changes.sh's new test file: found by core/rules.mk's wildcard, nothing else.
#include <gtest/gtest.h>

#include "core/checker.h"

namespace core {
namespace {
TEST(NewcomerTest, TheCheckerFindsTwoFivesInARow) {
  Board board(9, std::vector<char>(9, '.'));
  board[0][0] = board[0][8] = '5';
  EXPECT_NE(findConflict(board), "");
}
}  // namespace
}  // namespace core
CPP
# 3. A file in a room of the judge, and its test.
cat > judge/findings/newcomer_room.cpp <<'CPP'
// mk/one_file_changes.sh's new file in a room: found by judge/rules.mk's wildcard, nothing else.
namespace judge {
int newcomerRoomAnswer() { return 37; }
}  // namespace judge
CPP
cat > judge/findings/newcomer_room_test.cpp <<'CPP'
// The test of mk/one_file_changes.sh's new file in a room: it links the judge's rooms, and runs
// the judge as the judge's tests do (judge/test_support.h: the build gives it the judge's path).
#include <gtest/gtest.h>

#include "judge/test_support.h"

namespace judge {
int newcomerRoomAnswer();
namespace {
TEST(NewcomerRoom, TheRoomsNewFileIsLinked) { EXPECT_EQ(newcomerRoomAnswer(), 37); }
TEST(NewcomerRoom, TheJudgeRuns) { EXPECT_EQ(judge({"--help"}).status, 0); }
}  // namespace
}  // namespace judge
CPP

# 4. A file of the server, its test, and the server's main using it.
cat > serve/newcomer_route.cpp <<'CPP'
// mk/one_file_changes.sh's new file of the server: found by serve/rules.mk's wildcard.
namespace serve {
int newcomerRouteAnswer() { return 58; }
}  // namespace serve
CPP
cat > serve/newcomer_route_test.cpp <<'CPP'
// The test of mk/one_file_changes.sh's new file of the server: linked from the server's
// files, as the server's own tests are.
#include <gtest/gtest.h>

namespace serve {
int newcomerRouteAnswer();
namespace {
TEST(NewcomerRoute, TheServersNewFileIsLinked) { EXPECT_EQ(newcomerRouteAnswer(), 58); }
}  // namespace
}  // namespace serve
CPP
cat >> serve/serve_main.cpp <<'CPP'

// mk/one_file_changes.sh: the server's main uses the new file, at start-up.
namespace serve {
int newcomerRouteAnswer();
}  // namespace serve
[[maybe_unused]] static const int newcomerRouteAnswered = serve::newcomerRouteAnswer();
CPP

sources() { find . -path ./build -prune -o -type f -print0 | sort -z | xargs -0 md5sum; }
sources > "$work/before"
make -s -j"$(nproc)" build/tests build/bin/judge build/judged/toolchain.sh build/bin/serve > "$work/build.log" 2>&1 ||
  { tail -n 30 "$work/build.log" >&2; fail "the scratch copy with the four new files does not build"; }

# Built and run: each new suite is in the tests and passes (the solution's: one test a set).
listed=$(build/tests --gtest_list_tests)
for suite in NewcomerTest NewcomerRoom NewcomerRoute NewcomerSolution; do
  grep -q "^$suite\.$" <<< "$listed" || fail "$suite (a new file's tests) is not in build/tests"
done
ran=$(build/tests --gtest_brief=1 --gtest_filter='NewcomerTest.*:NewcomerRoom.*:NewcomerRoute.*:NewcomerSolution.*' 2>&1) ||
  { echo "$ran" >&2; fail "a new file's test failed"; }
sets=$(awk '/^NewcomerSolution\.$/ { on = 1; next } /^[^ ]/ { on = 0 } on' <<< "$listed" | wc -l)
grep -q "^\[  PASSED  \] $((sets + 4)) tests" <<< "$ran" ||
  { echo "$ran" >&2; fail "expected the 4 new tests and the new solution's $sets sets to pass"; }
# The tests above are unity units; make sanitize compiles each test file alone: the new ones too.
make -s UNITY=0 BUILD=build/one-by-one build/one-by-one/objects/core/newcomer_probe_test.o \
  build/one-by-one/objects/judge/findings/newcomer_room_test.o > "$work/alone.log" 2>&1 ||
  { tail -n 30 "$work/alone.log" >&2; fail "a new test file does not compile alone (as make sanitize builds it)"; }
grep -q 'judge::newcomerRoomAnswer()' <<< "$(nm -C build/bin/judge)" || fail "the judge does not link the room's new file"
verdict=$(build/bin/judge --strict "$scratch/solutions/newcomer_solution.cpp" 2>&1) ||
  { echo "$verdict" >&2; fail "the judge does not accept the new solution"; }
grep -q '^LeetCode verdict: Accepted' <<< "$verdict" || fail "no Accepted verdict for the new solution"
grep -q 'solutions/newcomer_solution.cpp' <<< "$(make -n all)" || fail "make would not judge the new solution"
grep -q 'serve::newcomerRouteAnswer()' <<< "$(nm -C build/bin/serve)" || fail "the server does not link its new file"
# The server starts (its URL printed), and stops on SIGTERM with nothing left.
build/bin/serve --judge build/bin/judge --port 0 --no-history > "$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 300); do grep -q 'http://127.0.0.1:' "$work/serve.log" && break; sleep 0.1; done
grep -q 'http://127.0.0.1:' "$work/serve.log" || { kill "$server"; cat "$work/serve.log" >&2; fail "the server did not start"; }
kill -TERM "$server"
wait "$server" || { cat "$work/serve.log" >&2; fail "the server did not stop cleanly"; }

sources > "$work/after"
cmp -s "$work/before" "$work/after" || { diff "$work/before" "$work/after" >&2; fail "building changed a file outside build/"; }
echo "one_file_changes: a new solution, a new test file, a new file in a judge's room and a new file of the server: each built and run, no file of the build touched"
