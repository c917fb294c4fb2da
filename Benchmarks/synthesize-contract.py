#!/usr/bin/env python3
"""Writes a large, valid tracking contract for the validation benchmark.

Usage: python3 synthesize-contract.py [--events N] [--fields N] [--seed N] > big.yaml

The default (20,000 events, 2,000 curated fields) is about 4 MB. The output is
deterministic for a given seed, and uses every element of the language: value
sets in both forms, kinds with value-set fields, globals with defaults,
objects, arrays, constraints, patterns, constants, required and optional lists.
"""
import argparse
import random


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--fields", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = []
    w = out.append

    w("contract: Synthetic\nversion: 4.2.0\n")
    w("description: A synthesized contract of %d events and %d fields.\n\n" % (args.events, args.fields))

    value_sets = []
    w("valueSets:\n")
    w("  ScreenType:\n")
    screens = ["screen%d" % i for i in range(200)]
    for code in screens:
        w("    %s: Screen %s\n" % (code, code[6:]))
    w("  ActionType: [%s]\n" % ", ".join("action_%d" % i for i in range(40)))
    for i in range(60):
        name = "Set%d" % i
        value_sets.append(name)
        w("  %s: [%s]\n" % (name, ", ".join("v%d_%d" % (i, j) for j in range(rng.randint(2, 12)))))

    w("\nmandatory:\n")
    w("  uuid: { type: uuid, description: Identifies this one event. }\n")
    w("  clientTimestamp: { type: timestamp, description: When the event happened on the device. }\n")

    w("\nkinds:\n")
    w("  pageView:\n    description: A screen was shown.\n    mandatory:\n")
    w("      screenType: { type: ScreenType }\n      uniqueViewId: { type: uuid }\n")
    w("  pageAction:\n    description: The user acted on a screen.\n    mandatory:\n")
    w("      screenType: { type: ScreenType }\n      actionType: { type: ActionType }\n      uniqueViewId: { type: uuid }\n")
    w("  systemAction:\n    description: The app acted on its own.\n")

    w("\nglobals:\n")
    w("  appVersion: { type: string, default: unknown }\n  osVersion: { type: string, default: unknown }\n")
    w("  sessionId: { type: uuid }\n  contractVersion: { type: string }\n")

    objects = []
    w("\nobjects:\n")
    for i in range(50):
        name = "Item%d" % i
        objects.append(name)
        w("  %s:\n    description: Object number %d.\n    required:\n" % (name, i))
        w("      id: { type: string, minLength: 1, maxLength: 64 }\n      price: { type: decimal, minimum: 0 }\n")
        w("    optional:\n      label: { type: string, maxLength: 80 }\n      rank: { type: int, minimum: 0 }\n")

    fields = []
    w("\nfields:\n")
    for i in range(args.fields):
        name = "field_%d" % i if i % 3 == 0 else "field%dValue" % i
        fields.append(name)
        choice = i % 9
        if choice == 0:
            w("  %s: { type: string, maxLength: %d, description: Free text %d. }\n" % (name, rng.randint(10, 500), i))
        elif choice == 1:
            w("  %s: { type: int, minimum: 0, maximum: %d }\n" % (name, rng.randint(10, 100000)))
        elif choice == 2:
            w("  %s: { type: decimal, minimum: 0 }\n" % name)
        elif choice == 3:
            w("  %s: { type: %s }\n" % (name, value_sets[(i // 9) % len(value_sets)]))
        elif choice == 4:
            w("  %s: { type: string, pattern: '^[0-9]{4,12}$' }\n" % name)
        elif choice == 5:
            w("  %s:\n    type: array\n    items: { type: %s }\n    maxItems: 50\n" % (name, objects[(i // 9) % len(objects)]))
        elif choice == 6:
            w("  %s: { type: bool }\n" % name)
        elif choice == 7:
            w("  %s: { type: double, minimum: 0, maximum: 1 }\n" % name)
        else:
            w("  %s:\n    type: array\n    items: { type: string, maxLength: 20 }\n    maxItems: 200\n    description: A list %d.\n" % (name, i))

    w("\nevents:\n")
    used = set()
    for i in range(args.events):
        kind = ("pageView", "pageAction", "systemAction")[i % 3]
        w("  event%d:\n    kind: %s\n" % (i, kind))
        if kind != "systemAction":
            w("    screenType: %s\n" % rng.choice(screens))
        if kind == "pageAction":
            w("    actionType: action_%d\n" % rng.randint(0, 39))
        if i % 3 == 0:
            w("    description: Event number %d of the synthesized contract.\n" % i)
        picked = rng.sample(fields, rng.randint(2, 9))
        # Make sure every field is used somewhere, so the contract has no warnings.
        if i < len(fields):
            if fields[i] not in picked:
                picked[0] = fields[i]
        used.update(picked)
        cut = max(1, len(picked) // 2)
        w("    required: [%s]\n" % ", ".join(picked[:cut]))
        w("    optional: [%s]\n" % ", ".join(picked[cut:]))
    print("".join(out), end="")


if __name__ == "__main__":
    main()
