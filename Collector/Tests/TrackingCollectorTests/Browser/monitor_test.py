#!/usr/bin/python3
"""Drives the live monitor in headless chromium (selenium): open the page, send
batches and journey reports, see rows appear live, filter, sort, open a detail,
export JSON and CSV. Screenshots go to the artifacts folder.

usage: monitor_test.py BASE_URL ARTIFACTS_DIR
Exits non-zero on any failure (a missing chromium or chromedriver included)."""
import csv, io, json, os, sys, time, urllib.request, uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import Select, WebDriverWait

base, artifacts = sys.argv[1], sys.argv[2]
os.makedirs(artifacts, exist_ok=True)
for stale in os.listdir(artifacts):
    os.remove(os.path.join(artifacts, stale))


def post(path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))


def event(name, uid, **fields):
    payload = {"event": name, "kind": "pageView", "contractVersion": "1.3.0", "uuid": uid,
               "clientTimestamp": "2026-11-22T12:00:00.000Z", "uniqueViewId": "00000000-0000-4000-8000-000000000001"}
    payload.update(fields)
    return payload


options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
# Rows are re-rendered as events stream in: a row found a moment ago may be gone
# when its cells are read, so a condition that meets a stale row is tried again.
# 120 s only ends a wait for what never comes: a busy machine renders late.
wait = WebDriverWait(driver, 120, ignored_exceptions=[StaleElementReferenceException])


def rows():
    return driver.find_elements(By.CSS_SELECTOR, "#events tbody tr")


def shot(name):
    driver.save_screenshot(os.path.join(artifacts, name))


