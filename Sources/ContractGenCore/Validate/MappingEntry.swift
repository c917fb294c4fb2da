/// One key/value pair of a mapping whose key is a plain name, as the reader sees it.
struct MappingEntry: Sendable {
    let name: String
    /// Where the key is; the key itself is `name`.
    let keyLocation: SourceLocation
    let value: Node

    /// The key as a node, for the many places that only need its location.
    var key: KeyPosition { KeyPosition(location: keyLocation) }

    /// Where a key stands (kept apart from the key's node so entries copy cheaply).
    struct KeyPosition: Sendable {
        let location: SourceLocation
    }
}

extension Array where Element == MappingEntry {
    /// The entry named `name`.
    subscript(_ name: String) -> MappingEntry? { first { $0.name == name } }
}
