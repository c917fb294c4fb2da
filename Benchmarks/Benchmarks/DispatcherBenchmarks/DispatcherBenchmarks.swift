import Benchmark
import DispatcherFixture
import Foundation
import TrackingContract
import TrackingCore
import TrackingDispatcher

// The dispatcher's numbers (issue 5): caller latency of `track()`, events
// persisted per second next to raw inserts of the same rows, events delivered
// per second to a local HTTP server, and peak memory while draining a
// 100,000-event backlog. The event, configuration and raw baseline are in
// Sources/DispatcherFixture (shared with PersistProbe).

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

    // The default configuration (`DispatcherContract(descriptor:)`, payload check on)
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
    // index and pragmas: the file is created by the client), inserted with the
    // SQLite C API directly: one prepared statement, one transaction.
    Benchmark("Raw SQLite: insert the same 10,000 rows in one transaction",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 10)) { benchmark in
        let database = Fixture.temporaryDatabase()
        let insert = await RawInsert.make(database: database, rows: Fixture.rows(10_000))
        benchmark.startMeasurement()
        insert.run()
        benchmark.stopMeasurement()
        Fixture.remove(database)
    }

    Benchmark("Deliver 10,000 stored events to a local HTTP server",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(20), maxIterations: 5)) { benchmark in
        let database = Fixture.temporaryDatabase()
        let (server, endpoint) = startServer()
        let client = TrackingClient(configuration: Fixture.configuration(database),
                                    providers: [CollectorProvider(endpoint: endpoint)],
                                    globals: StaticGlobals(Fixture.globals))
        for _ in 0..<10_000 { client.track(Fixture.event()) }
        await client.waitUntilPersisted()
        benchmark.startMeasurement()
        let summary = await client.flush()
        benchmark.stopMeasurement()
        precondition(summary.delivered == 10_000, "delivered \(summary.delivered)")
        await client.shutdown()
        server.stop()
        Fixture.remove(database)
    }

    Benchmark("Drain a 100,000-event backlog to a local HTTP server",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta],
                                   maxDuration: .seconds(120), maxIterations: 1)) { benchmark in
        let database = Fixture.temporaryDatabase()
        do {
            // The week offline: 100,000 events already stored by an earlier run.
            let insert = await RawInsert.make(database: database, rows: Fixture.rows(100_000))
            insert.run()
        }
        let (server, endpoint) = startServer()
        let client = TrackingClient(configuration: Fixture.configuration(database),
                                    providers: [CollectorProvider(endpoint: endpoint)],
                                    globals: StaticGlobals(Fixture.globals))
        benchmark.startMeasurement()
        let summary = await client.flush()
        benchmark.stopMeasurement()
        precondition(summary.delivered == 100_000, "delivered \(summary.delivered)")
        await client.shutdown()
        server.stop()
        Fixture.remove(database)
    }
}

/// A local HTTP server that accepts every batch (DispatcherFixture's
/// `AcceptingServer`): what is timed is the client's side of delivery.
func startServer() -> (AcceptingServer, URL) {
    let server = AcceptingServer()
    server.start()
    return (server, URL(string: "http://127.0.0.1:\(server.port)/v1/batch")!)
}
