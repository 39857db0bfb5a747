#!/usr/bin/python3
"""Stopping a judge at any moment leaves nothing behind (make serve-check; make serve-soak).

Starts build/bin/serve with a TMPDIR of its own and stops its judges at random moments
through the server, as a page does: a Submit (or a Replay) posted as the page posts it,
its connection closed T seconds later, T drawn from a moment's range:

  start     0 to 0.4 s  (a new file: the sandbox's check, the compile box starting)
  compile   0.4 to 2 s  (a new file: while clang runs in its box)
  boxes     0 to 0.4 s  (a file compiled before: the LeetCode tier's boxes starting)
  tiers     0.4 to 6 s  (a file compiled before: the stress tiers' boxes)
  replay    0 to 1.5 s  (Replay your search, a new file each time)

After each try it waits until the server says its line is empty (the judge ended), then
counts what is left, of this test's own only (other sessions run sandboxes on this machine):
processes that hold a file of the test's TMPDIR or have their working folder in it (every
box's bwrap and init inherit the judge's files and folder), and the server's descendants.
Then: a Submit made while another's report streams (the old request abandoned, as the page
aborts its fetch) shows its own verdict within 20 s, and no box of the old report remains.
Last, the server's Ctrl-C: it ends, and leaves nothing, as it says.

  --tries N   tries per moment (default 8, and 40 of "start": the acceptance's 40 Submits)
  --seed S    the random moments' seed (printed)
Exit status 0 when nothing was left by any try.
"""
import argparse
import json
import os
import random
import signal
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import Server, check, finish, source  # noqa: E402

FILE = "solutions/propagation_bitboard.cpp"
MOMENTS = {  # name: (low, high seconds, a new file each try, mode)
    "start": (0.0, 0.4, True, "submit"),
    "compile": (0.4, 2.0, True, "submit"),
    "boxes": (0.0, 0.4, False, "submit"),
    "tiers": (0.4, 6.0, False, "submit"),
    "replay": (0.0, 1.5, True, "replay"),
}


def post(server, mode, code):
    """A socket that has sent a Submit (or a Replay) exactly as the page sends it."""
    body = json.dumps({"mode": mode, "code": code}).encode()
    path = "/api/replay" if mode == "replay" else "/api/judge"
    head = ("POST %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAuthorization: token %s\r\nOrigin: %s\r\n"
            "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n"
            % (path, server.port, server.token, server.origin, len(body))).encode()
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(head + body)
    return sock


