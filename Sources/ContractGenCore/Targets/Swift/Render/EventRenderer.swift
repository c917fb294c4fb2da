import TrackingCore

/// Renders events as functions straight into a file's bytes.
///
/// Each event is a static function of the contract's namespace
/// (`Shop.addToCart(sku:price:currency:quantity:uuid:clientTimestamp:)`) that
/// checks and encodes the event and returns its kind's event struct
/// (`Shop.Events.PageAction`, ``KindEventRenderer``). Functions, not a struct
/// per event: a struct per event made the module's interface job, which runs
/// on every edit, type-check thousands of declarations and conformances
/// (docs/performance.md, "Build time of the generated module").
///
/// Everything an event prints for a field (its parameter, the parameter's
/// doc line, its check and member write) depends on the field alone, so it is
/// printed once per field slot of the ``EventTable`` when the renderer is
/// made; an event is then its header and those snippets copied in order. The
/// renderer is immutable, so the shards can share it while they render
/// concurrently.
struct EventRenderer: Sendable {
    let table: EventTable
    let namespace: String
    /// Every snippet's bytes, one after the other; ``slots`` locate them.
    /// (Ranges of integers, not an array per snippet: copying them per field
    /// per event costs no reference counting.)
    private let arena: [UInt8]
    private let slots: [Slot]
    /// `    /// Declared in contract.yaml, line `: the event's line number follows.
    private let sourcePrefix: [UInt8]
    /// `Omnitracking.Events.`: the kind structs' scope, as code.
    private let kindStructPrefix: [UInt8]
    /// `_writer.rawMembers(<Namespace>.versionMember)`: the `contractVersion` member, from the namespace.
    private let versionMemberCall: [UInt8]

    /// Where one field slot's snippets lie in ``arena``: what the field prints
    /// inside an event function, at the function's depth (the doc line) or
    /// its body's depth (the rest).
    struct Slot: Sendable {
        /// Without the line end: only the last parameter has no comma.
        var parameter: Range<Int>
        /// The parameter's line in the function's doc comment.
        var parameterDoc: Range<Int>
        /// `let uuid = uuid ?? Foundation.UUID()` for a fresh default; empty otherwise.
        var resolution: Range<Int>
        /// Empty when the field has nothing to check.
        var check: Range<Int>
        var encoder: Range<Int>
        /// `name: `, the label of the kind struct's initializer argument (envelope and kind fields),
        /// followed by the parameter's ``reference`` or the constant the event fixes the field to.
        var label: Range<Int>
        /// The parameter as code (escaped).
        var reference: Range<Int>
        /// `nil` only for a constant, which no table slot is (an event fixes a slot per event).
        var parameterGroup: StructLayout.ParameterGroup?
    }

    init(table: EventTable, namespace: String) {
        self.table = table
        self.namespace = namespace
        var arena: [UInt8] = []
        var slots: [Slot] = []
        slots.reserveCapacity(table.fields.count)
        for property in table.fields {
            slots.append(Self.slot(property, namespace: namespace, arena: &arena))
        }
        self.arena = arena
        self.slots = slots
        // A file name that would need escaping in a comment is not named.
        let file = SwiftLiteral.isPlain(table.sourceFile) ? table.sourceFile : "the contract"
        sourcePrefix = Array("    /// Declared in \(file), line ".utf8)
        kindStructPrefix = Array("\(SwiftName.escaped(namespace)).Events.".utf8)
        versionMemberCall = Array("        _writer.rawMembers(\(SwiftName.escaped(namespace)).\(DescriptorRenderer.versionMember))\n".utf8)
    }

