# The Linux the judge needs, for macOS, Windows and any machine without Debian or Ubuntu:
# Debian 12 and the README's packages, from Debian's archive and nothing else. The image holds
# no copy of the repository: the working tree is mounted at /work (README.md, "On macOS or
# Windows"), so that the user's files and build/ stay theirs. The flags the judge's sandbox needs
# at `docker run`, and why: container/README.md.
FROM debian:12
# The README's list (container/check.sh fails when the two differ), then chromium-driver and
# python3-selenium (make serve-check and make explore-check inside), and git (VS Code's Source
# Control in a dev container; the tests need none).
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      g++ make pkg-config \
      libgtest-dev libcli11-dev nlohmann-json3-dev libbenchmark-dev clang-19 libclang-rt-19-dev llvm-19 lld libcmark-gfm-dev \
      bubblewrap libseccomp-dev gdb gettext gnuplot-nox chromium libcpp-httplib-dev libjs-codemirror \
      libsqlite3-dev sqlite3 chromium-driver python3-selenium git \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /work
