/// Text already rendered for a field, reused by every event that carries the
/// same field the same way: in a contract of thousands of events most fields
/// appear in many of them, and rendering each once keeps `generate` fast.
final class SnippetCache {
    enum Part: UInt8 { case declaration, check, encoder, assignment }

    struct Key: Hashable {
        /// Identifies the field's declaration (envelope, kind or curated field).
        var rule: String
        var isOptional: Bool
        var constantCase: String?
        var part: Part
        var depth: Int
    }

    private var store: [Key: [UInt8]] = [:]

    /// Appends the `part` of `property` to `p`, rendering it with `render` the
    /// first time. Properties without a rule (object members) are not cached.
    func emit(_ property: PropertyDecl, _ part: Part, into p: inout CodePrinter, _ render: (inout CodePrinter) -> Void) {
        guard let rule = property.rule else { return render(&p) }
        let key = Key(rule: rule, isOptional: property.isOptional, constantCase: property.constant?.caseName, part: part, depth: p.depth)
        if let text = store[key] {
            p.raw(text)
            return
        }
        var fresh = CodePrinter(depth: p.depth)
        render(&fresh)
        store[key] = fresh.bytes
        p.raw(fresh.bytes)
    }
}
