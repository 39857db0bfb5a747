#!/usr/bin/python3
"""make serve-check, the Submissions tab's data: a report kept in the user's history reads in the
page's language, whichever language it was judged in (messages/README.md). A Wrong Answer judged
in Chinese (make judge JUDGE_LANG=zh_CN) reads in English on an English page, one judged in English
reads in Chinese on a Chinese page, and a Wrong Answer stays a Wrong Answer both ways: asked as the
tab asks (POST /api/history), of servers started as serve-check starts them (harness.py).

Usage: serve/kept_language_test.py --serve build/bin/serve --judge build/bin/judge. Exit status 0
when every check passes."""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import ROOT, Server, check, finish  # noqa: E402


def has_chinese(text):
    return any("\u4e00" <= c <= "\u9fff" for c in text)


def history_of_two(judge):
    """A history of its own with two Wrong Answers of box_index_sum: 1 judged in Chinese, 2 in English."""
    history = os.path.join(tempfile.mkdtemp(prefix="serve-test-history-"), "submissions.sqlite")
    for lang in ("zh_CN", "en"):
        subprocess.run([judge, "--lang", lang, "--record", "judge", "--history-db", history, "--sets", "leetcode_example",
                        "--standing", "0", "--", os.path.join(ROOT, "solutions/wrong_answer/box_index_sum.cpp")],
                       capture_output=True, check=False)
    return history


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", required=True)
    parser.add_argument("--judge", required=True)
    args = parser.parse_args()
    serve, judge = os.path.abspath(args.serve), os.path.abspath(args.judge)
    print("a kept report in the page's language, whichever language it was judged in:")
    history = history_of_two(judge)
    for page, kept, judged, reason, foreign in (("en", 1, "Chinese", "r1c3 is still '.'", has_chinese),
                                                ("zh", 2, "English", "r1c3 仍是 '.'",
                                                 lambda text: "is still" in text or "testcases passed" in text)):
        copy = os.path.join(tempfile.mkdtemp(prefix="serve-test-history-"), "submissions.sqlite")
        shutil.copy(history, copy)  # each server's own: it removes its history's folder when stopped
        server = Server(serve, judge, "--lang", page, history=copy)
        try:
            status, text = server.request("POST", "/api/history", json.dumps({"id": kept}))
            report = json.loads(text).get("submission", {}).get("report", {}) if status == 200 else {}
            shown = report.get("failing_case", {}).get("reason")
            check(shown == reason and report.get("leetcode_verdict") == "Wrong Answer"
                  and not foreign(json.dumps(report, ensure_ascii=False)),
                  "judged in %s, on the %s page: %r, %s" % (judged, page, shown, report.get("leetcode_verdict")))
        finally:
            server.stop()
    shutil.rmtree(os.path.dirname(history), ignore_errors=True)
    return finish("kept_language_test")


if __name__ == "__main__":
    sys.exit(main())
