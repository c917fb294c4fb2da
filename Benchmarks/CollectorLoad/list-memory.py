#!/usr/bin/env python3
"""Peak memory of tracking-collector answering its largest lists (issue 25):
the monitor's snapshot and /events over a store of large events, read by a client
that is fast, then by one that reads slowly (1 MiB every 0.2 s) (Benchmarks/collector-load.sh lists).

    list-memory.py COLLECTOR_EXECUTABLE [EVENTS] [PAYLOAD_BYTES]

The store (a SQLite file, EVENTS events of about PAYLOAD_BYTES each, 10,000 of
20,000 bytes by default) is written straight into the collector's own schema
(created by starting the collector on the file once), then a fresh collector
serves it. Peak resident memory is VmHWM of /proc/PID/status: after start,
after the snapshot, after /events. Each answer is checked whole: valid JSON
with every row. Loopback only; every read is bounded in time.
"""
import json
import re
import socket
import sqlite3
import sys
import tempfile
import time
import uuid

from collector_process import peak_kib, start as start_collector

EXECUTABLE = sys.argv[1]
EVENTS = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
PAYLOAD = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000
DEADLINE = 300


def start(database):
    return start_collector(EXECUTABLE, ["-d", database])


def peak_mib(pid):
    return peak_kib(pid) / 1024


def get(port, path, slow=False):
    """The whole answer to GET path (HTTP/1.1, Connection: close), its body decoded."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
    deadline = time.monotonic() + DEADLINE
    chunks = []
    received = 0
    while time.monotonic() < deadline:
        data = sock.recv(1 << 16)
        if not data:
            break
        chunks.append(data)
        received += len(data)
        if slow and received >= 1 << 20:
            received = 0
            time.sleep(0.2)
    sock.close()
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    if b"chunked" in head.lower():
        decoded, at = [], 0
        while True:
            line_end = body.find(b"\r\n", at)
            if line_end < 0:
                sys.exit(f"list-memory: {path}: the chunked answer ends without its last chunk")
            size = int(body[at:line_end], 16)
            if size == 0:
                break
            decoded.append(body[line_end + 2:line_end + 2 + size])
            at = line_end + 2 + size + 2
        body = b"".join(decoded)
    else:
        length = int(re.search(rb"content-length: *(\d+)", head.lower()).group(1))
        if len(body) != length:
            sys.exit(f"list-memory: {path}: {len(body)} bytes of the {length} promised")
    return head.split(b"\r\n")[0].decode(), json.loads(body), len(raw)


def main():
    directory = tempfile.mkdtemp(prefix="list-memory.")
    database = f"{directory}/store.sqlite"
    process, _ = start(database)  # creates the schema
    process.terminate()
    process.wait()
    connection = sqlite3.connect(database)
    padding = "x" * PAYLOAD
    for first in range(0, EVENTS, 1000):
        rows = []
        for index in range(first, min(first + 1000, EVENTS)):
            event_uuid = str(uuid.uuid4())
            payload = json.dumps({"event": "wishlistPageView", "kind": "pageView", "contractVersion": "1.3.0",
                                  "uuid": event_uuid, "clientTimestamp": "2026-11-22T12:00:00.000Z",
                                  "viewType": "Wishlist", "n": index, "padding": padding})
            rows.append((event_uuid, "wishlistPageView", "pageView", payload, "[]", "bench", time.time()))
        connection.executemany("INSERT INTO events (uuid, event_name, kind, payload, violations, request_id, received_at) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        connection.commit()
    connection.close()
    print(f"list-memory: {EVENTS} events of {PAYLOAD} bytes stored")
    process, port = start(database)
    try:
        print(f"list-memory: after start {peak_mib(process.pid):.1f} MiB")
        for label, path, slow in [("snapshot", "/monitor/snapshot?limit=10000", False),
                                  ("events", "/events?limit=10000", False),
                                  ("events, slow reader", "/events?limit=10000", True)]:
            status, answer, size = get(port, path, slow)
            rows = answer.get("items", answer.get("events"))
            print(f"list-memory: {label}: {status}, {len(rows)} rows, {size / 1048576:.1f} MiB answered, "
                  f"peak {peak_mib(process.pid):.1f} MiB")
    finally:
        process.terminate()
        process.wait()


main()
