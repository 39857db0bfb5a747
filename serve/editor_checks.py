"""serve-check's editor: CodeMirror following #code, its keys and LeetCode's, the lines a Compile
Error or a Runtime Error marks; and the page without CodeMirror, on the plain text area."""
import os
import tempfile

from harness import Server, browser, check, set_width, source, type_code, wait_for


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


def save_marked(driver, folder, name):
    """The editor with its marked lines, wide and narrow."""
    for suffix, width in (("wide", 1400), ("narrow", 420)):
        set_width(driver, width)
        driver.execute_script("document.querySelector('.CodeMirror').scrollIntoView()")
        driver.save_screenshot(os.path.join(folder, "%s_%s.png" % (name, suffix)))
    set_width(driver, 1400)


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
