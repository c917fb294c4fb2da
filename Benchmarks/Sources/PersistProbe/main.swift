import DispatcherFixture
import Foundation
import TrackingContract
import TrackingCore
import TrackingDispatcher

// Profiling aid for the dispatcher's persist path (not a benchmark of record).
// Usage: PersistProbe [client|composed|novalidation|rawc] [rounds]
//   client: generated events through the client (default configuration);
//   composed: the same events as a model an app composed itself, so the descriptor check of the payload runs too;
//   novalidation: the client with validation off;
//   rawc: the same rows through the SQLite C API (the benchmark's baseline).

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
func event() -> Omnitracking.Events.PageView { Fixture.event(uuid: nextUUID(), viewId: nextUUID()) }
func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "client"
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20
var walls: [Double] = []
var cpus: [Double] = []
for _ in 0..<rounds {
    let database = Fixture.temporaryDatabase()
    if mode == "rawc" {
        let insert = await RawInsert.make(database: database, rows: Fixture.rows(10_000, uuid: nextUUID))
        let start = Date(), cpu = processCPU()
        insert.run()
        walls.append(Date().timeIntervalSince(start)); cpus.append(processCPU() - cpu)
    } else {
        let configuration = Fixture.configuration(database, validation: mode == "novalidation" ? .off : .generatedAndDescriptor)
        let client = TrackingClient(configuration: configuration, providers: [], globals: StaticGlobals(Fixture.globals))
        let events: [any TrackingEvent] = (0..<10_000).map { _ in
            mode == "composed" ? AppComposedWishlistPageView(base: event()) as any TrackingEvent : event() as any TrackingEvent
        }
        await client.waitUntilPersisted()
        let start = Date(), cpu = processCPU()
        for event in events { client.track(event) }
        await client.waitUntilPersisted()
        walls.append(Date().timeIntervalSince(start)); cpus.append(processCPU() - cpu)
        await client.shutdown()
    }
    Fixture.remove(database)
}
func ms(_ v: Double) -> String { String(format: "%.1f", v * 1000) }
let w = walls.sorted(), c = cpus.sorted()
print("\(mode): wall p0 \(ms(w[0])) p50 \(ms(w[w.count / 2])) ms; cpu p0 \(ms(c[0])) p50 \(ms(c[c.count / 2])) ms (\(rounds) rounds)")
