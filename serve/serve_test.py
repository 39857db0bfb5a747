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
"""
import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAILURES = []


def check(ok, what):
    print(("  ok    " if ok else "  FAIL  ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


class Server:
    """One serve process, its URL and token; stopped (SIGINT) and checked at the end."""

    def __init__(self, serve, judge, *extra, history=None):
        self.tmp = tempfile.mkdtemp(prefix="serve-test-")
        self.judge = judge
        env = dict(os.environ, TMPDIR=self.tmp)
        # The history (history/README.md): a file of the test's own, never the user's.
        self.history = history or os.path.join(tempfile.mkdtemp(prefix="serve-test-history-"), "submissions.sqlite")
        # The log outside TMPDIR: leftover_check.sh ends whatever holds a file in it.
        self.err = tempfile.NamedTemporaryFile("w+", prefix="serve-test-log-", suffix=".txt", delete=False)
        self.proc = subprocess.Popen([serve, "--judge", judge, "--standing", "0", "--shrink-seconds", "2",
                                      "--history-db", self.history, *extra],
                                     stdout=subprocess.PIPE, stderr=self.err, env=env, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", line)
        if not m:
            raise SystemExit("serve printed no URL: " + line)
        self.url, self.port, self.token = m.group(0), int(m.group(1)), m.group(2)
        self.origin = "http://127.0.0.1:%d" % self.port

    def request(self, method, path, body=None, headers=None, token=True, host=None, timeout=60):
        """(status, text) of one request, with the page's headers unless told otherwise."""
        status, text, _ = self.exchange(method, path, body, headers, token, host, timeout)
        return status, text

    def exchange(self, method, path, body=None, headers=None, token=True, host=None, timeout=60):
        """(status, text, headers) of one request, as request()."""
        h = {"Host": host or "127.0.0.1:%d" % self.port}
        if token:
            h["Authorization"] = "token " + self.token
        if method == "POST":
            h["Origin"] = self.origin
            h["Content-Type"] = "application/json"
        h.update(headers or {})
        h = {k: v for k, v in h.items() if v is not None}
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        conn.request(method, path, body=body, headers=h)
        response = conn.getresponse()
        text = response.read().decode("utf-8", "replace")
        conn.close()
        return response.status, text, dict(response.getheaders())

    def judges_started(self):
        status, text = self.request("GET", "/api/status")
        return json.loads(text)["judges_started"]

    def judge_pids(self):
        self.err.flush()
        with open(self.err.name) as log:
            return [int(p) for p in re.findall(r"started \(pid (\d+)\)", log.read())]

    def stop(self):
        """SIGINT, as Ctrl-C: the server must end within 20 s, with every judge and box it started."""
        pids = self.judge_pids()
        self.proc.send_signal(signal.SIGINT)
        try:
            code = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            code = None
        check(code == 0, "SIGINT stops the server (exit status %s)" % code)
        alive = [p for p in pids if is_judge(p, self.judge)]
        check(not alive, "no judge the server started is left (%d started; alive: %s)" % (len(pids), alive))
        leftover = subprocess.run([os.path.join(ROOT, "judge/sandbox/leftover_check.sh"), self.tmp],
                                  capture_output=True, text=True)
        check(leftover.returncode == 0, "no box process holds the server's files " + leftover.stderr.strip())
        left = os.listdir(self.tmp)
        check(not left, "the server's temporary folder is gone (%s)" % left)
        if not left:
            os.rmdir(self.tmp)
        shutil.rmtree(os.path.dirname(self.history), ignore_errors=True)
        self.err.close()
        if not FAILURES:
            os.unlink(self.err.name)


class RunningServer(Server):
    """A server started elsewhere (make serve in a container, its port published on the host's
    127.0.0.1): only its printed URL is known; it is neither started nor stopped here."""

    def __init__(self, url):
        m = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", url)
        if not m:
            raise SystemExit("--url takes the URL make serve printed, http://127.0.0.1:PORT/?token=...: " + url)
        self.url, self.port, self.token = url, int(m.group(1)), m.group(2)
        self.origin = "http://127.0.0.1:%d" % self.port


def is_judge(pid, judge):
    """Whether pid is still a judge (a pid of the log may be another process's by now)."""
    try:
        with open("/proc/%d/cmdline" % pid) as f:
            return f.read().split("\0")[0] == judge and not is_zombie(pid)
    except OSError:
        return False


