import Benchmark
import CSQLiteBench
import Foundation
import TrackingCollectorKit
import TrackingContract
import TrackingCore
import TrackingDispatcher

/// The dispatcher's numbers (issue 5): caller latency of `track()`, events
/// persisted per second next to raw inserts of the same rows, events delivered
/// per second to the local collector, and peak memory while draining a
/// 100,000-event backlog.
enum Fixture {
    static let globals: [String: JSONValue] = ["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                               "deviceModel": .string("iPhone17,1")]

    static func event() -> WishlistPageView {
        WishlistPageView(uniqueViewId: UUID(), skuItemList: ["1234", "5678", "9012"])
    }

    static func temporaryDatabase() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("dispatcher-bench-\(UUID().uuidString)")
            .appendingPathComponent("events.sqlite")
    }

    static func remove(_ database: URL) {
        try? FileManager.default.removeItem(at: database.deletingLastPathComponent())
    }

    /// Contract rules from the descriptor (globals, PII); validation as asked
    /// (measured three ways; see docs/performance.md).
    enum Validation { case off, generated, generatedAndDescriptor }

    static func configuration(_ database: URL, validation: Validation = .generated) -> DispatcherConfiguration {
        DispatcherConfiguration(
            databaseURL: database,
            batch: BatchConfiguration(maxQueueSize: 1_000_000, overflowQueueSize: 1_000_000, deliverySize: 100),
            strategies: [.manual],
            retry: RetryPolicy(minimumRequestInterval: 0),
            contract: ContractRules(descriptor: Omnitracking.descriptor,
                                    validatePayloads: validation == .generatedAndDescriptor),
            reportViolationsLoudly: false,
            validatesEvents: validation != .off)
    }

    /// Stored rows as the pipeline produces them (event plus globals in contract
    /// order, no flags, no violations, no missing globals), for the raw-insert baseline.
    static func rows(_ count: Int) -> [NewStoredEvent] {
        (0..<count).map { _ in
            let event = event()
            var writer = JSONWriter(capacity: 512)
            writer.beginObject()
            event.writeMembers(to: &writer)
            for key in ["appVersion", "osVersion", "deviceModel"] { writer.key(key); globals[key]!.write(to: &writer) }
            writer.key("sessionId"); writer.value(UUID())
            writer.endObject()
            return NewStoredEvent(uuid: event.uuid.uuidString.lowercased(), eventName: event.eventName,
                                  payload: writer.bytes, createdAt: Date().timeIntervalSince1970)
        }
    }
}

/// The generated `WishlistPageView` seen as a model an app composed itself: the
/// same fields, but not marked `ContractGeneratedEvent`, so the dispatcher also
/// runs the descriptor's payload check on it.
struct AppComposedWishlistPageView: TrackingEvent {
    let base: WishlistPageView
    var eventName: String { base.eventName }
    var kindName: String { base.kindName }
    var contractVersion: String { base.contractVersion }
    var uuid: UUID { base.uuid }
    var clientTimestamp: Date { base.clientTimestamp }
    func writeMembers(to writer: inout JSONWriter) { base.writeMembers(to: &writer) }
    func validate() -> [Violation] { base.validate() }
}

