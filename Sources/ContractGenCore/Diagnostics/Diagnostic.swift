/// One finding about a contract. Stages return diagnostics as values, all of
/// them at once; nothing is thrown for a problem in the contract itself.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Information that needs no action (which Swift name a contract name becomes).
        case note
        case warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.rank < rhs.rank
        }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// A suggestion such as `did you mean 'optional'?`.
    public var hint: String?

    public init(_ severity: Severity, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    public static func error(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint)
    }

    public static func note(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, at: location, message, hint: hint)
    }

    public static func warning(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint)
    }
}
