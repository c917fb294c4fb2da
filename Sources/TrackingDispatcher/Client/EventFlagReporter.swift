import Logging

/// Reporting, on the store queue after an event's commit: logs and notifies its
/// flags (violations, incomplete globals, duplicate uuid). One job, apart from
/// the worker that prepares events and the persister that commits them.
struct EventFlagReporter: Sendable {
    let logger: Logger
    let notify: @Sendable (DispatcherNotice) -> Void
    /// Violations at `.critical` rather than `.warning` (debug builds by default).
    let loudly: Bool

    func report(_ event: ProcessedEvent) {
        if event.flags.contains(.violations) {
            // The violations' messages never hold a value, and details about fields
            // that may hold personal data were withheld when they were found
            // (`DispatchWorker.prepare`).
            let text = event.violations.map(\.description).joined(separator: "; ")
            let message: Logger.Message = "CONTRACT VIOLATION in \(event.eventName) \(event.uuid): \(text)"
            if loudly { logger.critical(message) } else { logger.warning(message) }
            notify(.violations(uuid: event.uuid, event: event.eventName, violations: event.violations))
        }
        if event.flags.contains(.incomplete) {
            logger.warning("event \(event.eventName) \(event.uuid) is incomplete: missing \(event.missingGlobals)")
            notify(.incomplete(uuid: event.uuid, missingGlobals: event.missingGlobals))
        }
        if event.flags.contains(.duplicate) {
            logger.warning("duplicate uuid \(event.uuid) (\(event.eventName)); delivered and flagged")
            notify(.duplicate(uuid: event.uuid))
        }
    }
}
