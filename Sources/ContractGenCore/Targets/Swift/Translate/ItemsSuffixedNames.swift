/// Hands out names that stay distinct once `_items` is appended per array depth.
///
/// A name `R` may be followed by `R_items`, `R_items_items`, ... (one per array
/// depth: a rule's or an object member's constraints). Members and kinds may hold
/// `_` (`swiftName: a_items`), so two plain names can meet once suffixed (`a` of an
/// array and `a_items`). ``claim(_:)`` compares the names without their trailing
/// `_items` and appends `_` to the later one until it is alone; in every other
/// contract the names are the plain ones.
struct ItemsSuffixedNames {
    private var roots: Set<Substring> = []

    /// `plain`, or `plain` with `_` appended until no earlier claim shares its root.
    mutating func claim(_ plain: String) -> String {
        var name = plain
        while !roots.insert(Self.root(name)).inserted { name += "_" }
        return name
    }

    private static func root(_ name: String) -> Substring {
        var root = Substring(name)
        while root.hasSuffix("_items") { root = root.dropLast(6) }
        return root
    }
}
