import Foundation

/// Parses and validates a contract: YAML -> ``Node`` tree -> ``Contract``,
/// reporting every problem found in one run.
public enum ContractLoader {
    /// Reads and loads the contract at `path`.
    /// - Throws: ``ContractFileError`` only when the file cannot be read;
    ///   problems in the contract come back as diagnostics.
    public static func load(path: String, limits: ParseLimits = .standard) throws -> ContractLoadResult {
        load(bytes: try readFile(path), file: path, limits: limits)
    }

    /// Loads a contract from text; `file` names it in diagnostics.
    public static func load(yaml: String, file: String, limits: ParseLimits = .standard) -> ContractLoadResult {
        load(bytes: Array(yaml.utf8), file: file, limits: limits)
    }

    /// Loads a contract from raw bytes (checked to be UTF-8); `file` names it in diagnostics.
    public static func load(bytes: [UInt8], file: String, limits: ParseLimits = .standard) -> ContractLoadResult {
        let parsed = YAMLParser.parse(bytes: bytes, file: file, limits: limits)
        guard let root = parsed.root else {
            return ContractLoadResult(contract: nil, diagnostics: sorted(parsed.diagnostics))
        }
        let reader = ContractReader(root: root, file: file)
        let contract = reader.read()
        var diagnostics = sorted(parsed.diagnostics + reader.diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        if diagnostics.count > maxDiagnostics {
            let cut = diagnostics[maxDiagnostics]
            diagnostics.removeSubrange(maxDiagnostics...)
            // The note is a warning when only warnings were cut, so it cannot fail a valid contract.
            diagnostics.append(
                Diagnostic(
                    hasErrors ? .error : .warning, at: cut.location, "too many problems; stopped reporting after \(maxDiagnostics)",
                    hint: "fix these first, then run again"))
        }
        return ContractLoadResult(contract: hasErrors ? nil : contract, diagnostics: diagnostics)
    }

    /// Reads a file's bytes, throwing ``ContractFileError`` when it cannot.
    public static func readFile(_ path: String) throws -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ContractFileError(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw ContractFileError(path: path, reason: "is a directory") }
        guard let bytes = FileBytes.read(path) else {
            throw ContractFileError(path: path, reason: "cannot be read")
        }
        return bytes
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
