"""serve-check's page in headless Chromium: an Accepted, a Wrong Answer and its smallest failing
puzzle, a Compile Error and a Runtime Error, each as the page shows it; a Submit while a report
streams, Stop, a page that leaves; Run on the example; the screenshots of --screenshots DIR."""
import os

from editor_checks import editor, keys, marked_lines, save_marked
from harness import (browser, check, set_width, source, start_sleeper, submit_and_wait, type_code, wait_for,
                     wait_gone)
from tab_checks import editorial, replayed, submissions_tab


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


def left(driver, server):
    """A page that leaves while its report streams: its judge ends."""
    pids = start_sleeper(driver, server)
    driver.get("about:blank")
    gone = wait_gone(pids, 15)
    check(gone, "a page that leaves while a judge runs: the judge ends (%s)" % pids)
    driver.get(server.url)
    wait_for(driver, "return document.body.dataset.ready", 20)


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
