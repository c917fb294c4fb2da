#!/usr/bin/env python3
"""The measuring loop of Benchmarks/collector-load.sh (read that script first).

    run.py sqlite|postgres COLLECTOR BATCHES_PREFIX

sqlite:   one collector with a SQLite file, against the same executable started with
          --benchmark-sink (answers 200 without reading the body), alternately.
postgres: two collectors sharing the PostgreSQL of COLLECTOR_TEST_POSTGRES_URL
          (scripts/with-test-postgres.sh), against two sink instances, alternately.

With BASELINE=path (another build of tracking-collector, such as the code before a
change), each round runs that build instead of the sink, with the same storage and
load: the two builds back to back, round by round. BASELINE_ARGS (split at spaces)
are added to the baseline's arguments: BASELINE=COLLECTOR with
BASELINE_ARGS=--benchmark-without-arrivals measures what the arrival counts cost.
The summary then gives the rounds' ratios of CPU per event (baseline / collector:
below 1, the collector costs more) and of the rate, each round against the
baseline run just before it.

Each round: wrk for DURATION seconds with CONNECTIONS connections in all (--latency),
then the stored events are counted through GET /stats (duplicates too: a batch is
sent at most once per round, so they should be 0). Bounded: ROUNDS rounds, every
process stopped at the end of its round, every wait capped.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

CASE, COLLECTOR, BATCHES = sys.argv[1], sys.argv[2], sys.argv[3]
BASELINE = os.environ.get("BASELINE")
BASELINE_ARGS = os.environ.get("BASELINE_ARGS", "").split()
MODES = ("baseline", "collector") if BASELINE else ("sink", "collector")
ROUNDS = int(os.environ.get("ROUNDS", "5"))
DURATION = int(os.environ.get("DURATION", "8"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "8"))
HERE = os.path.dirname(os.path.abspath(__file__))
LOGS = tempfile.mkdtemp(prefix="run.", dir=os.path.dirname(os.path.abspath(BATCHES)))
assert 1 <= ROUNDS <= 20 and 1 <= DURATION <= 60 and 2 <= CONNECTIONS <= 64


def start(arguments, name, executable=COLLECTOR):
    log = open(os.path.join(LOGS, name + ".log"), "w+")
    process = subprocess.Popen([executable, "--port", "0"] + arguments, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        log.seek(0)
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log.read())
        if match:
            return process, int(match.group(1))
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    log.seek(0)
    sys.exit(f"run.py: {name} did not start:\n{log.read()}")


def stop(processes):
    for process, _ in processes:
        process.terminate()
    for process, _ in processes:
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def cpu_seconds(process):
    """User and system CPU time the process has used since it started (/proc/PID/stat)."""
    with open(f"/proc/{process.pid}/stat") as text:
        fields = text.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_memory_mb(process):
    """The process's peak resident memory so far (VmHWM in /proc/PID/status), in MB."""
    with open(f"/proc/{process.pid}/status") as text:
        kilobytes = int(re.search(r"^VmHWM:\s+(\d+) kB", text.read(), re.MULTILINE).group(1))
    return kilobytes / 1024


def stats(port):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/stats", timeout=30) as answer:
        return json.load(answer)


def wrk(ports):
    """One wrk per instance, all at once, CONNECTIONS split between them; their parsed figures."""
    per = CONNECTIONS // len(ports)
    threads = 2 if len(ports) == 1 else 1
    commands = [["wrk", "-t", str(threads), "-c", str(per), "-d", f"{DURATION}s", "--timeout", "10s", "--latency",
                 "-s", os.path.join(HERE, "post-batch.lua"), f"http://127.0.0.1:{port}/v1/batch",
                 "--", BATCHES, str(index * threads), str(threads * len(ports))]
                for index, port in enumerate(ports)]
    running = [subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True) for command in commands]
    results = []
    for process in running:
        output, _ = process.communicate(timeout=DURATION + 60)
        results.append(parse(output))
    return results