def is_zombie(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def source(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


SLEEPER = "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) { this_thread::sleep_for(chrono::hours(1)); }\n};\n"


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


def open_stream(server, code, mode="run"):
    """A Run or Submit whose answer is read a line at a time (the connection kept)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("POST", "/api/judge", body=json.dumps({"mode": mode, "code": code}),
                 headers={"Host": "127.0.0.1:%d" % server.port, "Authorization": "token " + server.token,
                          "Origin": server.origin, "Content-Type": "application/json"})
    response = conn.getresponse()
    return conn, response


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


def browser(headless_size):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="serve-chromium-")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=" + headless_size):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def set_width(driver, width):
    """The page laid out `width` CSS pixels wide (a headless window is at least 500 wide)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})


def type_code(driver, text):
    driver.execute_script("const c = document.getElementById('code'); c.value = arguments[0];"
                          "c.dispatchEvent(new Event('input'));", text)


def shown_code(driver):
    """What CodeMirror's editor shows (None without one)."""
    return driver.execute_script("const e = document.querySelector('.CodeMirror'); return e ? e.CodeMirror.getValue() : null")


def marked_lines(driver, kind):
    """The 1-based lines of the editor whose class includes `kind`, and the messages shown under them."""
    return driver.execute_script("""
        const cm = document.querySelector('.CodeMirror').CodeMirror, lines = [], messages = [];
        cm.eachLine(h => { const info = cm.lineInfo(h);
          if ((info.wrapClass || '').split(' ').includes(arguments[0])) {
            lines.push(info.line + 1);
            for (const w of info.widgets || []) messages.push(w.node.textContent);
          } });
        return [lines, messages, document.querySelectorAll('.CodeMirror-lint-marker-error, .CodeMirror-lint-marker-warning').length];""", kind)


def wait_for(driver, script, seconds=240):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.2)
    return None




def submit_and_wait(driver, button="submit"):
    """Presses Run or Submit; (the verdict, seconds until it showed), once the report has ended."""
    driver.execute_script("document.getElementById('status').textContent = '';")
    driver.find_element("id", button).click()
    started = time.time()
    verdict = wait_for(driver, "const v = document.getElementById('verdict'); return v && v.dataset.verdict")
    took = time.time() - started
    wait_for(driver, "return document.getElementById('stop').disabled")  # nothing streams any more
    return verdict, took


def alive(pid):
    return os.path.exists("/proc/%d" % pid) and not is_zombie(pid)


def wait_gone(pids, seconds=20):
    """True once none of `pids` is alive (a judge the server was told to stop)."""
    deadline = time.time() + seconds
    while time.time() < deadline and any(alive(p) for p in pids):
        time.sleep(0.2)
    return not any(alive(p) for p in pids)


def start_sleeper(driver, server):
    """Submits a file that sleeps in solveSudoku; returns once its judge has started, with its pid."""
    before = len(server.judge_pids())
    type_code(driver, SLEEPER)
    driver.find_element("id", "submit").click()
    deadline = time.time() + 30
    while time.time() < deadline and len(server.judge_pids()) == before:
        time.sleep(0.2)
    pids = server.judge_pids()[before:]
    time.sleep(1.5)  # its compile has begun
    return pids


