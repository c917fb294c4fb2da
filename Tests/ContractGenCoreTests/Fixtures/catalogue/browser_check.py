#!/usr/bin/python3
"""Drives headless Chromium over a generated catalogue (CatalogueBrowserTests).

Usage: browser_check.py INDEX_HTML SCREENSHOT_DIR SEARCH_QUERY [DEEP_LINK_EVENT]
(DEEP_LINK_EVENT defaults to the second event of the page.)
Prints one JSON object with what the page did; the Swift test decides.
Needs Debian's chromium, chromium-driver and python3-selenium.
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By


def visible_events(driver):
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('article.event'))"
        ".filter(function (a) { return !a.hidden; }).map(function (a) { return a.dataset.event; });")


POSITION = ("var r = document.getElementById('event-' + arguments[0]).getBoundingClientRect();"
            "return [r.top, window.innerHeight, document.getElementById('searchbar').getBoundingClientRect().bottom];")


def landed_position(driver, event):
    """The event's top, the window's height and the search bar's bottom, once the
    event is in view below the bar, or after 60 s (a bound for a page that never
    scrolls there; a loaded machine may scroll late)."""
    deadline = time.time() + 60
    while True:
        top, height, bar = driver.execute_script(POSITION, event)
        if (bar - 1 <= top < height / 2) or time.time() > deadline:
            return [top, height, bar]
        time.sleep(0.05)


def main():
    index, shots, query = sys.argv[1], sys.argv[2], sys.argv[3]
    deep_link_event = sys.argv[4] if len(sys.argv) > 4 else None
    os.makedirs(shots, exist_ok=True)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    result = {}
    try:
        url = "file://" + os.path.abspath(index)
        driver.get(url)
        result["title"] = driver.title
        result["allEvents"] = visible_events(driver)
        result["status"] = driver.find_element(By.ID, "search-status").text
        driver.save_screenshot(os.path.join(shots, "1-loaded.png"))

        # Search as a person types it, one key at a time.
        box = driver.find_element(By.ID, "search")
        for character in query:
            box.send_keys(character)
        result["searchEvents"] = visible_events(driver)
        result["searchStatus"] = driver.find_element(By.ID, "search-status").text
        result["searchVisibleRows"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('article.event:not([hidden]) tbody tr'))"
            ".filter(function (r) { return !r.hidden; }).map(function (r) { return r.dataset.search; });")
        result["searchNav"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('#toc li[data-event]'))"
            ".filter(function (li) { return !li.hidden; }).map(function (li) { return li.dataset.event; });")
        driver.save_screenshot(os.path.join(shots, "2-search.png"))
        box.send_keys("zzzz-nothing-matches")
        result["noMatchEvents"] = visible_events(driver)
        result["noMatchMessageShown"] = driver.execute_script("return !document.getElementById('no-results').hidden;")

        # A link to an event the search hides: the click clears the search and lands there.
        target = result["allEvents"][-1]
        driver.execute_script("document.querySelector('#toc a[href=\"#event-' + arguments[0] + '\"]').click();", target)
        result["afterClickTop"] = landed_position(driver, target)
        result["afterClickHash"] = driver.execute_script("return location.hash;")
        result["afterClickSearch"] = box.get_attribute("value")
        driver.save_screenshot(os.path.join(shots, "3-link.png"))

        # Every in-page link has a target.
        result["links"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href]')).map(function (a) { return a.getAttribute('href'); });")
        result["missingTargets"] = driver.execute_script(
            "return Array.from(document.querySelectorAll('a[href^=\"#\"]')).map(function (a) { return a.getAttribute('href').slice(1); })"
            ".filter(function (id) { return !document.getElementById(decodeURIComponent(id)); });")

        # A deep link opened directly.
        deep_link_event = deep_link_event or result["allEvents"][1]
        # Through about:blank, so that it is a fresh load, not a jump within the open page.
        driver.get("about:blank")
        driver.get(url + "#event-" + deep_link_event)
        result["deepLinkTop"] = landed_position(driver, deep_link_event)
        driver.save_screenshot(os.path.join(shots, "4-deep-link.png"))

        # Resources the page loaded: only itself.
        result["resources"] = driver.execute_script(
            "return performance.getEntriesByType('resource').map(function (e) { return e.name; });")
        result["console"] = [entry for entry in driver.get_log("browser")]
    finally:
        driver.quit()
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
