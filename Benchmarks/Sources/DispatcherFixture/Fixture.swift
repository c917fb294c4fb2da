import Foundation
import TrackingContract
import TrackingCore
import TrackingDispatcher

/// What the dispatcher's benchmark and `PersistProbe` measure with: the event
/// (the generated `wishlistPageView`, three skus), the contract's globals, the
/// client's configuration, and the rows the client stores, for the raw baseline.
public enum Fixture {
    public static let globals: [String: JSONValue] = ["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                                      "deviceModel": .string("iPhone17,1")]

    /// The event, with the given ids (fresh ones by default).
    public static func event(uuid: UUID = UUID(), viewId: UUID = UUID()) -> Omnitracking.Events.PageView {
        Omnitracking.wishlistPageView(uniqueViewId: viewId, skuItemList: ["1234", "5678", "9012"], uuid: uuid)
    }

    /// A database path in a directory of its own (``remove(_:)`` deletes both).
    public static func temporaryDatabase() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("dispatcher-bench-\(UUID().uuidString)")
            .appendingPathComponent("events.sqlite")
    }

    public static func remove(_ database: URL) {
        try? FileManager.default.removeItem(at: database.deletingLastPathComponent())
    }

    /// Validation as measured (docs/performance.md): none, the events' own
    /// `validate()`, or that plus the descriptor's check of every payload.
    public enum Validation: Sendable { case off, generated, generatedAndDescriptor }

    /// Contract rules from the descriptor (globals, PII), batches that never
    /// flush by themselves, no request-rate bound.
    public static func configuration(_ database: URL, validation: Validation = .generated) -> DispatcherConfiguration {
        DispatcherConfiguration(
            databaseURL: database,
            batch: BatchConfiguration(maxQueueSize: 1_000_000, overflowQueueSize: 1_000_000, deliverySize: 100),
            strategies: [.manual],
            retry: RetryPolicy(minimumRequestInterval: 0),
            contract: DispatcherContract(descriptor: Omnitracking.descriptor,
                                    validatePayloads: validation == .generatedAndDescriptor),
            reportViolationsLoudly: false,
            validatesEvents: validation != .off)
    }

    /// Stored rows as the pipeline produces them (event plus globals in contract
    /// order, no flags, no violations, no missing globals), for the raw-insert baseline.
    public static func rows(_ count: Int, uuid: () -> UUID = { UUID() }) -> [RawRow] {
        (0..<count).map { _ in
            let event = event(uuid: uuid(), viewId: uuid())
            var writer = JSONWriter(capacity: 512)
            writer.beginObject()
            event.writeMembers(to: &writer)
            for key in ["appVersion", "osVersion", "deviceModel"] { writer.key(key); globals[key]!.write(to: &writer) }
            writer.key("sessionId"); writer.value(uuid())
            writer.endObject()
            return RawRow(uuid: event.uuid.uuidString.lowercased(), eventName: event.eventName,
                          payload: writer.bytes, createdAt: Date().timeIntervalSince1970)
        }
    }
}

/// A row as the client stores it (the store's own row type is not public API).
public struct RawRow: Sendable {
    public var uuid: String
    public var eventName: String
    public var payload: [UInt8]
    public var createdAt: Double
}

/// The generated `wishlistPageView` seen as a model an app composed itself: the
/// same fields, but not marked `ContractGeneratedEvent`, so the dispatcher also
/// runs the descriptor's payload check on it.
public struct AppComposedWishlistPageView: TrackingEvent {
    public let base: Omnitracking.Events.PageView
    public init(base: Omnitracking.Events.PageView) { self.base = base }
    public var eventName: String { base.eventName }
    public var kindName: String { base.kindName }
    public var contractVersion: String { base.contractVersion }
    public var uuid: UUID { base.uuid }
    public var clientTimestamp: Date { base.clientTimestamp }
    public func writeMembers(to writer: inout JSONWriter) { base.writeMembers(to: &writer) }
    public func validate() -> [Violation] { base.validate() }
}
