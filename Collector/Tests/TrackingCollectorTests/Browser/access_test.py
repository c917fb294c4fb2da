#!/usr/bin/python3
"""Drives headless chromium (selenium) against a collector started with a read
token and no write key, as a user and as an attacker's web page would:

- the monitor without the token: refused; with /?token=…: the token moves into a
  cookie, the address no longer holds it, rows and the live stream work;
- a page of another origin (http://localhost:PAGE_PORT) sends the batch a web page
  can send anywhere without asking (fetch no-cors text/plain, sendBeacon, a
  text/plain form) and tries DELETE /events: nothing is stored or deleted; the
  same text/plain fetch from the collector's own origin is stored (the attacks
  reach the collector: their refusal is the collector's doing);
- DNS rebinding: the browser resolves rebind.test to 127.0.0.1 (host resolver
  rules), so a page of http://rebind.test:PORT talks to the collector with its own
  name in Host and a matching Origin: DELETE /events and GET /events are refused.

usage: access_test.py BASE_URL TOKEN ARTIFACTS_DIR
Exits non-zero on any failure; prints "access: ok" at the end."""
import http.server, json, os, sys, threading, time, urllib.error, urllib.parse, urllib.request, uuid

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

base, token, artifacts = sys.argv[1], sys.argv[2], sys.argv[3]
port = urllib.parse.urlparse(base).port
os.makedirs(artifacts, exist_ok=True)


def call(method, path, body=None, headers=None):
    request = urllib.request.Request(base + path, data=body, method=method,
                                     headers={"Authorization": "Bearer " + token, **(headers or {})})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def event(uid):
    return {"event": "wishlistPageView", "kind": "pageView", "contractVersion": "1.3.0", "uuid": uid,
            "clientTimestamp": "2026-11-22T12:00:00.000Z", "viewType": "Wishlist",
            "uniqueViewId": "00000000-0000-4000-8000-000000000001", "skuItemList": ["1234"]}


def batch(uid):
    return json.dumps({"sentAt": "2026-11-22T12:00:01.000Z", "events": [event(uid)]})


def stats():
    status, body = call("GET", "/stats")
    assert status == 200, (status, body)
    return json.loads(body)


def stored():
    status, body = call("GET", "/events?limit=1000")
    assert status == 200, (status, body)
    return {e["uuid"] for e in json.loads(body)["events"]}


# The attacker's page, served from another origin.
forged = [str(uuid.uuid4()) for _ in range(3)]
attack_page = f"""<!doctype html><html><body>
<form id="form" method="POST" action="{base}/v1/batch" enctype="text/plain" target="sink">
<input name='{batch(forged[2])[:-1]},"pad":"' value='"}}'></form>
<iframe name="sink"></iframe>
<script>
window.attack = async function() {{
  const results = {{}};
  try {{ await fetch("{base}/v1/batch", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
                                         body: {json.dumps(batch(forged[0]))}}}); results.fetch = "sent"; }}
  catch (e) {{ results.fetch = "failed: " + e; }}
  results.beacon = navigator.sendBeacon("{base}/v1/batch", {json.dumps(batch(forged[1]))});
  try {{ const r = await fetch("{base}/events", {{method: "DELETE"}}); results.delete = r.status; }}
  catch (e) {{ results.delete = "blocked"; }}
  try {{ const r = await fetch("{base}/events"); results.read = r.status; }}
  catch (e) {{ results.read = "blocked"; }}
  document.getElementById("form").submit();
  return results;
}};
</script></body></html>"""


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = attack_page.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


page_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
threading.Thread(target=page_server.serve_forever, daemon=True).start()
page_port = page_server.server_address[1]

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,900",
                 "--host-resolver-rules=MAP rebind.test 127.0.0.1"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
wait = WebDriverWait(driver, 120, ignored_exceptions=[StaleElementReferenceException])


def shot(name):
    driver.save_screenshot(os.path.join(artifacts, name))


def rows():
    return driver.find_elements(By.CSS_SELECTOR, "#events tbody tr")


try:
    seeded = str(uuid.uuid4())
    status, _ = call("POST", "/v1/batch", batch(seeded).encode(), {"Content-Type": "application/json"})
    assert status == 200, status

    # The monitor needs the token; given once in the address, it becomes a cookie.
    driver.get(base + "/")
    assert "needs a token" in driver.page_source, driver.page_source
    assert seeded not in driver.page_source
    driver.get(base + "/?token=" + urllib.parse.quote(token))
    wait.until(lambda d: d.current_url.rstrip("/") == base)
    assert token not in driver.current_url
    wait.until(lambda d: d.find_element(By.ID, "status").text == "live")
    wait.until(lambda d: len(rows()) == 1 and seeded in rows()[0].text)
    live = str(uuid.uuid4())
    status, _ = call("POST", "/v1/batch", batch(live).encode(), {"Content-Type": "application/json"})
    assert status == 200, status
    wait.until(lambda d: len(rows()) == 2)
    shot("01-monitor-with-token.png")

    # Another origin's page: forged batches and a delete, all refused.
    driver.get(f"http://localhost:{page_port}/attack.html")
    refused = stats()["refusedOrigin"]
    results = driver.execute_script("return window.attack();")
    assert results["fetch"] == "sent" and results["beacon"] is True, results
    assert results["delete"] == "blocked" and results["read"] == "blocked", results
    # Each forged request reached the collector and was refused for its origin: the fetch, the
    # beacon, the form and the DELETE's preflight.
    wait.until(lambda d: stats()["refusedOrigin"] >= refused + 4)
    shot("02-attack-page.png")

    # The controls: the same text/plain fetch from the collector's own origin is stored.
    driver.get(base + "/")
    control = str(uuid.uuid4())
    answered = driver.execute_script(f"""return fetch("/v1/batch", {{method: "POST", headers: {{"Content-Type": "text/plain"}},
                                         body: {json.dumps(batch(control))}}}).then(r => r.status);""")
    assert answered == 200, answered
    have = stored()
    assert have == {seeded, live, control}, have

    # DNS rebinding: a page of http://rebind.test:PORT (resolved to 127.0.0.1). /health answers any Host,
    # so the page loads; everything else is refused for the foreign Host, with or without a matching Origin.
    driver.get(f"http://rebind.test:{port}/health")
    rebound = driver.execute_script("""return (async () => {
        const del = await fetch("/events", {method: "DELETE"});
        const read = await fetch("/events");
        const monitor = await fetch("/");
        return [del.status, read.status, monitor.status]; })();""")
    assert rebound == [421, 421, 421], rebound
    driver.get(f"http://rebind.test:{port}/")
    assert "does not serve the host" in driver.page_source, driver.page_source
    shot("03-rebinding-refused.png")
    have = stored()
    assert have == {seeded, live, control}, have
    print("access: ok")
except Exception:
    shot("failure.png")
    raise
finally:
    driver.quit()
    page_server.shutdown()