def in_browser(server, screenshots):
    print("in headless Chromium:")
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        check(driver.execute_script("return document.getElementById('code').value").startswith("class Solution {\npublic:"),
              "the editor opens on LeetCode's empty C++ template")
        type_code(driver, source("solutions/propagation_bitboard.cpp"))
        verdict, took = submit_and_wait(driver)
        runtime = driver.find_element("id", "runtime").text
        memory = driver.find_element("id", "memory").text
        check(verdict == "Accepted" and "ms" in runtime and "MB" in memory,
              "propagation_bitboard.cpp: %s, Runtime %s, Memory %s (verdict after %.1f s)" % (verdict, runtime, memory, took))
        colour = driver.execute_script("return getComputedStyle(document.getElementById('verdict')).color")
        check(colour == "rgb(26, 127, 55)", "Accepted in green, its contrast AA's (%s)" % colour)
        wait_for(driver, "return document.getElementById('stressTable') && document.getElementById('stressTable').rows.length > 4", 120)
        rows = driver.execute_script("const t = document.getElementById('stressTable'); return t ? t.rows.length - 1 : 0")
        check(rows == 4, "the stress tiers streamed in (%d sets)" % rows)

        editor(driver)
        type_code(driver, source("solutions/propagation_bitboard.cpp"))
        driver.refresh()
        kept = driver.execute_script("return document.getElementById('code').value")
        check(kept == source("solutions/propagation_bitboard.cpp"), "the code is kept across a reload")

        type_code(driver, source("solutions/wrong_answer/box_index_sum.cpp"))
        verdict, took = submit_and_wait(driver)
        wrong = driver.execute_script("return document.querySelectorAll('.board .cell.wrong').length")
        passed = driver.find_element("id", "passed").text
        check(verdict == "Wrong Answer" and wrong > 0 and "0 / 56" in passed,
              "box_index_sum.cpp: %s, %s, %d wrong cells marked (verdict after %.1f s)" % (verdict, passed, wrong, took))
        colour = driver.execute_script("return getComputedStyle(document.getElementById('verdict')).color")
        check(colour == "rgb(209, 36, 47)", "Wrong Answer in red, its contrast AA's (%s)" % colour)
        wait_for(driver, "return document.getElementById('runShrunk')", 120)
        check(driver.execute_script("return !!document.querySelector('#findings .cmd')"),
              "the make debug line is there to copy")
        driver.find_element("id", "runShrunk").click()  # Run with the smallest failing puzzle
        wait_for(driver, "return !document.getElementById('submit').disabled && document.getElementById('verdict')")
        shrunk_wrong = driver.execute_script("return document.querySelectorAll('#head .board .cell.wrong').length")
        check(driver.find_element("id", "verdict").get_attribute("data-verdict") == "Wrong Answer" and shrunk_wrong > 0,
              "the smallest failing puzzle's button runs it: Wrong Answer, %d wrong cells" % shrunk_wrong)
        submissions_tab(driver, server, screenshots)
        set_width(driver, 420)
        wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        check(wide[0] <= wide[1], "a narrow window (420 px) needs no sideways scrolling (page %d px, window %d px)" % tuple(wide))
        set_width(driver, 1400)
        if screenshots:
            save_screenshots(driver, screenshots)

        type_code(driver, source("judge/fixtures/compile_error.cpp"))
        verdict, _ = submit_and_wait(driver)
        message = driver.find_element("id", "compile").text
        check(verdict == "Compile Error" and "solution.cpp:5:53: error" in message,
              "Compile Error, its line numbers in the user's code: " + message.split("\n")[0])
        lines, messages, gutter = marked_lines(driver, "compile-error")
        check(lines == [5] and any("error:" in m and "solveFrom" in m for m in messages) and gutter >= 1,
              "the compile error's line is marked in the editor: lines %s, %r, %d gutter markers" % (lines, messages, gutter))
        if screenshots:
            save_marked(driver, screenshots, "compile_error")

        type_code(driver, source("solutions/runtime_error/digit_as_index.cpp"))
        verdict, _ = submit_and_wait(driver)
        lines, messages, _ = marked_lines(driver, "runtime-error")
        check(verdict == "Runtime Error" and 15 in lines and any("out of bounds" in m for m in messages)
              and marked_lines(driver, "compile-error")[0] == [],
              "the runtime error's line (solution.cpp:15:47) is marked, the last compile error's not: %s %r" % (lines, messages[:1]))
        if screenshots:
            save_marked(driver, screenshots, "runtime_error")

        resubmit_while_streaming(driver, server)
        stopped(driver, server)
        keys(driver)
        left(driver, server)

        type_code(driver, source("solutions/propagation_bitboard.cpp"))
        driver.execute_script("document.getElementById('case').value = ''")
        verdict, took = submit_and_wait(driver, "run")
        boards = driver.execute_script("return document.querySelectorAll('#head .board').length")
        check(verdict == "Accepted" and boards == 3, "Run on the example: %s, %d boards (%.1f s)" % (verdict, boards, took))
        replayed(driver, server)
        editorial(driver, server, screenshots)
        errors = driver.find_element("id", "errors").text
        check(errors == "", "the page reported no error " + errors)
    finally:
        driver.quit()


def submitted(server):
    """A server started elsewhere, in the browser: a correct file Accepted, a wrong one not."""
    print("in headless Chromium, at " + server.url.split("?")[0] + ":")
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        for path, expected in (("solutions/propagation_bitboard.cpp", "Accepted"),
                               ("solutions/wrong_answer/box_index_sum.cpp", "Wrong Answer")):
            type_code(driver, source(path))
            verdict, took = submit_and_wait(driver)
            check(verdict == expected, "%s: %s (verdict after %.1f s)" % (path, verdict, took))
    finally:
        driver.quit()


