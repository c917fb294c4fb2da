// The live monitor: loads a snapshot, then follows /monitor/stream (server-sent
// events; no polling). Each row is one uuid with both halves: what the collector
// received (verdict, violations, payload) and what the app reported (journey).
"use strict";

const rows = new Map();          // uuid -> { uuid, event, kind, collector, app: [] }
let sortKey = "time";
let ascending = false;
let selected = null;

const $ = (id) => document.getElementById(id);

function rowFor(uuid) {
  let row = rows.get(uuid);
  if (!row) {
    row = { uuid, event: "", kind: "", collector: null, app: [] };
    rows.set(uuid, row);
  }
  return row;
}

function add(item) {
  if (!item || !item.uuid) return;
  const row = rowFor(item.uuid);
  if (item.side === "app") {
    // The snapshot fetched after the stream opened may repeat steps the page or the stream brought.
    const step = JSON.stringify(item);
    if (row.app.some((known) => JSON.stringify(known) === step)) return;
    row.app.push(item);
    if (!row.event) row.event = item.event || "";
  } else {
    // A duplicate keeps the first arrival's verdict, marked as seen again.
    if (row.collector && item.verdict === "duplicate") { row.collector.duplicates = (row.collector.duplicates || 0) + 1; return; }
    if (row.collector && row.collector.duplicates) item.duplicates = row.collector.duplicates;
    row.collector = item;
    row.event = item.event || row.event;
    row.kind = item.kind || row.kind;
  }
}

function verdictOf(row) {
  if (!row.collector) return "not received";
  return row.collector.verdict;
}

function timeOf(row) {
  if (row.collector) return row.collector.receivedAt || "";
  return row.app.length ? row.app[0].at || "" : "";
}

function appSummary(row) {
  if (!row.app.length) return "";
  return row.app[row.app.length - 1].stage;
}

function matches(row) {
  const event = $("filter-event").value;
  const kind = $("filter-kind").value;
  const verdict = $("filter-verdict").value;
  const text = $("filter-text").value.trim().toLowerCase();
  if (event && row.event !== event) return false;
  if (kind && row.kind !== kind) return false;
  if (verdict && verdictOf(row) !== verdict) return false;
  if (text) {
    const haystack = JSON.stringify([row.uuid, row.event, row.kind, row.collector, row.app]).toLowerCase();
    if (!haystack.includes(text)) return false;
  }
  return true;
}

function sortValue(row) {
  switch (sortKey) {
    case "event": return row.event;
    case "kind": return row.kind;
    case "verdict": return verdictOf(row);
    case "app": return appSummary(row);
    case "uuid": return row.uuid;
    default: return timeOf(row);
  }
}

function visibleRows() {
  const list = [...rows.values()].filter(matches);
  list.sort((a, b) => {
    const x = sortValue(a), y = sortValue(b);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return ascending ? order : -order;
  });
  return list;
}

function fillSelect(id, values) {
  const select = $(id);
  const current = select.value;
  const known = new Set([...select.options].map((o) => o.value));
  for (const value of [...values].sort()) {
    if (value && !known.has(value)) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = value;
      select.appendChild(option);
    }
  }
  select.value = current;
}

let renderQueued = false;
// Every row is rendered here, from the snapshot the page holds and what streams in after.
function render() {
  if (renderQueued) return;
  renderQueued = true;
  requestAnimationFrame(() => {
    renderQueued = false;
    draw();
  });
}

// The table, the filters' choices and the count, from `rows`.
function draw() {
  fillSelect("filter-event", new Set([...rows.values()].map((r) => r.event)));
  fillSelect("filter-kind", new Set([...rows.values()].map((r) => r.kind)));
  const list = visibleRows();
  const body = document.querySelector("#events tbody");
  const fragment = document.createDocumentFragment();
  for (const row of list.slice(0, 2000)) {
    const tr = document.createElement("tr");
    tr.dataset.uuid = row.uuid;
    if (row.uuid === selected) tr.classList.add("selected");
    const verdict = verdictOf(row);
    const cells = [timeOf(row).replace("T", " ").replace("Z", ""), row.event, row.kind, null, appSummary(row), row.uuid];
    cells.forEach((text, index) => {
      const td = document.createElement("td");
      if (index === 3) {
        const badge = document.createElement("span");
        badge.className = "verdict verdict-" + verdict.replace(" ", "-");
        badge.textContent = verdict + (row.collector && row.collector.duplicates ? " (+" + row.collector.duplicates + ")" : "");
        td.appendChild(badge);
      } else {
        td.textContent = text;
      }
      if (index === 5) td.className = "uuid";
      tr.appendChild(td);
    });
    tr.addEventListener("click", () => showDetail(row.uuid));
    fragment.appendChild(tr);
  }
  body.replaceChildren(fragment);
  $("count").textContent = list.length + " of " + rows.size + " events";
  if (selected) showDetail(selected, true);
}

