/// Quality flags stored with an event and reported; none of them is a reason to drop it.
public struct EventFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Another event with the same `uuid` was tracked before (in this process).
    public static let duplicate = EventFlags(rawValue: 1 << 0)
    /// A global was missing: its contract default was sent, or it was left out without one.
    public static let incomplete = EventFlags(rawValue: 1 << 1)
    /// The event breaks the contract; the violations are stored with it.
    public static let violations = EventFlags(rawValue: 1 << 2)
    /// Fields marked `pii` were removed because consent was not given.
    public static let piiStripped = EventFlags(rawValue: 1 << 3)

    public var description: String {
        var names: [String] = []
        if contains(.duplicate) { names.append("duplicate") }
        if contains(.incomplete) { names.append("incomplete") }
        if contains(.violations) { names.append("violations") }
        if contains(.piiStripped) { names.append("piiStripped") }
        return "[" + names.joined(separator: ",") + "]"
    }
}
