/// Renders a kind's event struct (`Shop.Events.PageView`): what every event
/// function of the kind returns.
///
/// One struct per kind, not per event: it stores the envelope's and the
/// kind's fields (readable, as the kind's protocol requires), and the members
/// and findings the event's function encoded and checked when it made the
/// event. Its properties are printed by ``PropertyPrinter`` and laid out by
/// ``StructLayout``, as an object's are.
struct KindEventRenderer {
    let table: EventTable
    let kind: EventTable.KindEntry
    /// The kind's protocol, for its description and source line.
    let kindProtocol: ProtocolDecl

    func render(into p: inout CodePrinter) {
        let stored = table.storedSlots(ofKind: table.kindIndices[kind.name]).map { PropertyPrinter(table.fields[$0], immutable: true) }
        // Kind names are plain ASCII (`NameSyntax`): safe in a comment.
        p.doc(
            "An event of kind `\(kind.name)`, as the contract's event functions make it:\n"
                + "checked against the contract and encoded when it is made.", source: kindProtocol.source)
        p.block("public struct \(kind.structName): \(kind.protocolName), TrackingCore.ContractGeneratedEvent") { p in
            p.line("/// The event's wire name.")
            p.line("public let eventName: Swift.String")
            StructLayout.printDeclarations(stored, afterMember: true, into: &p)
            p.line()
            p.line("/// The event's members as its function encoded them.")
            p.line("let _members: [Swift.UInt8]")
            p.line("/// What its function found against the contract's constraints.")
            p.line("let _violations: [TrackingCore.Violation]")
            p.line()
            p.line("init(")
            p.indent()
            p.line("eventName: Swift.String,")
            for printer in stored {
                printer.printParameter(defaults: false, into: &p)
                p.append(",")
                p.line()
            }
            p.line("_members: [Swift.UInt8],")
            p.line("_violations: [TrackingCore.Violation]")
            p.outdent()
            p.block(")") { p in
                p.line("self.eventName = eventName")
                for printer in stored { printer.printAssignment(into: &p) }
                p.line("self._members = TrackingCore.GeneratedCodeSupport.compacted(_members)")
                p.line("self._violations = _violations")
            }
            p.line()
            p.line("public func validate() -> [TrackingCore.Violation] { _violations }")
            p.line()
            p.line("public func writeMembers(to writer: inout TrackingCore.JSONWriter) { writer.rawMembers(_members) }")
        }
    }
}
