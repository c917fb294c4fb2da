"""A tracking-collector process for the benchmark scripts (hostile.py, list-memory.py):
started on a free loopback port, and its peak resident memory."""
import re
import subprocess
import sys
import threading
import time


def start(executable, options=()):
    """Starts the collector with `--port 0` and `options`; returns (process, port)."""
    process = subprocess.Popen([executable, "--port", "0", *options], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    started = time.monotonic()
    while time.monotonic() - started < 30:
        line = process.stdout.readline().decode(errors="replace")
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if match:
            # Keep the pipe drained (one log line per batch) without blocking the collector.
            threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
            return process, int(match.group(1))
    process.kill()
    sys.exit("the collector did not start")


def peak_kib(pid):
    """VmHWM of /proc/PID/status: the process's peak resident memory, in KiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0
