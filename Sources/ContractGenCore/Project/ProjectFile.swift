import Foundation

/// A project file, `contractgen.yaml`: where the contract is and, per target, where its code goes
/// (docs/project-file.md). `contractgen generate` with no flags generates every target it lists.
///
///     contract: contract/contract.yaml      # relative to the project file's folder
///     targets:
///       swift:
///         output: Generated
///       kotlin:
///         output: android/app/src/main/kotlin/com/example/tracking
///         package: com.example.tracking
///
/// Paths are resolved against the project file's folder, so a project file works from any
/// directory (`--project web/contractgen.yaml`) and paths in messages stay as short as the user's.
package struct ProjectFile: Sendable, Equatable {
    /// The name looked up in the current directory when no `--project` is given.
    package static let fileName = "contractgen.yaml"

    /// One entry of `targets:`.
    package struct Target: Sendable, Equatable {
        /// The target's id (`swift`, `typescript`, `kotlin`).
        package var id: String
        /// The output folder, resolved against the project file's folder.
        package var output: String
        /// The output folder as the project file writes it.
        package var outputAsWritten: String
        /// The target's options (``CodeTarget/options``: Kotlin's `package:`), by key.
        package var options: [String: String]

        package init(id: String, output: String, outputAsWritten: String, options: [String: String] = [:]) {
            self.id = id
            self.output = output
            self.outputAsWritten = outputAsWritten
            self.options = options
        }
    }

    /// The project file's path, as the user named it (or ``fileName``).
    package var path: String
    /// The contract's path, resolved against the project file's folder.
    package var contract: String
    /// The targets, in the order the file lists them.
    package var targets: [Target]
    /// The `status:` section, for `contractgen status` and `docs` (docs/status.md); `nil` when absent.
    package var status: StatusSettings? = nil

    /// The `status:` section: what `contractgen status` scans and reads when
    /// no flag says otherwise.
    package struct StatusSettings: Sendable, Equatable {
        /// `sources:`, resolved against the project file's folder.
        package var sources: [String] = []
        /// `exclude:`, glob patterns as written.
        package var exclude: [String] = []
        /// `collector:`, the collector's base URL.
        package var collector: String?
        /// `arrivals:`, a saved arrivals report, resolved against the project file's folder.
        package var arrivals: String?
        /// `fail-on:`, finding kinds (checked against ``StatusReport/FindingKind``).
        package var failOn: [String] = []
    }

    /// The target with `id`, if the file lists it.
    package func target(id: String) -> Target? { targets.first { $0.id == id } }

    /// What ``load(path:)`` found: the project, or the diagnostics that say why there is none.
    package struct LoadResult: Sendable {
        package var project: ProjectFile?
        package var diagnostics: [Diagnostic]
        /// The file's text, to quote lines in diagnostics.
        package var source: String
    }

    /// Reads and checks the project file at `path`, and that its contract exists.
    /// - Throws: ``ContractFileError`` when the project file itself cannot be read.
    package static func load(path: String) throws -> LoadResult {
        // A project file is a handful of lines: a small cap keeps a wrong path (a log, a device) harmless.
        let bytes = try ContractLoader.readFile(path, maxBytes: 1 << 20)
        var result = parse(bytes: bytes, file: path)
        if let project = result.project {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: project.contract, isDirectory: &isDirectory) || isDirectory.boolValue {
                let location = result.contractLocation ?? SourceLocation(file: path, line: 1, column: 1)
                let what = isDirectory.boolValue ? "is a folder, not a file" : "does not exist"
                result.diagnostics.append(.error(
                    "the contract '\(project.contract)' \(what)", at: location,
                    hint: "'contract:' is relative to the project file's folder"))
                result.project = nil
            }
        }
        return LoadResult(project: result.project, diagnostics: ContractLoader.sorted(result.diagnostics), source: String(decoding: bytes, as: UTF8.self))
    }

    /// The keys of the file's top level, and of one target.
    static let topLevelKeys = ["contract", "targets", "status"]
    static let targetKeys = ["output"] + CodeTargets.optionKeys
    static let statusKeys = ["sources", "exclude", "collector", "arrivals", "fail-on"]

    /// Parses and checks a project file's text; does not look at the file system.
    /// - Parameter file: the project file's path as the user named it: diagnostics name it, and
    ///   relative paths inside are resolved against its folder.
    package static func parse(bytes: [UInt8], file: String) -> (project: ProjectFile?, diagnostics: [Diagnostic], contractLocation: SourceLocation?) {
        let parsed = YAMLParser.parse(bytes: bytes, file: file, limits: .standard)
        guard let root = parsed.root else { return (nil, parsed.diagnostics, nil) }
        var checker = Checker(file: file)
        let project = checker.project(root)
        return (checker.diagnostics.isEmpty ? project : nil, ContractLoader.sorted(checker.diagnostics), checker.contractLocation)
    }

    /// `path` resolved against the folder of the project file `file`; absolute paths stay as they are.
    package static func resolve(_ path: String, relativeTo file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return path }
        return (folder as NSString).appendingPathComponent(path)
    }

    /// Walks the YAML tree, collecting every problem (not only the first).
    private struct Checker {
        let file: String
        var diagnostics: [Diagnostic] = []
        var contractLocation: SourceLocation?

        init(file: String) { self.file = file }

        mutating func project(_ root: Node) -> ProjectFile? {
            guard let pairs = mapping(root, what: "a project file") else { return nil }
            var contract: String?
            var targets: [Target] = []
            var sawTargets = false
            var status: StatusSettings?
            for (key, value) in unique(pairs, in: "the project file") {
                switch key.scalar {
                case "contract":
                    contractLocation = value.location
                    contract = path(value, what: "'contract'")
                case "targets":
                    sawTargets = true
                    targets = self.targets(value)
                case "status":
                    status = self.status(value)
                default:
                    unknownKey(key, among: ProjectFile.topLevelKeys, in: "the project file")
                }
            }
            if contract == nil, contractLocation == nil {
                diagnostics.append(.error("the project file has no 'contract:'", at: root.location,
                    hint: "add 'contract: contract/contract.yaml' (relative to the project file's folder)"))
            }
            if !sawTargets {
                diagnostics.append(.error("the project file has no 'targets:'", at: root.location,
                    hint: "list at least one of \(CodeTargets.ids.joined(separator: ", ")), each with its 'output:' folder"))
            }
            guard let contract else { return nil }
            return ProjectFile(path: file, contract: ProjectFile.resolve(contract, relativeTo: file), targets: targets, status: status)
        }

        mutating func status(_ node: Node) -> StatusSettings? {
            guard let pairs = mapping(node, what: "'status'", hint: "give it 'sources:', and 'collector:' or 'arrivals:'") else { return nil }
            var settings = StatusSettings()
            for (key, value) in unique(pairs, in: "'status'") {
                switch key.scalar {
                case "sources":
                    settings.sources = list(value, what: "'sources'").map { ProjectFile.resolve($0, relativeTo: file) }
                case "exclude":
                    settings.exclude = list(value, what: "'exclude'")
                case "collector":
                    settings.collector = string(value, what: "'collector'")
                case "arrivals":
                    settings.arrivals = path(value, what: "'arrivals'").map { ProjectFile.resolve($0, relativeTo: file) }
                case "fail-on":
                    let kinds = StatusReport.FindingKind.allCases.map(\.rawValue)
                    let names = list(value, what: "'fail-on'")
                    for item in items(value) {
                        guard let name = item.scalar, !name.isEmpty, !kinds.contains(name), name != "all" else { continue }
                        diagnostics.append(.error("unknown finding '\(name)' in 'fail-on'", at: item.location,
                            hint: Suggestions.didYouMean(name, among: kinds) ?? "findings are \(kinds.joined(separator: ", ")), or all"))
                    }
                    settings.failOn = names
                default:
                    unknownKey(key, among: ProjectFile.statusKeys, in: "'status'")
                }
            }
            return settings
        }

        /// The items of a sequence, or the one scalar given alone.
        func items(_ node: Node) -> [Node] {
            if case .sequence(let items) = node.value { return items }
            return [node]
        }

        /// A list of non-empty strings (a single string counts as a list of one); bad items are reported.
        mutating func list(_ node: Node, what: String) -> [String] {
            if case .mapping = node.value {
                diagnostics.append(.error("\(what) must be a list of strings", at: node.location))
                return []
            }
            return items(node).compactMap { path($0, what: "an item of \(what)") }
        }

        mutating func targets(_ node: Node) -> [Target] {
            guard let pairs = mapping(node, what: "'targets'") else { return [] }
            if pairs.isEmpty {
                diagnostics.append(.error("'targets' lists no target", at: node.location,
                    hint: "list at least one of \(CodeTargets.ids.joined(separator: ", "))"))
            }
            var targets: [Target] = []
            var outputs: [String: (id: String, location: SourceLocation)] = [:]
            for (key, value) in unique(pairs, in: "'targets'") {
                guard let id = key.scalar, CodeTargets.target(id: id) != nil else {
                    let name = key.scalar ?? ""
                    diagnostics.append(.error("unknown target '\(name)'", at: key.location,
                        hint: Suggestions.didYouMean(name, among: CodeTargets.ids)
                            ?? "targets are \(CodeTargets.ids.joined(separator: ", "))"))
                    continue
                }
                guard let target = target(id, value) else { continue }
                if let other = outputs[target.output] {
                    diagnostics.append(.error(
                        "targets '\(other.id)' and '\(id)' share the output folder '\(target.outputAsWritten)'", at: key.location,
                        hint: "give each target a folder of its own"))
                } else {
                    outputs[target.output] = (id, key.location)
                }
                targets.append(target)
            }
            return targets
        }

        mutating func target(_ id: String, _ node: Node) -> Target? {
            guard let pairs = mapping(node, what: "target '\(id)'", hint: "give it an 'output:' folder") else { return nil }
            var output: String?
            var sawOutput = false
            var options: [String: String] = [:]
            let targetOptions = CodeTargets.target(id: id)?.options ?? []
            var valid = true
            for (key, value) in unique(pairs, in: "target '\(id)'") {
                switch key.scalar {
                case "output":
                    sawOutput = true
                    output = path(value, what: "'output'")
                    if output == nil { valid = false }
                case let optionKey? where CodeTargets.optionKeys.contains(optionKey):
                    guard let option = targetOptions.first(where: { $0.key == optionKey }) else {
                        let takers = CodeTargets.targets(takingOption: optionKey).map(\.id).joined(separator: ", ")
                        diagnostics.append(.error("'\(optionKey)' applies to the \(takers) target only, not to '\(id)'", at: key.location))
                        valid = false
                        continue
                    }
                    guard let text = string(value, what: "'\(optionKey)'") else { valid = false; continue }
                    if let problem = option.problem(text) {
                        diagnostics.append(.error("'\(text)' is not \(option.valueNoun)", at: value.location, hint: problem))
                        valid = false
                    }
                    options[optionKey] = text
                default:
                    let candidates = ["output"] + targetOptions.map(\.key)
                    unknownKey(key, among: candidates, in: "target '\(id)'")
                    valid = false
                }
            }
            if !sawOutput {
                diagnostics.append(.error("target '\(id)' has no 'output:'", at: node.location, hint: "the folder its generated files go into"))
            }
            guard valid, let output else { return nil }
            return Target(id: id, output: ProjectFile.resolve(output, relativeTo: file), outputAsWritten: output, options: options)
        }

        /// The pairs of a mapping, or `nil` (reported) when `node` is not one.
        mutating func mapping(_ node: Node, what: String, hint: String? = nil) -> [(key: Node, value: Node)]? {
            guard case .mapping(let pairs) = node.value else {
                diagnostics.append(.error("\(what) must be a mapping of keys to values", at: node.location, hint: hint))
                return nil
            }
            return pairs
        }

        /// The pairs whose key is the first of its name; later duplicates are reported.
        mutating func unique(_ pairs: [(key: Node, value: Node)], in scope: String) -> [(key: Node, value: Node)] {
            var seen: [String: SourceLocation] = [:]
            var kept: [(key: Node, value: Node)] = []
            for pair in pairs {
                let name = pair.key.scalar ?? ""
                if let first = seen[name] {
                    diagnostics.append(.error("'\(name)' appears twice in \(scope)", at: pair.key.location,
                        hint: "the first is at line \(first.line)"))
                    continue
                }
                seen[name] = pair.key.location
                kept.append(pair)
            }
            return kept
        }

        mutating func unknownKey(_ key: Node, among candidates: [String], in scope: String) {
            let name = key.scalar ?? ""
            diagnostics.append(.error("unknown key '\(name)' in \(scope)", at: key.location,
                hint: Suggestions.didYouMean(name, among: candidates) ?? "keys are \(candidates.joined(separator: ", "))"))
        }

        /// A non-empty scalar, or `nil` (reported).
        mutating func string(_ node: Node, what: String) -> String? {
            guard let text = node.scalar, !text.isEmpty, !(text == "~" || text == "null") || nodeIsQuoted(node) else {
                diagnostics.append(.error("\(what) must be a non-empty string", at: node.location))
                return nil
            }
            return text
        }

        /// A path: a non-empty string without a NUL.
        mutating func path(_ node: Node, what: String) -> String? {
            guard let text = string(node, what: what) else { return nil }
            guard !text.contains("\0") else {
                diagnostics.append(.error("\(what) holds a NUL character", at: node.location))
                return nil
            }
            return text
        }

        func nodeIsQuoted(_ node: Node) -> Bool {
            if case .scalar(_, .quoted) = node.value { return true }
            return false
        }
    }
}

extension ProjectFile {
    /// The project file a command uses: `explicitPath` (`--project`) when given, else
    /// ``fileName`` in the current directory when there is one, else none (today's defaults apply).
    package static func locate(explicitPath: String?) -> String? {
        if let explicitPath { return explicitPath }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: fileName, isDirectory: &isDirectory) && !isDirectory.boolValue ? fileName : nil
    }
}