try:
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": os.path.abspath(artifacts)})
    before = str(uuid.uuid4())
    post("/v1/batch", {"sentAt": "x", "events": [event("wishlistPageView", before, viewType="Wishlist", skuItemList=["1234"])]})

    driver.get(base + "/")
    wait.until(lambda d: d.find_element(By.ID, "status").text == "live")
    wait.until(lambda d: len(rows()) == 1)
    shot("01-loaded.png")

    valid, flagged, rejected, search, lost = (str(uuid.uuid4()) for _ in range(5))
    answer = post("/v1/batch", {"sentAt": "x", "events": [
        event("wishlistPageView", valid, viewType="Wishlist", skuItemList=["1234"]),
        event("wishlistPageView", flagged, viewType="Wishlist", skuItemList=["1234"], colour="red"),
        # Rejected, with a name a spreadsheet would run as a formula and a pii value: masked, exported as text.
        event("=HYPERLINK(\"http://example.com\")", rejected, viewType="Wishlist", clientTimestamp="noon",
              searchQuery="secret query", customer={"email": "secret@example.com"}),
        event("searchResultsPageView", search, viewType="Product Listing", searchQuery="secret query", skuItemList=["1234"]),
    ]})
    assert answer["rejectedCount"] == 1, answer
    steps = [{"uuid": valid, "event": "wishlistPageView", "stage": s, "at": "2026-11-22T12:00:00.000Z"}
             for s in ["created", "validated", "persisted", "sent", "confirmed"]]
    steps += [{"uuid": lost, "event": "homePageView", "stage": s, "at": "2026-11-22T12:00:00.000Z"}
              for s in ["created", "validated", "persisted", "sent"]]
    recorded = post("/v1/journey", {"steps": steps})
    assert recorded["recorded"] == len(steps), recorded

    # Live: the new rows arrive over the stream, without reloading the page.
    wait.until(lambda d: len(rows()) == 6)
    shot("02-live.png")

    verdict = Select(driver.find_element(By.ID, "filter-verdict"))
    verdict.select_by_value("rejected")
    wait.until(lambda d: len(rows()) == 1 and rejected in rows()[0].text)
    shot("03-filter-rejected.png")
    verdict.select_by_value("not received")
    wait.until(lambda d: len(rows()) == 1 and lost in rows()[0].text)
    verdict.select_by_value("violations")
    wait.until(lambda d: len(rows()) == 1 and flagged in rows()[0].text)
    verdict.select_by_value("")

    Select(driver.find_element(By.ID, "filter-event")).select_by_value("searchResultsPageView")
    wait.until(lambda d: len(rows()) == 1)
    Select(driver.find_element(By.ID, "filter-event")).select_by_value("")
    text = driver.find_element(By.ID, "filter-text")
    text.send_keys(valid[:13])
    wait.until(lambda d: len(rows()) == 1 and valid in rows()[0].text)
    text.clear()
    text.send_keys(" ")  # an input event with an empty filter
    text.clear()
    driver.execute_script("document.getElementById('filter-text').dispatchEvent(new Event('input'))")
    wait.until(lambda d: len(rows()) == 6)

    # Sort by event name, ascending then descending.
    header = driver.find_element(By.CSS_SELECTOR, "th[data-sort=event]")
    header.click()
    wait.until(lambda d: [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows()] ==
               sorted(r.find_elements(By.TAG_NAME, "td")[1].text for r in rows()))
    header.click()
    wait.until(lambda d: [r.find_elements(By.TAG_NAME, "td")[1].text for r in rows()] ==
               sorted((r.find_elements(By.TAG_NAME, "td")[1].text for r in rows()), reverse=True))
    shot("04-sorted.png")

    # Detail: the pii value is masked; both halves of the valid event are shown.
    driver.find_element(By.CSS_SELECTOR, f"tr[data-uuid='{search}']").click()
    wait.until(lambda d: d.find_element(By.ID, "detail").is_displayed())
    payload = driver.find_element(By.ID, "detail-payload").text
    assert "secret query" not in payload and "•••" in payload, payload
    shot("05-detail-pii-masked.png")
    driver.find_element(By.CSS_SELECTOR, f"tr[data-uuid='{valid}']").click()
    wait.until(lambda d: "confirmed" in d.find_element(By.ID, "detail-journey").text)
    driver.find_element(By.CSS_SELECTOR, f"tr[data-uuid='{lost}']").click()
    wait.until(lambda d: "not received" in d.find_element(By.ID, "detail-title").text)
    shot("06-detail-not-received.png")
    assert "secret query" not in driver.page_source and "secret@example.com" not in driver.page_source

    # Export what is shown.
    for name in ["events.json", "events.csv"]:
        path = os.path.join(artifacts, name)
        if os.path.exists(path):
            os.remove(path)
    driver.find_element(By.ID, "export-json").click()
    driver.find_element(By.ID, "export-csv").click()
    deadline = time.time() + 120
    while time.time() < deadline and not all(os.path.exists(os.path.join(artifacts, n)) for n in ["events.json", "events.csv"]):
        time.sleep(0.1)
    exported = json.load(open(os.path.join(artifacts, "events.json")))
    assert len(exported) == 6, len(exported)
    assert {row["verdict"] for row in exported} == {"valid", "violations", "rejected", "not received"}, exported
    table = list(csv.reader(io.open(os.path.join(artifacts, "events.csv"), newline="")))
    assert table[0][:4] == ["uuid", "event", "kind", "verdict"] and len(table) == 7, table
    # No cell a spreadsheet would read as a formula (OWASP: = + - @ tab CR first).
    assert all(not cell or cell[0] not in "=+-@\t\r" for row in table for cell in row), table
    assert ["'=HYPERLINK(\"http://example.com\")"] == [row[1] for row in table if row[0] == rejected], table
    for name in ["events.json", "events.csv"]:
        text = io.open(os.path.join(artifacts, name)).read()
        assert "secret query" not in text and "secret@example.com" not in text, name

    # The page holds the snapshot and monitor.js renders every row from it before the
    # page has loaded: what a plain headless screenshot shows, with no wait for a request.
    driver.get(base + "/")
    assert len(rows()) == 6, [r.text for r in rows()]
    # Read in one script call: once the live stream opens, monitor.js draws the rows again from a
    # fresh snapshot, and an element found before that would be stale.
    first_paint = driver.execute_script("return document.querySelector(arguments[0]).innerText", f"tr[data-uuid='{rejected}']")
    assert "=HYPERLINK" in first_paint, first_paint
    shot("08-first-paint.png")

    # Without running any script the table is empty (rows have one renderer, the script),
    # and the snapshot the page holds is masked.
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(base + "/")
    assert len(rows()) == 0, [r.text for r in rows()]
    snapshot = json.loads(driver.find_element(By.ID, "snapshot").get_attribute("textContent"))
    assert {item["uuid"] for item in snapshot["items"]} >= {valid, flagged, rejected, search, lost}, snapshot
    assert "secret query" not in driver.page_source and "secret@example.com" not in driver.page_source
    shot("07-without-script.png")
    print("monitor: ok")
except Exception:
    shot("failure.png")
    raise
finally:
    driver.quit()
