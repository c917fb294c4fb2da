#!/usr/bin/python3
"""The browser half of scripts/typescript-delivery.sh: Debian's headless
Chromium (python3-selenium) on a page of 127.0.0.1 (page.html) that queues
events into IndexedDB and delivers them to the real collector behind the fault
proxy. The page is reloaded with the collector down and in the middle of a
flush (the proxy answers 2 s after the collector stored a batch), and left
(pagehide: a keepalive send); a second tab shares the queue; the browser is
killed (SIGKILL) right after `track` resolved and a new one restores the
events. Every event must be stored exactly once.

    browser_test.py WEB_ROOT PAGE_PORT PROXY_URL COLLECTOR_URL

WEB_ROOT holds node_modules/@contractgen/runtime/dist and app/ (page.html,
out/browser-page.js); it is served on 127.0.0.1:PAGE_PORT, the origin the
collector allows (--allow-origin). Exit status 1 on any failed check."""
import functools
import json
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

root, page_port, proxy, collector = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
failures = []
checks = 0


def check(condition, what):
    global checks
    checks += 1
    if not condition:
        failures.append(what)
        print("FAIL: " + what, flush=True)


def mode(value):
    request = urllib.request.Request(proxy + "/_fault", data=json.dumps({"mode": value}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    urllib.request.urlopen(request, timeout=30).read()


def get(url):
    return json.loads(urllib.request.urlopen(url, timeout=30).read())


def stored_counts(uuids):
    counts = {}
    for uuid in uuids:
        events = get(f"{collector}/events?uuid={uuid}&limit=10")["events"]
        counts[uuid] = sum(1 for e in events if e["uuid"].lower() == uuid.lower())
    return counts


def wait_until(what, condition, seconds=120):
    """Polls `condition` until it holds or `seconds` passed (a loaded machine is slow)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    check(False, "timed out waiting for: " + what)
    return None


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


Quiet.extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **{".js": "text/javascript"})
server = ThreadingHTTPServer(("127.0.0.1", page_port), functools.partial(Quiet, directory=root))
threading.Thread(target=server.serve_forever, daemon=True).start()

profile = tempfile.mkdtemp(prefix="delivery-browser-")


def start_browser():
    """Chromium on the test's own profile, so that a second browser finds the first one's IndexedDB."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-extensions", "--user-data-dir=" + profile):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    started = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    started.set_script_timeout(120)
    return started


def kill_browser(service_pid):
    """SIGKILL to every process chromedriver (`service_pid`) started, by pid, and their children."""
    def children(pid):
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                found.append(int(entry))
        return found
    pids, queue = [], children(service_pid)
    while queue:
        pid = queue.pop()
        pids.append(pid)
        queue.extend(children(pid))
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    return pids


driver = start_browser()
page = f"http://127.0.0.1:{page_port}/app/page.html?collector={proxy}"


def load(url=page):
    driver.get(url)
    wait_until("the page is ready", lambda: driver.title == "ready", 60)


def test(expression):
    return driver.execute_script("return window.deliveryTest." + expression)


try:
    # 1. The collector down: events go to IndexedDB and survive a reload.
    mode("drop")
    load()
    check(test("queueKind") == "IndexedDBQueue", "the page queues into IndexedDB: " + str(test("queueKind")))
    down = test("track(20, 'down')")
    check(len(down) == 20, "20 events tracked with the collector down")
    time.sleep(1)
    check(test("pending()") == 20, "all 20 kept while the collector is down")
    # A second tab of the same origin shares the database; neither overwrites the other's events.
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    load()
    check(test("restored") == 20, f"a second tab restores the 20 events ({test('restored')})")
    second = test("track(5, 'second-tab')")
    driver.close()
    driver.switch_to.window(first_tab)
    load()
    check(test("restored") == 25, f"the reloaded page restored the 25 events of both tabs from IndexedDB ({test('restored')})")
    down += second

    # 2. The collector up but slow: reload in the middle of a flush (stored, not yet answered).
    before = get(collector + "/stats")["events"]
    mode("slow")
    wait_until("a batch stored by the collector (the flush in flight)", lambda: get(collector + "/stats")["events"] > before, 60)
    load()
    check(test("restored") > 0, "the reload in the middle of the flush kept the unconfirmed events: " + str(test("restored")))
    mode("pass")
    check(wait_until("the queue emptied", lambda: test("pending()") == 0) is not None, "every event delivered once the collector is up")

    # 3. Leaving the page (pagehide): a keepalive send of what is queued; the events stay queued until a flush confirms them.
    load(page + "&interval=600000")
    left = test("track(5, 'pagehide')")
    driver.get("about:blank")
    wait_until("the pagehide send stored by the collector", lambda: all(c == 1 for c in stored_counts(left).values()), 60)
    load()
    check(test("restored") == 5, "the events sent on pagehide stay queued until confirmed: " + str(test("restored")))
    check(wait_until("the queue emptied", lambda: test("pending()") == 0) is not None, "and a flush confirms them")

    # 4. The browser killed (SIGKILL) right after track resolved: a new browser on the profile restores the events.
    mode("drop")
    load()
    killed = test("track(5, 'killed-browser')")
    killed_pids = kill_browser(driver.service.process.pid)
    check(len(killed_pids) > 0, "the browser's processes were killed")
    try:
        driver.quit()
    except Exception:
        pass
    driver = start_browser()
    load()
    check(test("restored") == 5, "after the browser was killed, its 5 events are restored from IndexedDB: " + str(test("restored")))
    mode("pass")
    check(wait_until("the queue emptied", lambda: test("pending()") == 0) is not None, "and delivered once the collector is up")

    counts = stored_counts(down + left + killed)
    wrong = {u: c for u, c in counts.items() if c != 1}
    check(not wrong, f"every event stored exactly once: {len(counts) - len(wrong)} of {len(counts)}; not so: {wrong}")
    print("collector duplicates (resent after a reload, dropped by uuid):", get(collector + "/stats")["duplicates"])
finally:
    if failures:
        for entry in driver.get_log("browser")[-20:]:
            print("console:", entry.get("message"))
    driver.quit()
    server.shutdown()
    shutil.rmtree(profile, ignore_errors=True)

if checks == 0:
    print("FAIL: the browser test checked nothing")
    sys.exit(1)
print(f"browser: {checks - len(failures)} of {checks} checks passed")
sys.exit(1 if failures else 0)
