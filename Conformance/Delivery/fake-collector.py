#!/usr/bin/env python3
"""A scripted collector for the delivery protocol's cases (docs/wire-format.md,
"Delivery protocol"): every runtime's runner starts it, delivers to it, and
checks the same expectations (Conformance/Delivery/cases.json).

    fake-collector.py --cases Conformance/Delivery/cases.json --case NAME

Listens on 127.0.0.1 on a free port and prints `port N` as its first line.
Every POST (any path) is a batch `{"sentAt": ..., "events": [{"uuid": ...}, ...]}`
(gzip bodies accepted). The case's answers are given to successive POSTs in
order; after them every POST gets 200 with a verdict accepting the whole batch.
`GET /_received` answers `{"requests": [{"status", "uuids"}...], "stored": [...]}`:
`stored` holds each uuid a 2xx verdict accepted (or a verdict-less 2xx
confirmed), once, in arrival order. Standard library only."""

import argparse
import gzip
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler

from loopback_server import serve, unblock_stop_signals

STALL_SECONDS = 30


class State:
    def __init__(self, answers):
        self.lock = threading.Lock()
        self.answers = list(answers)
        self.requests = []
        self.stored = []
        self.stored_set = set()

    def next_answer(self):
        with self.lock:
            if self.answers:
                return self.answers.pop(0)
        return {"status": 200, "body": "verdict:accept-all"}

    def record(self, status, uuids, confirmed):
        with self.lock:
            self.requests.append({"status": status, "uuids": uuids})
            for uuid in confirmed:
                if uuid not in self.stored_set:
                    self.stored_set.add(uuid)
                    self.stored.append(uuid)


def verdict_body(kind, uuids):
    """The body for `verdict:KIND`, and the uuids a 2xx with it confirms."""
    rejected = lambda ids: [{"uuid": u, "reason": "rejected by the fake collector"} for u in ids]
    if kind == "accept-all":
        return {"accepted": uuids, "rejected": []}, uuids
    if kind == "reject-first":
        return {"accepted": uuids[1:], "rejected": rejected(uuids[:1])}, uuids[1:]
    if kind == "reject-all":
        return {"accepted": [], "rejected": rejected(uuids)}, []
    if kind == "accept-none":
        return {"accepted": []}, []
    if kind == "accept-all-violations":
        violations = [{"uuid": uuids[0], "violations": [
            {"path": "screen", "code": "unknownField", "message": "is not in the contract"}]}] if uuids else []
        return {"accepted": uuids, "rejected": [], "violations": violations, "violationsCount": len(violations)}, uuids
    raise ValueError("unknown verdict kind: " + kind)


def make_handler(state):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def send(self, status, body=b"", headers=None, content_type="application/json"):
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            if self.path == "/_received":
                with state.lock:
                    body = json.dumps({"requests": state.requests, "stored": state.stored}).encode()
                self.send(200, body)
            else:
                self.send(404, b"not found", content_type="text/plain")

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            if (self.headers.get("Content-Encoding") or "").lower() == "gzip":
                raw = gzip.decompress(raw)
            try:
                uuids = [str(e.get("uuid", "")).lower() for e in json.loads(raw)["events"]]
            except (ValueError, KeyError, TypeError, AttributeError):
                uuids = []
            answer = state.next_answer()
            fault = answer.get("fault")
            if fault == "drop":
                state.record(0, uuids, [])
                self.close_connection = True
                self.connection.close()
                return
            if fault == "stall":
                state.record(0, uuids, [])
                time.sleep(STALL_SECONDS)
                self.close_connection = True
                return
            status = answer["status"]
            body_kind = answer.get("body", "none")
            confirmed = []
            if body_kind == "none":
                body, content_type = b"", "text/plain"
                confirmed = uuids if 200 <= status < 300 else []
            elif body_kind.startswith("text:"):
                body, content_type = body_kind[5:].encode(), "text/plain"
                confirmed = uuids if 200 <= status < 300 else []
            elif body_kind.startswith("verdict:"):
                verdict, accepted = verdict_body(body_kind[8:], uuids)
                body, content_type = json.dumps(verdict).encode(), "application/json"
                confirmed = accepted if 200 <= status < 300 else []
            else:
                raise ValueError("unknown body: " + body_kind)
            state.record(status, uuids, confirmed)
            self.send(status, body, answer.get("headers"), content_type)

    return Handler


def main():
    unblock_stop_signals()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", required=True)
    parser.add_argument("--case", required=True)
    args = parser.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        cases = {c["name"]: c for c in json.load(f)["cases"]}
    if args.case not in cases:
        sys.exit("no case named %r in %s (cases: %s)" % (args.case, args.cases, ", ".join(sorted(cases))))
    state = State(cases[args.case]["answers"])
    serve(make_handler(state))


if __name__ == "__main__":
    main()
