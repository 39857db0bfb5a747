#!/usr/bin/python3
"""make serve-check, the runtime errors: each file of judge/fixtures/runtime/ submitted through the
page, in headless Chromium, as a learner pastes it (harness.py's server and browser).

For each, the pane's headline is the sanitizer's or the runtime's own first line (the fixture's
"Expected headline"); the editor marks every line of the file that the report names, each with
its role's class (the fixture's "Expected lines": failed -> runtime-error and runtime-failed,
allocated -> runtime-allocated, freed -> runtime-freed, declared -> runtime-declared), and no
other; the pane lists those lines, and a click on one puts the editor's cursor there; the folded
parts are <details>, whose text is there once opened. The issue's example (a read past a
vector's end), pasted as it is, has its line 5 marked where it failed and line 4 where the vector
was allocated; it is also Run, whose pane tells the same story. --screenshots DIR saves its pane
and the editor, wide and 420 px.
"""
import argparse
import glob
import os
import sys

import harness
from harness import check, finish, source

ROOT = harness.ROOT
ROLE_CLASSES = {"failed": ["runtime-error", "runtime-failed"], "allocated": ["runtime-allocated"],
                "freed": ["runtime-freed"], "declared": ["runtime-declared"]}
EXAMPLE = "judge/fixtures/runtime/heap_buffer_overflow.cpp"
# The example as a learner pastes it, without the fixture's opening comment: it reads past
# the end of v (line 5), which was allocated on line 4.
PASTED = """class Solution {
public:
  void solveSudoku(vector<vector<char>>& board) {
    vector<int> v(3);
    board[0][2] = char(48 + v[board.size() - 6]);
  }
};
"""


def header(path, key):
    """The text after '// KEY: ' in the file's opening comment, as judge/header_value.h reads it."""
    for line in source(path).split("\n"):
        if not line.startswith("//"):
            break
        if line.startswith("// " + key + ": "):
            return line[len(key) + 5:]
    return ""


def expected_lines(path):
    """{(line, role)} of the fixture's 'Expected lines'."""
    text = header(path, "Expected lines")
    if text in ("", "none"):
        return set()
    return {(int(line), role) for line, role in (item.split() for item in text.split(", "))}


def marked_classes(driver):
    """{line: [its runtime-* classes]} of the editor's lines."""
    return {int(k): v for k, v in driver.execute_script("""
        const cm = document.querySelector('.CodeMirror').CodeMirror, found = {};
        cm.eachLine(h => { const info = cm.lineInfo(h);
          const kinds = (info.wrapClass || '').split(' ').filter(c => c.startsWith('runtime-'));
          if (kinds.length) found[info.line + 1] = kinds; });
        return found;""").items()}


def pane_state(driver):
    """The pane's headline, its listed lines [(line, role)] and its folded parts' kinds."""
    return driver.execute_script("""
        const head = document.querySelector('#head .runtime-headline .headline');
        return [head ? head.textContent : null,
                [...document.querySelectorAll('#head .runtime-lines li')].map(li => [Number(li.dataset.line), li.dataset.role]),
                [...document.querySelectorAll('#head .runtime-folded')].map(d => d.dataset.kind)];""")


def editor_cursor_line(driver):
    return driver.execute_script("return document.querySelector('.CodeMirror').CodeMirror.getCursor().line + 1")


def judged(driver, path, button="submit", code=None):
    """Pastes the fixture (or `code`), presses the button; the verdict once the pane has it (the
    stream may go on)."""
    harness.type_code(driver, code if code is not None else source(path))
    driver.execute_script("document.getElementById('status').textContent = '';")
    driver.find_element("id", button).click()
    return harness.wait_for(driver, "const v = document.getElementById('verdict'); return v && v.dataset.verdict", 240)