    private static func slot(_ property: PropertyDecl, namespace: String, arena: inout [UInt8]) -> Slot {
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
            parameter: printed(depth: 2) { printer.printParameter(defaults: true, into: &$0) },
            parameterDoc: printed(depth: 1, printer.printParameterDoc(into:)),
            resolution: printed(depth: 2, printer.printFreshDefault(into:)),
            check: printed(depth: 2) { ValueCode.callRule(property, namespace: namespace, into: &$0) },
            encoder: printed(depth: 2) { ValueCode.callWriter(property, namespace: namespace, into: &$0) },
            label: text("\(SwiftName.argumentLabel(property.name)): "),
            reference: text(name),
            parameterGroup: printer.parameterGroup
        )
    }

    /// Appends the functions of `events` to `out`, separated by blank lines.
    func render(_ events: some Sequence<EventTable.EventEntry>, into out: inout [UInt8]) {
        arena.withUnsafeBufferPointer { arena in
            var scratch = Scratch()
            var first = true
            for event in events {
                if !first { out.append(Self.newline) }
                first = false
                render(event, arena: arena, scratch: &scratch, into: &out)
            }
        }
    }

    /// One typed name per event (`Shop.Events.homePageView`, an `EventName<Shop.Events.PageView>`), inside an
    /// extension of `Events`, for tests to name the event checked by the compiler.
    func renderNames(_ events: [EventTable.EventEntry], into p: inout CodePrinter) {
        let prefix = String(decoding: kindStructPrefix, as: UTF8.self)
        for event in events {
            let name = SwiftName.escaped(table.names.eventFunctionName(event.name))
            p.block("public static var \(name): TrackingCore.EventName<\(prefix)\(table.kindStructName(of: event))>") { p in
                p.line(".init(\(SwiftLiteral.string(event.name)))")
            }
        }
    }

    /// Per-event lists, reused from event to event.
    private struct Scratch {
        var parameters: [(slot: Int, constant: ConstantDecl?)] = []
        var argument: [UInt8] = []
    }

    private func render(
        _ event: EventTable.EventEntry, arena: UnsafeBufferPointer<UInt8>, scratch: inout Scratch, into out: inout [UInt8]
    ) {
        func append(_ range: Range<Int>) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: arena[range]))
        }
        // The members in the lowered wire order: the writes follow it, the parameters are grouped from it.
        let properties = event.properties
        var parameters = scratch.parameters.takeStorage()
        defer { scratch.parameters = parameters }
        StructLayout.appendInParameterOrder(
            properties, group: { $0.constant == nil ? slots[$0.slot].parameterGroup : nil }, to: &parameters)

        // Doc comment: what the event is, where it is declared, its parameters.
        if let doc = event.doc {
            SwiftLiteral.appendDocLines(doc, indent: Self.indent, to: &out)
        } else {
            appendSummary(of: event, properties: properties, to: &out)
        }
        out.append(contentsOf: Self.emptyDocLine)
        out.append(contentsOf: sourcePrefix)
        out.append(contentsOf: String(event.line).utf8)
        out.append(contentsOf: Self.sentenceEnd)
        out.append(contentsOf: Self.defaultsDoc)
        for (slot, _) in parameters { append(slots[slot].parameterDoc) }
        out.append(contentsOf: Self.returnsDoc)
        if let message = event.deprecated {
            Self.line("    @available(*, deprecated, message: \(SwiftLiteral.string(message)))", into: &out)
        }

        // Signature: parameters in `StructLayout` order (there are always `uuid` and `clientTimestamp`).
        out.append(contentsOf: Self.functionStart)
        out.append(contentsOf: SwiftName.escaped(table.names.eventFunctionName(event.name)).utf8)
        out.append(contentsOf: Self.parametersStart)
        for (index, (slot, _)) in parameters.enumerated() {
            append(slots[slot].parameter)
            if index < parameters.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(Self.newline)
        }
        // The kind's struct, as the return type and at the return.
        let kindStruct = table.kindStructName(of: event)
        out.append(contentsOf: Self.returnType)
        out.append(contentsOf: kindStructPrefix)
        out.append(contentsOf: kindStruct.utf8)
        out.append(contentsOf: Self.bodyStart)
        for (slot, _) in parameters { append(slots[slot].resolution) }

        // The checks, then the members: fixed members next to each other are one raw write.
        var checked = false
        for (slot, constant) in properties where constant == nil && !slots[slot].check.isEmpty {
            if !checked {
                out.append(contentsOf: Self.violationsStart)
                checked = true
            }
            append(slots[slot].check)
        }
        if !checked { out.append(contentsOf: Self.noViolations) }
        out.append(contentsOf: Self.writerStart)
        var lineStart = out.count
        out.append(contentsOf: Self.rawMembersStart)
        Self.appendMember(WireNames.event, event.name, first: true, lineStart: &lineStart, to: &out)
        Self.appendMember(WireNames.kind, event.kindName, first: false, lineStart: &lineStart, to: &out)
        out.append(contentsOf: Self.rawMembersEnd)
        // The version from the namespace's constant, not a literal here: a new version rewrites one file, not every shard.
        out.append(contentsOf: versionMemberCall)
        var rawOpen = false
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

        // The kind's event: its name, the envelope's and the kind's fields, what was encoded and found.
        out.append(contentsOf: Self.returnStart)
        out.append(contentsOf: kindStructPrefix)
        out.append(contentsOf: kindStruct.utf8)
        out.append(contentsOf: Self.argumentsStart)
        lineStart = out.count
        out.append(contentsOf: Self.argumentIndent)
        var argument = scratch.argument.takeStorage()
        defer { scratch.argument = argument }
        argument.removeAll(keepingCapacity: true)
        argument.append(contentsOf: Self.eventNameLabel)
        SwiftLiteral.appendString(event.name, to: &argument)
        LineWrapping.append(argument, first: true, continuation: Self.argumentIndent, lineStart: &lineStart, to: &out)
        // The struct stores the envelope's and the kind's fields (not the curated ones), in its initializer's order.
        for slot in table.storedSlots(ofKind: event.kind) {
            let constant = event.constant(ofSlot: slot)
            argument.removeAll(keepingCapacity: true)
            argument.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slots[slot].label]))
            if let constant {
                argument.append(contentsOf: SwiftName.escaped(constant.enumType).utf8)
                argument.append(UInt8(ascii: "."))
                argument.append(contentsOf: SwiftName.escaped(constant.caseName).utf8)
            } else {
                argument.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slots[slot].reference]))
            }
            LineWrapping.append(argument, first: false, continuation: Self.argumentIndent, reserve: 1, lineStart: &lineStart, to: &out)
        }
        LineWrapping.append(Self.membersArgument, first: false, continuation: Self.argumentIndent, reserve: 1, lineStart: &lineStart, to: &out)
        LineWrapping.append(Self.violationsArgument, first: false, continuation: Self.argumentIndent, reserve: 1, lineStart: &lineStart, to: &out)
        out.append(UInt8(ascii: ")"))
        LineWrapping.endLine(lineStart: &lineStart, in: &out)
        out.append(contentsOf: Self.functionEnd)
    }

    /// The doc comment of an event without a description: its name, kind and
    /// the fields it takes, wrapped to stay within 120 columns.
    ///
    /// Written word by word into `out` as bytes: splitting a `String` walks it
    /// `Character` by `Character`, which costs more than the rest of rendering.
    /// Names are ASCII without spaces (`NameSyntax`), so a byte count is a column
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

    private static let rawMembersStart = Array("        _writer.rawMembers(\"".utf8)
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
    private static let emptyDocLine = Array("    ///\n".utf8)
    private static let docLineStart = Array("    ///".utf8)
    private static let sentenceEnd = Array(".\n".utf8)
    private static let defaultsDoc = Array((
        "    ///\n"
        + "    /// Optional fields default to `nil`; `uuid` and `clientTimestamp` to fresh values.\n"
        + "    ///\n"
        + "    " + StructLayout.parametersDocStart + "\n").utf8)
    private static let returnsDoc = Array(
        "    /// - Returns: The event, checked against the contract and encoded.\n".utf8)
    private static let functionStart = Array("    public static func ".utf8)
    private static let parametersStart = Array("(\n".utf8)
    private static let returnType = Array("    ) -> ".utf8)
    private static let bodyStart = Array(" {\n".utf8)
    private static let violationsStart = Array("        var _violations: [TrackingCore.Violation] = []\n".utf8)
    private static let noViolations = Array("        let _violations: [TrackingCore.Violation] = []\n".utf8)
    private static let writerStart = Array("        var _writer = TrackingCore.JSONWriter(capacity: 1024)\n".utf8)
    private static let returnStart = Array("        return ".utf8)
    private static let argumentsStart = Array("(\n".utf8)
    private static let argumentIndent = Array("            ".utf8)
    private static let eventNameLabel = Array("eventName: ".utf8)
    private static let membersArgument = Array("_members: _writer.bytes".utf8)
    private static let violationsArgument = Array("_violations: _violations".utf8)
    private static let functionEnd = Array("    }\n".utf8)
}
