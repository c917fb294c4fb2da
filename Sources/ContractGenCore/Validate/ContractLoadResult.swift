/// What loading a contract produced: the model when it is valid, and every
/// diagnostic found, sorted by location.
public struct ContractLoadResult: Sendable {
    /// The contract; `nil` when any diagnostic is an error.
    public package(set) var contract: Contract?
    /// Errors and warnings, sorted by file, line and column.
    public package(set) var diagnostics: [Diagnostic]
    /// Every finding by severity, including those past the display limit
    /// (not the "too many problems" marker): what a summary reports.
    public package(set) var counts: DiagnosticCounts

    package init(contract: Contract?, diagnostics: [Diagnostic], counts: DiagnosticCounts? = nil) {
        self.contract = contract
        self.diagnostics = diagnostics
        self.counts = counts ?? DiagnosticCounts(diagnostics)
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { counts.errors > 0 }

    /// Whether any diagnostic is a warning.
    public var hasWarnings: Bool { counts.warnings > 0 }
}
