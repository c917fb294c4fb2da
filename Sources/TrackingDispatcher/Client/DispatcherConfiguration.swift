import Foundation

/// Everything the app decides about its dispatcher, once, at launch.
public struct DispatcherConfiguration: Sendable {
    /// The SQLite file of the queue (its directory is created).
    public var databaseURL: URL
    public var batch: BatchConfiguration
    public var strategies: FlushStrategy
    public var retry: RetryPolicy
    public var contract: DispatcherContract
    /// Seconds without an event after which the next one starts a new session (30 minutes).
    public var sessionTimeout: TimeInterval
    /// The initial PII consent (change it later with `TrackingClient.consent`).
    public var consent: PIIConsent
    /// Log violations at `.critical` and mark them loudly (debug builds by default).
    public var reportViolationsLoudly: Bool
    /// Check every event (its generated `validate()` and the contract rules'
    /// payload validator). On by default; validation is the worker's largest cost
    /// per event (see docs/performance.md), so an app may turn it off in builds
    /// where the collector validates anyway.
    public var validatesEvents: Bool
    /// How many events' journeys are remembered.
    public var journeyCapacity: Int
    /// Where to report each event's journey to the collector's monitor (a debug
    /// aid, see docs/dispatcher.md); nil (the default) reports nothing.
    public var journeyReporting: JourneyReporting?
    /// How many uuids are remembered to flag duplicates.
    public var duplicateWindow: Int
    /// The data-protection class of the store's files on Apple platforms (see
    /// ``StoreFileProtection``: the default keeps the store usable in background
    /// launches while the device is locked).
    public var fileProtection: StoreFileProtection
    /// How long a statement waits for another connection's lock before the store
    /// counts as unavailable, in milliseconds (tests shorten it).
    var storeBusyTimeout: Int32 = 5_000

    public init(databaseURL: URL, batch: BatchConfiguration = BatchConfiguration(),
                strategies: FlushStrategy = .all, retry: RetryPolicy = RetryPolicy(),
                contract: DispatcherContract, sessionTimeout: TimeInterval = 30 * 60,
                consent: PIIConsent = .granted, reportViolationsLoudly: Bool = _isDebugAssertConfiguration(),
                validatesEvents: Bool = true,
                journeyCapacity: Int = 5_000, duplicateWindow: Int = 100_000,
                fileProtection: StoreFileProtection = .completeUntilFirstUserAuthentication,
                journeyReporting: JourneyReporting? = nil) {
        self.databaseURL = databaseURL
        self.batch = batch
        self.strategies = strategies
        self.retry = retry
        self.contract = contract
        self.sessionTimeout = sessionTimeout
        self.consent = consent
        self.reportViolationsLoudly = reportViolationsLoudly
        self.validatesEvents = validatesEvents
        self.journeyCapacity = journeyCapacity
        self.duplicateWindow = duplicateWindow
        self.fileProtection = fileProtection
        self.journeyReporting = journeyReporting
    }
}
