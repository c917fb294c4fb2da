/// Renders events as structs straight into a file's bytes.
///
/// Everything an event prints for a field (its declaration, initializer
/// parameter, assignment, check and member write) depends on the field alone,
/// so it is printed once per field slot of the ``EventTable`` when the
/// renderer is made; an event is then its header and those snippets copied in
/// order. The renderer is immutable, so the shards can share it while they
/// render concurrently.
struct EventRenderer: Sendable {
    let table: EventTable
    let namespace: String
    let version: String
    /// Every snippet's bytes, one after the other; ``slots`` locate them.
    /// (Ranges of integers, not an array per snippet: copying them per field
    /// per event costs no reference counting.)
    private let arena: [UInt8]
    private let slots: [Slot]
    /// `    /// Declared in contract.yaml, line `: the event's line number follows.
    private let sourcePrefix: [UInt8]

    /// Where one field slot's snippets lie in ``arena``: what the field prints
    /// inside an event, at the struct's depth (the declaration) or its
    /// members' depth (the rest).
    struct Slot: Sendable {
        var declaration: Range<Int>
        /// The doc comment alone, for a kind field the event fixes to a constant.
        var doc: Range<Int>
        /// Without the line end: only the last parameter has no comma.
        var parameter: Range<Int>
        /// The parameter's line in the initializer's doc comment.
        var parameterDoc: Range<Int>
        var assignment: Range<Int>
        /// Empty when the field has nothing to check.
        var check: Range<Int>
        var encoder: Range<Int>
        /// The start of a constant's declaration, up to ` { `.
        var constantHead: Range<Int>
        /// The field protocol, for curated slots.
        var conformance: Range<Int>
        var hasDoc: Bool
        /// `nil` only for a constant, which no table slot is (an event fixes a slot per event).
        var parameterGroup: StructLayout.ParameterGroup?
    }

    init(table: EventTable, namespace: String, version: String) {
        self.table = table
        self.namespace = namespace
        self.version = version
        var arena: [UInt8] = []
        var slots: [Slot] = []
        slots.reserveCapacity(table.fields.count)
        for (property, conformance) in zip(table.fields, table.fieldProtocols) {
            slots.append(Self.slot(property, conformance: conformance, namespace: namespace, arena: &arena))
        }
        self.arena = arena
        self.slots = slots
        // A file name that would need escaping in a comment is not named.
        let file = SwiftLiteral.isPlain(table.sourceFile) ? table.sourceFile : "the contract"
        sourcePrefix = Array("    /// Declared in \(file), line ".utf8)
    }

    private static func slot(_ property: PropertyDecl, conformance: String?, namespace: String, arena: inout [UInt8]) -> Slot {
        func printed(depth: Int, _ body: (inout CodePrinter) -> Void) -> Range<Int> {
            var p = CodePrinter(depth: depth)
            body(&p)
            // A parameter's line is ended after its comma, in each event.
            p.breakUnendedLine()
            arena.append(contentsOf: p.bytes)
            return arena.count - p.bytes.count..<arena.count
        }
        func text(_ text: String) -> Range<Int> {
            let start = arena.count
            arena.append(contentsOf: text.utf8)
            return start..<arena.count
        }
        let name = SwiftName.escaped(property.name)
        let printer = PropertyPrinter(property, immutable: true)
        return Slot(
            declaration: printed(depth: 2, printer.printDeclaration(into:)),
            doc: printed(depth: 2, printer.printDoc(into:)),
            parameter: printed(depth: 3, printer.printParameter(into:)),
            parameterDoc: printed(depth: 2, printer.printParameterDoc(into:)),
            assignment: printed(depth: 3, printer.printAssignment(into:)),
            check: printed(depth: 3) { ValueCode.callRule(property, namespace: namespace, into: &$0) },
            encoder: printed(depth: 3) { ValueCode.callWriter(property, namespace: namespace, into: &$0) },
            constantHead: text("        public var \(name): \(ValueCode.typeCode(property)) { "),
            conformance: text(conformance ?? ""),
            hasDoc: printer.hasDoc,
            parameterGroup: printer.parameterGroup
        )
    }

