/// The stable identity of a list item (a product id, an ad id), never its index
/// path or its cell: dedupe is by this value, so cell reuse and reordering
/// cannot produce a second impression.
public struct ImpressionItemID: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: ImpressionItemID, rhs: ImpressionItemID) -> Bool { lhs.rawValue < rhs.rawValue }
}
