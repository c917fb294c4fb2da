import Foundation

/// Write stage: puts rendered files into a directory, touching only what changed.
///
/// - Files whose bytes are unchanged are not rewritten (their dates stay, so
///   nothing recompiles needlessly).
/// - Changed files are written atomically (temporary file, then rename).
/// - Files in the directory that carry ``GeneratedFileSet/header`` but are no
///   longer generated are removed; any other file is left alone.
/// - In check mode nothing is written; the report lists what would change.
public struct GeneratedFileWriter: Sendable {
    public enum Mode: Sendable, Hashable {
        case write
        /// Write nothing; report the differences.
        case check
    }

    /// What a run did (or, in check mode, would do).
    public struct Report: Sendable, Hashable {
        /// Files created or rewritten (check mode: that differ or are missing).
        public var written: [String] = []
        public var unchanged: [String] = []
        /// Stale generated files removed (check mode: that would be removed).
        public var removed: [String] = []

        /// Whether the directory differs from the rendered files.
        public var hasDifferences: Bool { !written.isEmpty || !removed.isEmpty }

        package init() {}
    }

    package init() {}

    package func write(_ files: [GeneratedFile], to directory: URL, mode: Mode) throws -> Report {
        try prepare(directory, mode: mode)
        var report = Report()
        for file in files {
            if try write(file, to: directory, mode: mode) {
                report.written.append(file.name)
            } else {
                report.unchanged.append(file.name)
            }
        }
        report.removed = try removeStale(in: directory, keeping: Set(files.map(\.name)), mode: mode)
        return report
    }

    /// Creates `directory` (write mode); call before writing single files.
    package func prepare(_ directory: URL, mode: Mode) throws {
        if mode == .write {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// Writes one file unless the directory already holds exactly its bytes.
    /// Safe to call for different files at once.
    /// - Returns: Whether the file was (check mode: would be) written.
    package func write(_ file: GeneratedFile, to directory: URL, mode: Mode) throws -> Bool {
        let url = directory.appendingPathComponent(file.name)
        if Self.fileHolds(url, file.bytes) { return false }
        if mode == .write {
            try FileBytes.write(file.bytes, to: url.path)
        }
        return true
    }

    /// Removes (check mode: lists) the files in `directory` that carry
    /// ``GeneratedFileSet/header`` but are not in `expected`.
    package func removeStale(in directory: URL, keeping expected: Set<String>, mode: Mode) throws -> [String] {
        let fm = FileManager.default
        var removed: [String] = []
        let present = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        // A target's stale files have its own files' extensions (`.swift`, `.kt`).
        func fileExtension(_ name: String) -> Substring? { name.lastIndex(of: ".").map { name[$0...] } }
        let extensions = Set(expected.compactMap(fileExtension))
        for name in present.sorted() where fileExtension(name).map(extensions.contains) == true && !expected.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard Self.isGenerated(url) else { continue }
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

    /// Whether the file at `url` starts with the generated header line.
    static func isGenerated(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let header = Data((GeneratedFileSet.header + "\n").utf8)
        guard let start = try? handle.read(upToCount: header.count) else { return false }
        return start == header
    }
}
