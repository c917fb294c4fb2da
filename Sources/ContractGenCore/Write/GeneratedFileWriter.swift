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

        public init() {}
    }

    public init() {}

    public func write(_ files: [GeneratedFile], to directory: URL, mode: Mode) throws -> Report {
        let fm = FileManager.default
        var report = Report()
        if mode == .write {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        let expected = Set(files.map(\.name))
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            if let existing = try? Data(contentsOf: url), Self.same(existing, file.bytes) {
                report.unchanged.append(file.name)
                continue
            }
            report.written.append(file.name)
            if mode == .write {
                try file.bytes.withUnsafeBytes { try Data($0).write(to: url, options: .atomic) }
            }
        }
        let present = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in present.sorted() where name.hasSuffix(".swift") && !expected.contains(name) {
            let url = directory.appendingPathComponent(name)
            guard Self.isGenerated(url) else { continue }
            report.removed.append(name)
            if mode == .write {
                try fm.removeItem(at: url)
            }
        }
        return report
    }

    /// Whether `data` holds exactly `bytes` (one `memcmp`, not a byte loop).
    static func same(_ data: Data, _ bytes: [UInt8]) -> Bool {
        guard data.count == bytes.count else { return false }
        return data.withUnsafeBytes { a in
            bytes.withUnsafeBytes { b in a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
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
