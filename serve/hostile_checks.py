"""serve-check's hostile requests (serve/README.md): each refused with its status and words, and no
judge started (the server's own count, /api/status); a loopback name on another port let in; the
server on 127.0.0.1 only; a full queue."""
import json
import time

from harness import RunningServer, SLEEPER, check, open_stream, source


def hostile(server):
    print("hostile requests (each refused, nothing judged):")
    body = json.dumps({"mode": "submit", "code": source("solutions/propagation_bitboard.cpp")})
    before = server.judges_started()
    cases = [
        ("no token (GET /)", lambda: server.request("GET", "/", token=False), 403, "no valid token"),
        ("no token (POST)", lambda: server.request("POST", "/api/judge", body, token=False), 403, "no valid token"),
        ("bad token in the query", lambda: server.request("GET", "/?token=" + "0" * 64, token=False), 403, "no valid token"),
        ("bad token in the cookie", lambda: server.request("POST", "/api/judge", body, token=False,
            headers={"Cookie": "sudoku_serve_%d=%s" % (server.port, server.token[:-1] + "x")}), 403, "no valid token"),
        ("a token one character short", lambda: server.request("GET", "/api/status", token=False,
            headers={"Authorization": "token " + server.token[:-1]}), 403, "no valid token"),
        ("foreign Host (DNS rebinding)", lambda: server.request("POST", "/api/judge", body, host="evil.example:%d" % server.port),
            403, "Host 'evil.example"),
        ("foreign Host on GET", lambda: server.request("GET", "/", host="attacker.test"), 403, "Host"),
        ("a name ending in a loopback name", lambda: server.request("GET", "/", host="evil.localhost:%d" % server.port),
            403, "Host"),
        ("a POST from another page on loopback", lambda: server.request("POST", "/api/judge", body,
            host="localhost:9", headers={"Origin": "http://localhost:3000"}), 403, "Origin 'http://localhost:3000'"),
        ("foreign Origin", lambda: server.request("POST", "/api/judge", body, headers={"Origin": "http://evil.example"}),
            403, "Origin 'http://evil.example'"),
        ("no Origin on a POST", lambda: server.request("POST", "/api/judge", body, headers={"Origin": None}), 403, "Origin"),
        ("source over 100 KB", lambda: server.request("POST", "/api/judge",
            json.dumps({"mode": "submit", "code": "//" + "x" * 150000})), 413, "limit is 102400 bytes"),
        ("a body over 1 MB", lambda: server.request("POST", "/api/judge",
            json.dumps({"mode": "submit", "code": "x" * 1200000})), 413, ""),
        ("a body that is not JSON", lambda: server.request("POST", "/api/judge", "mode=submit&code=x"), 400, "not a JSON object"),
        ("a body not application/json", lambda: server.request("POST", "/api/judge", body,
            headers={"Content-Type": "text/plain"}), 415, "application/json"),
        ("an unknown member", lambda: server.request("POST", "/api/judge",
            json.dumps({"mode": "submit", "code": "x", "flags": "--no-sandbox"})), 400, "unknown member 'flags'"),
        ("an unknown mode", lambda: server.request("POST", "/api/judge", json.dumps({"mode": "shell", "code": "x"})),
            400, "mode is run, submit or replay"),
        ("no token on a page file", lambda: server.request("GET", "/page/main.js", token=False), 403, "no valid token"),
        ("no token on CodeMirror", lambda: server.request("GET", "/codemirror/lib/codemirror.js", token=False), 403, "no valid token"),
        ("no token on the Editorial", lambda: server.request("GET", "/api/editorial", token=False), 403, "no valid token"),
        ("foreign Host on a page file", lambda: server.request("GET", "/explore/board.js", host="evil.example:%d" % server.port),
            403, "Host 'evil.example"),
        ("a path out of the page's folder", lambda: server.request("GET", "/page/../serve_main.cpp"), 404, ""),
        ("a file of the repository not on the list", lambda: server.request("GET", "/explore/page.cpp"), 404, ""),
        ("CodeMirror's file not on the list", lambda: server.request("GET", "/codemirror/mode/xml/xml.js"), 404, ""),
        ("code not a string", lambda: server.request("POST", "/api/judge", json.dumps({"mode": "submit", "code": [1]})),
            400, "must be strings"),
        # The Submissions tab's requests pass the same guards as a Submit.
        ("history without the token", lambda: server.request("POST", "/api/history", "{}", token=False), 403, "no valid token"),
        ("history with a wrong token", lambda: server.request("POST", "/api/history", "{}", token=False,
            headers={"Authorization": "token " + "0" * 64}), 403, "no valid token"),
        ("history from a foreign Host", lambda: server.request("POST", "/api/history", "{}", host="evil.example:%d" % server.port),
            403, "Host 'evil.example"),
        ("history from a foreign Origin", lambda: server.request("POST", "/api/history", '{"id": 1}',
            headers={"Origin": "http://evil.example"}), 403, "Origin 'http://evil.example'"),
        ("history without an Origin", lambda: server.request("POST", "/api/history", "{}", headers={"Origin": None}), 403, "Origin"),
        ("history read with a GET", lambda: server.request("GET", "/api/history"), 404, ""),
        ("history body not JSON", lambda: server.request("POST", "/api/history", "id=1"), 400, "not a JSON object"),
        ("history body not application/json", lambda: server.request("POST", "/api/history", "{}",
            headers={"Content-Type": "text/plain"}), 415, "application/json"),
        ("history asked for SQL", lambda: server.request("POST", "/api/history",
            json.dumps({"id": "1 OR 1=1"})), 400, "id is a submission's number"),
        ("history with a member it does not send", lambda: server.request("POST", "/api/history",
            json.dumps({"id": 1, "file": "/etc/passwd"})), 400, "unknown member 'file'"),
    ]
    for name, send, status, words in cases:
        got, text = send()
        check(got == status and words in text, "%s: %d %s" % (name, got, text.strip()[:140]))
    check(server.judges_started() == before, "none of them started a judge (%d before, %d after)"
          % (before, server.judges_started()))
    got, _ = server.request("GET", "/", host="localhost:%d" % (server.port + 1))
    check(got == 200, "a loopback name on another port (a forwarded port) is let in: %d" % got)
    if isinstance(server, RunningServer):
        return
    check(listens_on_loopback_only(server.port), "the server listens on 127.0.0.1 only")
    queue_full(server)


