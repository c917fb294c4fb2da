/// What loading a contract produced: the model when it is valid, and every
/// diagnostic found, sorted by location.
public struct ContractLoadResult: Sendable {
    /// The contract; `nil` when any diagnostic is an error.
    public var contract: Contract?
    /// Errors and warnings, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    public init(contract: Contract?, diagnostics: [Diagnostic]) {
        self.contract = contract
        self.diagnostics = diagnostics
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Whether any diagnostic is a warning.
    public var hasWarnings: Bool { diagnostics.contains { $0.severity == .warning } }
}
