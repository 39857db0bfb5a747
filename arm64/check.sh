#!/usr/bin/env bash
# make arm64-check (arm64/README.md): the judge on a real aarch64 kernel, emulated by
# qemu-system-aarch64 on this machine. Usage: arm64/check.sh BUILD_DIR [FILE.cpp...]
# Needs what make arm64-check builds first: the cross-built judge and tests ($BUILD/aarch64), the
# guest's root, kernel and initramfs ($BUILD/arm64). Then:
#   1. writes the plan: the files to judge (an Accepted, a Wrong Answer, a Compile Error, a file
#      that shows its box's seccomp, every file of judge/fixtures/hostile/, and FILE.cpp...), each
#      with the make judge options both machines use, and the tests' filter;
#   2. judges each file with make judge on this machine, while
#   3. the guest boots and runs arm64/steps.sh: the same make judge lines, then the tests;
#   4. compares: each file's LeetCode verdict in the guest and here, and the one its header
#      expects; the tests' result; no box left behind. Prints a summary; exits non-zero on any
#      difference or failure.
# Changes nothing on the machine: qemu-system-aarch64 runs as this user, its disk a snapshot.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: arm64/check.sh BUILD_DIR [FILE.cpp...]}" && pwd)
shift
cd "$root"
images=$build/arm64
run=$images/run
rm -rf "$run" && mkdir -p "$run/judged" "$run/host" "$run/files"
seconds() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.0f", b - a }'; }
started=$(seconds)
# From make arm64-check (arm64/rules.mk): make cross-arm64's make variables, the tests' filter,
# how long the guest may take.
: "${ARM64_CROSS_MAKE:?the make variables of make cross-arm64 (arm64/rules.mk)}" "${ARM64_TESTS=}" "${ARM64_TIMEOUT_MINUTES:=30}"

# ---- 1. The plan -------------------------------------------------------------------------------
# One file to judge: NAME FILE [make judge option...], written as the guest reads it.
judged() {
  local name=$1
  shift
  printf '%s\n' "$@" > "$run/judged/$name.args"
}
header() { sed -n "s|^// $2: ||p" "$1" | head -n 1; }
# The LeetCode tier: the sets the LeetCode verdict is read from (judge/tiers.txt).
tier=$(awk '$1 == "leetcode" { $1 = ""; print }' judge/tiers.txt | xargs | tr ' ' ,)
judged 01-accepted "$root/solutions/propagation_bitboard.cpp" STANDING=0
judged 02-wrong-answer "$root/solutions/wrong_answer/box_index_sum.cpp" STANDING=0 SETS="$tier"
judged 03-compile-error "$root/judge/fixtures/compile_error.cpp" STANDING=0
judged 04-seccomp "$root/arm64/fixtures/shows_its_seccomp.cpp" STANDING=0 SETS=leetcode_example
# The hostile files on the sets and limit their headers name, as their test judges them
# (judge/sandbox/sandbox_test.cpp: leetcode_example and 100 ms unless they say otherwise).
for file in judge/fixtures/hostile/*.cpp; do
  sets=$(header "$file" "Judged on") limit=$(header "$file" "Time limit ms")
  judged "hostile-$(basename "$file" .cpp)" "$root/$file" STANDING=0 SETS="${sets:-leetcode_example}" \
    TIME_LIMIT_MS="${limit:-100}"
done
# The user's own files, each copied under its own name, judged on the LeetCode tier.
n=0
for file in "$@"; do
  [ -f "$file" ] || { echo "arm64-check: $file: no such file" >&2; exit 2; }
  n=$((n + 1))
  mkdir -p "$run/files/$n" && cp "$file" "$run/files/$n/"
  judged "yours-$n" "$run/files/$n/$(basename "$file")" STANDING=0 SETS="$tier"
done
# The make variables of make cross-arm64's build (tools/rules.mk), so that the guest's make finds
# the judge and the tests built; LeetCode's compiler is the guest's own clang 19.
cat > "$run/plan.sh" <<EOF
cross_make=($ARM64_CROSS_MAKE)
test_filter='$ARM64_TESTS'
EOF

# ---- 2. Here: the same lines, with this machine's judge -------------------------------------
(
  for args in "$run"/judged/*.args; do
    name=$(basename "$args" .args)
    mapfile -t options < "$args"
    HISTORY=0 make --no-print-directory judge SOLUTION="${options[0]}" "${options[@]:1}" \
      > "$run/host/$name.log" 2>&1 < /dev/null
  done
) &
host_judge=$!

# ---- 3. The guest ---------------------------------------------------------------------------
# -icount shift=0: the guest's clocks count one nanosecond an instruction, whatever this machine's
# load, so the judge's limits there mean what they mean on a real (slower) arm64 machine; its
# vCPUs then take turns on one thread of this machine. sleep=off: while every vCPU waits, the clock
# jumps to the next timer (a sleep costs no time here).
echo "arm64-check: booting Debian 12's arm64 kernel ($(cat "$images/kernel-release")) in qemu-system-aarch64"
boot=$(seconds)
timeout --foreground "$((ARM64_TIMEOUT_MINUTES * 60))" \
  qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on -smp 2 -m 4096 -icount shift=0,sleep=off -nic none \
    -kernel "$images/vmlinuz" -initrd "$images/initrd" \
    -append "console=ttyAMA0 loglevel=4 panic=-1 repo=$root" \
    -drive "file=$images/root.img,format=raw,if=virtio,snapshot=on" \
    -virtfs "local,path=$root,mount_tag=repo,security_model=none,readonly=on" \
    -virtfs "local,path=$run,mount_tag=run,security_model=none" -device virtio-rng-pci \
    -display none -monitor none -serial stdio -no-reboot < /dev/null 2>&1 |
  while IFS= read -r line; do
    line=${line%$'\r'}
    printf '  [%5s s] %s\n' "$(since "$boot")" "$line"
  done | tee "$run/console.log"
qemu_status=${PIPESTATUS[0]}
guest_seconds=$(since "$boot")
wait "$host_judge"

# ---- 4. The comparison ----------------------------------------------------------------------
failures=0
check() {  # check STATUS WHAT
  if [ "$1" = 0 ]; then echo "  ok    $2"; else echo "  FAIL  $2"; failures=$((failures + 1)); fi
}
verdict() { [ -f "$1" ] && tr '\r' '\n' < "$1" | sed -n 's/.*\(LeetCode verdict: [^—(]*\).*/\1/p' | head -n 1 | sed 's/ *$//'; }
echo
echo "arm64-check: the verdicts, in the arm64 guest and on this machine ($(uname -m))"
check "$([ -f "$run/guest/finished" ] && echo 0 || echo 1)" \
  "the guest ran every step (qemu's exit $qemu_status; the console: $run/console.log)"
