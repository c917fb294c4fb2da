/// Text already rendered for a field, reused by every event that carries the
/// same field the same way: in a contract of thousands of events most fields
/// appear in many of them, and rendering each once keeps `generate` fast.
final class SnippetCache {
    enum Part: Int, CaseIterable { case declaration, check, encoder, assignment, parameter }

    /// Indexed by field rule (``PropertyDecl/ruleIndex``), optionality and
    /// part: an array, not a dictionary, since lookups run per field per event.
    private var store: [[UInt8]?] = []
    /// The depth each snippet was printed at: events print every part at one
    /// depth, so this only guards against a renderer that changes.
    private var depths: [Int] = []

    /// Appends the `part` of `property` to `p`, rendering it with `render` the
    /// first time. Properties without a rule (object members) and constants
    /// (one line that differs per event) are not cached.
    func emit(_ property: PropertyDecl, _ part: Part, into p: inout CodePrinter, _ render: (inout CodePrinter) -> Void) {
        guard let rule = property.ruleIndex, property.constant == nil else { return render(&p) }
        let slot = (rule * 2 + (property.isOptional ? 1 : 0)) * Part.allCases.count + part.rawValue
        if slot < store.count, let text = store[slot], depths[slot] == p.depth {
            p.raw(text)
            return
        }
        if slot >= store.count {
            let count = max(slot + 1, store.count * 2)
            store += Array(repeating: nil, count: count - store.count)
            depths += Array(repeating: -1, count: count - depths.count)
        }
        var fresh = CodePrinter(depth: p.depth)
        render(&fresh)
        store[slot] = fresh.bytes
        depths[slot] = p.depth
        p.raw(fresh.bytes)
    }
}
