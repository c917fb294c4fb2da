import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

/// The collector: an HTTP service that accepts batches, checks every event against
/// the contract, stores them (SQLite or PostgreSQL) and answers with a verdict per
/// event; it serves the live monitor at `/`. The `tracking-collector` executable is
/// a thin shell over this type; tests start it in-process.
///
/// Endpoints (docs/collector.md has the full list):
/// - `POST /v1/batch`: a batch (docs/wire-format.md); `POST /v1/journey`: a debug dispatcher's steps.
/// - `GET /events[?uuid=…&limit=…&offset=…&after=…]`, `GET /rejected`, `GET /requests` (written a page at a time),
///   `GET /stats`, `GET /health`.
/// - `DELETE /events` (everything stored), `POST /faults`, `DELETE /faults` (only with `enableFaults`).
/// - `GET /` the monitor, `GET /monitor/snapshot`, `GET /monitor/stream` (server-sent events).
public final class CollectorService: Sendable {
    public let configuration: CollectorConfiguration
    let storage: any EventStorage
    let contract: Locked<LoadedContract>
    let faults: FaultQueue
    let feed = LiveFeed()
    let journeys = JourneyBook()
    let gzippedRequests = Locked(0)
    let requestIDs = RequestIDs()
    let refusals = Locked(AccessRefusals())
    /// The open connections; idle ones make room for new ones (docs/collector.md, "Capacity").
    let registry: ConnectionRegistry
    let reads: ReadGate
    /// The largest single write of a list answer so far, in bytes: what bounds the
    /// memory a list of any length takes (`PagedJSON`).
    let largestListWrite = Locked(0)
    let logger: Logger
    private let running = Locked<(group: ServiceGroup?, task: Task<Void, Never>?)>((nil, nil))

    /// - Parameters:
    ///   - storage: where events go (`SQLiteStorage`, `PostgresStorage`).
    ///   - contract: what events are checked against; `reload(_:)` swaps it.
    public init(configuration: CollectorConfiguration = CollectorConfiguration(), storage: any EventStorage,
                contract: LoadedContract, logger: Logger = Logger(label: "tracking-collector")) {
        self.configuration = configuration
        self.storage = storage
        self.contract = Locked(contract)
        self.faults = FaultQueue(capacity: configuration.limits.maxQueuedFaults)
        self.registry = ConnectionRegistry(capacity: configuration.limits.maxConnections)
        self.reads = ReadGate(capacity: configuration.limits.maxConcurrentReads)
        self.logger = logger
    }

    /// The contract in use.
    public var currentContract: LoadedContract { contract.get() }

    /// Uses `newContract` for every batch from now on, and says so in the log
    /// (`reason`: what prompted it, such as `SIGHUP` or `file changed`).
    public func reload(_ newContract: LoadedContract, reason: String) {
        contract.set(newContract)
        logger.notice("contract reloaded (\(reason)): \(newContract.name) \(newContract.version)")
    }

    /// Starts listening; returns the bound port. Throws `CollectorStartError` when the
    /// limits leave batches no connection of their own.
    @discardableResult
    public func start() async throws -> Int {
        try configuration.access.check(listeningOn: configuration.host)
        let limits = configuration.limits
        if let problem = limits.capacityProblem { throw CollectorStartError(message: problem) }
        let router = Router(context: CollectorRequestContext.self)
        // Before the routes: it applies to every route added after it (and to unknown paths).
        router.add(middleware: AccessMiddleware(access: configuration.access, listenHost: configuration.host,
                                                refusals: refusals))
        addRoutes(to: router)
        let (portStream, portContinuation) = AsyncStream<Int>.makeStream()
        var quiet = Logger(label: "tracking-collector.http")
        quiet.logLevel = .warning
        let app = Application(
            router: router,
            server: .guardedHTTP1(limits: limits, registry: registry),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port),
                serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            },
            logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], logger: quiet))
        let task = Task {
            do {
                try await group.run()
            } catch {
                quiet.error("collector stopped: \(error)")
            }
            portContinuation.finish()
        }
        running.set((group, task))
        for await port in portStream { return port }
        throw CollectorStartError(message: "the collector did not start listening on \(configuration.host):\(configuration.port)")
    }

    /// Stops listening, ends the monitor streams, lets requests in flight finish
    /// (at most `timeout` seconds), then closes the storage.
    public func stop(timeout: TimeInterval = 5) async {
        let (group, task) = running.get()
        running.set((nil, nil))
        feed.finishAll()
        await group?.triggerGracefulShutdown()
        if let task {
            let finished = await withTaskGroup(of: Bool.self) { waiters in
                waiters.addTask { await task.value; return true }
                waiters.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    return false
                }
                let first = await waiters.next() ?? false
                waiters.cancelAll()
                return first
            }
            if !finished {
                task.cancel()
                await task.value
            }
        }
        await storage.close()
    }

    /// The batch endpoint URL for a port `start()` returned.
    public static func batchURL(port: Int, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(port)/v1/batch")!
    }

    // MARK: In-process access (tests)

    /// Stored events, oldest first.
    public func events(uuid: String? = nil, limit: Int = 100_000) async throws -> [CollectedEvent] {
        try await storage.events(EventQuery(uuid: uuid, limit: limit))
    }

    /// Rejected events, oldest first.
    public func rejectedEvents(limit: Int = 100_000) async throws -> [RejectedEvent] {
        try await storage.rejected(limit: limit, offset: 0)
    }

    /// Request records, oldest first.
    public func requestLog(limit: Int = 100_000) async throws -> [RequestRecord] {
        try await storage.requests(limit: limit)
    }

    /// Queues faults as `POST /faults` does (whether or not `enableFaults` is set).
    public func inject(_ more: [Fault]) async { _ = await faults.append(more) }

    /// Statistics as `GET /stats` reports them.
    public func statistics() async throws -> CollectorStatistics {
        let totals = try await storage.totals()
        let refused = refusals.get()
        return CollectorStatistics(requests: totals.requests, acceptedRequests: totals.acceptedRequests,
                                   events: totals.events, duplicates: totals.duplicates, rejected: totals.rejected,
                                   largestBatch: totals.largestBatch,
                                   faultsServed: await faults.served, faultsPending: await faults.pending,
                                   gzippedRequests: gzippedRequests.get(), refusedHost: refused.host,
                                   refusedOrigin: refused.origin, refusedCredentials: refused.credentials)
    }
}

/// The collector could not bind its address.
public struct CollectorStartError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// The request context: Hummingbird's core context plus the connection's channel
/// (the `drop` fault closes it).
struct CollectorRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
