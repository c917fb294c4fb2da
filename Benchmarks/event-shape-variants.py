#!/usr/bin/env python3
"""Rewrites a generated module's event shards into another event shape, to
measure what each part of an event costs the build (docs/performance.md,
"What the build-time targets would take").

Usage: event-shape-variants.py SRC DST VARIANT

SRC is a folder of generated Swift (as `contractgen generate` wrote it), DST a
folder to create (replaced if it exists). Only the `ContractEventsN.swift`
shards change; the other files are copied as they are. VARIANT is one of:

  kind-functions         functions as below, each returning its kind's struct
                         (`PageViewEvent`, conforming to the kind's protocol:
                         the kind's fields readable, the curated fields
                         encoded), one struct per kind in an extra file
                         `ContractKindEvents.swift`
  event-only             events conform to `ContractGeneratedEvent` alone (no
                         kind or field protocols; `kindName` and
                         `contractVersion` written into each event)
  sealed                 event-only, and the fields' stored properties
                         internal (no typed reads), the kind's constants gone
  no-descriptor-lists    the shards' `eventDescriptorsN()` return `[]` (what
                         the descriptor's statements cost the build)
  no-field-conformances  events drop their `Fields.X` / `OptionalFields.X`
                         conformances (the kind's and TrackingEvent's stay)
  data-only              events conform to nothing and have no `validate()` or
                         `writeMembers(to:)`: a struct, its stored properties
                         and its initializer
  bare                   data-only without the initializer
  empty                  bare without the stored properties: empty structs
  functions              each event is one static function with the
                         initializer's parameters that checks and encodes the
                         event (the bodies of `validate()` and
                         `writeMembers(to:)`) and returns the JSON bytes

The variants are measuring devices, not supported output: only `event-only`,
`sealed` and `functions` keep what an event does at run time, and none keeps
the whole API.
"""
import os
import re
import shutil
import sys

STRUCT = re.compile(r"((?:    ///[^\n]*\n)*)    public struct (\w+):[^{]*\{\n(.*?)\n    \}\n", re.S)


def body_of(member_header, text):
    match = re.search(re.escape(member_header) + r"\n(.*?)\n        \}", text, re.S)
    return match.group(1) if match else ""


def as_function(match):
    doc, name, body = match.group(1), match.group(2), match.group(3)
    params = re.search(r"public init\(\n(.*?)\n        \) \{", body, re.S).group(1)
    checks = body_of("public func validate() -> [TrackingCore.Violation] {", body)
    members = body_of("public func writeMembers(to writer: inout TrackingCore.JSONWriter) {", body)
    if checks.strip() == "[]":
        checks = ""
    checks = checks.replace("            return violations", "            _ = violations")
    lines = [doc + f"    public static func {name[0].lower() + name[1:]}(", params, "    ) -> [Swift.UInt8] {",
             "        let uuid = uuid ?? Foundation.UUID()",
             "        let clientTimestamp = clientTimestamp ?? Foundation.Date()"]
    if checks:
        lines.append(checks)
    lines += ["        var writer = TrackingCore.JSONWriter(capacity: 1024)", "        writer.beginObject()", members,
              "        writer.endObject()", "        return writer.bytes", "    }", ""]
    text = "\n".join(lines)
    return text.replace("self._", "").replace("self.", "").replace("\n            ", "\n        ")


def without_field_conformances(header):
    head, inherited = header.group(0).split(":", 1)
    kept = [p.strip() for p in inherited[:-1].replace("\n", " ").split(",")
            if ".Fields." not in p and ".OptionalFields." not in p]
    return head + ": " + ", ".join(kept) + " {"


def event_only(match, sealed):
    header, body = match.group(0).split("{\n", 1)
    kind = re.search(r"Kinds\.(\w+)", header).group(1)
    kind = kind[0].lower() + kind[1:]
    version = re.search(r'contractVersion\\":\\"([^\\]*)', body).group(1)
    name = re.search(r"public struct (\w+)", header).group(1)
    head = f"public struct {name}: TrackingCore.ContractGeneratedEvent {{\n"
    extra = (f'        public var kindName: Swift.String {{ "{kind}" }}\n'
             f'        public var contractVersion: Swift.String {{ "{version}" }}\n')
    if sealed:
        body = re.sub(r"^        public let (?!uuid|clientTimestamp)", "        let ", body, flags=re.M)
        body = re.sub(r"^        public var (?!eventName)\w+: [^{\n]*\{[^}\n]*\}\n", "", body, flags=re.M)
    return head + extra + body


