import Foundation

/// A contract's bytes, read from a file or from a git revision (`REV:PATH`,
/// through `git show`), with the name diagnostics and reports give it.
package struct ContractSource: Sendable {
    /// As the user wrote it: `contract/contract.yaml`, `origin/main:contract/contract.yaml`.
    package var name: String
    /// The file's path without the revision: where annotations point.
    package var path: String
    package var bytes: [UInt8]

    /// `spec` is a path when such a file exists, else `REV:PATH` read with `git show`.
    /// - Throws: ``ContractFileError`` when neither works.
    package static func read(_ spec: String) throws -> ContractSource {
        if FileManager.default.fileExists(atPath: spec) || !spec.contains(":") {
            return ContractSource(name: spec, path: spec, bytes: try ContractLoader.readFile(spec))
        }
        let colon = spec.firstIndex(of: ":")!
        let revision = String(spec[..<colon])
        let path = String(spec[spec.index(after: colon)...])
        guard !revision.isEmpty, !path.isEmpty else { throw ContractFileError(path: spec, reason: "no such file") }
        return ContractSource(name: spec, path: path, bytes: try gitShow(revision: revision, path: path, spec: spec))
    }

    /// The file at `path` (relative to the current directory) as it was at `revision`.
    package static func read(path: String, atRevision revision: String) throws -> ContractSource {
        let url = URL(fileURLWithPath: path)
        // `REV:./PATH` is relative to git's working directory, which is the file's folder.
        let bytes = try gitShow(revision: revision, path: "./" + url.lastPathComponent, spec: "\(revision):\(path)",
                                directory: url.deletingLastPathComponent().path)
        return ContractSource(name: "\(revision):\(path)", path: path, bytes: bytes)
    }

    static func gitShow(revision: String, path: String, spec: String, directory: String? = nil,
                        maxBytes: Int = ParseLimits.standard.maxBytes) throws -> [UInt8] {
        guard !revision.hasPrefix("-") else { throw ContractFileError(path: spec, reason: "a revision may not start with '-'") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "show", "\(revision):\(path)"]
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ContractFileError(path: spec, reason: "cannot run git (\(error.localizedDescription))")
        }
        // stdout first, then stderr: git's error output is a line or two, far
        // below a pipe's buffer, so it cannot stall git while stdout is read.
        // Read no more than a contract may have (as ``ContractLoader/readFile`` does for
        // files): a huge blob at that revision must not be held in memory whole.
        var data = Data()
        while data.count <= maxBytes {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        if data.count > maxBytes {
            // SIGKILL, not `terminate()`: git inherits our signal mask, and a caller
            // that blocks SIGTERM (as test runners' threads do) would leave it
            // stuck writing to the pipe nobody reads.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw ContractFileError(path: spec, reason: "is more than the \(maxBytes) bytes a contract may have")
        }
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "git show failed"
            throw ContractFileError(path: spec, reason: message)
        }
        return [UInt8](data)
    }
}
