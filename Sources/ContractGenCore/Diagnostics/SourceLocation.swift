import Foundation

/// A position in a contract file: 1-based line and column (columns count
/// Unicode scalars, as editors do).
///
/// Every node of a parsed contract carries one, so it is kept to plain
/// integers: the file name is interned once in ``SourceFiles`` and stored as a
/// number, which spares a reference count on every copy of every node.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The interned file name (see ``SourceFiles``).
    let fileID: Int32
    // 32 bits are plenty under the parser's size cap, and keep every node small.
    private var storedLine: Int32
    private var storedColumn: Int32

    /// The 1-based line.
    public package(set) var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    /// The 1-based column, in Unicode scalars.
    public package(set) var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    /// The file as the user named it (relative paths stay relative).
    public package(set) var file: String {
        get { SourceFiles.shared.name(of: fileID) }
        set { self = SourceLocation(fileID: SourceFiles.shared.id(for: newValue), line: line, column: column) }
    }

    package init(file: String, line: Int, column: Int) {
        self.init(fileID: SourceFiles.shared.id(for: file), line: line, column: column)
    }

    init(fileID: Int32, line: Int, column: Int) {
        self.fileID = fileID
        self.storedLine = Int32(clamping: line)
        self.storedColumn = Int32(clamping: column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileID != rhs.fileID { return lhs.file < rhs.file }
        return (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
    }

    /// `file:line:column`, the form compilers, SwiftPM and Xcode make clickable.
    public var description: String { "\(file):\(line):\(column)" }
}

/// The file names locations refer to, each stored once. Equal names get equal
/// ids, so locations compare and hash by id. Names are never removed: a
/// process sees a handful of contract files.
final class SourceFiles: @unchecked Sendable {
    static let shared = SourceFiles()

    private let lock = NSLock()
    private var names: [String] = []
    private var ids: [String: Int32] = [:]

    func id(for name: String) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        ids[name] = id
        return id
    }

    func name(of id: Int32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return names[Int(id)]
    }
}
