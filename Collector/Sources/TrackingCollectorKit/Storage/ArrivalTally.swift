import Foundation
import TrackingCore

/// What the arrival counts read from one event besides its name and violations,
/// taken at the check (`BatchIngest`) so that the writer does not parse the payload again.
struct ArrivalFacts: Sendable, Hashable {
    /// The `event` member; set for rejected events only (an accepted event has its name).
    var event: String?
    var contractVersion: String?
    var appVersion: String?

    init(event: String? = nil, contractVersion: String?, appVersion: String?) {
        self.event = event
        self.contractVersion = contractVersion
        self.appVersion = appVersion
    }

    /// Read from an event object (a payload that is not one has no facts).
    init(of value: JSONValue?) {
        event = value?[WireNames.event]?.stringValue
        contractVersion = value?[WireNames.contractVersion]?.stringValue
        appVersion = value?[ArrivalFacts.appVersionMember]?.stringValue
    }

    /// Read from a stored payload: for batches made without the check's facts.
    init(payload: String) {
        self.init(of: try? JSONValue.parse(payload))
    }

    /// The global counted per app version (docs/collector.md, "Arrivals").
    static let appVersionMember = "appVersion"
}

/// The arrival counts of a group of batches, per UTC day and event name: added
/// together in memory while the group is written, then added to the stored counts
/// with one upsert per row in the group's transaction (`GET /arrivals` sums the days).
struct ArrivalTally: Sendable {
    /// One stored row: a UTC day (days since 1970-01-01) and an event name.
    struct Key: Hashable, Sendable, Comparable {
        var day: Int
        var event: String
        static func < (lhs: Key, rhs: Key) -> Bool { (lhs.day, lhs.event) < (rhs.day, rhs.event) }
    }

    /// What a counted value is a value of (the `dimension` column).
    enum Dimension: String, Sendable, CaseIterable {
        case contractVersion
        case appVersion
        case violation
    }

    struct Counts: Sendable {
        var arrived = 0
        var rejected = 0
        /// Seconds since 1970 (the collector's clock at receipt).
        var firstSeen: Double
        var lastSeen: Double
        var values: [Dimension: [String: Int]] = [:]
    }

    private(set) var rows: [Key: Counts] = [:]

    var isEmpty: Bool { rows.isEmpty }

    static func day(of date: Date) -> Int { day(ofSeconds: date.timeIntervalSince1970) }

    static func day(ofSeconds seconds: Double) -> Int { Int((seconds / 86_400).rounded(.down)) }

    /// Counts one event received at `date`.
    mutating func add(event: String, at date: Date, rejected: Bool, facts: ArrivalFacts, violationCodes: [String]) {
        let seconds = date.timeIntervalSince1970
        let key = Key(day: Self.day(ofSeconds: seconds), event: event)
        rows[key, default: Counts(firstSeen: seconds, lastSeen: seconds)].add(
            seconds: seconds, rejected: rejected, facts: facts, violationCodes: violationCodes)
    }

    /// Counts a batch's events that were newly stored (`stored`: indices into
    /// `batch.accepted`) and its rejected events that carry a name.
    mutating func add(_ batch: IngestBatch, stored: some Sequence<Int>) {
        for index in stored {
            let event = batch.accepted[index]
            let facts = index < batch.acceptedFacts.count ? batch.acceptedFacts[index] : ArrivalFacts(payload: event.payload)
            add(event: event.eventName, at: event.receivedAt, rejected: false, facts: facts,
                violationCodes: event.violations.map(\.code.rawValue))
        }
        for (index, event) in batch.rejected.enumerated() {
            let facts = index < batch.rejectedFacts.count ? batch.rejectedFacts[index] : ArrivalFacts(payload: event.payload)
            // An event without a name is in no event's row (it is listed by `GET /rejected`).
            guard let name = facts.event, !name.isEmpty else { continue }
            add(event: name, at: event.receivedAt, rejected: true, facts: facts, violationCodes: [])
        }
    }

    /// Adds another tally's counts.
    mutating func merge(_ other: ArrivalTally) {
        for (key, counts) in other.rows {
            if rows[key] == nil {
                rows[key] = counts
            } else {
                rows[key]!.merge(counts)
            }
        }
    }