def seconds(text):
    value, unit = re.match(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(value) * {"us": 1e-6, "ms": 1e-3, "s": 1, "m": 60}[unit]


def parse(output):
    try:
        return parse_figures(output)
    except (AttributeError, ValueError):
        sys.exit(f"run.py: cannot read wrk's output:\n{output}")


def parse_figures(output):
    requests, elapsed = re.search(r"(\d+) requests in ([\d.]+\w+),", output).groups()
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    errors = re.search(r"Socket errors: (.*)", output)
    wraps = re.search(r"wrapped around (\d+) times", output)
    return {
        "requests": int(requests),
        "seconds": seconds(elapsed),
        # The latency distribution's lines (not the "+/- Stdev" column, which ends in % too).
        "p50": seconds(re.search(r"^\s+50%\s+(\S+)$", output, re.MULTILINE).group(1)),
        "p99": seconds(re.search(r"^\s+99%\s+(\S+)$", output, re.MULTILINE).group(1)),
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
        "errors": errors.group(1) if errors else "",
        "wraps": int(wraps.group(1)) if wraps else 0,
    }


def round_of(mode, index):
    count = 1 if CASE == "sqlite" else 2
    if mode == "sink":
        arguments = [["--benchmark-sink"]] * count
    elif CASE == "sqlite":
        arguments = [["--database", os.path.join(LOGS, f"events-{mode}-{index}.sqlite")]]
    else:
        arguments = [["--postgres", os.environ["COLLECTOR_TEST_POSTGRES_URL"]]] * count
    executable = BASELINE if mode == "baseline" else COLLECTOR
    if mode == "baseline":
        arguments = [a + BASELINE_ARGS for a in arguments]
    instances = [start(arguments[n], f"{mode}-{index}-{n}", executable) for n in range(count)]
    try:
        if mode != "sink" and CASE == "postgres":
            # Each round sends the same batches: start from an empty database.
            request = urllib.request.Request(f"http://127.0.0.1:{instances[0][1]}/events", method="DELETE")
            urllib.request.urlopen(request, timeout=30).read()
        results = wrk([port for _, port in instances])
        time.sleep(0.5)   # answers still in flight when wrk stopped its clock
        stored = stats(instances[0][1]) if mode != "sink" else None
        cpu = sum(cpu_seconds(process) for process, _ in instances)
        memory = max(peak_memory_mb(process) for process, _ in instances)
    finally:
        stop(instances)
    elapsed = max(r["seconds"] for r in results)
    requests = sum(r["requests"] for r in results)
    row = {
        "requests": requests,
        "non2xx": sum(r["non2xx"] for r in results),
        "errors": "; ".join(r["errors"] for r in results if r["errors"]),
        "wraps": sum(r["wraps"] for r in results),
        "p50": max(r["p50"] for r in results),
        "p99": max(r["p99"] for r in results),
        "seconds": elapsed,
    }
    # Events acknowledged within wrk's clock: 100 a 2xx answer (every event is valid;
    # for the sink, what the load would have carried). The stored count, read after
    # the answers still in flight, must be at least that, with no duplicates.
    row["events_per_second"] = (requests - row["non2xx"]) * 100 / elapsed
    # Per CPU second of the collector processes (PostgreSQL's own processes not
    # counted): steadier than the rate on a machine shared with other jobs.
    row["cpu"] = cpu
    row["peak_mb"] = memory
    row["events_per_cpu_second"] = (requests - row["non2xx"]) * 100 / cpu
    if stored is not None:
        row["stored"] = stored["events"]
        row["duplicates"] = stored["duplicates"]
        row["rejected"] = stored["rejected"]
    return row


def load():
    with open("/proc/loadavg") as text:
        return " ".join(text.read().split()[:3])


print(f"case {CASE}: {ROUNDS} rounds of {DURATION} s, {CONNECTIONS} connections in all, load average before: {load()}")
rows = {mode: [] for mode in MODES}
for index in range(ROUNDS):
    for mode in MODES:
        row = round_of(mode, index)
        rows[mode].append(row)
        extra = "" if mode == "sink" else f" stored {row['stored']} dup {row['duplicates']} rejected {row['rejected']}"
        print(f"  round {index + 1} {mode:9} {row['events_per_second']:10.0f} events/s"
              f"  {row['events_per_cpu_second']:9.0f} per CPU s ({row['cpu']:.1f} s)  {row['requests']} requests"
              f"  p50 {row['p50'] * 1e3:.1f} ms  p99 {row['p99'] * 1e3:.1f} ms  peak {row['peak_mb']:.0f} MB"
              f"  non-2xx {row['non2xx']}"
              f"  wraps {row['wraps']}{extra}{'  errors ' + row['errors'] if row['errors'] else ''}"
              f"  load {load()}", flush=True)
names = {"sink": "sink (200, body unread)", "baseline": "baseline (validate + store)",
         "collector": "collector (validate + store)"}
for mode, name in ((mode, names[mode]) for mode in MODES):
    rates = [row["events_per_second"] for row in rows[mode]]
    p99s = [row["p99"] * 1e3 for row in rows[mode]]
    per_cpu = [row["events_per_cpu_second"] for row in rows[mode]]
    peaks = [row["peak_mb"] for row in rows[mode]]
    print(f"{CASE} {name:30} events/s min {min(rates):.0f} median {statistics.median(rates):.0f} max {max(rates):.0f};"
          f" per CPU s min {min(per_cpu):.0f} median {statistics.median(per_cpu):.0f};"
          f" p99 ms min {min(p99s):.1f} median {statistics.median(p99s):.1f} max {max(p99s):.1f};"
          f" peak MB max {max(peaks):.0f}")
if BASELINE:
    # Round by round (the two ran one after the other), so a change of load between rounds cancels out.
    cpu_ratios = [c["events_per_cpu_second"] / b["events_per_cpu_second"] for b, c in zip(rows["baseline"], rows["collector"])]
    rate_ratios = [c["events_per_second"] / b["events_per_second"] for b, c in zip(rows["baseline"], rows["collector"])]
    print(f"{CASE} collector / baseline, events per CPU s: median {statistics.median(cpu_ratios):.3f}"
          f" (rounds {', '.join(f'{r:.3f}' for r in cpu_ratios)});"
          f" events/s: median {statistics.median(rate_ratios):.3f} (rounds {', '.join(f'{r:.3f}' for r in rate_ratios)})")
print(f"load average after: {load()}")
