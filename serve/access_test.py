#!/usr/bin/python3
"""make serve-check's test of the page for everyone (serve/README.md, "For everyone").

1. axe-core, the engine of browsers' own audits (npm's axe-core, pinned in serve/axe/package.json
   and its lock, installed by make into build/axe for the tests only: the page never serves it),
   in headless Chromium: on every tab (Description, Editorial, Submissions) after an Accepted, a
   Wrong Answer, a Runtime Error and a Compile Error, in both themes and both languages; and on a
   submission drawn again, two compared, and the Editorial's replay. No serious or critical
   violation may be found (moderate and minor ones are listed).
2. The keyboard alone: Tab reaches every control (Esc, then Tab, out of the editor), and the
   focus is seen; the tabs' arrow keys; Run, Stop, Load, Compare, a submission opened and the
   Editorial's Replay, each pressed from the keyboard; the verdict said in #announce.
3. The theme: the system's followed, the switch's choice kept across a reload.
4. The Editorial's replay names the bundled solution it replays.
Exit status 0 when every check passes. --screenshots DIR saves both themes, 1400 and 420 px wide:
each tab, and a Wrong Answer's pane.
"""
import argparse
import os
import sys
import time

from harness import (SLEEPER, Server, browser, check, finish, set_width, source, submit_and_wait,
                     type_code, wait_for)

TABS = ("description", "editorial", "submissions")
THEMES = ("light", "dark")
VERDICTS = (("Accepted", "solutions/propagation_bitboard.cpp"),
            ("Wrong Answer", "solutions/wrong_answer/box_index_sum.cpp"),
            ("Runtime Error", "solutions/runtime_error/digit_as_index.cpp"),
            # ASan's story: the report's folded parts and each role's line (failed, freed, allocated).
            ("Runtime Error", "judge/fixtures/runtime/use_after_free.cpp"),
            ("Compile Error", "judge/fixtures/compile_error.cpp"))
# The Editorial's file whose replay the test asks for, from the keyboard.
REPLAYED = "bool_arrays"
LESSER = {}  # moderate and minor violations: rule -> the states it was found in


class Audit:
    """axe-core, put into the page as a test's script (the page's policy holds for its own)."""

    def __init__(self, axe):
        with open(axe) as f:
            self.source = f.read()

    def __call__(self, driver, state):
        driver.set_script_timeout(180)
        if not driver.execute_script("return !!window.axe"):
            driver.execute_script(self.source)
        started = time.time()
        found = driver.execute_async_script("""const done = arguments[arguments.length - 1];
            axe.run(document, { iframes: false, resultTypes: ['violations'] }).then(
              r => done(r.violations.map(v => [v.id, v.impact, v.nodes.map(n => n.target.join(' ') + ': ' +
                [...n.any, ...n.all, ...n.none].map(c => c.message).join('; '))])),
              e => done([['axe-error', 'critical', [String(e)]]]))""")
        bad = [(rule, impact, nodes) for rule, impact, nodes in found if impact in ("serious", "critical")]
        for rule, impact, nodes in found:
            if impact not in ("serious", "critical"):
                LESSER.setdefault("%s (%s)" % (rule, impact), set()).add(state)
        check(not bad, "axe: no serious or critical violation: %s (%.1f s)%s" % (state, time.time() - started, "".join(
            "\n          %s (%s, %d): %s" % (rule, impact, len(nodes), " | ".join(nodes[:3])) for rule, impact, nodes in bad)))