def processes():
    """{pid: parent pid} of every process now."""
    table = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open("/proc/%s/stat" % name) as f:
                    table[int(name)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                pass
    return table


def descendants(root, table):
    children = {}
    for pid, parent in table.items():
        children.setdefault(parent, []).append(pid)
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def holders(folder):
    """Processes that hold a file of `folder`, or work in it: this test's boxes and judges."""
    found = set()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        links = ["/proc/%s/cwd" % name]
        try:
            links += ["/proc/%s/fd/%s" % (name, fd) for fd in os.listdir("/proc/%s/fd" % name)]
        except OSError:
            continue
        for link in links:
            try:
                target = os.readlink(link)
            except OSError:
                continue
            if target == folder or target.startswith(folder + "/"):
                found.add(int(name))
                break
    found.discard(os.getpid())
    return sorted(found)


def describe(pids):
    words = []
    for pid in pids:
        try:
            with open("/proc/%d/cmdline" % pid) as f, open("/proc/%d/wchan" % pid) as wchan:
                words.append("%d (%s, parent %d) %s" % (pid, wchan.read(), processes().get(pid, 0),
                                                       f.read().replace("\0", " ")[:60]))
        except OSError:
            words.append("%d (gone)" % pid)
    return "; ".join(words)


def wait_idle(server, most=30):
    """Until no judge runs or waits: the abandoned one has ended (its box with it)."""
    deadline = time.time() + most
    while time.time() < deadline:
        if json.loads(server.request("GET", "/api/status")[1])["in_line"] == 0:
            return True
        time.sleep(0.05)
    return False


def left_behind(server):
    """What this test's server left: holders of its files, and its descendants, after 2 s at most."""
    deadline = time.time() + 2
    while True:
        held = holders(server.tmp)
        extra = [p for p in descendants(server.proc.pid, processes())]
        if (not held and not extra) or time.time() > deadline:
            return sorted(set(held) | set(extra))
        time.sleep(0.1)


def abandon(server, moment, tries, rng, tally):
    low, high, fresh, mode = MOMENTS[moment]
    code = source(FILE)
    leaky = 0
    for n in range(tries):
        text = code + ("\n// stop_test %s %d %d\n" % (moment, n, rng.getrandbits(48)) if fresh else "")
        sock = post(server, mode, text)
        time.sleep(rng.uniform(low, high))
        sock.close()
        idle = wait_idle(server)
        left = left_behind(server)
        if left or not idle:
            leaky += 1
            print("    try %d: %s" % (n, "left " + describe(left) if left else "the judge did not end"), flush=True)
            for pid in left:
                try:
                    os.kill(pid, signal.SIGKILL)  # this test's own, found by its folder
                except OSError:
                    pass
    tally[moment] = (leaky, tries)
    check(leaky == 0, "%s: %d of %d stops at %.1f-%.1f s left a process behind" % (moment, leaky, tries, low, high))


def read_until(sock, words, most):
    """The stream's bytes until one of `words` is in them, or `most` seconds passed."""
    sock.settimeout(0.5)
    data, deadline = b"", time.time() + most
    while time.time() < deadline and not any(w in data for w in words):
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        if not chunk:
            break
        data += chunk
    return data


def resubmit(server, rng):
    """A Submit while the last one's report streams: the old abandoned, the new verdict within 20 s."""
    code = source(FILE)
    old = post(server, "submit", code + "\n// old %d\n" % rng.getrandbits(48))
    seen = read_until(old, [b'"event":"stress_set"', b'"event": "stress_set"'], 120)
    check(b"stress_set" in seen, "the first Submit's stress tiers stream")
    old_pids = set(descendants(server.proc.pid, processes()))
    old.close()  # the page aborts its fetch, then posts the new Submit at once
    start = time.time()
    new = post(server, "submit", code)  # compiled before: its verdict is its cases' time
    got = read_until(new, [b'"event":"verdict"', b'"event": "verdict"'], 20)
    took = time.time() - start
    check(b"verdict" in got and b"Accepted" in got,
          "a Submit made while a report streams shows its own verdict in %.1f s (at most 20)" % took)
    still = [p for p in old_pids if p in processes() and p in descendants(server.proc.pid, processes())]
    # The new judge's processes are new pids; any old one still there is the old report's.
    check(not still, "no process of the old report remains (%s)" % describe(still))
    new.close()
    wait_idle(server)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", required=True)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--tries", type=int, default=8)
    parser.add_argument("--seed", type=int, default=random.randrange(1 << 30))
    parser.add_argument("--moments", default=",".join(MOMENTS), help="which moments (default: all)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print("stop_test: seed %d, %d tries a moment" % (args.seed, args.tries), flush=True)
    server = Server(os.path.abspath(args.serve), os.path.abspath(args.judge), "--queue", "4")
    server.request("POST", "/api/judge", json.dumps({"mode": "submit", "code": source(FILE)}), timeout=600)
    tally = {}
    started = time.time()
    try:
        for moment in args.moments.split(","):
            tries = max(args.tries, 40) if moment == "start" else args.tries
            abandon(server, moment, tries, rng, tally)
        resubmit(server, rng)
        left = left_behind(server)
        check(not left, "before Ctrl-C, the server's tree and folder hold nothing (%s)" % describe(left))
    finally:
        stops = sum(t for _, t in tally.values())
        log = open(server.err.name)  # read after the stop, which removes the file when all passed
        server.stop()
    said = [line.strip() for line in log if "stopped;" in line]
    log.close()
    check(bool(said) and "none is left" in said[-1], "the server says what is left: %s" % said[-1:])
    leaky = sum(l for l, _ in tally.values())
    print("stop_test: %d stops (%s), %d left a process, in %.0f s" %
          (stops, ", ".join("%s %d/%d" % (m, l, t) for m, (l, t) in tally.items()), leaky, time.time() - started))
    return finish("stop_test")


if __name__ == "__main__":
    sys.exit(main())
