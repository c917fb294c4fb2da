"""What fake-collector.py and fault-proxy.py share: a threaded HTTP server on
127.0.0.1 that prints `port N` as its first line and serves until killed."""

import signal
from http.server import ThreadingHTTPServer


def unblock_stop_signals():
    """A parent may have spawned us with SIGTERM blocked (Foundation's Process on
    Linux passes its thread's mask on): unblock it, so that stopping us works."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})


def serve(handler, port=0):
    """Listens on 127.0.0.1 (a free port when 0), prints `port N`, serves until stopped."""
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    print("port %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
