"""serve-check's tabs beside the code: Submissions (the user's history, as make judge keeps it too)
and the Editorial; Replay your search, and the policies of the page and of the replay's frame."""
import os
import re
import subprocess

from editor_checks import shown_code
from harness import ROOT, check, set_width, source, type_code, wait_for


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
