/// One key/value pair of a mapping whose key is a plain name, as the reader sees it.
struct MappingEntry {
    let name: String
    let key: Node
    let value: Node
}

extension Array where Element == MappingEntry {
    /// The entry named `name`.
    subscript(_ name: String) -> MappingEntry? { first { $0.name == name } }
}
