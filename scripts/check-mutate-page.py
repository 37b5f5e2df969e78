#!/usr/bin/env python3
"""uniflow mutate's report page in headless Chromium, with hostile source in it.

The page comes from a run over a file whose survivors' lines hold a <script> element, an
<img onerror=…>, an ESC sequence and U+202E. In a real browser, none of it may act: no
script or image element from the source, no alert, no error in the console; the text shows
the markup as text and the hidden characters as \\u{…}. A screenshot is kept for a person
to look at. Run by scripts/check-mutate.sh.
"""
import argparse
import os
import sys

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1300,1100", "--allow-file-access-from-files"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    for binary in ["/usr/bin/chromium", "/usr/bin/chromium-browser"]:
        if os.path.exists(binary):
            options.binary_location = binary
    driver_path = "/usr/bin/chromedriver"
    service = Service(driver_path) if os.path.exists(driver_path) else Service()
    return webdriver.Chrome(service=service, options=options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True)
    parser.add_argument("--screenshot", required=True)
    arguments = parser.parse_args()
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    driver = browser()
    try:
        driver.get("file://" + os.path.abspath(arguments.page))
        try:
            driver.switch_to.alert
            failures.append("an alert opened: source text ran as script")
        except NoAlertPresentException:
            pass
        check(driver.find_elements(By.TAG_NAME, "script") == [], "a <script> element is on the page")
        check(driver.find_elements(By.TAG_NAME, "img") == [], "an <img> element is on the page")
        errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        check(errors == [], f"the console has errors: {errors}")
        body = driver.find_element(By.TAG_NAME, "body").text
        check("<script>alert(1)</script>" in body, "the <script> markup is not shown as text")
        check("<img src=x onerror=alert(2)>" in body, "the <img onerror> markup is not shown as text")
        check("\\u{1B}[31m" in body, "the ESC sequence is not shown escaped")
        check("\\u{202E}" in body, "U+202E is not shown escaped")
        check("\x1b" not in body and "\u202e" not in body, "a hidden character reached the page as it is")
        check(driver.find_elements(By.CSS_SELECTOR, ".survivor"), "the page shows no survivor")
        check("HostileLabels" in driver.find_element(By.ID, "screens").text,
              "the screens' table does not name the hostile file's type")
        os.makedirs(os.path.dirname(arguments.screenshot), exist_ok=True)
        driver.save_screenshot(arguments.screenshot)
    finally:
        driver.quit()
    if failures:
        for failure in failures:
            print("error: mutate's page:", failure, file=sys.stderr)
        sys.exit(1)
    print(f"mutate: the report page shows hostile source as text in Chromium ({arguments.screenshot})")


if __name__ == "__main__":
    main()
