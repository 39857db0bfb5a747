"""The harness of make serve-check's tests (serve_test.py and its *_checks.py, access_test.py,
kept_language_test.py, stop_test.py): a serve process of the test's own and its requests,
headless Chromium driven by Selenium and the page's controls, and the checks' tally. Runs only
from Debian's /usr/bin/python3 (selenium is installed there)."""
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


FAILURES = []


def check(ok, what):
    print(("  ok    " if ok else "  FAIL  ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


def finish(name):
    """Says how the checks went, as `name`; the exit status: 0 when every check passed."""
    print("%s: %d failed" % (name, len(FAILURES)) if FAILURES else "%s: every check passed" % name)
    return 1 if FAILURES else 0


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


def alive(pid):
    return os.path.exists("/proc/%d" % pid) and not is_zombie(pid)


def wait_gone(pids, seconds=20):
    """True once none of `pids` is alive (a judge the server was told to stop)."""
    deadline = time.time() + seconds
    while time.time() < deadline and any(alive(p) for p in pids):
        time.sleep(0.2)
    return not any(alive(p) for p in pids)


def source(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


SLEEPER = "class Solution {\npublic:\n    void solveSudoku(vector<vector<char>>& board) { this_thread::sleep_for(chrono::hours(1)); }\n};\n"


def open_stream(server, code, mode="run"):
    """A Run or Submit whose answer is read a line at a time (the connection kept)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    conn.request("POST", "/api/judge", body=json.dumps({"mode": mode, "code": code}),
                 headers={"Host": "127.0.0.1:%d" % server.port, "Authorization": "token " + server.token,
                          "Origin": server.origin, "Content-Type": "application/json"})
    response = conn.getresponse()
    return conn, response


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