def system_theme(driver, theme):
    """The system's colour scheme, as the browser tells the page (prefers-color-scheme)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": theme}]})


def page_theme(driver, expected=None):
    if expected:
        wait_for(driver, "return document.documentElement.dataset.theme === '%s'" % expected, 5)
    return driver.execute_script("return document.documentElement.dataset.theme")


def show_tab(driver, name):
    driver.find_element("id", "tab-" + name).click()
    if name == "editorial":
        wait_for(driver, "return document.querySelectorAll('#editorial .step').length", 30)
    if name == "submissions":
        wait_for(driver, "return document.querySelector('#submissions .submission, #noSubmission, #historyOff')", 30)


def shoot(driver, folder, name, at="window"):
    """`name`_wide.png and `name`_narrow.png: the page 1400 and 420 px wide, from its top, or from
    the result pane's (at="result")."""
    for suffix, width in (("wide", 1400), ("narrow", 420)):
        set_width(driver, width)
        driver.execute_script("window.scrollTo(0, 0)" if at == "window" else "document.getElementById('%s').scrollIntoView()" % at)
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(folder, "%s_%s.png" % (name, suffix)))
    set_width(driver, 1400)


def every_state(audit, server, lang, screenshots):
    """Each verdict's pane beside each tab, in each theme; then a submission drawn again, two
    compared, and the Editorial's replay, in each theme."""
    print("axe-core on every tab, after each verdict, in both themes (--lang %s):" % lang)
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        wait_for(driver, "return document.body.dataset.ready", 20)
        for verdict, path in VERDICTS:
            type_code(driver, source(path))
            shown, _ = submit_and_wait(driver)
            said = driver.execute_script("return [document.getElementById('announce').textContent, "
                                         "document.getElementById('verdict').textContent]")
            check(shown == verdict and said[1] and said[0].startswith(said[1]),
                  "%s: %s, said as it arrived: %r" % (path, shown, said[0]))
            # Every folded part open, so that what it holds is audited too.
            driver.execute_script("document.querySelectorAll('#result details').forEach(d => d.open = true)")
            for theme in THEMES:
                system_theme(driver, theme)
                check(page_theme(driver, theme) == theme, "the page follows the system's %s theme" % theme)
                for tab in TABS:
                    show_tab(driver, tab)
                    audit(driver, "%s, %s tab, %s theme, %s" % (verdict, tab, theme, lang))
                    if screenshots and lang == "en" and verdict == "Wrong Answer":
                        shoot(driver, screenshots, "%s_%s" % (tab, theme))
                if screenshots and lang == "en" and verdict == "Wrong Answer":
                    shoot(driver, screenshots, "wrong_answer_%s" % theme, "result")
        show_tab(driver, "submissions")
        rows = driver.execute_script("return [...document.querySelectorAll('#submissions .submission')].map(r => r.dataset.id)")
        driver.find_element("css selector", '.submission[data-id="%s"] .open' % rows[1]).click()
        wait_for(driver, "return document.getElementById('submittedCode')", 20)
        for theme in THEMES:
            system_theme(driver, theme)
            page_theme(driver, theme)
            audit(driver, "a submission drawn again, %s theme, %s" % (theme, lang))
        for i in rows[:2]:
            driver.find_element("css selector", '.submission[data-id="%s"] .pick' % i).click()
        driver.find_element("id", "compare").click()
        wait_for(driver, "return document.querySelector('#submissionDiff table')", 20)
        for theme in THEMES:
            system_theme(driver, theme)
            page_theme(driver, theme)
            audit(driver, "two submissions compared, %s theme, %s" % (theme, lang))
            if screenshots and lang == "en":
                shoot(driver, screenshots, "diff_%s" % theme, "result")
        show_tab(driver, "editorial")
        driver.find_element("css selector", "#editorial [data-solution=%s] .replay" % REPLAYED).click()
        frame = wait_for(driver, "return document.getElementById('replayFrame') || document.getElementById('replayError')", 240)
        check(frame and frame.get_attribute("id") == "replayFrame", "the Editorial's replay is shown")
        for theme in THEMES:
            system_theme(driver, theme)
            page_theme(driver, theme)
            audit(driver, "the Editorial's replay shown, %s theme, %s" % (theme, lang))
        check(driver.find_element("id", "errors").text == "", "the page reported no error")
    finally:
        driver.quit()