def submissions_tab(driver, server, screenshots):
    """The Submissions tab: both submitted files listed with their verdicts, beside what make judge
    kept (the row the test made before the server started); one opened draws its pane and code;
    .load puts the first one's code back into the editor; two chosen are diffed side by side."""
    accepted, wrong = source("solutions/propagation_bitboard.cpp"), source("solutions/wrong_answer/box_index_sum.cpp")
    driver.find_element("id", "tab-submissions").click()
    rows = wait_for(driver, "const r = document.querySelectorAll('#submissions .submission'); return r.length >= 4 && "
                    "[...r].map(x => [x.dataset.id, x.dataset.verdict, x.dataset.source])", 30) or []
    verdicts = [(v, source_) for _, v, source_ in rows]
    check(("Accepted", "submit") in verdicts and ("Wrong Answer", "submit") in verdicts,
          "the Submissions tab lists both submitted files with their verdicts (%s)" % verdicts)
    check(("Compile Error", "judge") in verdicts, "and what make judge kept, in the same history (%s)" % verdicts)
    check([int(i) for i, _, _ in rows] == sorted((int(i) for i, _, _ in rows), reverse=True), "newest first")
    first = next(i for i, v, s in rows if v == "Accepted" and s == "submit")
    second = next(i for i, v, s in rows if v == "Wrong Answer" and s == "submit")
    type_code(driver, "// something else\n")
    driver.find_element("css selector", '.submission[data-id="%s"] .load' % first).click()
    loaded = wait_for(driver, "const c = document.getElementById('code').value; return c.startsWith('// something') ? null : c", 20)
    check(loaded == accepted, ".load puts the first file's code back into the editor, byte for byte")
    stored = driver.execute_script("try { return localStorage.getItem('sudoku-serve-code'); } catch (e) { return null; }")
    check(stored == accepted, "and the editor keeps it (its input event was fired)")
    driver.find_element("css selector", '.submission[data-id="%s"] td:nth-child(2)' % second).click()
    shown = wait_for(driver, "const t = document.getElementById('submissionTitle'); const v = document.getElementById('verdict');"
                     "return t && t.dataset.id === '%s' && v && [v.dataset.verdict, document.querySelectorAll('#result .cell.wrong').length,"
                     "document.getElementById('submittedCode').textContent]" % second, 20)
    check(bool(shown) and shown[0] == "Wrong Answer" and shown[1] > 0 and shown[2] == wrong,
          "opened, the Wrong Answer's pane is drawn again (%s wrong cells) with its code (%s)"
          % (shown[1] if shown else "no", shown and (shown[0], len(shown[2]), len(wrong))))
    for i in (first, second):
        driver.find_element("css selector", '.submission[data-id="%s"] .pick' % i).click()
    driver.find_element("id", "compare").click()
    diff = wait_for(driver, "const d = document.querySelector('#submissionDiff table'); return d && "
                    "[d.dataset.left, d.dataset.right, d.querySelectorAll('td.del').length, d.querySelectorAll('td.add').length]", 20)
    check(bool(diff) and sorted(diff[:2]) == sorted([first, second]) and diff[2] > 0 and diff[3] > 0,
          "two chosen are diffed side by side (%s)" % diff)
    if screenshots:
        driver.find_element("css selector", '.submission[data-id="%s"] td:nth-child(2)' % second).click()
        wait_for(driver, "return document.getElementById('submittedCode')", 20)
        for name, width in (("submissions_wide.png", 1400), ("submissions_narrow.png", 420)):
            set_width(driver, width)
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(screenshots, name))
        set_width(driver, 1400)
        driver.find_element("id", "compare").click()  # the two still chosen
        wait_for(driver, "return document.querySelector('#submissionDiff table')", 20)
        driver.execute_script("document.getElementById('result').scrollIntoView()")
        driver.save_screenshot(os.path.join(screenshots, "submissions_diff.png"))
    driver.find_element("id", "tab-description").click()


def kept_by_make_judge(judge, history):
    """What make judge keeps (--record judge), in the history the server is given: a Compile Error."""
    os.makedirs(os.path.dirname(history), exist_ok=True)
    subprocess.run([judge, "--record", "judge", "--history-db", history, "--shrink-seconds", "0", "--",
                    os.path.join(ROOT, "judge/fixtures/compile_error.cpp")], capture_output=True, check=False)


