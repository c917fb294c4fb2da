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
///
/// Journeys live in a ring of `capacity` slots, oldest first. New events are
/// appended in bulk by the worker right after their insert and indexed by uuid
/// only when someone next looks a uuid up or records a later step (the
/// uploader, a debug dump): the persist path pays an append, not a hash insert,
/// and an event forgotten before anyone asked is never hashed at all.
public final class JourneyLog: @unchecked Sendable {
    public let capacity: Int
    public let maxStepsPerEvent = 24
    private let lock = NSLock()
    private var slots: [Slot] = []
    /// The oldest slot once the ring is full (new slots overwrite it).
    private var oldest = 0
    /// Slot by uuid, for every slot but the newest `unindexed` ones.
    private var index: [String: Int] = [:]
    private var unindexed = 0

    private struct Slot {
        var uuid: String
        var journey: Journey
        /// A later event with the uuid of an earlier slot, merged into it when indexed.
        var merged: Bool { uuid.isEmpty }
    }

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

    /// Sends every step to the collector too, in a debug build that asked for it
    /// (``DispatcherConfiguration/journeyReporting``); nil otherwise.
    public let reporter: JourneyReporter?

    /// A log of its own (the client makes its log from `DispatcherConfiguration.journeyCapacity`).
    package convenience init(capacity: Int = 5_000) { self.init(capacity: capacity, reporter: nil) }

    init(capacity: Int, reporter: JourneyReporter?) {
        self.capacity = max(1, capacity)
        self.reporter = reporter
    }

    func record(_ uuid: String, name: String? = nil, _ stage: JourneyStep.Stage, at date: Date) {
        lock.lock()
        indexLocked()
        let known = recordLocked(uuid, name: name, stage, at: date)
        lock.unlock()
        reporter?.report([(uuid, known)], stage, at: date)
    }

    func record(_ uuids: [String], _ stage: JourneyStep.Stage, at date: Date) {
        lock.lock()
        indexLocked()
        var entries: [(uuid: String, name: String)] = []
        if reporter != nil { entries.reserveCapacity(uuids.count) }
        for uuid in uuids {
            let known = recordLocked(uuid, name: nil, stage, at: date)
            if reporter != nil { entries.append((uuid, known)) }
        }
        lock.unlock()
        reporter?.report(entries, stage, at: date)
    }

    /// Records the first steps of many new events under one lock (the worker's
    /// hot path): appended, indexed later.
    func recordNew(_ entries: some Sequence<NewJourney>) {
        lock.lock(); defer { lock.unlock() }
        for entry in entries { appendLocked(Slot(uuid: entry.uuid, journey: Journey(name: entry.name, head: entry))) }
    }

    /// Appends a slot, overwriting (and unindexing) the oldest when the ring is full.
    private func appendLocked(_ slot: Slot) {
        if slots.count < capacity {
            slots.append(slot)
        } else {
            if unindexed == capacity {
                // The oldest slot was never indexed: nothing to remove.
                unindexed -= 1
            } else if !slots[oldest].merged {
                index.removeValue(forKey: slots[oldest].uuid)
            }
            slots[oldest] = slot
            oldest = (oldest + 1) % capacity
        }
        unindexed += 1
    }

    /// Slot positions, oldest first.
    private func positionLocked(_ offset: Int) -> Int {
        slots.count < capacity ? offset : (oldest + offset) % capacity
    }

    /// Indexes the slots appended since the last lookup. A uuid already in the
    /// log (an event tracked twice) gets the new steps appended to its journey.
    private func indexLocked() {
        guard unindexed > 0 else { return }
        for offset in (slots.count - unindexed)..<slots.count {
            let position = positionLocked(offset)
            let uuid = slots[position].uuid
            if let earlier = index.updateValue(position, forKey: uuid) {
                index[uuid] = earlier
                for step in slots[position].journey.steps {
                    slots[earlier].journey.append(step, limit: maxStepsPerEvent)
                }
                slots[position].uuid = ""
                slots[position].journey = Journey(name: "", head: nil)
            }
        }
        unindexed = 0
    }

    /// Records a step; returns the event's name as known.
    @discardableResult
    private func recordLocked(_ uuid: String, name: String?, _ stage: JourneyStep.Stage, at date: Date) -> String {
        let step = JourneyStep(stage: stage, at: date)
        if let position = index[uuid] {
            // Mutated in place (no copy of the steps array).
            slots[position].journey.append(step, limit: maxStepsPerEvent)
            return slots[position].journey.name
        }
        appendLocked(Slot(uuid: uuid, journey: Journey(name: name ?? "?", head: nil, rest: [step])))
        indexLocked()
        return name ?? "?"
    }

    /// The steps of one event (by its uuid, lowercase), oldest first; empty when unknown or forgotten.
    public func steps(for uuid: String) -> [JourneyStep] {
        lock.lock(); defer { lock.unlock() }
        indexLocked()
        return index[uuid.lowercased()].map { slots[$0].journey.steps } ?? []
    }

    public func steps(for uuid: UUID) -> [JourneyStep] { steps(for: uuid.lowercasedString) }

    /// The uuids with a journey, oldest first.
    public var uuids: [String] {
        lock.lock(); defer { lock.unlock() }
        indexLocked()
        return (0..<slots.count).map { slots[positionLocked($0)] }.filter { !$0.merged }.map(\.uuid)
    }

    /// A dump a developer can print: every remembered event with its steps.
    public func describe(limit: Int = 200) -> String {
        lock.lock(); defer { lock.unlock() }
        indexLocked()
        let remembered = (0..<slots.count).map { slots[positionLocked($0)] }.filter { !$0.merged }
        let recent = remembered.suffix(limit)
        var lines = ["Journey log: \(remembered.count) event(s) remembered (capacity \(capacity)), showing \(recent.count)"]
        for slot in recent {
            lines.append("\(slot.journey.name) \(slot.uuid)")
            for step in slot.journey.steps { lines.append("  \(step)") }
        }
        return lines.joined(separator: "\n")
    }
}
