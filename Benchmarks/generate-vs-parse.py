#!/usr/bin/env python3
"""`contractgen generate` timed against a bare libyaml parse of the same
contract, interleaved run by run (docs/performance.md, "Generation").

Usage:
  python3 Benchmarks/synthesize-contract.py > /tmp/c20k.yaml
  cc -O2 -o /tmp/bare-parse Benchmarks/BareParse/bare-parse.c -lyaml
  python3 Benchmarks/generate-vs-parse.py /tmp/c20k.yaml /tmp/bare-parse \\
      old=../old/.build/release/contractgen new=.build/release/contractgen [--rounds 40] [--target typescript|kotlin]

--target passes `--target TARGET` to every generator (default: swift).
Each NAME=CONTRACTGEN first generates into a scratch directory of its own;
every timed run then generates into that existing directory (nothing is
written: the files are compared). One round runs the bare parse, then each
generator once, so a change in the machine's speed hits all of them alike.
Prints, per program, the minimum, the 25th percentile and the median wall
time, and each as a ratio to the bare parse's. `--target` passes
`generate --target` (Swift by default).
"""
import argparse
import statistics
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("contract")
    parser.add_argument("bare_parse", help="the compiled Benchmarks/BareParse/bare-parse.c")
    parser.add_argument("generators", nargs="+", metavar="NAME=CONTRACTGEN")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--target", default="swift", help="the code target to generate (swift, typescript, kotlin)")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="generate-vs-parse-")
    commands = {"bare parse": [args.bare_parse, args.contract]}
    for spec in args.generators:
        name, _, path = spec.partition("=")
        if not path:
            parser.error(f"{spec!r} is not NAME=CONTRACTGEN")
        command = [path, "generate", args.contract, "--target", args.target, "--output", f"{scratch}/{name}"]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        commands[name] = command

    times = {name: [] for name in commands}
    for _ in range(args.rounds):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)

    base = sorted(times["bare parse"])
    width = max(len(name) for name in commands)
    for name, values in times.items():
        values.sort()
        low, quarter, median = values[0], values[len(values) // 4], statistics.median(values)
        print(f"{name:{width}}  min {low * 1000:6.1f} ms ({low / base[0]:.2f}x)"
              f"  p25 {quarter * 1000:6.1f} ms ({quarter / base[len(base) // 4]:.2f}x)"
              f"  median {median * 1000:6.1f} ms ({median / statistics.median(base):.2f}x)")


main()
