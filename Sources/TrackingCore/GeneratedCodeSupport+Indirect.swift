extension GeneratedCodeSupport {
    /// Storage for an object member whose type contains the object itself
    /// (`Category.parent: Category?`): a struct cannot hold a value of its own
    /// type inline, so generated code keeps such a member behind one shared,
    /// immutable box. Setting the member replaces the box, so the value
    /// semantics of the generated struct are unchanged.
    public struct Indirect<Value: Sendable>: Sendable {
        private final class Box: Sendable {
            let value: Value
            init(_ value: Value) { self.value = value }
        }

        private let box: Box

        public init(_ value: Value) { box = Box(value) }

        /// The stored value.
        public var value: Value { box.value }
    }
}

extension GeneratedCodeSupport.Indirect: Equatable where Value: Equatable {
    public static func == (a: Self, b: Self) -> Bool { a.value == b.value }
}

extension GeneratedCodeSupport.Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
