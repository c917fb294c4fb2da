/// One finding about a contract. Stages return diagnostics as values, all of
/// them at once; nothing is thrown for a problem in the contract itself.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a finding is: an error makes the contract invalid.
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

    /// How serious it is.
    public package(set) var severity: Severity
    /// Where in the contract it was found.
    public package(set) var location: SourceLocation
    /// What is wrong (or, for a note, worth knowing), without the location.
    public package(set) var message: String
    /// A suggestion such as `did you mean 'optional'?`.
    public package(set) var hint: String?

    package init(_ severity: Severity, at location: SourceLocation, _ message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    package static func error(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, at: location, message, hint: hint)
    }

    package static func note(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.note, at: location, message, hint: hint)
    }

    package static func warning(_ message: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, at: location, message, hint: hint)
    }
}
