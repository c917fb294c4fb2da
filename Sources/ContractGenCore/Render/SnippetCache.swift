/// Text already rendered for a field, reused by every event that carries the
/// same field the same way: in a contract of thousands of events most fields
/// appear in many of them, and rendering each once keeps `generate` fast.
final class SnippetCache {
    enum Part: UInt8 { case declaration, check, encoder, assignment, parameter }

    struct Key: Hashable {
        /// The field's rule (``PropertyDecl/ruleIndex``): envelope, kind or curated field.
        var rule: Int
        var isOptional: Bool
        var part: Part
        var depth: Int
    }

    private var store: [Key: [UInt8]] = [:]

    /// Appends the `part` of `property` to `p`, rendering it with `render` the
    /// first time. Properties without a rule (object members) and constants
    /// (one line that differs per event) are not cached.
    func emit(_ property: PropertyDecl, _ part: Part, into p: inout CodePrinter, _ render: (inout CodePrinter) -> Void) {
        guard let rule = property.ruleIndex, property.constant == nil else { return render(&p) }
        let key = Key(rule: rule, isOptional: property.isOptional, part: part, depth: p.depth)
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
