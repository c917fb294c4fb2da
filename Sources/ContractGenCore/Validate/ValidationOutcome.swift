/// How `contractgen validate` ends, decided here so the command stays a thin shell.
package enum ValidationOutcome: Int32, Sendable {
    /// Valid; warnings allowed unless strict.
    case valid = 0
    /// Errors, or warnings under `--strict`.
    case invalid = 1
    /// Usage or I/O error: the contract could not even be read.
    case usageOrIOError = 2

    /// The outcome for a loaded contract.
    package init(_ result: ContractLoadResult, strict: Bool) {
        self = result.hasErrors || (strict && result.hasWarnings) ? .invalid : .valid
    }
}