def editor(driver):
    """CodeMirror's editor follows #code, and #code the editor; Enter keeps the line's indent and
    adds one after '{'; Tab indents, Shift-Tab takes it back (keys sent to CodeMirror's input)."""
    from selenium.webdriver.common.keys import Keys
    check(driver.execute_script("return !!document.querySelector('.CodeMirror .CodeMirror-linenumber') && "
                                "document.querySelector('.CodeMirror').CodeMirror.getOption('mode') === 'text/x-c++src'"),
          "the editor is CodeMirror's, with line numbers and C++'s mode")
    type_code(driver, source("solutions/bool_arrays.cpp"))
    check(shown_code(driver) == source("solutions/bool_arrays.cpp"), "the editor shows what #code is set to")
    keyword = driver.execute_script("return document.querySelectorAll('.CodeMirror .cm-keyword').length")
    check(keyword > 0, "C++ is highlighted (%d keywords)" % keyword)
    type_code(driver, "class Solution {\n    void f() {")
    driver.execute_script("const cm = document.querySelector('.CodeMirror').CodeMirror; cm.focus(); cm.setCursor(cm.lineCount(), 0);")
    code = driver.find_element("css selector", ".CodeMirror [contenteditable]")  # its input (inputStyle contenteditable)
    value = lambda: driver.execute_script("return document.getElementById('code').value")
    code.send_keys(Keys.ENTER)
    after_enter = value()
    code.send_keys("x;" + Keys.HOME)
    code.send_keys(Keys.TAB)
    after_tab = value()
    code.send_keys(Keys.SHIFT + Keys.TAB)
    after_back = value()
    check(after_enter == "class Solution {\n    void f() {\n        " and after_tab.endswith("\n            x;")
          and after_back.endswith("\n        x;"), "the editor: Enter indents, Tab and Shift-Tab, and #code follows (%r)" % after_back[-30:])
    code.send_keys(Keys.END + Keys.ENTER + "g(")
    matched = driver.execute_script("return document.querySelectorAll('.CodeMirror .CodeMirror-matchingbracket').length")
    check(value().endswith("g()") and matched == 2, "brackets close and match (%r, %d marked)" % (value()[-10:], matched))


def resubmit_while_streaming(driver, server):
    """A Submit while a report streams: the old report's fetch is aborted (its judge stopped by
    the server), and the pane shows the new report's own verdict, nothing of the old one's."""
    pids = start_sleeper(driver, server)
    type_code(driver, source("solutions/propagation_bitboard.cpp"))
    verdict, took = submit_and_wait(driver)
    gone = wait_gone(pids, 5)
    stale = driver.execute_script("return document.querySelectorAll('#verdict').length")
    check(verdict == "Accepted" and took < 20 and gone and stale == 1,
          "a Submit while a report streams shows its own verdict: %s after %.1f s; the old judge %s"
          % (verdict, took, "is gone" if gone else "is still there"))


def stopped(driver, server):
    """Stop: the report's fetch aborted, the page says so, the judge ends."""
    pids = start_sleeper(driver, server)
    driver.find_element("id", "stop").click()
    status = driver.find_element("id", "status").text
    gone = wait_gone(pids, 15)
    check(status == "Stopped" and gone and driver.execute_script("return !document.getElementById('verdict')"),
          "Stop aborts the report (%r) and its judge ends (%s)" % (status, "gone" if gone else "still there"))


def keys(driver):
    """LeetCode's keys in the editor: Ctrl-' runs, Ctrl-Enter submits."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    type_code(driver, source("solutions/propagation_bitboard.cpp"))
    driver.execute_script("document.getElementById('case').value = ''; document.querySelector('.CodeMirror').CodeMirror.focus()")
    before = driver.execute_script("return document.getElementById('code').value")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("'").key_up(Keys.CONTROL).perform()
    verdict = wait_for(driver, "const v = document.getElementById('verdict'); return v && v.dataset.verdict", 120)
    boards = driver.execute_script("return document.querySelectorAll('#head .board').length")
    check(verdict == "Accepted" and boards == 3 and not driver.execute_script("return document.getElementById('passed')"),
          "Ctrl-' runs the example (%s, %d boards)" % (verdict, boards))
    wait_for(driver, "return document.getElementById('stop').disabled", 60)
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(Keys.CONTROL).perform()
    passed = wait_for(driver, "const p = document.getElementById('passed'); return p && p.textContent", 120)
    driver.find_element("id", "stop").click()
    after = driver.execute_script("return document.getElementById('code').value")
    check(passed and passed.startswith("56 / 56") and after == before,
          "Ctrl-Enter submits (%s), and types no newline in the code" % passed)


def left(driver, server):
    """A page that leaves while its report streams: its judge ends."""
    pids = start_sleeper(driver, server)
    driver.get("about:blank")
    gone = wait_gone(pids, 15)
    check(gone, "a page that leaves while a judge runs: the judge ends (%s)" % pids)
    driver.get(server.url)
    wait_for(driver, "return document.body.dataset.ready", 20)


def reading_path():
    """solutions/README.md's reading path, read here on its own: [(step, [files])]."""
    text = source("solutions/README.md").split("\n## Reading path\n", 1)[1]
    table = re.search(r"^\|.*?(?=\n[^|])", text, re.S | re.M).group(0)  # the section's first table
    steps = []
    for line in table.splitlines()[2:]:
        m = re.match(r"\| *(\w+) *\| *(.*?) *\|", line)
        steps.append((m.group(1), re.findall(r"\(([a-z0-9_]+)\.cpp\)", m.group(2))))
    return steps


