#!/usr/bin/env bash
# Usage: mk/test_times.sh RUN.json... > mk/test_times.txt
# Each test's seconds in GoogleTest's JSON reports (a run's BINARY.shard-*.json, or one process's
# --gtest_output=json), as mk/test_shards.sh reads them to balance its shards: "Suite.Name
# seconds" a line, longest first. Best taken from a first run of a fresh clone (every program
# compiled), which is the run the balance matters most for.
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 RUN.json..." >&2; exit 2; }
echo "# Each test's seconds in one run (mk/test_times.sh; read by mk/test_shards.sh)"
/usr/bin/python3 - "$@" <<'PY' | sort -k2,2 -g -r
import json, sys
for path in sys.argv[1:]:
    with open(path) as f:
        for suite in json.load(f)["testsuites"]:
            for test in suite["testsuite"]:
                print("%s.%s %.2f" % (suite["name"], test["name"], float(test["time"].rstrip("s"))))
PY
