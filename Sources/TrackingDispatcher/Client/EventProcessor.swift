import Foundation
import TrackingCore

/// Turns a tracked event into a stored row: validation, globals, PII policy,
/// duplicate check, encoding. Runs only on the worker thread.
struct EventProcessor {
    let rules: ContractRules
    let globalsSource: any GlobalsSource
    var session: SessionTracker
    private var seen: Set<String> = []
    private var seenOrder: [String] = []
    private var seenStart = 0
    let duplicateWindow: Int

    init(rules: ContractRules, globalsSource: any GlobalsSource, sessionTimeout: TimeInterval, duplicateWindow: Int) {
        self.rules = rules
        self.globalsSource = globalsSource
        self.session = SessionTracker(timeout: sessionTimeout)
        self.duplicateWindow = max(1, duplicateWindow)
    }

    struct Output {
        var row: NewStoredEvent
        var processed: ProcessedEvent
    }

    /// Encodes, hydrates, strips and de-duplicates one event. Validation is not
    /// done here: the worker checks a whole batch at once, in parallel
    /// (``violations(of:payloads:rules:)``).
    mutating func process(_ event: any TrackingEvent, createdAt: Date, globals: [String: JSONValue], consent: PIIConsent) -> Output {
        let uuid = event.uuid.uuidString.lowercased()
        var flags: EventFlags = []
        var missing: [String] = []

        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        event.writeMembers(to: &writer)
        let sessionID = session.session(at: createdAt)
        for global in rules.globals where global.name != "contractVersion" {
            // The encoder already wrote `contractVersion`; it is the same value.
            if global.isPII, consent == .denied { flags.insert(.piiStripped); continue }
            writer.key(global.name)
            if let value = globals[global.name] {
                value.write(to: &writer)
            } else if global.name == "sessionId" {
                writer.value(sessionID)
            } else {
                missing.append(global.name)
                (global.defaultValue ?? .null).write(to: &writer)
            }
        }
        writer.endObject()
        var payload = writer.bytes
        if !missing.isEmpty { flags.insert(.incomplete) }

        if consent == .denied, !rules.piiFields.isEmpty,
           let members = (try? JSONValue.parse(payload))?.objectMembers,
           members.contains(where: { rules.piiFields.contains($0.key) }) {
            payload = JSONValue.object(members.filter { !rules.piiFields.contains($0.key) }).encodedBytes
            flags.insert(.piiStripped)
        }

        if seen.contains(uuid) {
            flags.insert(.duplicate)
        } else {
            remember(uuid)
        }

        let row = NewStoredEvent(uuid: uuid, eventName: event.eventName, payload: payload, flags: flags,
                                 violations: [], missingGlobals: missing,
                                 createdAt: createdAt.timeIntervalSince1970)
        let processed = ProcessedEvent(eventName: event.eventName, kindName: event.kindName, uuid: uuid,
                                       clientTimestamp: event.clientTimestamp, payload: payload, flags: flags,
                                       violations: [], missingGlobals: missing, piiFields: rules.piiFields)
        return Output(row: row, processed: processed)
    }

    /// Every violation of one event: its own `validate()`, and for events that are
    /// not `ContractGeneratedEvent`s (models an app composed itself) the rules'
    /// payload validator too, each problem once. A generated event's type and
    /// `validate()` already guarantee what the payload check would find, so it is
    /// skipped for them. Pure, so batches are checked in parallel.
    static func violations(of event: any TrackingEvent, payload: [UInt8], rules: ContractRules) -> [String] {
        var violations = event.validate().map(\.description)
        if event is any ContractGeneratedEvent { return violations }
        if let validator = rules.payloadValidator, let parsed = try? JSONValue.parse(payload) {
            // The generated validator and the descriptor may find the same problem once each.
            for violation in validator(parsed).map(\.description) where !violations.contains(violation) {
                violations.append(violation)
            }
        }
        return violations
    }

    /// Validates a batch after `process(…)`, on all cores when it
    /// is large enough to pay for the threads; returns each event's violations.
    static func violations(of events: [any TrackingEvent], payloads: [[UInt8]], rules: ContractRules) -> [[String]] {
        let count = events.count
        var results = [[String]](repeating: [], count: count)
        let chunks = min(ProcessInfo.processInfo.activeProcessorCount, count / 32)
        guard chunks > 1 else {
            for index in 0..<count { results[index] = violations(of: events[index], payload: payloads[index], rules: rules) }
            return results
        }
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer   // each chunk writes its own indices only
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < count {
                    output[index] = violations(of: events[index], payload: payloads[index], rules: rules)
                    index += chunks
                }
            }
        }
        return results
    }

    private mutating func remember(_ uuid: String) {
        seen.insert(uuid)
        seenOrder.append(uuid)
        if seenOrder.count - seenStart > duplicateWindow {
            seen.remove(seenOrder[seenStart])
            seenStart += 1
            if seenStart > duplicateWindow {
                seenOrder.removeFirst(seenStart)
                seenStart = 0
            }
        }
    }
}
