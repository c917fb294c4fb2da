/// Renders a value set as an enum whose raw values are the wire values.
///
/// `rawValue`, `init?(rawValue:)` and `allCases` are written out instead of
/// derived from a `String` raw type: the compiler makes the derived ones
/// inlinable, so the module interface job (which runs on every build of the
/// module) would type-check and compile a `switch` over every case of every
/// value set; written out, their bodies are compiled by their own file's job
/// only (docs/performance-log.md, "Build time of the generated module"). The API is
/// the same: `RawRepresentable` with `String` raw values, `Hashable`,
/// `CaseIterable` in contract order.
struct ValueSetRenderer {
    let decl: ValueSetDecl

    func render(into p: inout CodePrinter) {
        p.doc(decl.doc, source: decl.source)
        let header = "public enum \(SwiftName.escaped(decl.typeName)): Swift.RawRepresentable, Swift.Sendable, "
            + "Swift.Hashable, Swift.CaseIterable"
        p.block(header) { p in
            for c in decl.cases {
                p.line("case \(SwiftName.escaped(c.name))")
            }
            p.line()
            p.line("/// The wire value.")
            p.block("public var rawValue: Swift.String") { p in
                switchOverCases("self", into: &p) { ".\(SwiftName.escaped($0.name)): \(SwiftLiteral.string($0.wireValue))" }
            }
            p.line()
            p.line("/// The case whose wire value is `rawValue`, scalar for scalar; `nil` for any other string.")
            p.block("public init?(rawValue: Swift.String)") { p in
                // A scan of `allCases`, not a `switch` over string literals: each
                // string `case` is a `~=` pattern the type checker solves on its own
                // (0.3-0.5 s of CPU for the 655 cases of the 500-event benchmark's
                // sets), and at run time both compare the cases in order. The bytes are
                // compared, not the strings: `==` takes canonically equivalent text ("K"
                // and the Kelvin sign) for the wire value (docs/generated-code.md). The
                // scan is TrackingCore's, generic: a closure here would be compiled per set.
                p.line("guard let match = TrackingCore.GeneratedCodeSupport.valueSetCase(rawValue, of: Self.self) else {")
                p.line("    return nil")
                p.line("}")
                p.line("self = match")
            }
            p.line()
            p.line("/// Every case, in contract order.")
            p.block("public static var allCases: [Self]") { p in
                p.line("[")
                p.indent()
                for c in decl.cases {
                    p.line(".\(SwiftName.escaped(c.name)),")
                }
                p.outdent()
                p.line("]")
            }
            p.line()
            p.line("/// The wire value as JSON text, escaped once at generation time.")
            p.block("public var wireJSON: Swift.StaticString") { p in
                switchOverCases("self", into: &p) { ".\(SwiftName.escaped($0.name)): \(SwiftLiteral.jsonString($0.wireValue))" }
            }
        }
    }

    /// A `switch` with one `case` line per case of the set (`pattern(case)`
    /// is what follows `case `).
    private func switchOverCases(_ subject: String, into p: inout CodePrinter, _ pattern: (CaseDecl) -> String) {
        p.switchBlock(subject) { p in
            for c in decl.cases { p.line("case " + pattern(c)) }
        }
    }
}