def story_checked(driver, path):
    """The pane and the editor after `path` was judged: headline, marks and list, folds, a click."""
    name = os.path.basename(path)
    headline, listed, folds = pane_state(driver)
    want = header(path, "Expected headline")
    check(headline is not None and want in headline, "%s: the headline is the runtime's own line: %r" % (name, headline))
    lines = expected_lines(path)
    marks = marked_classes(driver)
    wanted = {}
    for line, role in lines:
        wanted.setdefault(line, set()).update(ROLE_CLASSES[role])
    check({k: set(v) for k, v in marks.items()} == wanted,
          "%s: the editor marks %s, each with its role's classes (%s)" % (name, sorted(wanted.items()), sorted(marks.items())))
    check(set(map(tuple, listed)) == lines, "%s: the pane lists the lines %s" % (name, sorted(map(tuple, listed))))
    if listed:
        line = listed[-1][0]
        driver.execute_script("document.querySelector('.CodeMirror').CodeMirror.setCursor({line: 0, ch: 0})")
        driver.execute_script("document.querySelectorAll('#head .runtime-lines .runtime-goto')[arguments[0]].click()", len(listed) - 1)
        check(editor_cursor_line(driver) == line, "%s: a click on line %d in the pane puts the editor there (%d)"
              % (name, line, editor_cursor_line(driver)))
    if folds:
        text = driver.execute_script("""const d = document.querySelector('#head .runtime-folded'); d.open = true;
                                        return d.querySelector('pre').innerText""")
        check(bool(text.strip()), "%s: a folded part (%s) opens on its lines" % (name, folds[0]))


def save_pane(driver, folder, name):
    """The pane as it comes (every part folded), and the editor with its marked lines, each wide and
    420 px wide, in a window tall enough for the whole pane, in the light theme and the dark (the
    system's, as the browser tells the page)."""
    driver.execute_script("document.querySelectorAll('#head details').forEach(d => d.open = false)")
    for theme in ("light", "dark"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})
        harness.wait_for(driver, "return document.documentElement.dataset.theme === '%s'" % theme, 5)
        for suffix, width in (("wide", 1400), ("narrow", 420)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 2600, "deviceScaleFactor": 1, "mobile": False})
            shot = "%s_%%s_%s_%s.png" % (name, theme, suffix)
            driver.find_element("id", "result").screenshot(os.path.join(folder, shot % "pane"))
            driver.find_element("css selector", ".CodeMirror").screenshot(os.path.join(folder, shot % "editor"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    harness.set_width(driver, 1400)


def in_browser(server, screenshots):
    print("runtime errors, in headless Chromium:")
    driver = harness.browser("1400,900")
    try:
        driver.get(server.url)
        for path in sorted(glob.glob(os.path.join(ROOT, "judge/fixtures/runtime/*.cpp"))):
            expected = header(path, "Expected verdict")
            verdict = judged(driver, path)
            check(verdict == expected, "%s: %s (expected %s)" % (os.path.basename(path), verdict, expected))
            if verdict == "Runtime Error":
                story_checked(driver, path)
            harness.wait_for(driver, "return document.getElementById('stop').disabled", 240)
        example = os.path.join(ROOT, EXAMPLE)
        verdict = judged(driver, example, code=PASTED)
        headline = pane_state(driver)[0] or ""
        check(verdict == "Runtime Error" and headline.startswith("AddressSanitizer: heap-buffer-overflow on address 0x"),
              "the issue's example, pasted: %s, %r" % (verdict, headline))
        marks = {k: set(v) for k, v in marked_classes(driver).items()}
        check(marks == {5: {"runtime-error", "runtime-failed"}, 4: {"runtime-allocated"}},
              "its line 5 is marked where it failed, line 4 where v was allocated: %s" % sorted(marks.items()))
        details = driver.execute_script("return document.querySelector('#head .runtime-report').innerText")
        for words in ("READ of size 4", "0 bytes after 12-byte region", "Solution::solveSudoku(...) solution.cpp:5:29",
                      "solution.cpp:4:17"):
            check(words in details, "its report shows %r" % words)
        listed = driver.execute_script("return document.querySelector('#head .runtime-lines').innerText")
        for words in ("solution.cpp:5:29 it failed here: heap-buffer-overflow, READ of size 4 (in Solution::solveSudoku)",
                      "solution.cpp:4:17 the memory was allocated here: 12-byte region"):
            check(words in listed, "its lines say their roles, the judge's words: %r" % words)
        if screenshots:
            save_pane(driver, screenshots, "runtime_error")
        harness.wait_for(driver, "return document.getElementById('stop').disabled", 240)
        driver.execute_script("document.getElementById('case').value = ''")
        verdict = judged(driver, example, "run")
        check(verdict == "Runtime Error", "Run on the example: %s" % verdict)
        story_checked(driver, example)
        errors = driver.find_element("id", "errors").text
        check(errors == "", "the page reported no error " + errors)
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", required=True)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    server = harness.Server(os.path.abspath(args.serve), os.path.abspath(args.judge))
    try:
        in_browser(server, args.screenshots)
    finally:
        server.stop()
    return finish("runtime_test")


if __name__ == "__main__":
    sys.exit(main())
