#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files with plain `open`/`read`: straight into the buffer that is
/// kept (no `Data` in between, whose pages would be touched, then copied).
enum FileBytes {
    /// Why a file was not read.
    enum ReadFailure: Error, Equatable {
        case cannotOpen, notRegular(kind: String), tooLarge(size: Int), cannotRead
    }

    /// The whole regular file at `path`, at most `maxBytes` long.
    ///
    /// The kind and size are checked on the open descriptor before anything is
    /// read: a FIFO would block forever and `/dev/zero` would never end. The
    /// file is opened non-blocking so that opening a FIFO cannot block either,
    /// and read no further than `maxBytes` + 1 in case it grows meanwhile.
    static func read(_ path: String, maxBytes: Int = Int.max) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.cannotOpen) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.cannotRead) }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else { return .failure(.notRegular(kind: describe(kind))) }
        guard Int(info.st_size) <= maxBytes else { return .failure(.tooLarge(size: Int(info.st_size))) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while true {
            if count > maxBytes { return .failure(.tooLarge(size: count)) }
            if count == bytes.count {
                // The file grew since `fstat`: read on in steps.
                bytes += [UInt8](repeating: 0, count: max(4096, bytes.count / 2))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + count, buffer.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.cannotRead)
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// `what` for a file kind that is not a regular file.
    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: "is a directory"
        case S_IFIFO: "is a FIFO (named pipe), not a regular file"
        case S_IFCHR: "is a character device, not a regular file"
        case S_IFBLK: "is a block device, not a regular file"
        case S_IFSOCK: "is a socket, not a regular file"
        default: "is not a regular file"
        }
    }

    /// Whether the file at `path` holds exactly `bytes`: its size first, then
    /// its contents a chunk at a time (never the whole file in memory).
    static func holds(_ path: String, _ bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) == bytes.count else { return false }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 256 * 1024) + 1)
        return bytes.withUnsafeBytes { expected in
            chunk.withUnsafeMutableBytes { buffer in
                var offset = 0
                while true {
                    let n = systemRead(fd, buffer.baseAddress!, buffer.count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    // End of file: equal when every expected byte was matched.
                    if n == 0 { return offset == expected.count }
                    guard offset + n <= expected.count,
                          memcmp(buffer.baseAddress!, expected.baseAddress! + offset, n) == 0 else { return false }
                    offset += n
                }
            }
        }
    }
}

extension FileBytes {
    /// Replaces the file at `path` with `bytes` atomically: written to a
    /// temporary file in the same directory, then renamed over it. Not synced
    /// to disk (generated sources, like a compiler's outputs, are made again
    /// if a crash loses them; a sync per file made `generate` wait on the disk).
    static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let temporary = "\(directory).\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw FileError(path: temporary, operation: "create", code: errno) }
        var failure: FileError?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = FileError(path: temporary, operation: "write", code: errno)
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0, failure == nil { failure = FileError(path: temporary, operation: "close", code: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileError(path: path, operation: "rename to", code: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// A file operation that failed, with the system's reason.
    struct FileError: Error, CustomStringConvertible {
        let path: String
        let operation: String
        let code: Int32

        var description: String { "cannot \(operation) \(path): \(String(cString: strerror(code)))" }
    }
}

/// The system's `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// The system's `read`, named apart from ``FileBytes/read(_:)``.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