# The file whose search the Editorial's test replays: the C++23 file g++ 12 cannot compile, which
# the replay compiles as the judge does, with clang 19.
EDITORIAL_REPLAYED = "bitmask_mrv_deducing_this"


def editorial(driver, server, screenshots):
    """The Editorial tab: every step of the reading path, each file with its idea, highlighted
    code, diff, times and a .replay; a file put in the editor; a replay of its search."""
    driver.find_element("id", "tab-editorial").click()
    wait_for(driver, "return document.querySelectorAll('#editorial .step').length", 20)
    shown = driver.execute_script("""return [...document.querySelectorAll('#editorial .step')].map(s => [s.dataset.step,
        [...s.querySelectorAll('.solution')].map(x => x.dataset.solution), s.querySelectorAll('.replay').length])""")
    expected = reading_path()
    check([[step, files] for step, files, _ in shown] == [[step, files] for step, files in expected]
          and all(n == len(files) for _, files, n in shown),
          "#editorial lists every step of the reading path (%d steps), each file with a .replay" % len(expected))
    each = driver.execute_script("""return [...document.querySelectorAll('#editorial .solution')].map(x => [x.dataset.solution,
        x.querySelector('.comment').textContent.length > 20, x.querySelectorAll('pre.code .cm-keyword').length > 0,
        x.querySelectorAll('pre.diff .cm-positive').length > 0, x.querySelectorAll('.times .time').length])""")
    missing = [e for i, e in enumerate(each) if not (e[1] and e[2] and (e[3] or i == 0) and e[4] >= 5)]
    check(not missing, "each file: its idea, its code highlighted, its diff, its times (%d files; short of one: %s)"
          % (len(each), missing))
    with open(os.path.join(ROOT, "bench/results.md")) as f:
        run = re.search(r"on (\d{4}-\d\d-\d\d \d\d:\d\d UTC)", f.read()).group(1)
    note = driver.find_element("id", "editorialRun").text
    check("bench/results.md" in note and run in note, "the times name their run: " + note[:90])
    if screenshots:
        for name, width in (("editorial_wide.png", 1400), ("editorial_narrow.png", 420)):
            set_width(driver, width)
            driver.execute_script("window.scrollTo(0, 0)")
            driver.save_screenshot(os.path.join(screenshots, name))
        set_width(driver, 1400)
    driver.execute_script("document.querySelector('#editorial [data-solution=propagation_bitboard] .put').click()")
    check(driver.execute_script("return document.getElementById('code').value") == source("solutions/propagation_bitboard.cpp")
          and shown_code(driver) == source("solutions/propagation_bitboard.cpp"), "a file's button puts it in the editor")
    before = server.judges_started()
    driver.execute_script("document.querySelector('#editorial [data-solution=%s] .replay').click()" % EDITORIAL_REPLAYED)
    frame = wait_for(driver, "return document.getElementById('replayFrame') || document.getElementById('replayError')", 240)
    if not frame or frame.get_attribute("id") != "replayFrame":
        check(False, "the Editorial's replay of %s: %s" % (EDITORIAL_REPLAYED, frame.text if frame else "nothing came"))
        return
    driver.switch_to.frame(frame)
    cells = wait_for(driver, "return document.querySelectorAll('.board .cell').length", 30)
    driver.switch_to.default_content()
    check(cells and cells >= 81 and server.judges_started() == before + 1,
          "the Editorial's .replay shows %s's search (%s cells)" % (EDITORIAL_REPLAYED, cells))
    driver.find_element("id", "tab-description").click()


def save_marked(driver, folder, name):
    """The editor with its marked lines, wide and narrow."""
    for suffix, width in (("wide", 1400), ("narrow", 420)):
        set_width(driver, width)
        driver.execute_script("document.querySelector('.CodeMirror').scrollIntoView()")
        driver.save_screenshot(os.path.join(folder, "%s_%s.png" % (name, suffix)))
    set_width(driver, 1400)


def replayed(driver, server):
    """Replay your search: judge --replay's page in the frame, the user's search on its boards."""
    before = server.judges_started()
    driver.find_element("id", "replay").click()
    frame = wait_for(driver, "return document.getElementById('replayFrame') || document.getElementById('replayError')", 240)
    if not frame or frame.get_attribute("id") != "replayFrame":
        check(False, "Replay your search: " + (frame.text if frame else "nothing came"))
        return
    where = frame.get_attribute("src") or ""
    driver.switch_to.frame(frame)
    cells = wait_for(driver, "return document.querySelectorAll('.board .cell').length", 30)
    steps = driver.execute_script("const s = document.getElementById('slider'); return s ? Number(s.max) : 0")
    driver.switch_to.default_content()
    check(cells and cells >= 81 and steps > 0 and server.judges_started() == before + 1,
          "Replay your search: explore's page of the file's own search (%s cells, %s steps), one judge run" % (cells, steps))
    policies(server, where)