    /// Appends the events of `events` to `out`, each a blank line and its struct.
    func render(_ events: some Sequence<EventTable.EventEntry>, into out: inout [UInt8]) {
        arena.withUnsafeBufferPointer { arena in
            var scratch = Scratch()
            for event in events {
                render(event, arena: arena, scratch: &scratch, into: &out)
            }
        }
    }

    /// Per-event lists, reused from event to event.
    private struct Scratch {
        /// (slot, constant) per property, in wire order.
        var properties: [(slot: Int, constant: ConstantDecl?)] = []
        var parameters: [(slot: Int, constant: ConstantDecl?)] = []
    }

    private func render(
        _ event: EventTable.EventEntry, arena: UnsafeBufferPointer<UInt8>, scratch: inout Scratch, into out: inout [UInt8]
    ) {
        func append(_ range: Range<Int>) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: arena[range]))
        }
        var properties = scratch.properties.takeStorage()
        defer { scratch.properties = properties }
        table.appendProperties(of: event, to: &properties)

        out.append(Self.newline)
        if let doc = event.doc {
            SwiftLiteral.appendDocLines(doc, indent: Self.indent, to: &out)
        } else {
            appendSummary(of: event, properties: properties, to: &out)
        }
        out.append(contentsOf: Self.emptyDocLine)
        out.append(contentsOf: sourcePrefix)
        out.append(contentsOf: String(event.line).utf8)
        out.append(contentsOf: Self.sentenceEnd)
        if let message = event.deprecated {
            Self.line("    @available(*, deprecated, message: \(SwiftLiteral.string(message)))", into: &out)
        }
        var lineStart = out.count
        out.append(contentsOf: Self.structStart)
        out.append(contentsOf: SwiftName.escaped(table.names.eventTypeName(event.name)).utf8)
        out.append(contentsOf: Self.colon)
        out.append(contentsOf: table.kindProtocol(of: event).utf8)
        // Conformances continue on the next lines past 120 columns.
        for slot in event.curated {
            LineWrapping.append(
                UnsafeBufferPointer(rebasing: arena[slots[slot].conformance]), first: false,
                continuation: Self.continuation, reserve: 1, lineStart: &lineStart, to: &out)
        }
        for conformance in Self.fixedConformances {
            LineWrapping.append(
                conformance, first: false, continuation: Self.continuation, reserve: 2, lineStart: &lineStart, to: &out)
        }
        out.append(contentsOf: Self.bodyStart)
        out.append(contentsOf: Self.eventNameStart)
        SwiftLiteral.appendString(event.name, to: &out)
        out.append(contentsOf: Self.closeBraceLine)

        // A blank line around documented properties only (and after `eventName`).
        var previousHadDoc: Bool? = true
        for (slot, constant) in properties {
            let s = slots[slot]
            if StructLayout.blankLine(before: s.hasDoc, previousHadDoc: previousHadDoc) { out.append(Self.newline) }
            if let constant {
                append(s.doc)
                append(s.constantHead)
                out.append(contentsOf: SwiftName.escaped(constant.enumType).utf8)
                out.append(UInt8(ascii: "."))
                out.append(contentsOf: SwiftName.escaped(constant.caseName).utf8)
                out.append(contentsOf: Self.closeBraceLine)
            } else {
                append(s.declaration)
            }
            previousHadDoc = s.hasDoc
        }
        out.append(Self.newline)

        // Initializer: parameters in `StructLayout` order.
        var parameters = scratch.parameters.takeStorage()
        defer { scratch.parameters = parameters }
        StructLayout.appendInParameterOrder(
            properties, group: { $0.constant == nil ? slots[$0.slot].parameterGroup : nil }, to: &parameters)
        out.append(contentsOf: Self.initDoc)
        if !parameters.isEmpty {
            out.append(contentsOf: Self.parametersDocStart)
            for (slot, _) in parameters { append(slots[slot].parameterDoc) }
        }
        if parameters.isEmpty {
            out.append(contentsOf: Self.emptyInit)
        } else {
            out.append(contentsOf: Self.initStart)
            for (index, (slot, _)) in parameters.enumerated() {
                append(slots[slot].parameter)
                if index < parameters.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(Self.newline)
            }
            out.append(contentsOf: Self.initEnd)
        }
        for (slot, _) in parameters { append(slots[slot].assignment) }
        out.append(contentsOf: Self.memberEnd)
        out.append(Self.newline)

        // Documented by `TrackingEvent`, like `writeMembers(to:)`.
        out.append(contentsOf: Self.validateStart)
        var checked = false
        for (slot, constant) in properties where constant == nil && !slots[slot].check.isEmpty {
            if !checked {
                out.append(contentsOf: Self.violationsStart)
                checked = true
            }
            append(slots[slot].check)
        }
        out.append(contentsOf: checked ? Self.violationsEnd : Self.noViolations)
        out.append(contentsOf: Self.memberEnd)
        out.append(Self.newline)

        // Fixed members next to each other are one raw write.
        out.append(contentsOf: Self.writeMembersStart)
        lineStart = out.count
        out.append(contentsOf: Self.rawMembersStart)
        Self.appendMember("event", event.name, first: true, lineStart: &lineStart, to: &out)
        Self.appendMember("kind", event.kindName, first: false, lineStart: &lineStart, to: &out)
        Self.appendMember("contractVersion", version, first: false, lineStart: &lineStart, to: &out)
        var rawOpen = true
        for (slot, constant) in properties {
            if let constant {
                if !rawOpen {
                    lineStart = out.count
                    out.append(contentsOf: Self.rawMembersStart)
                }
                Self.appendMember(table.fields[slot].wireName, constant.wireValue, first: !rawOpen, lineStart: &lineStart, to: &out)
                rawOpen = true
                continue
            }
            if rawOpen {
                out.append(contentsOf: Self.rawMembersEnd)
                rawOpen = false
            }
            append(slots[slot].encoder)
        }
        if rawOpen { out.append(contentsOf: Self.rawMembersEnd) }
        out.append(contentsOf: Self.memberEnd)
        out.append(contentsOf: Self.structEnd)
    }

    /// The doc comment of an event without a description: its name, kind and
    /// the fields it takes, wrapped to stay within 120 columns.
    ///
    /// Written word by word into `out`, each word placed as it comes. (It was a
    /// `String` sentence split into words, which walks it `Character` by
    /// `Character`: 29% of `generate`'s instructions on a 20,000-event contract.)
    /// Names are ASCII without spaces (`NameRules`), so a byte count is a column
    /// count and no word holds a space.
    private func appendSummary(
        of event: EventTable.EventEntry, properties: [(slot: Int, constant: ConstantDecl?)], to out: inout [UInt8]
    ) {
        var lineStart = out.count
        out.append(contentsOf: Self.docLineStart)
        func place(_ word: some Collection<UInt8>) {
            if out.count - lineStart + 1 + word.count > LineWrapping.maxColumns, out.count - lineStart > Self.docLineStart.count {
                LineWrapping.endLine(lineStart: &lineStart, in: &out)
                out.append(contentsOf: Self.docLineStart)
            }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: word)
        }
        var word: [UInt8] = []
        func place(code name: String, then end: String) {
            word.removeAll(keepingCapacity: true)
            word.append(UInt8(ascii: "`"))
            word.append(contentsOf: name.utf8)
            word.append(UInt8(ascii: "`"))
            word.append(contentsOf: end.utf8)
            place(word)
        }
        let fields = properties.filter { $0.constant == nil && slots[$0.slot].parameterGroup != .freshDefault }
        place("The".utf8)
        place(code: event.name, then: "")
        for text in ["event,", "of", "kind"] { place(text.utf8) }
        place(code: event.kindName, then: fields.isEmpty ? "." : ",")
        if !fields.isEmpty { place("with".utf8) }
        for (index, field) in fields.enumerated() {
            let wireName = table.fields[field.slot].wireName
            if index == fields.count - 1 {
                if fields.count > 1 { place("and".utf8) }
                place(code: wireName, then: ".")
            } else {
                place(code: wireName, then: index < fields.count - 2 ? "," : "")
            }
        }
        LineWrapping.endLine(lineStart: &lineStart, in: &out)
    }

    /// One member of a `writer.rawMembers("…")` literal: the key and value as
    /// escaped JSON strings (``ValueCode/membersLiteral(_:)``, as bytes).
    /// A member that would take the line past 120 columns goes to a
    /// `writer.rawMembers` call of its own (the same JSON: each call adds the comma).
    private static func appendMember(_ key: String, _ value: String, first: Bool, lineStart: inout Int, to out: inout [UInt8]) {
        let start = out.count
        if !first { out.append(UInt8(ascii: ",")) }
        appendJSONStringBody(key, to: &out)
        out.append(UInt8(ascii: ":"))
        appendJSONStringBody(value, to: &out)
        guard !first, out.count - lineStart + rawMembersEnd.count - 1 > LineWrapping.maxColumns else { return }
        let member = Array(out[(start + 1)...])
        out.removeSubrange(start...)
        out.append(contentsOf: rawMembersEnd)
        lineStart = out.count
        out.append(contentsOf: rawMembersStart)
        out.append(contentsOf: member)
    }

    /// ``ValueCode/appendJSONStringBody(_:to:)``, as bytes.
    private static func appendJSONStringBody(_ text: String, to out: inout [UInt8]) {
        if SwiftLiteral.isPlain(text) {
            out.append(contentsOf: escapedQuote)
            out.append(contentsOf: text.utf8)
            out.append(contentsOf: escapedQuote)
        } else {
            // The literal without its outer quotes (one ASCII byte each).
            out.append(contentsOf: SwiftLiteral.jsonString(text).utf8.dropFirst().dropLast())
        }
    }

    private static let rawMembersStart = Array("            writer.rawMembers(\"".utf8)
    private static let rawMembersEnd = Array("\")\n".utf8)
    private static let escapedQuote = Array("\\\"".utf8)

    private static func line(_ text: String, into out: inout [UInt8]) {
        var lineStart = out.count
        out.append(contentsOf: text.utf8)
        LineWrapping.endLine(lineStart: &lineStart, in: &out)
    }

    private static let newline = UInt8(ascii: "\n")
    /// Events are declared one level in, inside `extension <Namespace> {`.
    private static let indent = Array("    ".utf8)
    private static let structStart = Array("    public struct ".utf8)
    private static let colon = Array(": ".utf8)
    private static let fixedConformances = EventTable.fixedConformances.map { Array($0.utf8) }
    private static let continuation = Array("        ".utf8)
    private static let bodyStart = Array(" {\n".utf8)
    private static let eventNameStart = Array("        public var eventName: Swift.String { ".utf8)
    private static let closeBraceLine = Array(" }\n".utf8)
    private static let emptyDocLine = Array("    ///\n".utf8)
    private static let docLineStart = Array("    ///".utf8)
    private static let sentenceEnd = Array(".\n".utf8)
    private static let parametersDocStart = Array(("        ///\n        " + StructLayout.parametersDocStart + "\n").utf8)
    private static let initDoc = Array(
        "        /// Optional fields default to `nil`; `uuid` and `clientTimestamp` to fresh values.\n".utf8)
    private static let emptyInit = Array("        public init() {\n".utf8)
    private static let initStart = Array("        public init(\n".utf8)
    private static let initEnd = Array("        ) {\n".utf8)
    private static let memberEnd = Array("        }\n".utf8)
    private static let validateStart = Array("        public func validate() -> [TrackingCore.Violation] {\n".utf8)
    private static let violationsStart = Array("            var violations: [TrackingCore.Violation] = []\n".utf8)
    private static let violationsEnd = Array("            return violations\n".utf8)
    private static let noViolations = Array("            []\n".utf8)
    private static let writeMembersStart = Array(
        "        public func writeMembers(to writer: inout TrackingCore.JSONWriter) {\n".utf8)
    private static let structEnd = Array("    }\n".utf8)
}
