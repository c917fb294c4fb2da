/// How many diagnostics of each severity a contract has: all of them, also
/// those not kept or not shown (``ContractLoader/maxDiagnostics``), so a
/// summary never undercounts.
public struct DiagnosticCounts: Sendable, Hashable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public init() {}

    /// The counts of `diagnostics`.
    public init(_ diagnostics: some Sequence<Diagnostic>) {
        for diagnostic in diagnostics { add(diagnostic.severity) }
    }

    public mutating func add(_ severity: Diagnostic.Severity, count: Int = 1) {
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
