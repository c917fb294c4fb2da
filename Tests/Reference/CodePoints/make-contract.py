#!/usr/bin/env python3
"""Writes the code point reference contract (contract.yaml) and the strings it
holds (expected.json), from a fixed seed: every text the generator copies into
a target's source (value-set wire values, a fixed constant per event, a
global's default, a pattern, descriptions and deprecation messages) drawn from every
class of code point a contract can hold. The YAML is ASCII: each character is
written as a YAML escape, so what the strings hold is decided here, not by the
YAML reader under test. CodePointEscapingTests compiles the contract's code in
Swift, TypeScript and Kotlin and reads the values back.

    python3 Tests/Reference/CodePoints/make-contract.py   (then regenerate Generated/)
"""
import json
import os
import random

# The classes, each a list of code points. Lone surrogates are not here: YAML
# (and UTF-8) cannot hold them; CodePointEscapingTests shows the contract
# reader refuses their escape.
CLASSES = {
    "ascii": [ord(c) for c in "azAZ09 _-.,:;!?@&%~|^=<>+*"],
    "quotes and escapes": [ord(c) for c in "\"'`\\$#{}()[]/"],
    "nul": [0x00],
    "C0 controls": list(range(0x01, 0x20)),
    "DEL and C1 controls": list(range(0x7F, 0xA0)),
    "line and paragraph separators": [0x2028, 0x2029],
    "bidi controls": [0x061C, 0x200E, 0x200F] + list(range(0x202A, 0x202F)) + list(range(0x2066, 0x206A)),
    "zero width and BOM": [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF],
    "combining marks": [0x0301, 0x0308, 0x20DD, 0xFE0F],
    "latin, greek, CJK": [0x00E9, 0x00DF, 0x03A9, 0x4E2D, 0xAC00],
    "private use": [0xE000, 0xF8FF],
    "noncharacters": [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF],
    "specials": [0xFFF9, 0xFFFC, 0xFFFD],
    "non-BMP": [0x10000, 0x1D11E, 0x1F600, 0x1F468, 0x20000, 0xE0001, 0xF0000],
}

# Sequences that end or open a literal, an interpolation or a comment in one of the languages.
SEQUENCES = ['"""', '*/', '/*', '\\(', '${', '$x', '\\u{41}', '\\u0041', '#"', '"#', '`${', '\r\n', '// ', '<!--', '%s', '{{']

SEED = 0xC0DE_2028
COUNT = 40


def draw(random_, length):
    """A string of `length` items, each a code point of a random class or one of SEQUENCES."""
    parts = []
    for _ in range(length):
        if random_.random() < 0.15:
            parts.append(random_.choice(SEQUENCES))
        else:
            parts.append(chr(random_.choice(CLASSES[random_.choice(list(CLASSES))])))
    return "".join(parts)


def yaml_quoted(text):
    """A YAML double-quoted scalar of `text`, in ASCII."""
    out = []
    for ch in text:
        cp = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif 0x20 <= cp < 0x7F:
            out.append(ch)
        elif cp <= 0xFF:
            out.append("\\x%02X" % cp)
        elif cp <= 0xFFFF:
            out.append("\\u%04X" % cp)
        else:
            out.append("\\U%08X" % cp)
    return '"' + "".join(out) + '"'


def main():
    random_ = random.Random(SEED)
    values = []
    # Every class on its own first, then mixtures.
    for name, points in CLASSES.items():
        values.append("".join(chr(p) for p in points))
    values += SEQUENCES
    while len(values) < COUNT:
        candidate = draw(random_, random_.randint(1, 12))
        if candidate not in values:
            values.append(candidate)
    # A pattern's class: characters of every class but the pattern language's own ("]", "\\", "^", "-").
    pattern_characters = "".join(
        chr(random_.choice(points)) for points in CLASSES.values() for _ in range(3)
    )
    pattern_characters = "".join(sorted(set(c for c in pattern_characters if c not in "]\\^-[")))
    default = draw(random_, 16)
    comments = [draw(random_, 20) + " */ /* " + draw(random_, 8) for _ in range(4)]

    lines = [
        "# Written by make-contract.py (seed %#x): every class of code point a contract" % SEED,
        "# can hold, in every text the generator copies into a target's source.",
        "contract: CodePoints",
        "version: 1.0.0",
        "description: " + yaml_quoted(comments[0]),
        "",
        "valueSets:",
        "  Texts:",
    ]
    for index, value in enumerate(values):
        lines.append("    v%d: %s" % (index, yaml_quoted(value)))
    lines += [
        "",
        "mandatory:",
        "  uuid: { type: uuid }",
        "  clientTimestamp: { type: timestamp }",
        "",
        "globals:",
        "  origin: { type: string, default: %s, description: %s }" % (yaml_quoted(default), yaml_quoted(comments[1])),
        "",
        "kinds:",
        "  said:",
        "    description: " + yaml_quoted(comments[2]),
        "    mandatory:",
        "      text: { type: Texts }",
        "",
        "fields:",
        "  word: { type: string, pattern: %s, description: %s }" % (yaml_quoted("^[" + pattern_characters + "]*$"), yaml_quoted(comments[3])),
        "  old: { type: string, deprecated: %s }" % yaml_quoted(comments[0]),
        "  choice: { type: Texts }",
        "  Kelvin: { type: int, minimum: 0 }",
        "",
        "events:",
    ]
    for index in range(len(values)):
        lines += [
            "  e%d:" % index,
            "    kind: said",
            "    text: v%d" % index,
            "    description: " + yaml_quoted(values[index]),
            "    required: [word]",
        ]
        if index == 0:
            lines.append("    optional: [old, choice, Kelvin]")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "contract.yaml"), "w", encoding="ascii") as out:
        out.write("\n".join(lines) + "\n")
    expected = {"values": values, "default": default, "word": pattern_characters}
    with open(os.path.join(here, "expected.json"), "w", encoding="ascii") as out:
        json.dump(expected, out, indent=1, ensure_ascii=True)
        out.write("\n")


main()
