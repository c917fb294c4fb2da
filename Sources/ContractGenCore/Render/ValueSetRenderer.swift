/// Renders a value set as a `String`-backed enum whose raw values are the wire values.
struct ValueSetRenderer {
    let decl: ValueSetDecl

    func render(into p: inout CodePrinter) {
        p.doc(decl.doc, source: decl.source)
        p.block("public enum \(SwiftName.escaped(decl.typeName)): Swift.String, Swift.Sendable, Swift.Hashable, Swift.CaseIterable") { p in
            for c in decl.cases {
                p.line("case \(SwiftName.escaped(c.name)) = \(SwiftLiteral.string(c.wireValue))")
            }
            p.line()
            p.line("/// The wire value as JSON text, escaped once at generation time.")
            p.block("public var wireJSON: Swift.StaticString") { p in
                p.block("switch self") { p in
                    for c in decl.cases {
                        p.line("case .\(SwiftName.escaped(c.name)): \(SwiftLiteral.jsonString(c.wireValue))")
                    }
                }
            }
        }
    }
}
