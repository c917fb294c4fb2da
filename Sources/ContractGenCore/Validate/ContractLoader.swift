import Foundation

/// Parses and validates a contract: YAML -> ``Node`` tree -> ``Contract``,
/// reporting every problem found in one run.
public enum ContractLoader {
    /// Reads and loads the contract at `path`.
    /// - Throws: ``ContractFileError`` only when the file cannot be read;
    ///   problems in the contract come back as diagnostics.
    public static func load(path: String) throws -> ContractLoadResult {
        try load(path: path, limits: .standard)
    }

    /// ``load(path:)`` under other limits than the standard ones.
    package static func load(path: String, limits: ParseLimits) throws -> ContractLoadResult {
        load(bytes: try readFile(path, maxBytes: limits.maxBytes), file: path, limits: limits)
    }

    /// Loads a contract from text; `file` names it in diagnostics.
    public static func load(yaml: String, file: String) -> ContractLoadResult {
        load(bytes: Array(yaml.utf8), file: file, limits: .standard)
    }

    /// ``load(yaml:file:)`` under other limits than the standard ones.
    package static func load(yaml: String, file: String, limits: ParseLimits) -> ContractLoadResult {
        load(bytes: Array(yaml.utf8), file: file, limits: limits)
    }

    /// Loads a contract from raw bytes (checked to be UTF-8); `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String) -> ContractLoadResult {
        load(bytes: bytes, file: file, limits: .standard)
    }

    /// ``load(bytes:file:)`` under other limits than the standard ones.
    package static func load(bytes: [UInt8], file: String, limits: ParseLimits) -> ContractLoadResult {
        let parsed = YAMLParser.parse(bytes: bytes, file: file, limits: limits)
        guard let root = parsed.root else {
            return ContractLoadResult(contract: nil, diagnostics: sorted(parsed.diagnostics))
        }
        let reader = ContractReader(root: root, file: file)
        let contract = reader.read()
        var diagnostics = sorted(parsed.diagnostics + reader.diagnostics)
        let counts = DiagnosticCounts(diagnostics) + reader.dropped
        let hasErrors = counts.errors > 0
        if diagnostics.count > maxDiagnostics {
            let cut = diagnostics[maxDiagnostics]
            diagnostics.removeSubrange(maxDiagnostics...)
            // The marker is a warning when only warnings were cut, so it cannot fail a valid
            // contract; it is not counted (``ContractLoadResult/counts`` counts every finding).
            diagnostics.append(
                Diagnostic(
                    hasErrors ? .error : .warning, at: cut.location, "too many problems; stopped reporting after \(maxDiagnostics)",
                    hint: "fix these first, then run again"))
        }
        return ContractLoadResult(contract: hasErrors ? nil : contract, diagnostics: diagnostics, counts: counts)
    }

    /// Reads a contract file's bytes, throwing ``ContractFileError`` when it
    /// cannot: it does not exist, is not a regular file (a FIFO, a device, a
    /// directory), or is larger than `maxBytes`. All of that is checked before
    /// a byte is read. The size cap is the standard one (64 MiB).
    public static func readFile(_ path: String) throws -> [UInt8] {
        try readFile(path, maxBytes: ParseLimits.standard.maxBytes)
    }

    /// ``readFile(_:)`` with another size cap.
    package static func readFile(_ path: String, maxBytes: Int) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ContractFileError(path: path, reason: "no such file")
        }
        switch FileBytes.read(path, maxBytes: maxBytes) {
        case .success(let bytes):
            return bytes
        case .failure(.notRegular(let kind)):
            throw ContractFileError(path: path, reason: kind)
        case .failure(.tooLarge(let size)):
            throw ContractFileError(
                path: path, reason: "is \(size) bytes, more than the \(maxBytes) bytes a contract may have")
        case .failure(.cannotOpen), .failure(.cannotRead):
            throw ContractFileError(path: path, reason: "cannot be read")
        }
    }

    /// More would bury the first problems; a hostile file could otherwise print without end.
    public static let maxDiagnostics = 500

    /// Stable sort by location, so diagnostics at one spot keep the order they were found in.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            a.element.location == b.element.location ? a.offset < b.offset : a.element.location < b.element.location
        }.map(\.element)
    }
}
