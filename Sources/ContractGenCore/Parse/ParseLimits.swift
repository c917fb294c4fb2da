/// Bounds that keep hostile input cheap: a contract that breaks one ends in a
/// clear diagnostic, never in a deep tree, a long loop or a large allocation.
package struct ParseLimits: Sendable, Hashable {
    /// Largest input accepted, in bytes.
    package var maxBytes: Int
    /// Deepest nesting of sequences and mappings accepted. Contracts need about 6.
    package var maxDepth: Int

    package init(maxBytes: Int = 64 * 1024 * 1024, maxDepth: Int = 64) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// The limits `contractgen` uses.
    package static let standard = ParseLimits()
}
