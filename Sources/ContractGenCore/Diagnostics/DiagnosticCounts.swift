/// How many diagnostics of each severity a contract has: all of them, also
/// those not kept or not shown (``ContractLoader/maxDiagnostics``), so a
/// summary never undercounts.
public struct DiagnosticCounts: Sendable, Hashable {
    /// Errors: any makes the contract invalid.
    public package(set) var errors = 0
    /// Warnings: the contract is valid, unless `--strict`.
    public package(set) var warnings = 0
    /// Notes: information that needs no action.
    public package(set) var notes = 0

    package init() {}

    /// The counts of `diagnostics`.
    package init(_ diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { add(diagnostic.severity) }
    }

    package mutating func add(_ severity: Diagnostic.Severity, count: Int = 1) {
        switch severity {
        case .error: errors += count
        case .warning: warnings += count
        case .note: notes += count
        }
    }

    static func + (a: DiagnosticCounts, b: DiagnosticCounts) -> DiagnosticCounts {
        var sum = a
        sum.errors += b.errors
        sum.warnings += b.warnings
        sum.notes += b.notes
        return sum
    }
}
