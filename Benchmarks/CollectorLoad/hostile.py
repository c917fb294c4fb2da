#!/usr/bin/env python3
"""Peak memory of tracking-collector under issue 13's hostile inputs
(Benchmarks/collector-load.sh). Each input goes to a fresh collector process;
its peak resident memory (VmHWM of /proc/PID/status) is read once the answer
came, next to the same process's peak after one normal batch.

    hostile.py COLLECTOR_EXECUTABLE [COLLECTOR_OPTION ...]

Options after the executable are passed to every collector started
(e.g. `--max-json-values 1000000000` to see what the value limit saves).

Loopback only; every send and read is bounded in bytes and in time.
"""
import re
import select
import socket
import subprocess
import sys
import threading
import time
import uuid
import zlib

from collector_process import peak_kib, start as start_collector

EXECUTABLE = sys.argv[1]
OPTIONS = sys.argv[2:]
DEADLINE = 60  # seconds, any one exchange


def start():
    return start_collector(EXECUTABLE, OPTIONS)


def exchange(port, head, body_chunks=(), total=0):
    """Sends head, then body chunks (a generator, at most `total` bytes) until the
    answer starts arriving; returns the status (None when closed without one)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE)
    deadline = time.monotonic() + DEADLINE
    answer = b""
    try:
        sock.sendall(head)
        sent = 0
        for chunk in body_chunks:
            if sent >= total or time.monotonic() > deadline:
                break
            readable, writable, _ = select.select([sock], [sock], [], 1)
            if readable:
                break
            if writable:
                try:
                    sent += sock.send(chunk)
                except OSError:
                    break
        while len(answer) < 1 << 20 and time.monotonic() < deadline:
            try:
                data = sock.recv(65536)
            except OSError:
                break
            if not data or b"\r\n\r\n" in answer + data:
                answer += data
                break
            answer += data
    finally:
        sock.close()
    match = re.match(rb"HTTP/1\.1 (\d{3})", answer)
    return int(match.group(1)) if match else None


def event():
    return ('{"event":"wishlistPageView","kind":"pageView","contractVersion":"1.3.0","uuid":"%s",'
            '"clientTimestamp":"2026-11-22T12:00:00.000Z","viewType":"Wishlist",'
            '"uniqueViewId":"%s","skuItemList":["1234"]}' % (uuid.uuid4(), uuid.uuid4()))


def post(body, gzipped=False):
    headers = [b"POST /v1/batch HTTP/1.1", b"Host: x", b"Content-Type: application/json",
               b"Content-Length: %d" % len(body), b"Connection: close"]
    if gzipped:
        headers.append(b"Content-Encoding: gzip")
    return b"\r\n".join(headers) + b"\r\n\r\n" + body


def normal_batch(port):
    return exchange(port, post(('{"sentAt":"x","events":[' + ",".join(event() for _ in range(100)) + "]}").encode()))


def spaces(size):
    block = b" " * 65536
    while True:
        yield block


def chunks():
    block = b"10000\r\n" + b" " * 65536 + b"\r\n"
    while True:
        yield block


def empty_events_gzip(count):
    """A gzip stream of {"sentAt":"x","events":[{},{},...]} with `count` events, made in pieces."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    parts = [compressor.compress(b'{"sentAt":"x","events":[')]
    piece = b"{}," * 100_000
    for _ in range(count // 100_000):
        parts.append(compressor.compress(piece))
    parts.append(compressor.compress(b"{}]}"))
    parts.append(compressor.flush())
    return b"".join(parts)


def idle_connections(port, count=500, hold=3):
    sockets = []
    for _ in range(count):
        try:
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    time.sleep(hold)
    opened = len(sockets)
    for sock in sockets:
        sock.close()
    # The collector still answers.
    return f"{opened} held {hold} s, then batch {normal_batch(port)}"


def two_header_lines(port):
    request = b"POST /v1/batch HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * (3 << 20) + b"\r\n\r\n"
    results = []
    threads = [threading.Thread(target=lambda: results.append(exchange(port, request))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(DEADLINE)
    return results


bomb = empty_events_gzip(10_000_000)
under_inflate_limit = empty_events_gzip(5_300_000)   # inflates to 15.9 MB, under the 16 MB limit
plain_empty = b'{"sentAt":"x","events":[' + b"{}," * 1_300_000 + b"{}]}"   # 3.9 MB: just under the 4 MB body limit
# Three values per event, two of them objects with member room: about the costliest
# shape per value. 83,000 events are 249,003 values, just under the default
# --max-json-values (refused after parsing, for their number of events); 100,000 are over.
def nested_events(count):
    return b'{"sentAt":"x","events":[' + b",".join([b'{"a":{"b":0}}'] * count) + b"]}"
CASES = [
    ("32 KB request line", lambda port: exchange(port, b"GET /" + b"a" * 32768 + b" HTTP/1.1\r\nHost: x\r\n\r\n")),
    ("two 3 MB header lines at once", two_header_lines),
    ("200 MB body, Content-Length", lambda port: exchange(
        port, b"POST /v1/batch HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % (200 << 20), spaces(200 << 20), 200 << 20)),
    ("200 MB body, chunked", lambda port: exchange(
        port, b"POST /v1/batch HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", chunks(), 200 << 20)),
    (f"gzip bomb: {len(bomb) // 1024} KB of 10 million empty events", lambda port: exchange(port, post(bomb, gzipped=True))),
    (f"gzip of 5.3 million empty events ({len(under_inflate_limit) // 1024} KB, 15.9 MB inflated)",
     lambda port: exchange(port, post(under_inflate_limit, gzipped=True))),
    ("1.3 million empty events, plain (3.9 MB)", lambda port: exchange(port, post(plain_empty))),
    ('83,000 events {"a":{"b":0}} (249,003 values)', lambda port: exchange(port, post(nested_events(83_000)))),
    ('100,000 events {"a":{"b":0}} (300,003 values)', lambda port: exchange(port, post(nested_events(100_000)))),
    ("500 idle connections", idle_connections),
]

print(f"{'input':48} {'answer':>24} {'after start':>12} {'1 batch':>10} {'input':>10}  (peak RSS, MiB)")
for name, run in CASES:
    process, port = start()
    try:
        at_start = peak_kib(process.pid)
        baseline_status = normal_batch(port)
        baseline = peak_kib(process.pid)
        result = run(port)
        time.sleep(0.2)
        peak = peak_kib(process.pid)
        alive = normal_batch(port)
        print(f"{name:48} {str(result):>24} {at_start / 1024:12.1f} {baseline / 1024:10.1f} {peak / 1024:10.1f}"
              f"  (batch before {baseline_status}, after {alive})", flush=True)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