function showDetail(uuid, quiet) {
  const row = rows.get(uuid);
  if (!row) return;
  selected = uuid;
  $("detail").hidden = false;
  $("detail-title").textContent = (row.event || "event") + " · " + verdictOf(row);
  const facts = [["uuid", row.uuid], ["kind", row.kind], ["received", row.collector ? row.collector.receivedAt : "never"],
                 ["request", row.collector ? row.collector.requestId : ""], ["reason", row.collector && row.collector.reason || ""]];
  $("detail-facts").replaceChildren(...facts.filter((f) => f[1]).flatMap(([k, v]) => {
    const dt = document.createElement("dt"); dt.textContent = k;
    const dd = document.createElement("dd"); dd.textContent = v;
    return [dt, dd];
  }));
  const violations = row.collector ? row.collector.violations || [] : [];
  $("detail-violations").replaceChildren(...(violations.length ? violations : [{ path: "", message: "none" }]).map((v) => {
    const li = document.createElement("li");
    li.textContent = v.path ? v.path + ": " + v.message + " (" + v.code + ")" : v.message;
    return li;
  }));
  $("detail-journey").replaceChildren(...(row.app.length ? row.app : [{ stage: "no report from the app" }]).map((step) => {
    const li = document.createElement("li");
    li.textContent = [step.at, step.stage, step.requestId, step.reason, (step.violations || []).join("; ")].filter(Boolean).join(" · ");
    return li;
  }));
  $("detail-payload").textContent = row.collector ? JSON.stringify(row.collector.payload, null, 2) : "(not received)";
  if (!quiet) render();
}

// A cell a spreadsheet would read as a formula (OWASP, "CSV injection") is
// written with a leading apostrophe, which shows it as text.
function csvSafe(text) {
  return /^[=+\-@\t\r]/.test(text) ? "'" + text : text;
}

function exportRows(format) {
  const list = visibleRows();
  let text, type;
  if (format === "json") {
    text = JSON.stringify(list.map((row) => ({
      uuid: row.uuid, event: row.event, kind: row.kind, verdict: verdictOf(row),
      receivedAt: row.collector ? row.collector.receivedAt : null,
      violations: row.collector ? row.collector.violations : [],
      app: row.app.map((s) => s.stage), payload: row.collector ? row.collector.payload : null,
    })), null, 2);
    type = "application/json";
  } else {
    const quote = (v) => '"' + csvSafe(String(v ?? "")).replace(/"/g, '""') + '"';
    const lines = [["uuid", "event", "kind", "verdict", "receivedAt", "violations", "app"].join(",")];
    for (const row of list) {
      const violations = (row.collector ? row.collector.violations : []).map((v) => v.path + ": " + v.message).join(" | ");
      lines.push([row.uuid, row.event, row.kind, verdictOf(row), row.collector ? row.collector.receivedAt : "",
                  violations, row.app.map((s) => s.stage).join(" > ")].map(quote).join(","));
    }
    text = lines.join("\r\n") + "\r\n";
    type = "text/csv";
  }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = "events." + format;
  document.body.appendChild(link);
  link.click();
  link.remove();
  return text;
}

function addSnapshot(snapshot) {
  $("contract").textContent = snapshot.contract.name + " " + snapshot.contract.version;
  $("storage").textContent = snapshot.storage + (snapshot.showPII ? " · pii shown" : " · pii masked");
  snapshot.items.forEach(add);
}

function connect() {
  const source = new EventSource("/monitor/stream");
  let caughtUp = false;
  source.onopen = () => {
    $("status").textContent = "live"; $("status").className = "status live";
    // What arrived between the page's snapshot and this stream: a snapshot taken now holds it.
    if (!caughtUp) {
      caughtUp = true;
      fetch("/monitor/snapshot").then((response) => response.json())
        .then((snapshot) => { addSnapshot(snapshot); render(); }, (error) => console.error(error));
    }
  };
  source.onmessage = (message) => {
    try { add(JSON.parse(message.data)); render(); } catch (error) { console.error(error); }
  };
  source.onerror = () => { $("status").textContent = "reconnecting…"; $("status").className = "status down"; };
}

function start() {
  // The page holds a snapshot (the newest events when it was served): rows at once, no request first.
  addSnapshot(JSON.parse($("snapshot").textContent));
  // Drawn now, not at the next frame: the rows are in the page by the time it has loaded.
  draw();
  connect();
}

document.querySelectorAll("th[data-sort]").forEach((th) => th.addEventListener("click", () => {
  if (sortKey === th.dataset.sort) ascending = !ascending; else { sortKey = th.dataset.sort; ascending = true; }
  document.querySelectorAll("th").forEach((h) => h.classList.remove("sorted", "ascending"));
  th.classList.add("sorted");
  if (ascending) th.classList.add("ascending");
  render();
}));
["filter-event", "filter-kind", "filter-verdict"].forEach((id) => $(id).addEventListener("change", render));
$("filter-text").addEventListener("input", render);
$("export-json").addEventListener("click", () => exportRows("json"));
$("export-csv").addEventListener("click", () => exportRows("csv"));
$("detail-close").addEventListener("click", () => { selected = null; $("detail").hidden = true; render(); });
start();
