#!/usr/bin/env python3
"""Writes a monorepo of app sources for the status scan benchmark.

Usage: python3 synthesize-status-tree.py OUT [--files N] [--lines N] [--events N] [--seed N]

OUT gets contract.yaml (N events of contract Bench) and an app per language:
ios/ (Swift), web/ (TypeScript, with a shared package that re-exports) and
android/ (Kotlin), about --lines lines in --files files in all (default
2,000 files, 500,000 lines). The files look like app code: types, functions,
comments and strings that mention events, interpolations, and calls of the
generated event functions in every form the scanners know. The generated
code is written by status-scan.sh (contractgen generate), which then
times `contractgen status` on the tree.
The output is deterministic for a given seed.
"""
import argparse
import os
import random


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--lines", type=int, default=500_000)
    parser.add_argument("--events", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    # Event names already in lower camel case: every target's function name is the event's name.
    events = ["screen%dViewed" % i for i in range(args.events)]

    contract = ["contract: Bench\nversion: 1.0.0\n\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n\n",
                "kinds:\n  action: {}\n\nfields:\n  label: { type: string }\n\nevents:\n"]
    for name in events:
        contract.append("  %s:\n    kind: action\n    optional: [label]\n" % name)
    write(os.path.join(args.out, "contract.yaml"), "".join(contract))

    per_file = max(20, args.lines // args.files)
    counts = {"swift": args.files * 35 // 100, "kotlin": args.files * 30 // 100}
    counts["typescript"] = args.files - counts["swift"] - counts["kotlin"]

    def ev():
        return rng.choice(events)

    # Swift: ios/Sources/App/FeatureN.swift; the generated module goes to ios/Sources/BenchTracking/Generated.
    for n in range(counts["swift"]):
        lines = ["import Foundation", "import BenchTracking", "", "typealias Tracking%d = Bench" % n, ""]
        lines.append("/// Feature %d: a screen model." % n)
        lines.append("struct Feature%d {" % n)
        lines.append("    let tracker: Tracker")
        m = 0
        while len(lines) < per_file - 2:
            m += 1
            e = ev()
            lines += [
                "",
                "    // Sends Bench.%s(label: \"x\") when the user taps; see /* docs */." % e,
                "    func action%d(value: Int, items: [String]) -> String {" % m,
                "        let text = \"Bench.%s(label: \\(value)) and more\"" % ev(),
                "        var total = 0",
                "        for (index, item) in items.enumerated() where item.count > index { total += item.count * value }",
                "        tracker.track(Bench.%s(label: \"\\(total)\"))" % e,
                "        let multi = \"\"\"",
                "            Tracking%d.%s() in a multi-line string, \\(describe(Tracking%d.%s(label: text)))" % (n, ev(), n, ev()),
                "            \"\"\"",
                "        /* a block comment /* nested */ Bench.%s() */" % ev(),
                "        tracker.track(",
                "            Bench",
                "                .%s(label: multi))" % ev(),
                "        return text + #\"raw \\(Bench.%s()) text\"# + String(total)" % ev(),
                "    }",
            ]
        lines.append("}")
        write(os.path.join(args.out, "ios/Sources/App/Feature%d.swift" % n), "\n".join(lines) + "\n")

    # Kotlin: android/app/src/main/kotlin/com/example/bench/app/FeatureN.kt; generated code in .../bench/events.
    for n in range(counts["kotlin"]):
        e1, e2 = ev(), ev()
        lines = ["package com.example.bench.app", "",
                 "import com.example.bench.events.Bench",
                 "import com.example.bench.events.Bench as B",
                 "import com.example.bench.events.Bench.%s" % e1,
                 "import com.example.bench.events.Bench.%s as sendIt" % e2, "",
                 "/** Feature %d: a screen. */" % n,
                 "class Feature%d(private val tracker: Tracker) {" % n]
        m = 0
        while len(lines) < per_file - 2:
            m += 1
            lines += [
                "",
                "    // Sends Bench.%s(\"x\") when the user taps." % ev(),
                "    fun action%d(value: Int, items: List<String>): String {" % m,
                "        val text = \"Bench.%s(label = $value) and ${describe(Bench.%s(label = \"t\"))}\"" % (ev(), ev()),
                "        var total = 0",
                "        for ((index, item) in items.withIndex()) { if (item.length > index) total += item.length * value }",
                "        tracker.track(Bench.%s(label = \"$total\"))" % ev(),
                "        val raw = \"\"\"",
                "            B.%s() in a raw string, ${'$'}{Bench.%s()}" % (ev(), ev()),
                "        \"\"\"",
                "        /* a block comment /* nested */ Bench.%s() */" % ev(),
                "        tracker.track(%s(label = raw))" % e1,
                "        tracker.track(sendIt(label = text))",
                "        tracker.track(",
                "            B",
                "                .%s(label = text))" % ev(),
                "        return text + raw + total + '\"'",
                "    }",
            ]
        lines.append("}")
        write(os.path.join(args.out, "android/app/src/main/kotlin/com/example/bench/app/Feature%d.kt" % n), "\n".join(lines) + "\n")

    # TypeScript: web/src/featureN.ts; generated code in packages/tracking/src/Generated, re-exported by packages/tracking/src/index.ts.
    write(os.path.join(args.out, "packages/tracking/src/index.ts"),
          'export * from "./Generated/index.js";\nexport * as events from "./Generated/index.js";\n')
    write(os.path.join(args.out, "web/src/track.ts"),
          "export function track(event: unknown): void {\n    void event;\n}\n\nexport function describe(event: unknown): string {\n    return String(event);\n}\n")
    for n in range(counts["typescript"] - 1):
        e1, e2 = ev(), ev()
        lines = ['import { %s, %s as sendIt } from "../../packages/tracking/src/Generated/index.js";' % (e1, e2),
                 'import * as bench from "../../packages/tracking/src/Generated/index.js";',
                 'import { events } from "../../packages/tracking/src/index.js";',
                 'import { describe, track } from "./track.js";', "",
                 "/** Feature %d: a screen. */" % n,
                 "export class Feature%d {" % n]
        m = 0
        while len(lines) < per_file - 2:
            m += 1
            lines += [
                "",
                "    // Sends bench.%s({ label: 'x' }) when the user taps." % ev(),
                "    action%d(value: number, items: string[]): string {" % m,
                "        const text = \"%s({ label: value }) and more\";" % ev(),
                "        let total = 0;",
                "        items.forEach((item, index) => { if (item.length > index) total += item.length * value; });",
                "        track(bench.%s({ label: String(total) }));" % ev(),
                "        const template = `events.%s() is text, ${describe(events.%s({ label: text }))} is a call`;" % (ev(), ev()),
                "        /* a block comment: bench.%s() */" % ev(),
                "        track(%s({ label: template }));" % e1,
                "        track(sendIt({ label: text }));",
                "        track(bench",
                "            .%s({ label: text }));" % ev(),
                "        return text + template + String(total);",
                "    }",
            ]
        lines.append("}")
        write(os.path.join(args.out, "web/src/feature%d.ts" % n), "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
