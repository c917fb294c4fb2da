/// A contract file that could not be read (as opposed to one that is invalid).
public struct ContractFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// Terminal-safe: a path may hold control characters.
    public var description: String { TerminalSafeText.escaped("\(path): \(reason)") }
}
