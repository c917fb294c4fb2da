import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// SQLite's group commit (`GroupCommitWriter`): batches that wait together share one
/// transaction, each is answered after it committed, a failure answers exactly the
/// batches it undid, and every acknowledged event is in the file, even after `kill -9`.
/// Groups of known members are formed by pausing the writer until the batches are
/// queued (an observable count), not by timing.
@Suite("SQLite group commit", .timeLimit(.minutes(10)))
struct GroupCommitTests {
    static func temporaryFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("collector-group-\(UUID().uuidString).sqlite").path
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// A batch of `uuids` as BatchIngest hands it to the storage.
    static func ingestBatch(_ uuids: [String], requestID: String) -> IngestBatch {
        let now = Date()
        let events = uuids.map {
            CollectedEvent(uuid: $0, eventName: "wishlistPageView", kind: "pageView", payload: exampleEvent(uuid: $0),
                           violations: [], requestID: requestID, receivedAt: now)
        }
        return IngestBatch(accepted: events, rejected: [],
                           request: RequestRecord(requestID: requestID, status: 200, events: uuids.count,
                                                  accepted: uuids.count, bytes: 0, outcome: "stored", receivedAt: now))
    }

    static func uuids(_ count: Int) -> [String] { (0..<count).map { _ in UUID().uuidString.lowercased() } }

    /// Submits `batches` while the writer is paused, so that they form one group once it resumes;
    /// each batch's result, in order.
    static func ingestAsOneGroup(_ batches: [IngestBatch], into storage: SQLiteStorage) async throws -> [Result<Set<String>, any Error>] {
        storage.groupCommit.pause()
        var tasks: [Task<Set<String>, any Error>] = []
        // One at a time: tasks started together may queue in any order.
        for batch in batches {
            tasks.append(Task { try await storage.ingest(batch) })
            while storage.groupCommit.pendingCount < tasks.count { try await Task.sleep(for: .milliseconds(5)) }
        }
        storage.groupCommit.resume()
        var results: [Result<Set<String>, any Error>] = []
        for task in tasks { results.append(await task.result) }
        return results
    }

    @Test("Batches queued together are stored in one group, each answered with its own duplicates")
    func oneGroup() async throws {
        let path = Self.temporaryFile()
        defer { Self.removeDatabase(path) }
        let storage = try SQLiteStorage(path: path)
        let shared = UUID().uuidString.lowercased()
        let first = Self.uuids(3) + [shared], second = [shared] + Self.uuids(2), third = Self.uuids(5)
        let results = try await Self.ingestAsOneGroup(
            [Self.ingestBatch(first, requestID: "a"), Self.ingestBatch(second, requestID: "b"),
             Self.ingestBatch(third, requestID: "c")], into: storage)
        #expect(try results.map { try $0.get() } == [[], [shared], []])
        let stored = try await storage.events(EventQuery(limit: 100))
        #expect(stored.map(\.uuid) == first + second.dropFirst() + third)
        #expect(try await storage.requests(limit: 10).map(\.duplicates) == [0, 1, 0])
        await storage.close()
    }

    @Test("A batch whose rows fail is answered with its error; the others of its group are stored")
    func oneBatchFails() async throws {
        let storage = try SQLiteStorage(path: nil)
        try storage.executeForTesting("""
            CREATE TEMP TRIGGER poison BEFORE INSERT ON requests WHEN NEW.request_id = 'poison'
            BEGIN SELECT RAISE(ABORT, 'injected failure'); END
            """)
        let good = Self.uuids(4), poisoned = Self.uuids(4), after = Self.uuids(4)
        let results = try await Self.ingestAsOneGroup(
            [Self.ingestBatch(good, requestID: "good"), Self.ingestBatch(poisoned, requestID: "poison"),
             Self.ingestBatch(after, requestID: "after")], into: storage)
        #expect((try? results[0].get()) == [])
        #expect(throws: (any Error).self) { try results[1].get() }
        #expect((try? results[2].get()) == [])
        #expect(try await storage.events(EventQuery(limit: 100)).map(\.uuid) == good + after)
        #expect(try await storage.requests(limit: 10).map(\.requestID) == ["good", "after"])
        await storage.close()
    }