def policies(server, replay_url):
    """The page's policy runs no inline script; the replay's frame is a document of its own, with a
    policy of its own, behind the same guards."""
    _, _, headers = server.exchange("GET", "/")
    page = headers.get("Content-Security-Policy", "")
    script = re.search(r"script-src ([^;]*)", page)
    check(script and script.group(1).strip() == "'self'" and "frame-ancestors 'none'" in page,
          "the page's policy: scripts from its own files only (%s)" % page)
    path = re.sub(r"^https?://[^/]*", "", replay_url)
    check(re.fullmatch(r"/replay/[0-9a-f]{32}", path) is not None, "the replay's frame loads %s" % path)
    status, text, headers = server.exchange("GET", path)
    own = headers.get("Content-Security-Policy", "")
    check(status == 200 and "board" in text and "frame-ancestors 'self'" in own and "connect-src" not in own,
          "the replay's document: its own policy (%d, %s)" % (status, own))
    status, _ = server.request("GET", path, token=False)
    check(status == 403, "the replay without the token: %d" % status)
    status, text = server.request("GET", "/replay/" + "0" * 32)
    check(status == 404 and "no such replay" in text, "a replay never made: %d %s" % (status, text.strip()[:60]))


def save_screenshots(driver, folder):
    """The Description tab, and the Wrong Answer pane of a file that fills the board wrong
    (bit_off_by_one), wide and narrow."""
    for name, width in (("description_wide.png", 1400), ("description_narrow.png", 420)):
        set_width(driver, width)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(os.path.join(folder, name))
    set_width(driver, 1400)
    type_code(driver, source("solutions/wrong_answer/bit_off_by_one.cpp"))
    submit_and_wait(driver)
    for name, width in (("wrong_answer_wide.png", 1400), ("wrong_answer_narrow.png", 420)):
        set_width(driver, width)
        driver.execute_script("document.getElementById('result').scrollIntoView()")
        driver.save_screenshot(os.path.join(folder, name))
    set_width(driver, 1400)


def in_chinese(serve, judge):
    print("the page in Chinese (--lang zh):")
    server = Server(serve, judge, "--lang", "zh")
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        type_code(driver, source("solutions/wrong_answer/box_index_sum.cpp"))
        submit_and_wait(driver, "run")
        words = driver.find_element("id", "verdict").text
        check(words == "解答错误" and driver.find_element("id", "submit").text == "提交",
              "Wrong Answer reads 解答错误, Submit 提交 (%s)" % words)
        tabs = [driver.find_element("id", t).text for t in ("tab-description", "tab-editorial")]
        check(tabs == ["题目描述", "题解"], "the tabs in Chinese: %s" % tabs)
        wait_for(driver, "return document.querySelectorAll('#editorial .step').length", 20)
        idea = driver.execute_script("return document.querySelector('#editorial .step h3').textContent")
        check("第一个空格" in idea, "the Editorial's steps from solutions/README.zh-CN.md: " + idea)
    finally:
        driver.quit()
        server.stop()


# A judge of the test's own, that prints a Wrong Answer's JSON lines as the judge does: each
# sentence for a person kept as message ids (messages/README.md), which the server shows in its
# page's language; the smallest puzzle's reason as a judge before messages kept it, English with
# its Chinese in "local" (a submission kept then, drawn again).
FAKE_JUDGE = r"""#!/usr/bin/python3
import json, sys
line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
board = json.dumps([[c for c in line[r * 9:r * 9 + 9]] for r in range(9)])
def said(msgid, *args):
    return {"msgid": msgid, "args": list(args)} if args else {"msgid": msgid}
still = said("%s is still '.'", "r1c3")
case = {"set": "leetcode_example", "case": 1, "where": "testcases/leetcode_example.txt:3", "reason": still,
        "input": board, "output": board, "expected": None, "wrong_cells": [[0, 2]], "stdout": ""}
leetcode = {"set": "leetcode_example", "tier": "leetcode", "verdict": "Wrong Answer", "passed": 0, "total": 1,
            "limit_ms": 10000, "median_us": None, "max_us": None, "max_memory_kb": None,
            "failure": said("%s on %s: %s", said("Wrong Answer"), "testcases/leetcode_example.txt:3", still),
            "failing_case": case}
stress = dict(leetcode, set="forum_hardest", tier="stress", event="stress_set",
              failure=said("%s on %s: %s", said("Wrong Answer"), "testcases/forum_hardest.txt:3", said("%s is still '.'", "r1c1")))
shrunk = {"line": line, "empty_before": 51, "empty_after": 51, "reason": "Wrong Answer: r9c6 is still '.'",
          "local": {"reason": "解答错误：r9c6 仍是 '.'"}}
for event in ({"event": "verdict", "leetcode_verdict": "Wrong Answer", "passed": 0, "total": 56, "message": "",
               "sets": [leetcode], "failing_case": case, "text": said("LeetCode verdict: %s", said("Wrong Answer"))},
              stress, {"event": "findings", "near_limit": [], "state_between_calls": None, "shrunk": shrunk, "debug": None},
              {"event": "done", "exit_status": 1, "summary": {"parts": [said("%s not judged", "0")]}}):
    print(json.dumps(event), flush=True)
sys.exit(1)
"""


