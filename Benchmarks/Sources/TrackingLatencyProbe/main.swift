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

/// An HTTP/1.1 server on 127.0.0.1 that answers every POST `200 {}` and closes the connection.
final class AcceptingServer: @unchecked Sendable {
    private(set) var port: UInt16 = 0
    private var listener: Int32 = -1

    func start() {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        listen(listener, 64)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        let fd = listener
        Thread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread { Self.serve(client) }.start()
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ fd: Int32) {
        defer { close(fd) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var expected: Int?
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return }
            buffer.append(contentsOf: chunk[..<count])
            if expected == nil, let end = headEnd(buffer) {
                let head = String(decoding: buffer[..<end], as: UTF8.self).lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                expected = end + 4 + length
            }
            if let expected, buffer.count >= expected { break }
        }
        let answer = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
        _ = answer.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    private static func headEnd(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }
}

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
