#!/usr/bin/python3
"""make serve-check: the page in a real browser, and the hostile requests.

Starts build/bin/serve (with a TMPDIR of its own), then
  1. the hostile requests of serve/README.md, each refused with its status and
     words, and no judge started (the server's own count, /api/status);
  2. headless Chromium driven by Selenium (Debian's python3-selenium and
     chromium-driver): types a correct file and a wrong one into #code, presses
     #submit, and finds Accepted with #runtime and #memory, and Wrong Answer with
     marked cells (.wrong); CodeMirror's editor following #code; a Compile
     Error's and a Runtime Error's lines marked in the editor; a Submit while a
     report streams, Stop, the keys, a page that leaves; Run on the example; the
     code kept across a reload; the Editorial tab; the page in Chinese (--lang
     zh); the page without CodeMirror; the judge's sentences, kept as message
     ids, drawn in the page's language (a judge of the test's own);
  3. Ctrl-C (SIGINT) while a judge runs: the server ends, and so does every
     judge it started, leaving no box (judge/sandbox/leftover_check.sh).
Exit status 0 when every check passes. Runs only from Debian's /usr/bin/python3
(selenium is installed there). --screenshots DIR also saves each tab, the Wrong
Answer pane and the marked errors, wide and narrow.

The checks, a module a concept: harness.py (the server, the browser, the tally),
hostile_checks.py, page_checks.py, editor_checks.py, tab_checks.py, language_checks.py.
"""
import argparse
import json
import os
import sys
import tempfile
import time

from editor_checks import without_codemirror
from harness import SLEEPER, RunningServer, Server, check, finish, open_stream
from hostile_checks import hostile
from language_checks import in_chinese, local_sentences
from page_checks import in_browser, submitted
from tab_checks import kept_by_make_judge


def interrupted(serve, judge):
    print("Ctrl-C while a judge runs:")
    server = Server(serve, judge)
    conn, response = open_stream(server, SLEEPER)
    check(json.loads(response.readline())["event"] == "started", "a judge is running")
    time.sleep(1.5)  # its box is up
    server.stop()
    conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve")
    parser.add_argument("--judge")
    parser.add_argument("--screenshots")
    parser.add_argument("--url", help="drive a server already running (make serve's URL): the hostile "
                        "requests, then an Accepted and a Wrong Answer in the browser")
    args = parser.parse_args()
    if args.url:
        server = RunningServer(args.url)
        hostile(server)
        submitted(server)
        return finish("serve-check")
    if not args.serve or not args.judge:
        parser.error("--serve and --judge name the binaries to test (or --url a running server)")
    history = os.path.join(tempfile.mkdtemp(prefix="serve-test-history-"), "submissions.sqlite")
    kept_by_make_judge(os.path.abspath(args.judge), history)
    server = Server(os.path.abspath(args.serve), os.path.abspath(args.judge), "--queue", "1", history=history)
    try:
        hostile(server)
        in_browser(server, args.screenshots)
    finally:
        server.stop()
    in_chinese(os.path.abspath(args.serve), os.path.abspath(args.judge))
    without_codemirror(os.path.abspath(args.serve), os.path.abspath(args.judge))
    local_sentences(os.path.abspath(args.serve))
    interrupted(os.path.abspath(args.serve), os.path.abspath(args.judge))
    return finish("serve-check")


if __name__ == "__main__":
    sys.exit(main())
