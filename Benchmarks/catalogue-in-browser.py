#!/usr/bin/python3
"""A catalogue page in headless Chromium: how long it takes to open, and what
one keystroke in its search costs (docs/catalogue.md, "Large contracts").

Usage:
  python3 Benchmarks/synthesize-contract.py --events 5000 > /tmp/c5k.yaml
  old/.build/release/contractgen docs /tmp/c5k.yaml --output /tmp/old5k
  .build/release/contractgen docs /tmp/c5k.yaml --output /tmp/new5k
  /usr/bin/python3 Benchmarks/catalogue-in-browser.py old=/tmp/old5k/index.html \\
      new=/tmp/new5k/index.html [--query field_12] [--rounds 3]

One round opens each page once, in turn, in a fresh browser, so a change in
the machine's speed hits all of them alike. Per page and round it records:
- open: navigation start to the end of the load event (`performance.timing`);
- keystroke: the search box filled one character more each time, up to the
  whole query; per character, the search's own work (the `input` handler)
  plus the layout it leaves to do (a forced `offsetHeight` read), summed over
  the characters and divided by their number.
Prints each page's minimum and median over the rounds.
Needs Debian's chromium, chromium-driver and python3-selenium
(scripts/install-test-deps.sh).
"""
import argparse
import json
import os
import statistics

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

KEYSTROKE = """
var input = document.getElementById('search');
var start = performance.now();
input.value = arguments[0];
input.dispatchEvent(new Event('input'));
var searched = performance.now();
document.body.offsetHeight;
return [searched - start, performance.now() - searched];
"""


def measure(page, query):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(900)
    driver.set_script_timeout(900)
    try:
        driver.get("file://" + os.path.abspath(page))
        opened = driver.execute_script(
            "var t = performance.timing; return t.loadEventEnd - t.navigationStart;")
        strokes = [driver.execute_script(KEYSTROKE, query[:length]) for length in range(1, len(query) + 1)]
        return {"open_ms": opened,
                "search_ms": sum(s for s, _ in strokes) / len(strokes),
                "layout_ms": sum(l for _, l in strokes) / len(strokes)}
    finally:
        driver.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="+", metavar="NAME=INDEX_HTML")
    parser.add_argument("--query", default="field_12")
    parser.add_argument("--rounds", type=int, default=3)
    arguments = parser.parse_args()
    pages = [page.split("=", 1) for page in arguments.pages]
    results = {name: [] for name, _ in pages}
    for round_number in range(arguments.rounds):
        for name, path in pages:
            results[name].append(measure(path, arguments.query))
            print(f"round {round_number + 1} {name}: {json.dumps(results[name][-1])}", flush=True)
    for name, rounds in results.items():
        line = [name]
        for key in ("open_ms", "search_ms", "layout_ms"):
            values = [r[key] for r in rounds]
            line.append(f"{key} min {min(values):.0f} median {statistics.median(values):.0f}")
        print(" · ".join(line))


if __name__ == "__main__":
    main()
