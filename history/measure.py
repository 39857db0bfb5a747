#!/usr/bin/python3
"""What keeping the history costs (history/README.md, "What it costs").

    history/measure.py [RUNS] [FILE]     (default: 15 runs of judge/fixtures/plain_backtracking.cpp)

Judges FILE (its program cached after the first run) on the LeetCode tier with build/bin/judge,
RUNS times with --record and RUNS times without, interleaved (which way goes first alternates), in a folder of its own; prints the
median wall time from the start to the "LeetCode verdict:" line and to the end, each way, then the
history file's size per submission (after a checkpoint: what stays on disk). Uses nothing but the
judge and sqlite3; touches no history but its own.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JUDGE = os.path.join(ROOT, "build", "bin", "judge")
SETS = "leetcode_example,leetcode_reported,project_euler_96"


def judged(file, db, record):
    """Seconds to the verdict line and to the end of one judge."""
    args = [JUDGE, "--sets", SETS, "--shrink-seconds", "0", "--", file]
    if record:
        args[1:1] = ["--record", "judge", "--history-db", db]
    start = time.monotonic()
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    verdict = None
    for line in child.stdout:
        if verdict is None and line.startswith("LeetCode verdict:"):
            verdict = time.monotonic() - start
    child.wait()
    return verdict, time.monotonic() - start


def positive(text):
    """RUNS: a whole number above 0 (argparse's type)."""
    if not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError("a whole number above 0, not %r" % text)
    return int(text)


def main():
    parser = argparse.ArgumentParser(description="What keeping the history costs (history/README.md).")
    parser.add_argument("runs", nargs="?", type=positive, default=15, metavar="RUNS",
                        help="judges each way (default: 15)")
    parser.add_argument("file", nargs="?", default=os.path.join(ROOT, "judge/fixtures/plain_backtracking.cpp"),
                        metavar="FILE", help="the file judged (default: judge/fixtures/plain_backtracking.cpp)")
    args = parser.parse_args()
    runs, source = args.runs, args.file
    if not os.path.isfile(source):
        parser.error("FILE: no such file: " + source)
    with tempfile.TemporaryDirectory() as folder:
        file, db = os.path.join(folder, "mine.cpp"), os.path.join(folder, "h.sqlite")
        with open(source, "rb") as src, open(file, "wb") as out:
            out.write(src.read())
        judged(file, os.path.join(folder, "warm.sqlite"), True)  # compiles once; both ways reuse it
        times = {True: [], False: []}
        for run in range(runs):  # ABBA: neither way always runs second
            for record in ((False, True) if run % 2 == 0 else (True, False)):
                times[record].append(judged(file, db, record))
        for record in (False, True):
            verdicts = [v for v, _ in times[record]]
            ends = [e for _, e in times[record]]
            print(f"{'with --record' if record else 'without     '}: verdict line {statistics.median(verdicts) * 1000:7.1f} ms, "
                  f"end {statistics.median(ends) * 1000:7.1f} ms (medians of {runs}; "
                  f"end min {min(ends) * 1000:.1f}, max {max(ends) * 1000:.1f})")
        sql = lambda q: subprocess.run(["sqlite3", db, q], capture_output=True, text=True, check=True).stdout.strip()
        sql("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = int(sql("SELECT count(*) FROM submissions"))
        code, report = sql("SELECT avg(length(code)), avg(length(report)) FROM submissions").split("|")
        size = os.path.getsize(db)
        print(f"history file: {size} bytes for {rows} submissions, {size / rows:.0f} bytes a submission "
              f"(code {float(code):.0f} bytes, JSON report {float(report):.0f} bytes on average)")
        with open("/proc/loadavg") as load:
            print(f"load average: {load.read().split()[0]}")


if __name__ == "__main__":
    main()