def tab_walk(driver, limit=400):
    """The elements Tab reaches, in order, from the theme's switch (the page's first control) once
    round; in the editor, Esc then Tab moves on, as its note says. Each as 'id', or 'tag.class'."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    name = """const e = document.activeElement; if (!e || e === document.body) return null;
        if (e.closest('.CodeMirror')) return 'editor';
        return e.id || e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '')"""
    driver.execute_script("window.scrollTo(0, 0); document.getElementById('theme').focus()")
    seen = [driver.execute_script(name)]
    for _ in range(limit):
        keys = [Keys.ESCAPE, Keys.TAB] if seen[-1] == "editor" else [Keys.TAB]
        ActionChains(driver).send_keys(*keys).perform()
        now = driver.execute_script(name)
        if now is None or now == seen[0]:
            break
        seen.append(now)
    return seen


def focus_seen(driver):
    """Whether the focused element shows a ring (its outline), as :focus-visible draws it."""
    return driver.execute_script("""const e = document.activeElement, s = getComputedStyle(e.closest('.CodeMirror') || e);
        return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && s.outlineColor !== 'rgba(0, 0, 0, 0)'""")


def press(driver, element, *keys):
    """Focuses `element` as Tab would (no click) and presses `keys`."""
    from selenium.webdriver.common.action_chains import ActionChains
    driver.execute_script("arguments[0].focus()", element)
    ActionChains(driver).send_keys(*keys).perform()


def keyboard(server):
    """The page from the keyboard alone."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    print("the keyboard alone:")
    driver = browser("1400,900")
    try:
        driver.get(server.url)
        wait_for(driver, "return document.body.dataset.ready", 20)
        active = lambda: driver.execute_script("const e = document.activeElement; return e.closest('.CodeMirror') ? 'editor' : e.id")

        # The tabs: Tab reaches the shown one; the arrows, Home and End show the others.
        press(driver, driver.find_element("id", "theme"), Keys.TAB)
        check(active() == "tab-description" and focus_seen(driver), "Tab goes from the theme's switch to the shown tab, its focus seen")
        moves = []
        for key in (Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.END, Keys.HOME, Keys.ARROW_LEFT):
            ActionChains(driver).send_keys(key).perform()
            moves.append(driver.execute_script("const e = document.activeElement; return [e.id, e.getAttribute('aria-selected'), "
                                               "!document.getElementById(e.getAttribute('aria-controls')).hidden]"))
        check([m[0] for m in moves] == ["tab-editorial", "tab-submissions", "tab-description", "tab-submissions",
                                        "tab-description", "tab-submissions"] and all(m[1] == "true" and m[2] for m in moves),
              "the arrow keys, Home and End show the tabs, round (%s)" % [m[0] for m in moves])

        # The editor: Tab indents; Esc, then Tab, moves on, and Shift-Tab back.
        type_code(driver, "class Solution {\n")
        driver.execute_script("const cm = document.querySelector('.CodeMirror').CodeMirror; cm.focus(); cm.setCursor(1, 0);")
        ActionChains(driver).send_keys(Keys.TAB).perform()
        indented = driver.execute_script("return document.getElementById('code').value")
        check(active() == "editor" and indented == "class Solution {\n    ", "in the editor, Tab indents (%r)" % indented[-8:])
        ActionChains(driver).send_keys(Keys.ESCAPE).send_keys(Keys.TAB).perform()
        check(active() == "case" and focus_seen(driver), "Esc, then Tab, leaves the editor for the testcase (%s)" % active())
        ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        back = active()
        ActionChains(driver).send_keys(Keys.ESCAPE).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        check(back == "editor" and active() not in ("editor", "case") and
              driver.execute_script("return document.getElementById('code').value") == indented,
              "Shift-Tab goes back into it, Esc then Shift-Tab out before it, the code untouched (%s)" % active())

        # Run from the keyboard: the verdict said as it arrives.
        type_code(driver, source("solutions/propagation_bitboard.cpp"))
        press(driver, driver.find_element("id", "run"), Keys.ENTER)
        wait_for(driver, "const v = document.getElementById('verdict'); return v && v.dataset.verdict", 240)
        said = wait_for(driver, "return document.getElementById('announce').textContent", 5)
        check(said == "Accepted" and driver.find_element("id", "announce").get_attribute("role") == "status",
              "Run pressed with Enter; the verdict said in a live region: %r" % said)

        # A second, so that the Submissions tab has two to compare.
        wait_for(driver, "return document.getElementById('stop').disabled", 60)
        type_code(driver, source("solutions/wrong_answer/box_index_sum.cpp"))
        press(driver, driver.find_element("id", "run"), Keys.ENTER)
        wait_for(driver, "const v = document.getElementById('verdict'); return v && v.dataset.verdict === 'Wrong Answer'", 240)

        # Submit, then Stop, from the keyboard.
        wait_for(driver, "return document.getElementById('stop').disabled", 60)
        type_code(driver, SLEEPER)
        press(driver, driver.find_element("id", "submit"), Keys.ENTER)
        wait_for(driver, "return !document.getElementById('stop').disabled", 20)
        time.sleep(1)
        for _ in range(3):
            ActionChains(driver).key_down(Keys.SHIFT).send_keys(Keys.TAB).key_up(Keys.SHIFT).perform()
        stopped_at = active()
        ActionChains(driver).send_keys(Keys.ENTER).perform()
        check(stopped_at == "stop" and wait_for(driver, "return document.getElementById('status').textContent === 'Stopped'", 10),
              "Submit with Enter, then Shift-Tab to Stop and Enter stops it (%s)" % stopped_at)

        # Every control in Tab's reach: the Submissions tab shown, then the Editorial.
        show_tab(driver, "submissions")
        walk = tab_walk(driver)
        needed = ["theme", "tab-submissions", "editor", "case", "replay", "run", "submit",
                  "input.pick", "button.open", "button.load"]  # Compare, once two are chosen (below)
        check(all(n in walk for n in needed), "Tab reaches every control, the Submissions tab shown: %s missing from %s"
              % ([n for n in needed if n not in walk], walk[:24]))
        show_tab(driver, "editorial")
        walk = tab_walk(driver)
        needed = ["tab-editorial", "editorial", "button.put", "button.replay", "summary", "pre.diff"]
        check(all(n in walk for n in needed), "Tab reaches every control, the Editorial shown: %s missing from %s"
              % ([n for n in needed if n not in walk], walk[:24]))

        # Submissions from the keyboard: one opened, two compared, Load.
        show_tab(driver, "submissions")
        rows = driver.execute_script("return [...document.querySelectorAll('#submissions .submission')].map(r => r.dataset.id)")
        press(driver, driver.find_element("css selector", '.submission[data-id="%s"] .open' % rows[-1]), Keys.ENTER)
        opened = wait_for(driver, "const t = document.getElementById('submissionTitle'); return t && t.dataset.id", 20)
        check(opened == rows[-1], "a submission opened with Enter on its verdict (#%s)" % opened)
        for i in rows[:2]:
            press(driver, driver.find_element("css selector", '.submission[data-id="%s"] .pick' % i), Keys.SPACE)
        chosen = driver.execute_script("return [[...document.querySelectorAll('.pick')].map(p => p.checked), "
                                       "document.getElementById('compare').disabled]")
        press(driver, driver.find_element("id", "compare"), Keys.ENTER)
        check(wait_for(driver, "return !!document.querySelector('#submissionDiff table')", 20),
              "two chosen with Space, compared with Enter (%s)" % chosen)
        type_code(driver, "// something else\n")
        press(driver, driver.find_element("css selector", '.submission[data-id="%s"] .load' % rows[0]), Keys.ENTER)
        check(wait_for(driver, "return !document.getElementById('code').value.startsWith('// something')", 20),
              "Load pressed with Enter puts the code in the editor")

        # The Editorial's Replay from the keyboard; the replay names the bundled file it replays.
        show_tab(driver, "editorial")
        press(driver, driver.find_element("css selector", "#editorial [data-solution=%s] .replay" % REPLAYED), Keys.ENTER)
        frame = wait_for(driver, "return document.getElementById('replayFrame') || document.getElementById('replayError')", 240)
        if not frame or frame.get_attribute("id") != "replayFrame":
            check(False, "the Editorial's Replay pressed with Enter: %s" % (frame.text if frame else "nothing came"))
        else:
            title = frame.get_attribute("title")
            driver.switch_to.frame(frame)
            note = wait_for(driver, "const n = document.getElementById('yoursNote'); return n && !n.hidden && n.textContent", 30)
            left = driver.execute_script("return document.body.innerText.includes('(your file)')")
            driver.switch_to.default_content()
            check(bool(title) and note and note.startswith("solutions/%s.cpp, the bundled solution" % REPLAYED) and not left,
                  "the Editorial's Replay pressed with Enter shows %s's search, named as that file, in a frame with a "
                  "title (%r; %r)" % (REPLAYED, title, note and note[:70]))
        check(driver.find_element("id", "errors").text == "", "the page reported no error")
    finally:
        driver.quit()