def listens_on_loopback_only(port):
    """The port's listening sockets in /proc/net/tcp{,6}: each bound to 127.0.0.1."""
    addresses = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                for row in f.readlines()[1:]:
                    local, state = row.split()[1], row.split()[3]
                    if state == "0A" and int(local.split(":")[1], 16) == port:
                        addresses.append(local.split(":")[0])
        except OSError:
            pass
    return addresses == ["0100007F"]


def queue_full(server):
    """--queue 1: one judge runs (a sleeper), one waits, the third is told the server is busy."""
    before = server.judges_started()
    first, r1 = open_stream(server, SLEEPER)
    line1 = json.loads(r1.readline())
    second, r2 = open_stream(server, SLEEPER)
    line2 = json.loads(r2.readline())
    check(line1["event"] == "started" and line2 == {"event": "queued", "ahead": 1},
          "one judge runs, the next waits in line (%s, %s)" % (line1, line2))
    status, text = server.request("POST", "/api/judge", json.dumps({"mode": "run", "code": SLEEPER}))
    check(status == 429 and "busy" in text, "queue full: %d %s" % (status, text.strip()[:140]))
    second.close()  # the waiting page left: its place goes (found within a second)
    time.sleep(1.5)
    first.close()  # the running page left: the server ends its judge
    deadline = time.time() + 15
    while time.time() < deadline and json.loads(server.request("GET", "/api/status")[1])["in_line"]:
        time.sleep(0.2)
    status = json.loads(server.request("GET", "/api/status")[1])
    check(status["in_line"] == 0 and status["judges_started"] == before + 1,
          "a page that leaves takes its place and its judge with it (%s)" % status)
