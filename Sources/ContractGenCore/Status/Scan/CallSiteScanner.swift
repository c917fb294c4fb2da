import Foundation

/// Finds every call of a generated event function in the apps' sources under
/// `request.roots` (docs/status.md, "How each language is scanned"): Swift
/// and Kotlin with lexers of their own (``SwiftCallScanner``,
/// ``KotlinCallScanner``), TypeScript with TypeScript's compiler API under
/// Node (``TypeScriptCallScanner``). Generated files and build folders are
/// left out. What could not be scanned is said in ``CallSiteScan/notes``.
///
/// `nodeSearchPath` is where `node` is looked for, `:`-separated; `nil` for `PATH`.
///
/// - Throws: ``CallSiteScanError`` when a root does not exist.
package func scanCallSites(of contract: Contract, _ request: CallSiteScanRequest, nodeSearchPath: String? = nil) throws -> CallSiteScan {
    let names = EventFunctionNames(contract)
    let files = try SourceTreeWalk(request).files()
    var scan = CallSiteScan()
    var notes: [String] = []

    // Node works in its own process while this one lexes Swift and Kotlin.
    let typescript = request.languages.contains(.typescript)
        ? TypeScriptCallScanner(names: names, files: files.typescript, roots: request.roots).start(nodeSearchPath: nodeSearchPath) : nil

    var lexed: [SourceLanguage: LexedLanguageScan] = [:]
    if request.languages.contains(.swift) {
        lexed[.swift] = SwiftCallScanner.scan(files.swift, names: names)
    }
    if request.languages.contains(.kotlin) {
        lexed[.kotlin] = KotlinCallScanner.scan(files.kotlin, names: names)
    }
    for (language, result) in lexed {
        scan.sites += result.sites
        scan.filesScanned[language] = result.filesScanned
        notes += result.notes
    }
    if let typescript {
        let result = typescript.finish()
        scan.sites += result.sites
        scan.filesScanned[.typescript] = result.filesScanned
        notes += result.notes
    }
    scan.sites.sort()
    scan.notes = files.notes + notes.sorted()
    return scan
}

/// A root given to the scan that is not there.
package struct CallSiteScanError: Error, CustomStringConvertible {
    package var description: String
}

/// The names generated code gives the contract's event functions, per
/// target, from the targets' own naming (never derived here).
struct EventFunctionNames: Sendable {
    /// The Swift namespace enum the functions are static on (`Shop`).
    let swiftNamespace: String
    /// Swift function name -> contract event name.
    let swiftFunctions: [String: String]
    /// The Kotlin object the functions are members of (`Shop`).
    let kotlinObject: String
    /// Kotlin function name -> contract event name.
    let kotlinFunctions: [String: String]
    /// TypeScript exported function name -> contract event name.
    let typescriptFunctions: [String: String]

    init(_ contract: Contract) {
        func functions(_ target: any CodeTarget) -> [String: String] {
            Dictionary(contract.events.map { (target.name(of: .event($0), in: contract), $0.name) }, uniquingKeysWith: { first, _ in first })
        }
        swiftNamespace = GeneratedNames.namespaceName(contract.name)
        swiftFunctions = functions(SwiftTarget())
        kotlinObject = KotlinNames.contractObject(contract.name)
        kotlinFunctions = functions(KotlinTarget())
        typescriptFunctions = functions(TypeScriptTarget())
    }
}

/// What one lexer-scanned language gave.
struct LexedLanguageScan: Sendable {
    var sites: [CallSite] = []
    var filesScanned = 0
    var notes: [String] = []
}

/// One source file to scan: where to read it and how reports name it.
struct SourceFile: Sendable, Hashable {
    /// The path to open.
    let path: String
    /// The path as reports show it (``CallSite/file``).
    let shownPath: String
}

/// The byte sequence that marks a generated file (``GeneratedFileSet/header``), at its start.
enum GeneratedHeader {
    static let bytes = Array(GeneratedFileSet.header.utf8)

    /// Whether `file` starts with the header (after a byte order mark).
    static func marks(_ file: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        if file.count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { start = 3 }
        guard file.count - start >= bytes.count else { return false }
        for (offset, byte) in bytes.enumerated() where file[start + offset] != byte { return false }
        return true
    }
}
