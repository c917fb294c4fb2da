import Foundation
import Logging

/// Logs every event through swift-log: name, uuid and flags at `.info` (flags
/// such as violations at `.warning`), the payload at `.debug` with every PII
/// field's value redacted. PII values never reach a log.
public final class LoggingProvider: TrackingProvider, @unchecked Sendable {
    private let logger: Logger

    public init(logger: Logger = Logger(label: "tracking.events")) { self.logger = logger }

    public func setup(_ context: ProviderContext) {}

    public func track(_ event: ProcessedEvent) {
        let level: Logger.Level = event.flags.isEmpty ? .info : .warning
        logger.log(level: level, "tracked \(event.eventName) \(event.uuid) \(event.flags)")
        if logger.logLevel <= .debug {
            logger.debug("payload \(event.redactedPayload)")
        }
    }

    public func associate(user: TrackedUser) { logger.info("associated a user") }
    public func disassociate() { logger.info("disassociated the user") }
}
