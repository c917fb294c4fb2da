import Foundation
import TrackingCore

/// What the arrival counts read from one event besides its violations, taken at
/// the check (`EventChecker.checkForIngest`, in its one pass over the envelope) so
/// that neither `BatchIngest` nor the writer reads the payload again.
struct ArrivalFacts: Sendable, Hashable {
    /// The `event` member (a rejected event is counted under it when it has one).
    var event: String?
    var contractVersion: String?
    /// The global counted per app version (docs/collector.md, "Arrivals").
    var appVersion: String?

    init(event: String? = nil, contractVersion: String? = nil, appVersion: String? = nil) {
        self.event = event
        self.contractVersion = contractVersion
        self.appVersion = appVersion
    }

    /// Read from an event object (a payload that is not one has no facts).
    init(of value: JSONValue?) {
        event = value?[WireNames.event]?.stringValue
        contractVersion = value?[WireNames.contractVersion]?.stringValue
        appVersion = value?[RuntimeConstants.PayloadMember.appVersion]?.stringValue
    }

    /// Read from a stored payload: for batches made without the check's facts.
    init(payload: String) {
        self.init(of: try? JSONValue.parse(payload))
    }
}

/// The arrival counts of a group of batches, per UTC day and event name: added
/// together in memory while the group is written, then added to the stored counts
/// with one upsert per row in the group's transaction (`GET /arrivals` sums the days).
struct ArrivalTally: Sendable, Equatable {
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

    struct Counts: Sendable, Equatable {
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
        var counter = ArrivalCounter()
        for index in stored {
            let event = batch.accepted[index]
            let facts = index < batch.acceptedFacts.count ? batch.acceptedFacts[index] : ArrivalFacts(payload: event.payload)
            counter.add(event: event.eventName, at: event.receivedAt, rejected: false, facts: facts, violations: event.violations)
        }
        for (index, event) in batch.rejected.enumerated() {
            let facts = index < batch.rejectedFacts.count ? batch.rejectedFacts[index] : ArrivalFacts(payload: event.payload)
            counter.addRejected(at: event.receivedAt, facts: facts)
        }
        merge(counter.finish())
    }

    /// Adds one row's counts.
    mutating func add(_ counts: Counts, to key: Key) {
        if rows[key] == nil {
            rows[key] = counts
        } else {
            rows[key]!.merge(counts)
        }
    }

    /// Adds another tally's counts.
    mutating func merge(_ other: ArrivalTally) {
        for (key, counts) in other.rows { add(counts, to: key) }
    }

    /// The counts of a batch whose events at `stored` (indices into `batch.accepted`)
    /// were stored now: the tally made at the check when all were (`batch.arrivals`),
    /// counted again from the stored ones when some were duplicates.
    static func of(_ batch: IngestBatch, stored: [Int]) -> ArrivalTally {
        guard batch.countsArrivals else { return ArrivalTally() }
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
        addViolations(codes: violationCodes)
    }

    /// Counts one event's violations: an event with two violations of one code counts once under it.
    mutating func addViolations<Codes: Collection<String>>(codes: Codes) {
        switch codes.count {
        case 0: break
        case 1: values[.violation, default: [:]][codes.first!, default: 0] += 1
        default: for code in Set(codes) { values[.violation, default: [:]][code, default: 0] += 1 }
        }
    }

    /// Adds `count` events' `value` under `dimension`.
    mutating func add(_ value: String, count: Int, to dimension: ArrivalTally.Dimension) {
        values[dimension, default: [:]][value, default: 0] += count
    }
}

/// Counts one batch's events as they are checked, into an ``ArrivalTally``.
///
/// Cheaper per event than ``ArrivalTally/add(event:at:rejected:facts:violationCodes:)``,
/// which hashes the row's key and each value: a batch is mostly runs of one event
/// name with one contract and app version (one app, one build), so consecutive
/// events of one name and UTC day are added up in a run, and consecutive equal
/// versions in a count, and each run goes into the tally's rows once.
struct ArrivalCounter {
    private var tally = ArrivalTally()
    /// The run: its row, counts so far (values but the pending versions), and the
    /// versions of its last events with how many in a row had them.
    private var key: ArrivalTally.Key?
    private var counts = ArrivalTally.Counts(firstSeen: 0, lastSeen: 0)
    private var contractVersion: (value: String, count: Int)?
    private var appVersion: (value: String, count: Int)?

    init() {}

    /// Counts one event (accepted, or rejected with a name) received at `date`.
    mutating func add(event name: String, at date: Date, rejected: Bool, facts: ArrivalFacts, violations: [Violation]) {
        let seconds = date.timeIntervalSince1970
        let day = ArrivalTally.day(ofSeconds: seconds)
        if key?.day != day || key?.event != name {
            endRun()
            key = ArrivalTally.Key(day: day, event: name)
            counts = ArrivalTally.Counts(firstSeen: seconds, lastSeen: seconds)
        }
        counts.arrived += 1
        if rejected { counts.rejected += 1 }
        if seconds < counts.firstSeen { counts.firstSeen = seconds }
        if seconds > counts.lastSeen { counts.lastSeen = seconds }
        Self.count(facts.contractVersion, in: &contractVersion, dimension: .contractVersion, counts: &counts)
        Self.count(facts.appVersion, in: &appVersion, dimension: .appVersion, counts: &counts)
        if !violations.isEmpty { counts.addViolations(codes: violations.lazy.map(\.code.rawValue)) }
    }

    /// Counts a rejected event under the name it carries (one without a name is in no
    /// event's row: it is listed by `GET /rejected`).
    mutating func addRejected(at date: Date, facts: ArrivalFacts) {
        guard let name = facts.event, !name.isEmpty else { return }
        add(event: name, at: date, rejected: true, facts: facts, violations: [])
    }

    /// The counts of every event added.
    mutating func finish() -> ArrivalTally {
        endRun()
        return tally
    }

    private static func count(_ value: String?, in pending: inout (value: String, count: Int)?,
                              dimension: ArrivalTally.Dimension, counts: inout ArrivalTally.Counts) {
        guard let value else { return }
        if pending?.value == value {
            pending!.count += 1
        } else {
            if let previous = pending { counts.add(previous.value, count: previous.count, to: dimension) }
            pending = (value, 1)
        }
    }

    private mutating func endRun() {
        guard let key else { return }
        if let pending = contractVersion { counts.add(pending.value, count: pending.count, to: .contractVersion) }
        if let pending = appVersion { counts.add(pending.value, count: pending.count, to: .appVersion) }
        contractVersion = nil
        appVersion = nil
        tally.add(counts, to: key)
        self.key = nil
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
