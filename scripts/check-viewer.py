#!/usr/bin/env python3
"""The session viewer in a real browser: `uniflow view` writes the pages, headless
Chromium opens them through WebDriver, and each check drives the page as a person would.

  - A recorded Todo session: select a step, read its diff, filter, move with the arrow
    keys, open a permalink (#step-N), and copy a test when the page was made with
    --package (if one is given).
  - A recorded GitHub-search session: both streams are listed, an output's value shows.
  - A hostile session (<script>, </textarea>, onerror=, ESC and C1 sequences, U+202E, a
    1 MiB note): everything shows as escaped text; no script runs, no element is made.
  - A session of 100,000 steps: the page paints, and jumping to the last step works; both
    times are printed.
  - A truncated file, a file that is not a session, a newer format: refused with the
    reader's typed error, and no page written.

Any error JavaScript logs fails the run. A screenshot of the Todo page is written to the
folder given by --screenshots.

Usage: check-viewer.py --uniflow PATH --todo SESSION --github SESSION --work DIR
       [--screenshots DIR] [--todo-with-tests PAGE]
"""
import argparse
import json
import os
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

failures = []


def check(condition, what):
    if condition:
        print(f"  ✓ {what}")
    else:
        print(f"  ✘ {what}")
        failures.append(what)


def view(uniflow, session, page, *extra):
    if os.path.exists(page):
        os.remove(page)
    result = subprocess.run([uniflow, "view", session, "--output", page, *extra],
                            capture_output=True, text=True)
    return result


def write_session(path, lines):
    with open(path, "w", encoding="utf-8") as out:
        for line in lines:
            out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")


def hostile_session(path):
    note = "<script>window.pwned=1</script>" + "\u202e" + "x" * (1 << 20)
    # U+200B (a format character) and U+E000 (private use) are hidden too, by the library's
    # one set; the placeholder's own text must change nothing.
    title = ("</textarea><img src=x onerror=\"window.pwned=2\">\u001b[2J\u009b31m\u202eevil"
             "\u200b\ue000/*HIDDEN*/")
    state0 = {"notes": []}
    state1 = {"notes": [title]}
    state2 = {"notes": [title, note]}
    write_session(path, [
        {"kind": "header", "schema": 1, "instance": 1,
         "reactor": "Evil.<script>window.pwned=3</script>Reactor", "library": "0.1.0",
         "state": state0},
        {"kind": "action", "instance": 1, "number": 1, "time": 1795000000.0,
         "action": {"add": {"_0": title}}},
        {"kind": "mutation", "instance": 1, "source": "mutate",
         "mutation": {"append": {"_0": title}}, "state": state1},
        {"kind": "action", "instance": 1, "number": 2, "time": 1795000001.5,
         "action": {"add": {"_0": note}}},
        {"kind": "mutation", "instance": 1, "source": "mutate",
         "mutation": {"append": {"_0": note}}, "state": state2},
    ])


def timed_session(path):
    """Three actions with their times on the main actor (5 ms, 40 ms, 0.8 ms): the second is
    longer than a frame. The first's value is a case with a struct, as Swift's Codable
    writes it."""
    task = {"id": 7, "isDone": True, "title": "Milk \"2%\""}
    state = {"tasks": [task], "selectedIndex": None}
    lines = [{"kind": "header", "schema": 1, "instance": 1, "reactor": "Shop.TasksReactor",
              "library": "0.1.0", "state": {"tasks": [], "selectedIndex": None}}]
    for number, (micros, action, mutation) in enumerate([
            (5000, {"updateTask": {"_0": 0, "_1": task}}, {"setTasks": {"tasks": [task], "selectedIndex": None}}),
            (40000, {"refresh": {}}, {"select": {"index": 0}}),
            (800, {"rename": {"_0": "Bread"}}, {"select": {"index": 0}})], 1):
        lines.append({"kind": "action", "instance": 1, "number": number,
                      "time": 1795000000.0 + number * 0.5, "action": action})
        lines.append({"kind": "mutation", "instance": 1, "source": "mutate",
                      "mutation": mutation, "state": state})
        lines.append({"kind": "timing", "instance": 1, "number": number, "microseconds": micros})
    write_session(path, lines)


