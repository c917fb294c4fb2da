import Foundation
import TrackingCore

/// One step of an event's way through the dispatcher.
public struct JourneyStep: Sendable, Hashable, CustomStringConvertible {
    public enum Stage: Sendable, Hashable {
        case created
        /// Checked against the contract; the violations found (empty when valid).
        case validated(violations: [String])
        case persisted(flags: EventFlags)
        /// Put in the request with this id.
        case batched(requestID: String)
        case sent(requestID: String)
        case confirmed(requestID: String)
        /// The request failed; the event stays stored.
        case failed(requestID: String, reason: String)
        case setAside(reason: String)
        case deleted
        /// Removed without delivery (the queue was full).
        case dropped(reason: String)
    }

    public var stage: Stage
    public var at: Date

    public var description: String {
        let time = ISO8601Timestamp.string(from: at)
        switch stage {
        case .created: return "\(time) created"
        case .validated(let v): return "\(time) validated" + (v.isEmpty ? "" : " with \(v.count) violation(s): \(v.joined(separator: "; "))")
        case .persisted(let flags): return "\(time) persisted" + (flags.isEmpty ? "" : " \(flags)")
        case .batched(let id): return "\(time) batched in \(id)"
        case .sent(let id): return "\(time) sent in \(id)"
        case .confirmed(let id): return "\(time) confirmed by collector (\(id))"
        case .failed(let id, let reason): return "\(time) failed in \(id): \(reason)"
        case .setAside(let reason): return "\(time) set aside: \(reason)"
        case .deleted: return "\(time) deleted from store"
        case .dropped(let reason): return "\(time) dropped: \(reason)"
        }
    }
}

/// The first steps of an event tracked in this session, as the worker records
/// them right after the insert: created, validated, persisted.
struct NewJourney {
    var uuid: String
    var name: String
    var created: Date
    var violations: [String]
    var flags: EventFlags
    var persisted: Date
}

/// The journey of every event of the current session, bounded: the oldest
/// events' journeys are forgotten beyond `capacity`, and each journey keeps at
/// most `maxStepsPerEvent` steps (a long retry history keeps its first and last
/// steps). Thread-safe.
public final class JourneyLog: @unchecked Sendable {
    public let capacity: Int
    public let maxStepsPerEvent = 24
    private let lock = NSLock()
    private var journeys: [String: Journey] = [:]
    private var order: [String] = []
    private var orderStart = 0

    /// One event's journey. Most events only ever have their first three steps
    /// while in the log, so those are kept inline (`head`): recording a new event
    /// allocates no steps array.
    private struct Journey {
        var name: String
        var head: NewJourney?
        var rest: [JourneyStep] = []

        var count: Int { (head == nil ? 0 : 3) + rest.count }

        var steps: [JourneyStep] {
            guard let head else { return rest }
            return [JourneyStep(stage: .created, at: head.created),
                    JourneyStep(stage: .validated(violations: head.violations), at: head.created),
                    JourneyStep(stage: .persisted(flags: head.flags), at: head.persisted)] + rest
        }

        /// Appends a step; beyond `limit` steps the middle one goes.
        mutating func append(_ step: JourneyStep, limit: Int) {
            if count >= limit {
                // The head's three steps are never the middle of a full journey.
                rest.remove(at: limit / 2 - (head == nil ? 0 : 3))
            }
            rest.append(step)
        }
    }

    public init(capacity: Int = 5_000) { self.capacity = max(1, capacity) }

    func record(_ uuid: String, name: String? = nil, _ stage: JourneyStep.Stage, at date: Date) {
        lock.lock(); defer { lock.unlock() }
        recordLocked(uuid, name: name, stage, at: date)
    }

    func record(_ uuids: [String], _ stage: JourneyStep.Stage, at date: Date) {
        lock.lock(); defer { lock.unlock() }
        for uuid in uuids { recordLocked(uuid, name: nil, stage, at: date) }
    }

    /// Records the first steps of many new events under one lock (the worker's hot path).
    func recordNew(_ entries: [NewJourney]) {
        lock.lock(); defer { lock.unlock() }
        for entry in entries {
            // The common case (a new uuid) costs one hash lookup.
            if let earlier = journeys.updateValue(Journey(name: entry.name, head: entry), forKey: entry.uuid) {
                // A uuid seen before (a duplicate): its steps follow the earlier ones.
                journeys[entry.uuid] = earlier
                recordLocked(entry.uuid, name: entry.name, .created, at: entry.created)
                recordLocked(entry.uuid, name: entry.name, .validated(violations: entry.violations), at: entry.created)
                recordLocked(entry.uuid, name: entry.name, .persisted(flags: entry.flags), at: entry.persisted)
            } else {
                appendToOrderLocked(entry.uuid)
            }
        }
    }

    private func recordLocked(_ uuid: String, name: String?, _ stage: JourneyStep.Stage, at date: Date) {
        let step = JourneyStep(stage: stage, at: date)
        if let index = journeys.index(forKey: uuid) {
            // Mutated in place (no copy of the steps array).
            journeys.values[index].append(step, limit: maxStepsPerEvent)
            return
        }
        journeys[uuid] = Journey(name: name ?? "?", head: nil, rest: [step])
        appendToOrderLocked(uuid)
    }

    private func appendToOrderLocked(_ uuid: String) {
        order.append(uuid)
        while order.count - orderStart > capacity {
            journeys.removeValue(forKey: order[orderStart])
            orderStart += 1
        }
        if orderStart > capacity {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }

    /// The steps of one event (by its uuid, lowercase), oldest first; empty when unknown or forgotten.
    public func steps(for uuid: String) -> [JourneyStep] {
        lock.lock(); defer { lock.unlock() }
        return journeys[uuid.lowercased()]?.steps ?? []
    }

    public func steps(for uuid: UUID) -> [JourneyStep] { steps(for: uuid.lowercasedString) }

    /// The uuids with a journey, oldest first.
    public var uuids: [String] {
        lock.lock(); defer { lock.unlock() }
        return Array(order[orderStart...])
    }

    /// A dump a developer can print: every remembered event with its steps.
    public func describe(limit: Int = 200) -> String {
        lock.lock(); defer { lock.unlock() }
        let recent = order[orderStart...].suffix(limit)
        var lines = ["Journey log: \(order.count - orderStart) event(s) remembered (capacity \(capacity)), showing \(recent.count)"]
        for uuid in recent {
            guard let journey = journeys[uuid] else { continue }
            lines.append("\(journey.name) \(uuid)")
            for step in journey.steps { lines.append("  \(step)") }
        }
        return lines.joined(separator: "\n")
    }
}