    @Test("A failing commit answers every batch of its group with an error and stores none; the next group commits")
    func commitFails() async throws {
        let path = Self.temporaryFile()
        defer { Self.removeDatabase(path) }
        let storage = try SQLiteStorage(path: path)
        // A deferred foreign key broken by every request record: SQLite refuses the COMMIT itself.
        try storage.executeForTesting("""
            PRAGMA foreign_keys = ON;
            CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TEMP TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
            CREATE TEMP TRIGGER failing_commit AFTER INSERT ON requests BEGIN INSERT INTO child VALUES (1); END;
            """)
        let batches = (0..<3).map { Self.ingestBatch(Self.uuids(5), requestID: "r\($0)") }
        let results = try await Self.ingestAsOneGroup(batches, into: storage)
        for result in results {
            #expect(throws: (any Error).self) { try result.get() }
        }
        #expect(try await storage.totals() == StorageTotals())
        try storage.executeForTesting("DROP TRIGGER failing_commit")
        let next = Self.uuids(2)
        #expect(try await storage.ingest(Self.ingestBatch(next, requestID: "next")) == [])
        await storage.close()
        let reopened = try SQLiteStorage(path: path)
        #expect(try await reopened.events(EventQuery(limit: 100)).map(\.uuid) == next)
        await reopened.close()
    }

    @Test("Over HTTP, a failing commit answers every request of its group 503, and none of their events is shown stored")
    func commitFailsOverHTTP() async throws {
        let storage = try SQLiteStorage(path: nil)
        let collector = try await RunningCollector.start(storage: storage)
        try storage.executeForTesting("""
            PRAGMA foreign_keys = ON;
            CREATE TEMP TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TEMP TABLE child (parent_id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
            CREATE TEMP TRIGGER failing_commit AFTER INSERT ON requests BEGIN INSERT INTO child VALUES (1); END;
            """)
        storage.groupCommit.pause()
        let posts = (0..<3).map { _ in
            Task { try await collector.post("/v1/batch", batch(Self.uuids(3).map { exampleEvent(uuid: $0) })) }
        }
        while storage.groupCommit.pendingCount < posts.count { try await Task.sleep(for: .milliseconds(5)) }
        storage.groupCommit.resume()
        for post in posts {
            let (status, _, answer) = try await post.value
            #expect(status == 503)
            #expect(answer?["accepted"] == nil)
        }
        try storage.executeForTesting("DROP TRIGGER failing_commit")
        #expect(try await collector.service.events().isEmpty)
        await collector.stop()
    }

    @Test("tracking-collector killed with SIGKILL under load: every acknowledged event is in the file")
    func killedUnderLoad() async throws {
        let path = Self.temporaryFile()
        defer { Self.removeDatabase(path) }
        let process = try await CollectorProcess(["--database", path, "--envelope-only"])
        defer { process.stop() }
        let port = process.port
        let acknowledged = Locked<Set<String>>([])
        // Senders post batches of 50 until the collector is gone; it is killed once
        // enough events were acknowledged that several groups are surely in flight.
        let killer = Task {
            while acknowledged.get().count < 3_000 { try await Task.sleep(for: .milliseconds(10)) }
            process.signal(SIGKILL)
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    while true {
                        let body = Array(batch(Self.uuids(50).map { exampleEvent(uuid: $0) }).utf8)
                        guard let accepted = await Self.post(body, port: port) else { return }
                        acknowledged.update { $0.formUnion(accepted) }
                    }
                }
            }
        }
        // The senders end only once the collector is gone; should they all fail before, the killer stops too.
        killer.cancel()
        _ = await killer.result
        process.stop()
        let storage = try SQLiteStorage(path: path)
        let stored = Set(try await storage.events(EventQuery(limit: 1_000_000)).map(\.uuid))
        let acked = acknowledged.get()
        #expect(acked.count >= 3_000, "the collector stopped answering before it was killed")
        #expect(acked.subtracting(stored).isEmpty, "acknowledged but not stored")
        await storage.close()
    }

    /// POSTs a batch; the accepted uuids of a 200 answer, `nil` for anything else (the process is gone).
    static func post(_ body: [UInt8], port: Int) async -> Set<String>? {
        var request = URLRequest(url: CollectorService.batchURL(port: port))
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.timeoutInterval = 30
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        guard let (data, response) = try? await URLSession.shared.data(for: request),
              (response as? HTTPURLResponse)?.statusCode == 200,
              case .array(let accepted)? = (try? JSONValue.parse(Array(data)))?["accepted"] else { return nil }
        return Set(accepted.compactMap(\.stringValue))
    }
}
