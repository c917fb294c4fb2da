/// Renders a protocol with property requirements (envelope, kinds, curated fields).
struct ProtocolRenderer {
    let decl: ProtocolDecl

    func render(into p: inout CodePrinter) {
        p.doc(decl.doc, source: decl.source)
        let inherits = decl.inherits.isEmpty ? "" : ": " + decl.inherits.joined(separator: ", ")
        if decl.requirements.isEmpty {
            p.line("public protocol \(SwiftName.escaped(decl.name))\(inherits) {}")
            return
        }
        p.block("public protocol \(SwiftName.escaped(decl.name))\(inherits)") { p in
            for (index, requirement) in decl.requirements.enumerated() {
                if index > 0 { p.line() }
                p.doc(PropertyDoc.text(requirement))
                p.deprecation(requirement.deprecated)
                p.line("var \(SwiftName.escaped(requirement.name)): \(ValueCode.typeCode(requirement)) { get }")
            }
        }
    }
}