check "$(cat "$run/guest/toolchain.status" 2>/dev/null || echo 1)" \
  "make judge's first build in the guest: clang 19's runtime and precompiled prelude ($(cat "$run/guest/toolchain.seconds" 2>/dev/null) s)"
for args in "$run"/judged/*.args; do
  name=$(basename "$args" .args)
  file=$(head -n 1 "$args")
  guest=$(verdict "$run/guest/$name.log") host=$(verdict "$run/host/$name.log")
  expected=$(header "$file" "Expected verdict")
  case $name in
    01-accepted) expected=Accepted ;;
    03-compile-error) expected="Compile Error" ;;
  esac
  contains=$(header "$file" "Expected in make judge's output")  # (the hostile files' "report contains" is the judge's in-process report)
  same=$([ -n "$guest" ] && [ "$guest" = "$host" ] && echo 0 || echo 1)
  if [ -n "$expected" ] && [ "${guest#LeetCode verdict: }" != "$expected" ]; then same=1; fi
  if [ -n "$contains" ] && ! grep -a -q -F -- "$contains" "$run/guest/$name.log" 2>/dev/null; then same=1; fi
  check "$same" "$(printf '%-34s guest: %-28s here: %-28s (%s s in the guest)' "$name" \
    "${guest#LeetCode verdict: }" "${host#LeetCode verdict: }" "$(cat "$run/guest/$name.seconds" 2>/dev/null)")"
done
if [ -n "$ARM64_TESTS" ]; then
  check "$(cat "$run/guest/tests.status" 2>/dev/null || echo 1)" \
    "the tests in the guest: $(grep -a -E '^\[  (PASSED|FAILED)  \]' "$run/guest/tests.log" 2>/dev/null | tr '\n' ' ')($(cat "$run/guest/tests.seconds" 2>/dev/null) s)"
  check "$(cat "$run/guest/leftover.status" 2>/dev/null || echo 1)" "no box left after the tests (judge/sandbox/leftover_check.sh)"
fi
check "$([ -f "$run/guest/survivors.txt" ] && [ ! -s "$run/guest/survivors.txt" ] && echo 0 || echo 1)" \
  "no judged program, bwrap or keeper left running in the guest at the end"
for n in $(seq "$#"); do
  echo "  ${*:$n:1}: $(tr '\r' '\n' < "$run/guest/yours-$n.log" 2>/dev/null | grep -a 'LeetCode verdict' | head -n 1)"
done
echo "arm64-check: $failures failed; the guest $guest_seconds s (its own clock: $(sed -n 's/.*done after \([0-9.]*\) s.*/\1/p' "$run/console.log") s), the whole check $(since "$started") s"
[ "$failures" = 0 ]