def large_session(path, count):
    lines = [{"kind": "header", "schema": 1, "instance": 1, "reactor": "Big.CounterReactor",
              "library": "0.1.0", "state": {"count": 0}}]
    for number in range(1, count // 2 + 1):
        lines.append({"kind": "action", "instance": 1, "number": number,
                      "time": 1795000000 + number / 1000, "action": {"increase": {}}})
        lines.append({"kind": "mutation", "instance": 1, "source": "mutate",
                      "mutation": {"increase": {}}, "state": {"count": number}})
    write_session(path, lines)


def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for binary in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        if os.path.exists(binary):
            options.binary_location = binary
    driver_path = "/usr/bin/chromedriver"
    service = Service(driver_path) if os.path.exists(driver_path) else Service()
    return webdriver.Chrome(service=service, options=options)


def open_page(driver, page, fragment=""):
    driver.get("file://" + page + fragment)
    for _ in range(200):
        if driver.execute_script("return window.uniflowViewerReady === true"):
            return
        time.sleep(0.02)
    raise RuntimeError(f"{page} never got ready")


def script_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def text(driver, element_id):
    return driver.find_element(By.ID, element_id).text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--uniflow", required=True)
    parser.add_argument("--todo", required=True)
    parser.add_argument("--github", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("--todo-with-tests")
    arguments = parser.parse_args()
    work = os.path.abspath(arguments.work)
    os.makedirs(work, exist_ok=True)

    print("--- bad files are refused, and no page is written")
    truncated = os.path.join(work, "truncated.jsonl")
    with open(arguments.todo, encoding="utf-8") as source:
        whole = source.read()
    with open(truncated, "w", encoding="utf-8") as out:
        out.write(whole[: len(whole) - 40])
    foreign = os.path.join(work, "foreign.jsonl")
    with open(foreign, "w", encoding="utf-8") as out:
        out.write("<html>not a session</html>\n")
    newer = os.path.join(work, "newer.jsonl")
    write_session(newer, [{"kind": "header", "schema": 99, "instance": 1, "reactor": "A.B"}])
    for path, words in [(truncated, "is cut off"), (foreign, "not a session line"),
                        (newer, "session format 99")]:
        page = path + ".html"
        result = view(arguments.uniflow, path, page)
        check(result.returncode != 0 and words in result.stderr and not os.path.exists(page),
              f"{os.path.basename(path)}: refused ({result.stderr.strip()[:90]})")
    existing = os.path.join(work, "existing.html")
    with open(existing, "w") as out:
        out.write("keep me")
    result = subprocess.run([arguments.uniflow, "view", arguments.todo, "--output", existing],
                            capture_output=True, text=True)
    with open(existing) as kept:
        check(result.returncode != 0 and kept.read() == "keep me", "an existing page is not overwritten")

    driver = browser()
    try:
        print("--- the Todo session")
        todo_page = os.path.join(work, "todo.html")
        result = view(arguments.uniflow, arguments.todo, todo_page)
        check(result.returncode == 0 and result.stdout.strip() == todo_page, "uniflow view prints the page's path")
        open_page(driver, todo_page)
        tabs = driver.find_elements(By.CSS_SELECTOR, "nav button")
        check(len(tabs) >= 2 and "TaskListViewReactor" in tabs[0].text, f"every recording is listed ({len(tabs)})")
        rows = driver.find_elements(By.CSS_SELECTOR, ".row")
        toggle = next((row for row in rows if "toggleTaskDone" in row.text), None)
        check(toggle is not None, "the timeline shows the list's actions")
        if toggle:
            toggle.click()
            # The mutation after it is what changed isDone.
            driver.find_element(By.ID, "list").send_keys(Keys.ARROW_DOWN)
            diff = text(driver, "diff")
            check("−" in diff and "+" in diff and "isDone" in diff,
                  "a mutation's diff shows isDone before (−) and after (+)")
            check(driver.current_url.split("#")[1].startswith("step-"), "the selection is in the address")
        before = driver.current_url
        driver.find_element(By.ID, "list").send_keys(Keys.ARROW_UP)
        check(driver.current_url != before, "↑ moves the selection")
        box = driver.find_element(By.ID, "filter")
        box.send_keys("deleteTask")
        shown = driver.find_elements(By.CSS_SELECTOR, ".row")
        check(len(shown) >= 1 and all("deleteTask" in row.text or "removeTask" in row.text or "deleteTask" in row.text for row in shown[:1]),
              f"the filter keeps the matching steps ({text(driver, 'count')})")
        box.clear()
        open_page(driver, todo_page, "#step-5")
        check(text(driver, "step-title").startswith("#5 "), "a permalink opens its step")
        if arguments.screenshots:
            os.makedirs(arguments.screenshots, exist_ok=True)
            open_page(driver, todo_page, "#step-9")
            path = os.path.join(arguments.screenshots, "session-viewer.png")
            driver.save_screenshot(path)
            check(os.path.getsize(path) > 10_000, f"screenshot written: {path}")
        copy = driver.find_element(By.ID, "copy-test")
        check(copy.get_attribute("disabled") is not None, "without --package, Copy as test says how to enable it")

        if arguments.todo_with_tests:
            print("--- Copy as test")
            # Step 2 is the list's first mutation, produced by the refresh's effect.
            open_page(driver, os.path.abspath(arguments.todo_with_tests), "#step-2")
            driver.find_element(By.ID, "copy-test").click()
            copied = driver.find_element(By.ID, "test-text").get_attribute("value")
            check("ReactorTester(effects: .suppliedByTest)" in copied and "tester.send(.refresh)" in copied
                  and ".setTasks(" in copied and "toggleTaskDone" not in copied
                  and copied.rstrip().endswith("await tester.finish()\n  }\n}")
                  and "uniflow-step" not in copied, "the copied test is test-from-recording's, cut after the step")

        print("--- the GitHub-search session")
        github_page = os.path.join(work, "github.html")
        view(arguments.uniflow, arguments.github, github_page)
        open_page(driver, github_page)
        tabs = [tab.text for tab in driver.find_elements(By.CSS_SELECTOR, "nav button")]
        check(any("SearchViewStream (stream" in tab for tab in tabs) and any("SearchAPIStream (stream" in tab for tab in tabs),
              "both streams are listed")
        rows = driver.find_elements(By.CSS_SELECTOR, ".row")
        check(any("searchText" in row.text for row in rows) or len(tabs) > 1, "an input shows on the timeline")

        print("--- values as Swift, and each action's time on the main actor")
        timed = os.path.join(work, "timed.jsonl")
        timed_session(timed)
        timed_page = os.path.join(work, "timed.html")
        result = view(arguments.uniflow, timed, timed_page)
        check(result.returncode == 0, "a session with timing lines is written as a page")
        open_page(driver, timed_page, "#step-1")
        title = text(driver, "step-title")
        check(title == '#1 action .updateTask(0, (id: 7, isDone: true, title: "Milk \\"2%\\""))',
              f"an action reads as Swift, a case with its struct's fields ({title})")
        check(".setTasks(" in text(driver, "value") or ".updateTask(" in text(driver, "value"),
              "the value panel shows Swift, not JSON")
        check('{"' not in text(driver, "value") and '"_0"' not in text(driver, "value"),
              "no JSON braces or positional keys in the value")
        order = driver.execute_script(
            "return ['diff', 'value', 'state'].map((id) => document.getElementById(id))"
            ".map((e) => e.getBoundingClientRect().top)")
        check(order[0] < order[1] < order[2], "the diff comes first, then the value, then the state")
        open_page(driver, timed_page, "#step-2")
        check("tasks: [(id: 7" in text(driver, "diff") and "+" in text(driver, "diff"),
              "the diff is of the state written as Swift")
        bars = driver.find_elements(By.CSS_SELECTOR, "#chart rect.bar")
        slow = driver.find_elements(By.CSS_SELECTOR, "#chart rect.bar.slow")
        check(len(bars) == 3 and len(slow) == 1, f"the chart has a bar an action, one over a frame ({len(bars)}, {len(slow)})")
        check("1 longer than a frame" in text(driver, "chart-note") and "longest #3, 40.0 ms" in text(driver, "chart-note"),
              f"the chart says how many actions took longer than a frame ({text(driver, 'chart-note')})")
        slow[0].click()
        check(text(driver, "step-title").startswith("#3 action .refresh")
              and "main actor 40.0 ms, longer than a frame (16 ms)" in text(driver, "meta"),
              "the slow bar opens its action, whose time is marked")
        rows = [row for row in driver.find_elements(By.CSS_SELECTOR, ".row.slow")]
        check(len(rows) == 1 and "40.0 ms" in rows[0].text, "the slow action's row is marked with its time")
        if arguments.screenshots:
            os.makedirs(arguments.screenshots, exist_ok=True)
            path = os.path.join(arguments.screenshots, "session-viewer-timing.png")
            driver.save_screenshot(path)
            check(os.path.getsize(path) > 10_000, f"screenshot written: {path}")

        print("--- a hostile session")
        hostile = os.path.join(work, "hostile.jsonl")
        hostile_session(hostile)
        hostile_page = os.path.join(work, "hostile.html")
        result = view(arguments.uniflow, hostile, hostile_page)
        check(result.returncode == 0, "the hostile session is written as a page")
        open_page(driver, hostile_page, "#step-2")
        check(driver.execute_script("return window.pwned === undefined"), "no script from the session ran")
        check(len(driver.find_elements(By.TAG_NAME, "img")) == 0, "no element was made from its text")
        page_text = driver.find_element(By.TAG_NAME, "body").text
        check("<script>" in page_text and "\\u{1B}[2J" in page_text and "\\u{202E}" in page_text
              and "\\u{9B}" in page_text and "onerror=" in page_text
              and "\\u{200B}" in page_text and "\\u{E000}" in page_text and "/*HIDDEN*/" in page_text,
              "its text shows as text, escaped: <script>, onerror=, \\u{1B}, \\u{9B}, \\u{202E}, "
              "\\u{200B}, \\u{E000}, and the placeholder's text as it is")
        check(all(c not in page_text for c in "\u202e\u001b\u200b\ue000"),
              "no control, direction, format or private-use character reaches the screen")
        open_page(driver, hostile_page, "#step-4")
        check(len(text(driver, "value")) > 1_000_000, "the 1 MiB note shows whole")

        print("--- 100,000 steps")
        large = os.path.join(work, "large.jsonl")
        large_session(large, 100_000)
        large_page = os.path.join(work, "large.html")
        view(arguments.uniflow, large, large_page)
        started = time.monotonic()
        open_page(driver, large_page)
        ready = time.monotonic() - started
        paint = driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : null")
        started = time.monotonic()
        driver.execute_script("location.hash = '#step-100000'")
        for _ in range(500):
            if text(driver, "step-title").startswith("#100000 "):
                break
            time.sleep(0.01)
        jump = time.monotonic() - started
        check(text(driver, "step-title").startswith("#100000 "), "the last step opens")
        check(len(driver.find_elements(By.CSS_SELECTOR, ".row")) < 200, "only the visible rows are drawn")
        print(f"  measured: first contentful paint {paint:.0f} ms, ready {ready * 1000:.0f} ms, "
              f"jump to the last step {jump * 1000:.0f} ms")

        errors = script_errors(driver)
        check(not errors, f"JavaScript logged no error {errors[:2] if errors else ''}")
    finally:
        driver.quit()

    if failures:
        sys.exit(f"viewer: {len(failures)} check(s) failed")
    print("viewer: every check passed")


if __name__ == "__main__":
    main()
