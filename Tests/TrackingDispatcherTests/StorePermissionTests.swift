import Foundation
import Testing
import TestSupport
@testable import TrackingDispatcher

/// A store file the process may not read (what a protected file is while the
/// device is locked) is unavailable, never corrupt. Root ignores file modes, so
/// when the tests run as root the probe runs as `nobody` through `setpriv` on a
/// root-owned 0600 file; otherwise it runs as the current user on a 0000 file.
/// The test fails when it cannot create that condition.
@Suite("Store permissions", .timeLimit(.minutes(10)))
struct StorePermissionTests {
    static let nobody: (uid: uid_t, gid: gid_t) = (65_534, 65_534)

    static let isRoot = getuid() == 0

    /// Runs `arguments` unprivileged (as `nobody` when this process is root); exit status and output.
    func asNobody(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let run = Self.isRoot
            ? (URL(fileURLWithPath: "/usr/bin/setpriv"),
               ["--reuid=\(Self.nobody.uid)", "--regid=\(Self.nobody.gid)", "--clear-groups", "--"] + arguments)
            : (URL(fileURLWithPath: arguments[0]), Array(arguments.dropFirst()))
        let outcome = try await ChildProcess.run(run.0, run.1, in: FileManager.default.temporaryDirectory)
        return (outcome.status, outcome.stdout)
    }

    @Test("A database the process may not read: events held in memory, the file untouched; readable again, it is used")
    func unreadableFileIsUnavailable() async throws {
        let child = try #require(CrashSafetyTests.childURL, "build the dispatcher-crash-child product first")
        if Self.isRoot {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "setpriv (util-linux) is needed")
        }
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let store = try EventStore(url: dir.database)
            _ = try store.insert([NewStoredEvent(uuid: "old", eventName: "e", payload: Array("{}".utf8), createdAt: 0)])
            store.close()
        }
        let before = try Data(contentsOf: dir.database)
        // The directory belongs to the probe's user (so moving the file aside would
        // succeed), the file is not readable for it.
        if Self.isRoot {
            #expect(chown(dir.url.path, Self.nobody.uid, Self.nobody.gid) == 0)
            #expect(chmod(dir.database.path, 0o600) == 0)
        } else {
            #expect(chmod(dir.database.path, 0o000) == 0)
        }

        // The condition itself: for the probe's user, the file cannot be read.
        let check = try await asNobody(["/usr/bin/test", "-r", dir.database.path])
        try #require(check.status == 1, "could not make the store unreadable for the probe (setpriv status \(check.status))")

        let locked = try await asNobody([child.path, dir.database.path, "http://127.0.0.1:1/", "--probe-store"])
        #expect(locked.status == 0)
        #expect(locked.output.contains("STATUS held 3"), "\(locked.output)")
        #expect(locked.output.contains("NOTICE storeUnavailable"))
        #expect(!locked.output.contains("NOTICE databaseRecreated"))
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(!names.contains { $0.contains(".corrupt-") }, "\(names)")
        if !Self.isRoot { #expect(chmod(dir.database.path, 0o600) == 0) }
        #expect(try Data(contentsOf: dir.database) == before)

        // Readable again (the device unlocked): the old event is still there and new ones persist.
        if Self.isRoot { #expect(chown(dir.database.path, Self.nobody.uid, Self.nobody.gid) == 0) }
        let unlocked = try await asNobody([child.path, dir.database.path, "http://127.0.0.1:1/", "--probe-store"])
        #expect(unlocked.output.contains("STATUS persisted"), "\(unlocked.output)")
        #expect(unlocked.output.contains("PENDING 4"))
    }
}
