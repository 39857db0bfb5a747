#!/usr/bin/env bash
# make container-check: the README's container lines ("On macOS or Windows"), run as written with
# podman for docker, on a machine with no image registry. Usage: container/check.sh BUILD_DIR [--image]
# (--image: steps 1 and 2 only, the image made ready, so that CI can build it beside other work).
#   1. the debian:12 base made by mmdebstrap from Debian's archive (the host's apt sources), its
#      tarball kept in BUILD_DIR/container, and imported under that name;
#   2. the README's `docker build` line;
#   3. the README's `make judge` line on three files of its own, each copied to my_solution.cpp in
#      a copy of the working tree: an Accepted, a Wrong Answer, and a hostile file (it forks and
#      writes outside its folder) that the sandbox contains;
#   4. the README's `make test` line;
#   5. the README's `make serve` line, the page driven from the host by serve/serve_test.py --url
#      (the hostile requests, then an Accepted in headless Chromium), then Ctrl-C (SIGINT);
#   6. the same tree, built in the container at /work, built and judged again on the host at its
#      own path, then in the container again (the build's dependency files and recorded root:
#      mk/dependencies.mk, "A tree built at one path").
# No container may be left behind. Each line is read from README.md and changed only by
# `docker` -> `podman` and the flags this kind of machine needs, which stay here, never in the
# README: Podman's runtime runc and cgroupfs (no systemd), and ulimits no higher than the host's
# (a container here may not raise them).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(mkdir -p "${1:?usage: container/check.sh BUILD_DIR [--image]}/container" && cd "$1/container" && pwd)
image_only=$([ "${2:-}" = --image ] && echo 1 || echo 0)
cd "$root"
failures=0
check() {  # check CONDITION-STATUS WHAT [LOG]: on a failure, LOG's last lines say why
  if [ "$1" = 0 ]; then echo "  ok    $2"; return; fi
  echo "  FAIL  $2"; failures=$((failures + 1))
  [ -n "${3:-}" ] && tr '\r' '\n' < "$3" | grep -v '^$' | tail -n 40 | sed "s|^|        $(basename "$3"): |"
  return 0
}
seconds() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.0f", b - a }'; }

podman=(podman --runtime runc --cgroup-manager cgroupfs)
# nofile: the host's own; nproc: the lower of the host's and 4096 (runc may not raise either).
nproc=$(ulimit -u); [ "$nproc" = unlimited ] || [ "$nproc" -gt 4096 ] && nproc=4096
ulimits="--ulimit nofile=$(ulimit -n):$(ulimit -n) --ulimit nproc=$nproc:$nproc"

