import Foundation

/// What a collector received, per event name: the body of its
/// `GET /arrivals` (docs/collector.md, "Arrivals") and the file
/// `contractgen status --arrivals` reads. The collector writes it
/// (`JSONWriterEncoding`, dictionaries in key order) and `contractgen status`
/// reads it (`decoded(from:)`) with this one description. Times are ISO 8601 in UTC with
/// milliseconds (`2026-12-07T05:00:00.000Z`), the collector's own clock.
public struct ArrivalsReport: Codable, Sendable, Hashable {
    /// The format of this document; 1.
    public var format: Int
    /// When the collector answered.
    public var readAt: String
    /// The window's start when one was asked for (`?since=`): only events
    /// received from then on are counted. `nil` for everything kept.
    public var since: String?
    /// One entry per event name received, contract or not, sorted by name.
    public var events: [ArrivedEvent]

    public init(format: Int = 1, readAt: String, since: String? = nil, events: [ArrivedEvent]) {
        self.format = format
        self.readAt = readAt
        self.since = since
        self.events = events
    }

    /// The format this build writes and reads.
    public static let currentFormat = 1

    /// Reads a report (the JSON of `GET /arrivals` or a saved copy): what
    /// `contractgen status` reads it with. Throws `DecodingError` for JSON that is
    /// not one; the format is the caller's to check (`format`).
    public static func decoded(from data: Data) throws -> ArrivalsReport {
        try JSONDecoder().decode(ArrivalsReport.self, from: data)
    }
}

/// The arrivals of one event name.
public struct ArrivedEvent: Codable, Sendable, Hashable {
    /// The `event` member as received.
    public var event: String
    /// Events of this name received (a repeated uuid counts once).
    public var count: Int
    /// Of those, how many the collector refused (not stored).
    public var rejected: Int
    public var firstSeen: String
    public var lastSeen: String
    /// How many events carried each `contractVersion`.
    public var contractVersions: [String: Int]
    /// How many events carried each `appVersion` (when the contract has that
    /// global; empty otherwise).
    public var appVersions: [String: Int]
    /// How many events had each violation code (an event with two codes
    /// counts under both).
    public var violations: [String: Int]

    public init(
        event: String, count: Int, rejected: Int = 0, firstSeen: String, lastSeen: String,
        contractVersions: [String: Int] = [:], appVersions: [String: Int] = [:], violations: [String: Int] = [:]
    ) {
        self.event = event
        self.count = count
        self.rejected = rejected
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.contractVersions = contractVersions
        self.appVersions = appVersions
        self.violations = violations
    }
}