    /// The counts of a batch whose events at `stored` (indices into `batch.accepted`)
    /// were stored now: the tally made at the check when all were (`batch.arrivals`),
    /// counted again from the stored ones when some were duplicates.
    static func of(_ batch: IngestBatch, stored: [Int]) -> ArrivalTally {
        if stored.count == batch.accepted.count, let counted = batch.arrivals { return counted }
        var tally = ArrivalTally()
        tally.add(batch, stored: stored)
        return tally
    }

    /// The same counts with every name and value passed through `transform` (PostgreSQL's
    /// text columns replace NUL), rows and values that become equal added together.
    func mapStrings(_ transform: (String) -> String) -> ArrivalTally {
        var result = ArrivalTally()
        for (key, counts) in rows {
            var mapped = counts
            mapped.values = counts.values.mapValues { values in
                Dictionary(values.map { (transform($0.key), $0.value) }, uniquingKeysWith: +)
            }
            let newKey = Key(day: key.day, event: transform(key.event))
            if let existing = result.rows[newKey] {
                mapped.merge(existing)
            }
            result.rows[newKey] = mapped
        }
        return result
    }

    /// The rows in key order: every writer takes the rows' locks in this order, so
    /// two PostgreSQL instances adding to the same rows never deadlock.
    var sortedRows: [(key: Key, counts: Counts)] {
        rows.sorted { $0.key < $1.key }.map { (key: $0.key, counts: $0.value) }
    }

    /// One counted value of a row, flattened for the `arrival_values` upsert, in key order.
    struct ValueRow: Sendable {
        var key: Key
        var dimension: Dimension
        var value: String
        var count: Int
    }

    var sortedValueRows: [ValueRow] {
        var result: [ValueRow] = []
        for (key, counts) in sortedRows {
            for dimension in Dimension.allCases {
                guard let values = counts.values[dimension] else { continue }
                for (value, count) in values.sorted(by: { $0.key < $1.key }) {
                    result.append(ValueRow(key: key, dimension: dimension, value: value, count: count))
                }
            }
        }
        return result
    }
}

extension ArrivalTally.Counts {
    mutating func merge(_ other: ArrivalTally.Counts) {
        arrived += other.arrived
        rejected += other.rejected
        firstSeen = min(firstSeen, other.firstSeen)
        lastSeen = max(lastSeen, other.lastSeen)
        values.merge(other.values) { mine, theirs in mine.merging(theirs, uniquingKeysWith: +) }
    }

    mutating func add(seconds: Double, rejected isRejected: Bool, facts: ArrivalFacts, violationCodes: [String]) {
        arrived += 1
        if isRejected { rejected += 1 }
        firstSeen = min(firstSeen, seconds)
        lastSeen = max(lastSeen, seconds)
        if let version = facts.contractVersion { values[.contractVersion, default: [:]][version, default: 0] += 1 }
        if let version = facts.appVersion { values[.appVersion, default: [:]][version, default: 0] += 1 }
        switch violationCodes.count {
        case 0: break
        // An event with two violations of one code counts once under it.
        case 1: values[.violation, default: [:]][violationCodes[0], default: 0] += 1
        default: for code in Set(violationCodes) { values[.violation, default: [:]][code, default: 0] += 1 }
        }
    }
}

/// One event name's arrivals as a storage reads them back, summed over the days asked for.
public struct ArrivalSummary: Sendable, Hashable {
    public var event: String
    public var arrived: Int
    public var rejected: Int
    public var firstSeen: Date
    public var lastSeen: Date
    public var contractVersions: [String: Int] = [:]
    public var appVersions: [String: Int] = [:]
    public var violations: [String: Int] = [:]

    public init(event: String, arrived: Int, rejected: Int, firstSeen: Date, lastSeen: Date) {
        self.event = event
        self.arrived = arrived
        self.rejected = rejected
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
    }

    /// Adds one `arrival_values` row's count.
    mutating func add(dimension: String, value: String, count: Int) {
        switch ArrivalTally.Dimension(rawValue: dimension) {
        case .contractVersion: contractVersions[value, default: 0] += count
        case .appVersion: appVersions[value, default: 0] += count
        case .violation: violations[value, default: 0] += count
        // A dimension this build does not know (a newer collector wrote it on a shared database).
        case nil: break
        }
    }
}
