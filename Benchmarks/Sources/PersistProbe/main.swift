import Foundation
import TrackingContract
import TrackingCore
import TrackingDispatcher
import CSQLiteBench

// Profiling aid for the dispatcher's persist path (not a benchmark of record).
// Usage: PersistProbe [client|composed|novalidation|raw|rawc] [rounds] (composed: the same events as a model an app
// composed itself, so the descriptor check of the payload runs too; rawc: the rows through the SQLite C API)

let globals: [String: JSONValue] = ["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                    "deviceModel": .string("iPhone17,1")]
// Counter-based uuids: `UUID()` reads /dev/urandom on Linux, which would swamp the profile.
nonisolated(unsafe) var counter: UInt64 = 0
let prefix = UInt64.random(in: 0...UInt64.max)
func nextUUID() -> UUID {
    counter += 1
    let a = prefix, b = counter
    return UUID(uuid: (UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
                       UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
                       0x40, UInt8(truncatingIfNeeded: a >> 48), 0x80, UInt8(truncatingIfNeeded: a >> 56),
                       UInt8(truncatingIfNeeded: b), UInt8(truncatingIfNeeded: b >> 8), UInt8(truncatingIfNeeded: b >> 16),
                       UInt8(truncatingIfNeeded: b >> 24), UInt8(truncatingIfNeeded: b >> 32), UInt8(truncatingIfNeeded: b >> 40)))
}
func event() -> WishlistPageView {
    WishlistPageView(uniqueViewId: nextUUID(), skuItemList: ["1234", "5678", "9012"], uuid: nextUUID())
}
func temporaryDatabase() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("persist-probe-\(UUID().uuidString)")
        .appendingPathComponent("events.sqlite")
}
func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// Stored rows as the pipeline produces them (event plus globals).
func makeRows() -> [NewStoredEvent] {
    (0..<10_000).map { _ in
        let event = event()
        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        event.writeMembers(to: &writer)
        for (key, value) in globals.sorted(by: { $0.key < $1.key }) { writer.key(key); value.write(to: &writer) }
        writer.key("sessionId"); writer.value(nextUUID())
        writer.endObject()
        return NewStoredEvent(uuid: event.uuid.uuidString.lowercased(), eventName: event.eventName,
                              payload: writer.bytes, createdAt: Date().timeIntervalSince1970)
    }
}

/// The generated event seen as a model an app composed itself (descriptor check on).
struct Composed: TrackingEvent {
    let base: WishlistPageView
    var eventName: String { base.eventName }
    var kindName: String { base.kindName }
    var contractVersion: String { base.contractVersion }
    var uuid: UUID { base.uuid }
    var clientTimestamp: Date { base.clientTimestamp }
    func writeMembers(to writer: inout JSONWriter) { base.writeMembers(to: &writer) }
    func validate() -> [Violation] { base.validate() }
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "client"
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
var walls: [Double] = []
var cpus: [Double] = []
for _ in 0..<rounds {
    let database = temporaryDatabase()
    if mode == "rawc" {
        // The same rows through the C API directly: the store's schema, one prepared statement, one transaction.
        try EventStore(url: database).close()
        let rows = makeRows()
        var db: OpaquePointer?
        sqlite3_open_v2(database.path, &db, SQLITE_OPEN_READWRITE, nil)
        sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
        sqlite3_exec(db, "PRAGMA synchronous=NORMAL", nil, nil, nil)
        var statement: OpaquePointer?
        sqlite3_prepare_v3(db, "INSERT INTO events (uuid, event_name, payload, flags, violations, missing_globals, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let start = Date(), cpu = processCPU()
        sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
        for row in rows {
            sqlite3_bind_text(statement, 1, row.uuid, -1, transient)
            sqlite3_bind_text(statement, 2, row.eventName, -1, transient)
            row.payload.withUnsafeBytes { _ = sqlite3_bind_blob(statement, 3, $0.baseAddress, Int32($0.count), transient) }
            sqlite3_bind_int64(statement, 4, Int64(row.flags.rawValue))
            sqlite3_bind_null(statement, 5)
            sqlite3_bind_null(statement, 6)
            sqlite3_bind_double(statement, 7, row.createdAt)
            guard sqlite3_step(statement) == SQLITE_DONE else { fatalError("insert failed") }
            sqlite3_reset(statement)
        }
        sqlite3_exec(db, "COMMIT", nil, nil, nil)
        walls.append(Date().timeIntervalSince(start)); cpus.append(processCPU() - cpu)
        sqlite3_finalize(statement)
        sqlite3_close_v2(db)
    } else if mode == "raw" {
        let store = try EventStore(url: database)
        let rows = makeRows()
        let start = Date(), cpu = processCPU()
                _ = try store.insert(rows)
        walls.append(Date().timeIntervalSince(start)); cpus.append(processCPU() - cpu)
        store.close()
    } else {
        let configuration = DispatcherConfiguration(
            databaseURL: database,
            batch: BatchConfiguration(maxQueueSize: 1_000_000, overflowQueueSize: 1_000_000, deliverySize: 100),
            strategies: [.manual], retry: RetryPolicy(minimumRequestInterval: 0),
            contract: ContractRules(descriptor: Omnitracking.descriptor, validatePayloads: true),
            reportViolationsLoudly: false, validatesEvents: mode != "novalidation")
        let client = TrackingClient(configuration: configuration, providers: [], globals: StaticGlobals(globals))
        let events: [any TrackingEvent] = (0..<10_000).map { _ in mode == "composed" ? Composed(base: event()) as any TrackingEvent : event() as any TrackingEvent }
        await client.waitUntilPersisted()
        let start = Date(), cpu = processCPU()
        for event in events { client.track(event) }
        await client.waitUntilPersisted()
        walls.append(Date().timeIntervalSince(start)); cpus.append(processCPU() - cpu)
        await client.shutdown()
    }
    try? FileManager.default.removeItem(at: database.deletingLastPathComponent())
}
func ms(_ v: Double) -> String { String(format: "%.1f", v * 1000) }
let w = walls.sorted(), c = cpus.sorted()
print("\(mode): wall p0 \(ms(w[0])) p50 \(ms(w[w.count / 2])) ms; cpu p0 \(ms(c[0])) p50 \(ms(c[c.count / 2])) ms (\(rounds) rounds)")