def theme_switch(server):
    """The system's theme followed; the switch's choice kept across a reload, and given back."""
    from selenium.webdriver.support.ui import Select
    print("the theme:")
    driver = browser("1400,900")
    try:
        system_theme(driver, "dark")
        driver.get(server.url)
        wait_for(driver, "return document.body.dataset.ready", 20)
        look = lambda: driver.execute_script("""const cm = document.querySelector('.CodeMirror');
            return [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor,
                    cm.classList.contains('cm-s-blackboard'), document.getElementById('theme').value]""")
        check(look() == ["dark", "rgb(26, 26, 26)", True, "system"],
              "a dark system: the page dark from the start, the editor in CodeMirror's blackboard (%s)" % look())
        Select(driver.find_element("id", "theme")).select_by_value("light")
        check(look() == ["light", "rgb(240, 240, 240)", False, "light"], "Light chosen: light, whatever the system (%s)" % look())
        driver.refresh()
        wait_for(driver, "return document.body.dataset.ready", 20)
        check(look() == ["light", "rgb(240, 240, 240)", False, "light"], "and kept across a reload (%s)" % look())
        show_tab(driver, "editorial")
        Select(driver.find_element("id", "theme")).select_by_value("dark")
        system_theme(driver, "light")
        code = driver.execute_script("return document.querySelector('#editorial pre.code').className")
        check(look()[:3] == ["dark", "rgb(26, 26, 26)", True] and "cm-s-blackboard" in code,
              "Dark chosen on a light system: dark, the Editorial's code too (%s, %s)" % (look(), code))
        Select(driver.find_element("id", "theme")).select_by_value("system")
        driver.refresh()
        wait_for(driver, "return document.body.dataset.ready", 20)
        check(look() == ["light", "rgb(240, 240, 240)", False, "system"], "System chosen again: the system's, light (%s)" % look())
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", required=True)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--axe", required=True, help="axe-core's axe.min.js (build/axe/node_modules/axe-core/axe.min.js)")
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    audit = Audit(args.axe)
    serve, judge = os.path.abspath(args.serve), os.path.abspath(args.judge)
    for lang in ("en", "zh"):
        server = Server(serve, judge, "--lang", lang)
        try:
            every_state(audit, server, lang, args.screenshots)
        finally:
            server.stop()
    server = Server(serve, judge)
    try:
        keyboard(server)
        theme_switch(server)
    finally:
        server.stop()
    for rule, states in sorted(LESSER.items()):
        print("  note  axe found %s in %d states (%s)" % (rule, len(states), sorted(states)[0]))
    return finish("serve-access")


if __name__ == "__main__":
    sys.exit(main())
