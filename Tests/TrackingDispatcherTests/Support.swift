import Foundation
import Logging
import Testing
import TrackingTesting
import TrackingContract
import TrackingCore
@testable import TrackingDispatcher

/// An event type written by hand (the shape generated code has), with knobs for
/// the cases the tests need: a PII field, a broken envelope, a contract violation.
struct TestEvent: TrackingEvent {
    var eventName = "wishlistPageView"
    var kindName = "pageView"
    var contractVersion = "1.3.0"
    var uuid = UUID()
    var clientTimestamp = Date(timeIntervalSince1970: 1_800_000_000)
    var viewType = "Wishlist"
    var email: String?
    /// Written instead of the real timestamp: the collector rejects the event.
    var brokenTimestamp: String?
    var padding = ""

    func writeMembers(to writer: inout JSONWriter) {
        writer.key("event"); writer.value(eventName)
        writer.key("kind"); writer.value(kindName)
        writer.key("contractVersion"); writer.value(contractVersion)
        writer.key("uuid"); writer.value(uuid)
        writer.key("clientTimestamp")
        if let brokenTimestamp { writer.value(brokenTimestamp) } else { writer.timestamp(clientTimestamp) }
        writer.key("viewType"); writer.value(viewType)
        if let email { writer.key("email"); writer.value(email) }
        if !padding.isEmpty { writer.key("padding"); writer.value(padding) }
    }

    func validate() -> [Violation] {
        viewType.isEmpty ? [Violation(path: "viewType", code: .tooShort, message: "must not be empty")] : []
    }

    var id: String { uuid.uuidString.lowercased() }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("dispatcher-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    var database: URL { url.appendingPathComponent("events.sqlite") }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Collects notices from the client's handler.
final class NoticeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [DispatcherNotice] = []
    func append(_ notice: DispatcherNotice) { lock.withLock { items.append(notice) } }
    var all: [DispatcherNotice] { lock.withLock { items } }
}

/// A client wired to a real collector on 127.0.0.1, with a manual clock.
struct Harness {
    let directory = TemporaryDirectory()
    let collector: CollectorServer
    let port: UInt16
    let clock: ManualClock
    let notices = NoticeLog()
    let recorder = RecordingProvider()
    let collectorProvider: CollectorProvider
    let client: TrackingClient

    static func make(batch: BatchConfiguration = BatchConfiguration(deliverySize: 100),
                     strategies: FlushStrategy = [.manual],
                     // A request timeout only a hung request reaches: a busy machine answers late, not never.
                     retry: RetryPolicy = RetryPolicy(initialBackoff: 2, jitter: 0.2, minimumRequestInterval: 0, requestTimeout: 60),
                     contract: DispatcherContract = .standard,
                     consent: PIIConsent = .granted,
                     globals: [String: JSONValue] = ["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                                     "deviceModel": .string("iPhone17,1")],
                     clock: ManualClock = ManualClock(),
                     journeyCapacity: Int = 5_000,
                     collectorRunning: Bool = true,
                     checker: EventChecker = EventChecker()) async throws -> Harness {
        let collector = try CollectorServer(checker: checker)
        let port = collectorRunning ? try await collector.start() : 1
        return Harness(collector: collector, port: port, clock: clock, batch: batch, strategies: strategies,
                       retry: retry, contract: contract, consent: consent, globals: globals, journeyCapacity: journeyCapacity)
    }

    private init(collector: CollectorServer, port: UInt16, clock: ManualClock, batch: BatchConfiguration,
                 strategies: FlushStrategy, retry: RetryPolicy, contract: DispatcherContract, consent: PIIConsent,
                 globals: [String: JSONValue], journeyCapacity: Int) {
        self.collector = collector
        self.port = port
        self.clock = clock
        collectorProvider = CollectorProvider(endpoint: CollectorServer.batchURL(port: port))
        let configuration = DispatcherConfiguration(
            databaseURL: directory.database, batch: batch, strategies: strategies, retry: retry,
            contract: contract, consent: consent, reportViolationsLoudly: false, journeyCapacity: journeyCapacity)
        let notices = self.notices
        var logger = Logger(label: "tracking.tests")
        logger.logLevel = .critical   // notices are checked through `onNotice`
        client = TrackingClient(configuration: configuration, providers: [collectorProvider, recorder],
                                globals: StaticGlobals(globals), clock: clock, logger: logger,
                                onNotice: { notices.append($0) })
    }

    func pending() async throws -> [StoredEvent] { try await client.storedEvents(in: .pending) }
    func setAside() async throws -> [StoredEvent] { try await client.storedEvents(in: .setAside) }
    func collected() throws -> [CollectedEvent] { try collector.events() }

    func tearDown() async {
        await client.shutdown()
        await collector.stop()
        directory.remove()
    }
}

/// Waits (polling, never asserting on time) until `condition` holds; `false` only
/// after five minutes, a bound that only ends a test whose condition never comes
/// (a count of polls would run out early on a busy machine, where each poll waits longer).
func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(300))
    while clock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return try await condition()
}

extension StoredEvent {
    var json: JSONValue? { try? JSONValue.parse(payload) }
}

extension DispatcherContract {
    /// The example contract's globals and nothing else (no PII fields, no payload
    /// check), taken from the generated descriptor so the tests follow the contract.
    static let standard = DispatcherContract(globals: DispatcherContract(descriptor: Omnitracking.descriptor).globals)
}

/// A swift-log handler that keeps every message with its metadata (the event's
/// and the logger's), to check what reaches logs; also a plain list of lines.
final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }

    struct Handler: LogHandler {
        let log: CapturedLog
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            log.append("\(event.level) \(event.message) \(event.metadata ?? [:]) \(metadata)")
        }
    }

    /// Logs at every level, `.trace` included.
    var logger: Logger { Logger(label: "captured") { _ in Handler(log: self) } }
}