def local_sentences(serve):
    for lang in ("zh", "en"):
        local_sentences_in(serve, lang)


# The same judge's report on a Chinese page and on an English one: every sentence in the page's
# language, the verdict's name the schema's on both.
def local_sentences_in(serve, lang):
    print("the judge's sentences in the page's language (a judge of the test's own, --lang %s):" % lang)
    folder = tempfile.mkdtemp(prefix="serve-test-judge-")
    fake = os.path.join(folder, "judge")
    with open(fake, "w") as f:
        f.write(FAKE_JUDGE)
    os.chmod(fake, 0o755)
    server = Server(serve, fake, "--lang", lang)
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        type_code(driver, source("solutions/wrong_answer/box_index_sum.cpp"))
        submit_and_wait(driver)
        wait_for(driver, "return document.getElementById('shrunk')", 20)
        driver.execute_script("document.querySelectorAll('#result details').forEach(d => d.open = true)")
        text = driver.execute_script("return document.getElementById('result').innerText")
        verdict = driver.find_element("id", "verdict").get_attribute("data-verdict")
        check(verdict == "Wrong Answer", "the verdict's name is the schema's, Wrong Answer (%s)" % verdict)
        if lang == "zh":
            english = [w for w in ("is still", "Wrong Answer", "msgid") if w in text]
            chinese = [w for w in ("r1c3 仍是 '.'", "解答错误：r9c6 仍是 '.'", "解答错误，在 testcases/forum_hardest.txt:3：r1c1 仍是 '.'")
                       if w not in text]
            check(not english and not chinese, "every sentence of the judge's is drawn in Chinese, a kept one's "
                  "'local' too (English left: %s; Chinese missing: %s)" % (english, chinese))
        else:
            chinese = [w for w in ("仍是", "解答错误") if w in text]
            english = [w for w in ("r1c3 is still '.'", "Wrong Answer: r9c6 is still '.'",
                                   "Wrong Answer on testcases/forum_hardest.txt:3: r1c1 is still '.'") if w not in text]
            check(not english and not chinese, "every sentence of the judge's is drawn in English, a kept "
                  "translation left unused (Chinese shown: %s; English missing: %s)" % (chinese, english))
    finally:
        driver.quit()
        server.stop()


def without_codemirror(serve, judge):
    print("without CodeMirror (--codemirror pointing at no installation):")
    server = Server(serve, judge, "--codemirror", tempfile.mkdtemp(prefix="serve-test-no-codemirror-"))
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        wait_for(driver, "return document.body.dataset.ready", 20)
        note = driver.find_element("id", "editorNote")
        check(note.is_displayed() and "CodeMirror" in note.text and shown_code(driver) is None
              and driver.find_element("id", "code").is_displayed(),
              "the page falls back to the plain text area and says so: " + note.text[:80])
        status, _ = server.request("GET", "/codemirror/lib/codemirror.js")
        check(status == 404, "no CodeMirror file is served (%d)" % status)
        plain_keys(driver)
    finally:
        driver.quit()
        server.stop()


def plain_keys(driver):
    """The plain text area: Tab indents; Esc, then Tab, moves the focus on, as in CodeMirror."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    type_code(driver, "class Solution {\n")
    driver.execute_script("const c = document.getElementById('code'); c.focus(); c.setSelectionRange(17, 17)")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    indented = driver.execute_script("return [document.activeElement.id, document.getElementById('code').value]")
    ActionChains(driver).send_keys(Keys.ESCAPE).send_keys(Keys.TAB).perform()
    left = driver.execute_script("return document.activeElement.id")
    check(indented == ["code", "class Solution {\n    "] and left == "case",
          "the plain text area: Tab indents (%r), Esc then Tab moves on to %s" % (indented[1][-6:], left))


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
        print("serve-check: %d failed" % len(FAILURES) if FAILURES else "serve-check: every check passed")
        return 1 if FAILURES else 0
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
    print("serve-check: %d failed" % len(FAILURES) if FAILURES else "serve-check: every check passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
