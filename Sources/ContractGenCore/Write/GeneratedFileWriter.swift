import Foundation

/// Write stage: puts rendered files into a directory, touching only what changed.
///
/// - Files whose bytes are unchanged are not rewritten (their dates stay, so
///   nothing recompiles needlessly).
/// - Changed files are written atomically (temporary file, then rename).
/// - Files in the directory that start with the target's generated header
///   (``CommentSyntax/generatedHeader``) and have a name the target's generator
///   owns (``TargetGenerator/ownsFile(named:)``), but are no longer generated,
///   are removed; any other file is left alone.
/// - In check mode nothing is written; the report lists what would change.
public struct GeneratedFileWriter: Sendable {
    public enum Mode: Sendable, Hashable {
        case write
        /// Write nothing; report the differences.
        case check
    }

    /// What writing one file did (check mode: would do).
    package enum FileChange: Sendable, Hashable {
        case unchanged
        /// The file was there with other bytes (check mode: it differs).
        case rewritten
        /// The file was not there (check mode: it is missing).
        case created
    }

    /// What a run did (or, in check mode, would do).
    public struct Report: Sendable, Hashable {
        /// Files created or rewritten (check mode: that differ or are missing).
        public var written: [String] = []
        /// Those of ``written`` that did not exist (check mode: that are missing).
        public var created: [String] = []
        public var unchanged: [String] = []
        /// Stale generated files removed (check mode: extra files that would be removed).
        public var removed: [String] = []

        /// Whether the directory differs from the rendered files.
        public var hasDifferences: Bool { !written.isEmpty || !removed.isEmpty }

        package init() {}

        /// Adds what writing the file `name` did.
        package mutating func record(_ change: FileChange, of name: String) {
            switch change {
            case .unchanged: unchanged.append(name)
            case .rewritten: written.append(name)
            case .created: written.append(name); created.append(name)
            }
        }
    }

    package init() {}

    /// Writes `files` into `directory` and removes the stale generated files
    /// there: those whose name is not among `files` but is `owned`, and that start
    /// with the generated header in `comments` (a target's ``TargetGenerator/commentSyntax``).
    package func write(
        _ files: [GeneratedFile], to directory: URL, mode: Mode, owned: (String) -> Bool, comments: CommentSyntax
    ) throws -> Report {
        try prepare(directory, mode: mode)
        var report = Report()
        for file in files {
            report.record(try write(file, to: directory, mode: mode), of: file.name)
        }
        report.removed = try removeStale(
            in: directory, keeping: Set(files.map(\.name)), owned: owned, header: comments.generatedHeader, mode: mode)
        return report
    }

    /// Writes `files` into `directory` and removes nothing: for files that carry no generated header to
    /// know them by (JSON Schemas, the catalogue's page), which no target owns.
    package func write(_ files: [GeneratedFile], to directory: URL, mode: Mode) throws -> Report {
        try write(files, to: directory, mode: mode, owned: { _ in false }, comments: .slashes)
    }

    /// Creates `directory` (write mode); call before writing single files.
    package func prepare(_ directory: URL, mode: Mode) throws {
        if mode == .write {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// Writes one file unless the directory already holds exactly its bytes.
    /// Safe to call for different files at once.
    /// - Returns: Whether the file was (check mode: would be) created or rewritten.
    package func write(_ file: GeneratedFile, to directory: URL, mode: Mode) throws -> FileChange {
        let url = directory.appendingPathComponent(file.name)
        if Self.fileHolds(url, file.bytes) { return .unchanged }
        let change: FileChange = FileManager.default.fileExists(atPath: url.path) ? .rewritten : .created
        if mode == .write {
            try FileBytes.write(file.bytes, to: url.path)
        }
        return change
    }

    /// Removes (check mode: lists) the files in `directory` whose name is
    /// `owned` and not in `expected`, and that start with the line `header`.
    package func removeStale(
        in directory: URL, keeping expected: Set<String>, owned: (String) -> Bool, header: String, mode: Mode
    ) throws -> [String] {
        let fm = FileManager.default
        var removed: [String] = []
        let present = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in present.sorted() where owned(name) && !expected.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard Self.startsWith(url, header: header) else { continue }
            removed.append(name)
            if mode == .write {
                try fm.removeItem(at: url)
            }
        }
        return removed
    }

    /// Whether the file at `url` holds exactly `bytes`: the size first, then
    /// the bytes a chunk at a time (an up-to-date file is never read whole
    /// into memory, and a file of another size is not read at all).
    static func fileHolds(_ url: URL, _ bytes: [UInt8]) -> Bool {
        FileBytes.holds(url.path, bytes)
    }

    /// Whether the file at `url` starts with the line `header` (a generated file's header).
    static func startsWith(_ url: URL, header: String) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let line = Data((header + "\n").utf8)
        guard let start = try? handle.read(upToCount: line.count) else { return false }
        return start == line
    }
}
