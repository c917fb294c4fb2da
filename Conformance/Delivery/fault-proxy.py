#!/usr/bin/env python3
"""A proxy with faults, in front of the real collector, for the runtimes'
fault tests (docs/wire-format.md, "Delivery protocol").

    fault-proxy.py --upstream http://127.0.0.1:PORT

Listens on 127.0.0.1 on a free port and prints `port N` as its first line.
Requests are forwarded to the upstream (path, body and headers as they came)
and its answer returned, unless the mode says otherwise. `POST /_fault` with
`{"mode": M}` sets the mode:

    pass          forward (the default)
    drop          close the connection without an answer
    stall         hold the request unanswered for 600 s
    slow          forward, then answer the client 2 s after the upstream did
                  (a client killed meanwhile leaves events the collector stored)
    status:N      answer N without forwarding (404, 500, 413...)
    token:T       answer 401 unless `Authorization: Bearer T`; forward otherwise
    max-bytes:B   answer 413 when the body is larger than B bytes; forward otherwise

`GET /_stats` answers the count of requests per outcome (`forwarded`,
`dropped`, `stalled`, `status:N`...). Standard library only."""

import argparse
import http.client
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler

from loopback_server import serve, unblock_stop_signals

HOP_BY_HOP = {"host", "content-length", "connection", "keep-alive", "transfer-encoding"}


class State:
    def __init__(self):
        self.lock = threading.Lock()
        self.mode = "pass"
        self.stats = {}

    def count(self, outcome):
        with self.lock:
            self.stats[outcome] = self.stats.get(outcome, 0) + 1


def make_handler(state, upstream):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, body=b"", headers=()):
            self.send_response(status)
            for name, value in headers:
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def control(self, body):
            if self.path == "/_fault":
                mode = json.loads(body or b"{}").get("mode", "pass")
                with state.lock:
                    state.mode = mode
                self.answer(200, json.dumps({"mode": mode}).encode(), [("Content-Type", "application/json")])
                return True
            if self.path == "/_stats":
                with state.lock:
                    stats = dict(state.stats, mode=state.mode)
                self.answer(200, json.dumps(stats).encode(), [("Content-Type", "application/json")])
                return True
            return False

        def handle_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if self.control(body):
                return
            with state.lock:
                mode = state.mode
            if mode == "drop":
                state.count("dropped")
                self.close_connection = True
                self.connection.close()
                return
            if mode == "stall":
                state.count("stalled")
                time.sleep(600)
                self.close_connection = True
                return
            if mode.startswith("status:"):
                status = int(mode[7:])
                state.count(mode)
                self.answer(status, b"fault-proxy: HTTP %d" % status, [("Content-Type", "text/plain")])
                return
            if mode.startswith("token:"):
                if self.headers.get("Authorization") != "Bearer " + mode[6:]:
                    state.count("status:401")
                    self.answer(401, b"fault-proxy: wrong token", [("Content-Type", "text/plain")])
                    return
            if mode.startswith("max-bytes:") and len(body) > int(mode[10:]):
                state.count("status:413")
                self.answer(413, b"fault-proxy: body too large", [("Content-Type", "text/plain")])
                return
            connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=120)
            try:
                headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
                connection.request(self.command, self.path, body=body, headers=headers)
                response = connection.getresponse()
                data = response.read()
                status, response_headers = response.status, response.getheaders()
            except OSError:
                state.count("upstream-down")
                self.close_connection = True
                self.connection.close()
                return
            finally:
                connection.close()
            if mode == "slow":
                time.sleep(2)
            state.count("forwarded")
            self.answer(status, data, response_headers)

        do_GET = do_POST = do_PUT = do_OPTIONS = handle_any

    return Handler


def main():
    unblock_stop_signals()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True, help="the collector's base URL, e.g. http://127.0.0.1:8080")
    parser.add_argument("--port", type=int, default=0, help="the port to listen on (default: a free one)")
    args = parser.parse_args()
    upstream = urllib.parse.urlparse(args.upstream)
    serve(make_handler(State(), upstream), args.port)


if __name__ == "__main__":
    main()
