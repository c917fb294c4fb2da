// Caller latency of `track` and `track(contentsOf:)` (issue 15), as plain
// measurements (no benchmark framework: a latency distribution of single calls
// from eight threads is what is wanted, not a throughput figure):
//
//   swift run -c release TrackingLatencyProbe bulk [rounds]
//       1,000 events through one `track(contentsOf:)` vs 1,000 `track` calls:
//       the caller's time and the time until persisted, medians over the rounds.
//   swift run -c release TrackingLatencyProbe single [calls]
//       one thread calling `track` (the caller's latency of one call), p50 and p99.
//   swift run -c release TrackingLatencyProbe contention [events-per-thread]
//       eight threads calling `track` while nothing else runs, then while flushes
//       run back to back against a local HTTP server (127.0.0.1, in this process):
//       p50, p99 and max of every call's latency.
import DispatcherFixture
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TrackingCore
import TrackingDispatcher

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return Double(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) / 1_000
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func bulk(rounds: Int) async {
    var callerBulk: [Double] = [], callerLoop: [Double] = [], persistedBulk: [Double] = [], persistedLoop: [Double] = []
    for _ in 0..<rounds {
        for useBulk in [true, false] {
            let database = Fixture.temporaryDatabase()
            let client = TrackingClient(configuration: Fixture.configuration(database), providers: [],
                                        globals: StaticGlobals(Fixture.globals))
            await client.waitUntilPersisted()
            let events = (0..<1_000).map { _ in Fixture.event() }
            let start = nanoseconds()
            if useBulk {
                client.track(contentsOf: events)
            } else {
                for event in events { client.track(event) }
            }
            let returned = nanoseconds()
            let status = await client.waitUntilPersisted()
            let persisted = nanoseconds()
            precondition(status == .persisted)
            let caller = Double(returned - start) / 1_000, total = Double(persisted - start) / 1_000
            if useBulk { callerBulk.append(caller); persistedBulk.append(total) } else { callerLoop.append(caller); persistedLoop.append(total) }
            await client.shutdown()
            Fixture.remove(database)
        }
    }
    func line(_ values: [Double]) -> String {
        String(format: "min %.1f median %.1f", values.min() ?? 0, median(values))
    }
    print("1,000 events, \(rounds) rounds (µs):")
    print("  track(contentsOf:)   caller \(line(callerBulk))   until persisted \(line(persistedBulk))")
    print("  1,000 × track        caller \(line(callerLoop))   until persisted \(line(persistedLoop))")
}

func contention(perThread: Int, flushing: Bool) async {
    let database = Fixture.temporaryDatabase()
    let server = AcceptingServer()
    server.start()
    let endpoint = URL(string: "http://127.0.0.1:\(server.port)/v1/batch")!
    let client = TrackingClient(configuration: Fixture.configuration(database),
                                providers: [CollectorProvider(endpoint: endpoint)],
                                globals: StaticGlobals(Fixture.globals))
    await client.waitUntilPersisted()
    let flusher: Task<Int, Never>? = flushing ? Task.detached {
        var flushes = 0
        while !Task.isCancelled {
            _ = await client.flush()
            flushes += 1
        }
        return flushes
    } : nil
    let threads = 8
    let events = (0..<threads).map { _ in (0..<perThread).map { _ in Fixture.event() } }
    let results = UnsafeMutableBufferPointer<[UInt64]>.allocate(capacity: threads)
    results.initialize(repeating: [])
    nonisolated(unsafe) let output = results
    let group = DispatchGroup()
    for thread in 0..<threads {
        group.enter()
        let mine = events[thread]
        Thread {
            var samples = [UInt64]()
            samples.reserveCapacity(mine.count)
            for (index, event) in mine.enumerated() {
                let start = nanoseconds()
                client.track(event)
                samples.append(nanoseconds() - start)
                // A burst of 100, then a short pause: an app's rhythm, and room for the worker.
                if index % 100 == 99 { usleep(1_000) }
            }
            output[thread] = samples
            group.leave()
        }.start()
    }
    await withCheckedContinuation { continuation in group.notify(queue: .global()) { continuation.resume() } }
    flusher?.cancel()
    let flushes = await flusher?.value ?? 0
    let all = results.flatMap { $0 }.sorted()
    results.deallocate()
    _ = await client.flush()
    await client.shutdown()
    server.stop()
    Fixture.remove(database)
    print("\(threads) threads × \(perThread) track() calls, \(flushing ? "flushes back to back (\(flushes) flushes)" : "no flushing"): "
          + "p50 \(String(format: "%.2f", percentile(all, 0.5))) µs, p99 \(String(format: "%.2f", percentile(all, 0.99))) µs, "
          + "max \(String(format: "%.0f", percentile(all, 1))) µs")
}

func single(calls: Int) async {
    let database = Fixture.temporaryDatabase()
    let client = TrackingClient(configuration: Fixture.configuration(database), providers: [],
                                globals: StaticGlobals(Fixture.globals))
    await client.waitUntilPersisted()
    let events = (0..<calls).map { _ in Fixture.event() }
    var samples = [UInt64]()
    samples.reserveCapacity(calls)
    for (index, event) in events.enumerated() {
        let start = nanoseconds()
        client.track(event)
        samples.append(nanoseconds() - start)
        if index % 1_000 == 999 { usleep(500) }
    }
    await client.waitUntilPersisted()
    await client.shutdown()
    Fixture.remove(database)
    samples.sort()
    print("1 thread × \(calls) track() calls: p50 \(String(format: "%.2f", percentile(samples, 0.5))) µs, "
          + "p99 \(String(format: "%.2f", percentile(samples, 0.99))) µs")
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "bulk":
    await bulk(rounds: arguments.count > 2 ? Int(arguments[2]) ?? 21 : 21)
case "single":
    await single(calls: arguments.count > 2 ? Int(arguments[2]) ?? 200_000 : 200_000)
case "contention":
    let perThread = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000
    await contention(perThread: perThread, flushing: false)
    await contention(perThread: perThread, flushing: true)
default:
    print("usage: TrackingLatencyProbe bulk [rounds] | single [calls] | contention [events-per-thread]")
    exit(2)
}
