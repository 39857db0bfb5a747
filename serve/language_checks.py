"""serve-check's languages: the page in Chinese (--lang zh), and a judge's sentences, kept as
message ids, drawn in the page's language, Chinese or English (a judge of the test's own)."""
import os
import tempfile

from harness import Server, browser, check, source, submit_and_wait, type_code, wait_for


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
