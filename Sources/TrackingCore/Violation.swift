/// One way a value breaks the contract, found by a generated validator or by the
/// runtime's descriptor check.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    // `Code` and each code's one message (`ViolationMessage`) are generated from
    // the shared table: RuntimeConstants.swift.

    /// Where, as a path of wire names and indices: `products[3].price`.
    public var path: String
    public var code: Code
    /// A sentence for people.
    public var message: String

    public init(path: String, code: Code, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
