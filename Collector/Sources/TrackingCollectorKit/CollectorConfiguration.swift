import Foundation

/// Everything a collector is started with. Every limit has a safe default.
public struct CollectorConfiguration: Sendable {
    /// The address to listen on; `127.0.0.1` by default.
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (see `CollectorService.start()`).
    public var port: Int = 0
    public var limits = CollectorLimits()
    /// Serve `POST /faults` and friends (development only).
    public var enableFaults = false
    /// Show pii values in the monitor's detail view and `/events`.
    public var showPII = false
    /// Who may read, delete and write (allowed hosts, read token, write key, origins).
    public var access = CollectorAccess()
    /// Benchmarks only (`tracking-collector --benchmark-sink`, a hidden flag): `POST /v1/batch`
    /// answers 200 without reading, checking or storing the body, through the same HTTP
    /// stack and limits; the upper bound a load generator can reach (docs/performance.md).
    package var benchmarkSink = false
    /// Benchmarks only (`--benchmark-without-arrivals`, a hidden flag): batches are checked
    /// and stored but add nothing to the arrival counts of `GET /arrivals`: the code
    /// without them, to measure what they cost (docs/performance.md, "Arrival counts").
    package var benchmarkWithoutArrivals = false

    /// Defaults, listening on 127.0.0.1 on a free port.
    public init() {}
}

/// Bounds on what one client can make the collector do. Each is answered with
/// its status: 414 (request line), 431 (header), 413 (body, inflated body, events
/// per batch, JSON values per body), 408 (read timeout).
public struct CollectorLimits: Sendable {
    /// The request line (`POST /v1/batch HTTP/1.1`), in bytes.
    public var maxRequestLineBytes = 8 * 1_024
    /// The request line and all headers, in bytes.
    public var maxHeadBytes = 32 * 1_024
    /// A request body as sent (gzipped or not).
    public var maxBodyBytes = 4 * 1_024 * 1_024
    /// A gzipped body once inflated.
    public var maxInflatedBytes = 16 * 1_024 * 1_024
    /// Events in one batch.
    public var maxEventsPerBatch = 5_000
    /// JSON values in one body (a batch or journey steps), counted by the parser as it
    /// goes (`JSONValue.parse(_:maxDepth:maxValues:)`), which stops at the first value
    /// past it (413): what bounds the memory a small body of many tiny values can take.
    /// Every value counts, at any depth; member names do not. The example contract's
    /// events have about a dozen each.
    public var maxJSONValues = 250_000
    /// A request must arrive whole (head and body) within this many seconds of its first byte.
    public var readTimeout: TimeInterval = 10
    /// A connection with no request in flight is closed after this many seconds.
    public var idleTimeout: TimeInterval = 30
    /// Connections served at once; more wait in the listen backlog. When one takes the
    /// last slot, the connection whose last request started longest ago is asked to
    /// close (at once when idle, after its answer otherwise; never a monitor stream).
    public var maxConnections = 512
    /// Monitor streams (`GET /monitor/stream`) open at once; more are answered 503.
    /// Keep it well below `maxConnections`: streams never give their slot back early.
    public var maxStreams = 32
    /// A monitor stream ends after this many seconds (the browser reconnects).
    public var maxStreamSeconds: TimeInterval = 600
    /// Reads (`GET /events`, `/rejected`, `/requests`, `/monitor/snapshot`) answered at
    /// once; more are answered 503 with `Retry-After`. Batches never wait for a read.
    public var maxConcurrentReads = 8
    /// Rejections listed by uuid in one answer; the rest are counted (`rejectedCount`).
    public var maxListedRejections = 100
    /// Characters of one rejection reason or violation kept in an answer.
    public var maxReasonLength = 300
    /// The longest `delayMs` a fault may ask for.
    public var maxFaultDelayMs = 120_000
    /// Faults queued at once.
    public var maxQueuedFaults = 1_000

    /// The defaults.
    public init() {}
}

extension CollectorLimits {
    /// Why these limits cannot run (streams and reads could take every connection,
    /// or a budget is not positive), if they cannot.
    var capacityProblem: String? {
        if maxConnections < 2 { return "maxConnections must be at least 2 (it is \(maxConnections))" }
        if maxStreams < 0 || maxConcurrentReads < 1 || !(maxStreamSeconds > 0) {
            return "maxStreams must be 0 or more, maxConcurrentReads 1 or more, maxStreamSeconds above 0"
        }
        if maxStreams + maxConcurrentReads >= maxConnections {
            return "maxStreams (\(maxStreams)) + maxConcurrentReads (\(maxConcurrentReads)) must stay below maxConnections (\(maxConnections)), so that batches always have a connection"
        }
        return nil
    }
}