# The README's line that starts with $1 and holds $2, as podman runs it here.
readme_line() {
  local line
  line=$(grep -E "^$1 " README.md | grep -F -- "$2" | head -n 1)
  [ -n "$line" ] || { echo "container-check: README.md has no line '$1 ... $2'" >&2; exit 1; }
  line=${line/#docker build/${podman[*]} build}
  echo "${line/#docker run/${podman[*]} run $ulimits}"
}
containers() { "${podman[@]}" ps -a -q | wc -l; }
verdict() { tr '\r' '\n' < "$1" | sed -n 's/.*\(LeetCode verdict: [^(]*\).*/\1/p' | head -n 1; }  # (the line, without the tty's progress)

echo "container-check: the base image"
started=$(seconds)
if ! "${podman[@]}" image exists debian:12; then
  base=$build/debian-12.tar
  if [ ! -s "$base" ]; then
    # The host's apt sources (Debian's only: no other archive is reached), Debian 12's suite.
    sources=$(ls /etc/apt/sources.list.d/debian.sources 2>/dev/null || echo /etc/apt/sources.list)
    mmdebstrap --quiet --variant=minbase --format=tar bookworm "$base.tmp" - < "$sources"
    mv -f "$base.tmp" "$base"
  fi
  "${podman[@]}" import --quiet "$base" debian:12 > /dev/null
fi
echo "  (base: $(since "$started") s)"

echo "container-check: the README's lines, run with podman"
# The packages an `apt-get install -y` line of FILE names (up to its last continued line).
packages() {
  sed -n '/apt-get install -y/,/[^\\]$/p' "$1" | sed 's/.*install -y//; s/--no-install-recommends//; s/&&.*//' \
    | tr ' \\' '\n\n' | grep -E '^[a-z0-9][a-z0-9.+-]*$' | sort -u
}
in_readme=$(packages README.md)
in_image=$(packages Dockerfile)
missing=$(comm -23 <(echo "$in_readme") <(echo "$in_image") | tr '\n' ' ')
check "$([ -z "$missing" ] && echo 0 || echo 1)" "the Dockerfile installs every package the README names ${missing:+(missing: $missing)}"

set +e
before=$(containers)
before_ids=$("${podman[@]}" ps -a -q | sort)
# A container a failed step leaves is reported by its check, then removed, so that none outlives the run.
trap 'comm -13 <(echo "$before_ids") <("${podman[@]}" ps -a -q | sort) | xargs -r "${podman[@]}" rm -f >/dev/null' EXIT
started=$(seconds)
build_line=$(readme_line "docker build" "")
(eval "$build_line") > "$build/image-build.log" 2>&1
check $? "podman build: $(tail -n 1 "$build/image-build.log")"
if [ "$image_only" = 1 ]; then
  echo "container-check: the image is ready ($failures failed)"; exit $((failures > 0))
fi

# A copy of the working tree (the user's checkout), the README's lines run in it.
tree=$build/tree
rm -rf "$tree" && mkdir -p "$tree"
git ls-files -z --cached --others --exclude-standard | grep -zv '^build/' | xargs -0 cp --parents -t "$tree"
cp solutions/propagation_bitboard.cpp "$build/accepted.cpp"
cp solutions/wrong_answer/box_index_sum.cpp "$build/wrong_answer.cpp"
cat > "$build/hostile.cpp" <<'EOF'
// Hostile: starts processes and writes outside its folder, then answers nothing.
#include <fcntl.h>
#include <unistd.h>
class Solution {
public:
    void solveSudoku(vector<vector<char>>& board) {
        for (const char* path : {"/work/escaped.txt", "../escaped.txt", "/tmp/../work/escaped.txt"}) {
            int fd = open(path, O_WRONLY | O_CREAT, 0644);
            if (fd >= 0) write(fd, "escaped\n", 8), close(fd);
        }
        for (int i = 0; i < 20; ++i)
            if (fork() == 0) { for (;;) pause(); }
        board[0][0] = board[0][0];
    }
};
EOF

judge_line=$(readme_line "docker run" "make judge SOLUTION=my_solution.cpp")
judged() {  # judged FILE: the README's judge line on FILE as my_solution.cpp; its output in FILE.log
  cp "$build/$1" "$tree/my_solution.cpp"
  (cd "$tree" && eval "$judge_line") < /dev/null > "$build/$1.log" 2>&1
}
judged accepted.cpp; status=$?
first_verdict=$(since "$started")
grep -q "LeetCode verdict: Accepted" "$build/accepted.cpp.log"
check $(( $? + status )) "an Accepted file: $(verdict "$build/accepted.cpp.log"), exit $status" "$build/accepted.cpp.log"
echo "  (from podman build to this first verdict: $first_verdict s)"
judged wrong_answer.cpp; status=$?
grep -q "LeetCode verdict: Wrong Answer" "$build/wrong_answer.cpp.log"
check $(( $? + (status == 0) )) "a Wrong Answer: $(verdict "$build/wrong_answer.cpp.log"), exit $status" "$build/wrong_answer.cpp.log"
judged hostile.cpp; status=$?
grep -q "the solution created a process" "$build/hostile.cpp.log"
check $(( $? + (status == 0) )) "a hostile file: $(verdict "$build/hostile.cpp.log"), its process refused, exit $status" "$build/hostile.cpp.log"
escaped=$(find "$tree" "$build" -name escaped.txt | wc -l)
check "$escaped" "the hostile file wrote nothing outside its box ($escaped files escaped.txt)"
check $(( $(containers) - before )) "no container is left behind ($(containers) now, $before before)"

started=$(seconds)
test_line=$(readme_line "docker run" "make test")
(cd "$tree" && eval "$test_line") < /dev/null > "$build/make-test.log" 2>&1
status=$?
check $status "make test in the image: $(grep -E '^\[  PASSED  \]|tests? (passed|failed)' "$build/make-test.log" | tail -n 2 | tr '\n' ' ')($(since "$started") s)" "$build/make-test.log"

serve_line=$(readme_line "docker run" "make serve")
# In a terminal of its own (script(1)), as a user types it, so that Ctrl-C is a keystroke: the
# container's terminal sends SIGINT to make and to the server, as the README says.
rm -f "$build/serve.keys" && mkfifo "$build/serve.keys"
(cd "$tree" && exec script -qfec "$serve_line" /dev/null) < "$build/serve.keys" > "$build/serve.log" 2>&1 &
serving=$!
exec 7> "$build/serve.keys"
url=
for _ in $(seq 600); do
  url=$(grep -ao 'http://127\.0\.0\.1:[0-9]*/?token=[0-9a-f]*' "$build/serve.log" | head -n 1)
  [ -n "$url" ] || ! kill -0 $serving 2>/dev/null && break
  sleep 0.5
done
check "$([ -n "$url" ] && echo 0 || echo 1)" "make serve in the container printed its URL: ${url%%\?*}"
if [ -n "$url" ]; then
  /usr/bin/python3 serve/serve_test.py --url "$url" 2>&1 | sed 's/^/    /'
  check "${PIPESTATUS[0]}" "the page, served from the container, driven from the host to an Accepted"
fi
printf '\003' >&7  # Ctrl-C
for _ in $(seq 60); do kill -0 $serving 2>/dev/null || break; sleep 0.5; done
stopped=$(kill -0 $serving 2>/dev/null && echo 1 || echo 0)
check "$stopped" "Ctrl-C stops make serve in the container: $(grep -a 'serve: stopped' "$build/serve.log" | tr -d '\r')"
[ "$stopped" = 0 ] || kill -KILL $serving
exec 7>&-
wait $serving 2>/dev/null
rm -f "$build/serve.keys"
check $(( $(containers) - before )) "no container is left behind ($(containers) now, $before before)"

# The tree the container built at /work, built again here, at its own path.
cp "$build/accepted.cpp" "$tree/my_solution.cpp"
(cd "$tree" && make judge SOLUTION=my_solution.cpp STANDING=0) > "$build/host-judge.log" 2>&1
status=$?
grep -q "LeetCode verdict: Accepted" "$build/host-judge.log"
check $(( $? + status )) "the tree built in the container (/work) builds and judges on the host ($tree): exit $status" \
  "$build/host-judge.log"
# And back: the tree the host built, judged in the container again.
judged accepted.cpp; status=$?
grep -q "LeetCode verdict: Accepted" "$build/accepted.cpp.log"
check $(( $? + status )) "the tree built on the host builds and judges in the container again: exit $status" \
  "$build/accepted.cpp.log"
set -e
echo "container-check: image $("${podman[@]}" image inspect sudoku-judge --format '{{.Size}}' | awk '{ printf "%.2f GB", $1 / 1e9 }'), " \
     "$failures failed"
[ "$failures" = 0 ]