/// One long-lived client for the latency benchmark: each sample is one `track()` call.
final class LatencyClient: Sendable {
    static let shared = LatencyClient()
    let database = Fixture.temporaryDatabase()
    let client: TrackingClient
    init() {
        client = TrackingClient(configuration: Fixture.configuration(database), providers: [],
                                globals: StaticGlobals(Fixture.globals))
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput], maxDuration: .seconds(5))

    Benchmark("track() caller latency (one call per sample)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 200_000)) { benchmark in
        let client = LatencyClient.shared.client
        let event = Fixture.event()
        benchmark.startMeasurement()
        client.track(event)
        benchmark.stopMeasurement()
    }

    // The default configuration (`ContractRules(descriptor:)`, payload check on)
    // twice: with the event marked `ContractGeneratedEvent` (trusted to its
    // validate()) and as a model an app composed itself (validate() + descriptor).
    let cases: [(String, Fixture.Validation, Bool)] = [
        ("default configuration, ContractGeneratedEvent (validate() only)", .generatedAndDescriptor, true),
        ("default configuration, app-composed event (validate() + descriptor)", .generatedAndDescriptor, false),
        ("validatePayloads: false (validate() only)", .generated, false),
        ("no validation", .off, false),
    ]
    for (title, validation, marked) in cases {
        Benchmark("Persist 10,000 events through the client, \(title)",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
            let database = Fixture.temporaryDatabase()
            let client = TrackingClient(configuration: Fixture.configuration(database, validation: validation), providers: [],
                                        globals: StaticGlobals(Fixture.globals))
            let events: [any TrackingEvent] = (0..<10_000).map { _ -> any TrackingEvent in
                marked ? Fixture.event() as any TrackingEvent : AppComposedWishlistPageView(base: Fixture.event())
            }
            await client.waitUntilPersisted()
            benchmark.startMeasurement()
            for event in events { client.track(event) }
            await client.waitUntilPersisted()
            benchmark.stopMeasurement()
            await client.shutdown()
            Fixture.remove(database)
        }
    }

    // The baseline of issue 5: the rows the client writes (same table, columns,
    // index and pragmas: the file is created by `EventStore`), inserted with the
    // SQLite C API directly: one prepared statement, one transaction.
    // (`EventStore.insert` of the same rows measures the same within noise.)
    Benchmark("Raw SQLite: insert the same 10,000 rows in one transaction",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
        let database = Fixture.temporaryDatabase()
        try EventStore(url: database).close()
        let rows = Fixture.rows(10_000)
        var db: OpaquePointer?
        guard sqlite3_open_v2(database.path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { fatalError("open") }
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
        sqlite3_exec(db, "PRAGMA synchronous=NORMAL", nil, nil, nil)
        var statement: OpaquePointer?
        let sql = "INSERT INTO events (uuid, event_name, payload, flags, violations, missing_globals, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK else { fatalError("prepare") }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        benchmark.startMeasurement()
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        for row in rows {
            sqlite3_bind_text(statement, 1, row.uuid, -1, transient)
            sqlite3_bind_text(statement, 2, row.eventName, -1, transient)
            row.payload.withUnsafeBytes { _ = sqlite3_bind_blob(statement, 3, $0.baseAddress, Int32($0.count), transient) }
            sqlite3_bind_int64(statement, 4, Int64(row.flags.rawValue))
            sqlite3_bind_null(statement, 5)
            sqlite3_bind_null(statement, 6)
            sqlite3_bind_double(statement, 7, row.createdAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { fatalError("insert") }
            sqlite3_reset(statement)
        }
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { fatalError("commit") }
        benchmark.stopMeasurement()
        sqlite3_finalize(statement)
        sqlite3_close_v2(db)
        Fixture.remove(database)
    }

    Benchmark("Deliver 10,000 stored events to the local collector",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 5)) { benchmark in
        let database = Fixture.temporaryDatabase()
        let collector = try CollectorServer()
        let port = try await collector.start()
        let client = TrackingClient(configuration: Fixture.configuration(database),
                                    providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: port))],
                                    globals: StaticGlobals(Fixture.globals))
        for _ in 0..<10_000 { client.track(Fixture.event()) }
        await client.waitUntilPersisted()
        benchmark.startMeasurement()
        let summary = await client.flush()
        benchmark.stopMeasurement()
        precondition(summary.delivered == 10_000, "delivered \(summary.delivered)")
        await client.shutdown()
        await collector.stop()
        Fixture.remove(database)
    }

    Benchmark("Drain a 100,000-event backlog to the local collector",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta],
                                   maxDuration: .seconds(120), maxIterations: 1)) { benchmark in
        let database = Fixture.temporaryDatabase()
        do {
            // The week offline: 100,000 events already stored by an earlier run.
            let store = try EventStore(url: database)
            for _ in 0..<10 { _ = try store.insert(Fixture.rows(10_000)) }
            store.close()
        }
        let collector = try CollectorServer()
        let port = try await collector.start()
        let client = TrackingClient(configuration: Fixture.configuration(database),
                                    providers: [CollectorProvider(endpoint: CollectorServer.batchURL(port: port))],
                                    globals: StaticGlobals(Fixture.globals))
        benchmark.startMeasurement()
        let summary = await client.flush()
        benchmark.stopMeasurement()
        precondition(summary.delivered == 100_000, "delivered \(summary.delivered)")
        await client.shutdown()
        await collector.stop()
        Fixture.remove(database)
    }
}