def kind_function(match, kinds):
    """An event as a function that checks and encodes it and returns its kind's struct."""
    doc, name, body = match.group(1), match.group(2), match.group(3)
    kind = re.search(r"Kinds\.(\w+)", match.group(0)).group(1)
    namespace = re.search(r"public struct \w+: (\w+)\.Kinds", match.group(0)).group(1)
    wire = re.search(r'public var eventName: Swift.String \{ ("[^"]*") \}', body).group(1)
    constants = dict(re.findall(r"public var (\w+): [^{\n]* \{ ([^}\n]*) \}", body))
    params = re.search(r"public init\(\n(.*?)\n        \) \{", body, re.S)
    params = params.group(1) if params else ""
    checks = body_of("public func validate() -> [TrackingCore.Violation] {", body)
    members = body_of("public func writeMembers(to writer: inout TrackingCore.JSONWriter) {", body)
    checks = "\n".join(line for line in checks.split("\n") if "Rules." in line)
    arguments = ", ".join(f"{field}: {constants.get(field, field)}" for field, _ in kinds[kind])
    lines = [doc + f"    public static func {name[0].lower() + name[1:]}(", params,
             f"    ) -> {namespace}.{kind}Event {{",
             "        let uuid = uuid ?? Foundation.UUID()",
             "        let clientTimestamp = clientTimestamp ?? Foundation.Date()",
             f"        {'var' if checks else 'let'} violations: [TrackingCore.Violation] = []", checks,
             "        var writer = TrackingCore.JSONWriter(capacity: 1024)", members,
             f"        return {namespace}.{kind}Event(",
             f"            eventName: {wire}, uuid: uuid, clientTimestamp: clientTimestamp,"
             + (f" {arguments}," if arguments else ""),
             "            members: writer.bytes, violations: violations)", "    }", ""]
    text = "\n".join(lines)
    return text.replace("self._", "").replace("self.", "").replace("\n            ", "\n        ")


def kind_structs(envelope):
    """Kind name -> [(field, type)], and a file declaring one event struct per kind."""
    namespace = re.search(r"extension (\w+) \{", envelope).group(1)
    kinds = {}
    for kind, requirements in re.findall(r"public protocol (\w+): \w+\.Event \{(.*?)\n    \}", envelope, re.S):
        kinds[kind] = re.findall(r"var (\w+): ([^{\n]+) \{ get \}", requirements)
    for kind in re.findall(r"public protocol (\w+): \w+\.Event \{\}", envelope):
        kinds[kind] = []
    out = ["import Foundation", "import TrackingCore", "", f"extension {namespace} {{"]
    for kind, fields in kinds.items():
        out += [f"    public struct {kind}Event: {namespace}.Kinds.{kind}, TrackingCore.ContractGeneratedEvent {{",
                "        public let eventName: Swift.String",
                "        public let uuid: Foundation.UUID", "        public let clientTimestamp: Foundation.Date"]
        out += [f"        public let {field}: {type_}" for field, type_ in fields]
        out += ["        let members: [Swift.UInt8]", "        let violations: [TrackingCore.Violation]",
                "        public func validate() -> [TrackingCore.Violation] { violations }",
                "        public func writeMembers(to writer: inout TrackingCore.JSONWriter) { writer.rawValue(members) }",
                "    }"]
    out.append("}")
    return kinds, "\n".join(out) + "\n"


def rewrite(text, variant, kinds=None):
    if variant == "kind-functions":
        return STRUCT.sub(lambda m: kind_function(m, kinds), text)
    if variant == "no-descriptor-lists":
        function = r"(static func eventDescriptors\d+\(\) -> \[TrackingCore.EventDescriptor\] \{\n).*?\n        return events\n"
        return re.sub(function, r"\1        return []\n", text, flags=re.S)
    if variant in ("event-only", "sealed"):
        struct = r"public struct \w+:[^{]*\{\n.*?\n    \}\n"
        return re.sub(struct, lambda m: event_only(m, variant == "sealed"), text, flags=re.S)
    if variant == "functions":
        return STRUCT.sub(as_function, text)
    if variant == "no-field-conformances":
        return re.sub(r"public struct \w+:[^{]*\{", without_field_conformances, text)
    # data-only and what follows
    text = re.sub(r"public struct (\w+):[^{]*\{", r"public struct \1 {", text)
    text = re.sub(r"\n        public func validate\(\).*?\n        \}\n", "\n", text, flags=re.S)
    text = re.sub(r"\n        public func writeMembers\(.*?\n        \}\n", "\n", text, flags=re.S)
    if variant in ("bare", "empty"):
        text = re.sub(r"\n        /// Optional fields default.*?\n        \}\n", "\n", text, flags=re.S)
    if variant == "empty":
        text = re.sub(r"^\s*(public |private )?let \w+: .*\n", "", text, flags=re.M)
    return text


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    src, dst, variant = sys.argv[1:]
    variants = ("kind-functions", "event-only", "sealed", "no-descriptor-lists", "no-field-conformances", "data-only", "bare", "empty",
                "functions")
    if variant not in variants:
        sys.exit(f"unknown variant {variant!r}\n" + __doc__)
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(src, dst)
    kinds = None
    if variant == "kind-functions":
        with open(os.path.join(dst, "ContractEnvelope.swift")) as f:
            kinds, declarations = kind_structs(f.read())
        with open(os.path.join(dst, "ContractKindEvents.swift"), "w") as f:
            f.write(declarations)
    for name in sorted(os.listdir(dst)):
        if name.startswith("ContractEvents") and name.endswith(".swift"):
            path = os.path.join(dst, name)
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(rewrite(text, variant, kinds))


main()
