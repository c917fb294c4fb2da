/// The YAML document as a tree that remembers where every piece came from.
/// Built from libyaml's event stream by ``YAMLParser``; the loader turns it into
/// a ``Contract``.
package struct Node: Sendable, Hashable {
    package enum Value: Sendable, Hashable {
        /// A scalar's text; `style` tells a quoted `"123"` from a plain `123`.
        case scalar(String, style: ScalarStyle)
        case sequence([Node])
        /// Key/value pairs in document order; duplicates are kept so the loader can report them.
        case mapping([(key: Node, value: Node)])

        package static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case let (.scalar(a, sa), .scalar(b, sb)): a == b && sa == sb
            case let (.sequence(a), .sequence(b)): a == b
            case let (.mapping(a), .mapping(b)):
                a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }

        package func hash(into hasher: inout Hasher) {
            switch self {
            case let .scalar(text, style): hasher.combine(text); hasher.combine(style)
            case .sequence(let items): hasher.combine(items)
            case .mapping(let pairs):
                for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
            }
        }
    }

    package enum ScalarStyle: Sendable, Hashable {
        /// Unquoted: may be read as a number, bool or null.
        case plain
        /// Quoted or block: always a string.
        case quoted
    }

    package var value: Value
    /// Where the node starts (for a mapping key, where the key starts).
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    /// The scalar's text, or `nil` for collections.
    package var scalar: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }
}
