import Foundation
import TrackingCore

/// Turns a tracked event into a stored row: globals, PII policy, duplicate
/// check, encoding. Runs only on the worker thread; validation is separate
/// (``violations(of:parsed:rules:)``), so it can run on other cores.
struct EventProcessor {
    let rules: DispatcherContract
    let globalsSource: any GlobalsSource
    var session: SessionTracker
    /// The last `duplicateWindow` uuids, as 16-byte values: a ring plus a set.
    private var seen: Set<UUID> = []
    private var seenRing: [UUID] = []
    private var seenNext = 0
    let duplicateWindow: Int
    /// The encoded `"sessionId":"…"` member of the current session (it changes rarely).
    private var sessionMember: (id: UUID, bytes: [UInt8])?

    init(rules: DispatcherContract, globalsSource: any GlobalsSource, sessionTimeout: TimeInterval, duplicateWindow: Int) {
        self.rules = rules
        self.globalsSource = globalsSource
        self.session = SessionTracker(timeout: sessionTimeout)
        self.duplicateWindow = max(1, duplicateWindow)
    }

    /// What `process` makes of one event: the row to store, the event as
    /// providers see it, and `parsed`, the stored payload as `process` parsed it,
    /// for the payload check: set for a model an app composed itself whose JSON
    /// is valid, `nil` for a generated event (never checked against the
    /// descriptor) and for a payload that did not parse (replaced by its
    /// envelope). Parsing is most of the check's cost, so a payload is parsed
    /// once, here. A tuple, so the caller takes its parts apart without copying
    /// them (each part holds several references).
    typealias Output = (row: NewStoredEvent, processed: ProcessedEvent, parsed: JSONValue?)

    /// The globals' members of every payload of one batch, encoded once per
    /// batch (the source is asked once per batch, so they are the same for every
    /// event of it); only the session id, which the dispatcher keeps, may change
    /// between two events and is written per event.
    struct GlobalsTemplate {
        /// Encoded members (`"name":value,…`, no braces), before and after the session slot.
        var beforeSession: [UInt8] = []
        var afterSession: [UInt8] = []
        /// Whether the dispatcher writes its own session id between the two.
        var writesSession = false
        var missing: [String] = []
        var flags: EventFlags = []
    }

    /// Encodes the batch's globals in contract order: a value the source does
    /// not supply (absent, or `.null`) gets its default, or is left out when it
    /// has none, never written as `null` (`RuntimeConstants.absentGlobalPolicy`);
    /// either way it is named in `missing` and the event flagged `.incomplete`.
    /// PII globals are left out when consent is denied. A value that breaks the
    /// contract is written as given (`RuntimeConstants.invalidGlobalsPolicy`: the
    /// worker reports it on every event, see `DispatchWorker.prepare`).
    func template(globals: [String: JSONValue], consent: PIIConsent) -> GlobalsTemplate {
        var template = GlobalsTemplate()
        var writer = JSONWriter(capacity: 256)
        writer.beginObject()
        for global in rules.globals where global.name != WireNames.contractVersion {
            // The encoder already wrote `contractVersion`; it is the same value.
            if global.isPII, consent == .denied { template.flags.insert(.piiStripped); continue }
            if let value = globals[global.name], value != .null {
                writer.key(global.name)
                value.write(to: &writer)
            } else if global.name == "sessionId" {
                template.beforeSession = Array(writer.bytes.dropFirst())
                template.writesSession = true
                writer = JSONWriter(capacity: 256)
                writer.beginObject()
            } else {
                template.missing.append(global.name)
                // absentGlobalPolicy: the default, else nothing (an optional member without a value).
                if let defaultValue = global.defaultValue, defaultValue != .null {
                    writer.key(global.name)
                    defaultValue.write(to: &writer)
                }
            }
        }
        let members = Array(writer.bytes.dropFirst())
        if template.writesSession { template.afterSession = members } else { template.beforeSession = members }
        if !template.missing.isEmpty { template.flags.insert(.incomplete) }
        return template
    }

    /// Encodes, hydrates, strips and de-duplicates one event with the batch's
    /// globals (``template(globals:consent:)``). Validation is not done here: the
    /// worker checks a whole batch at once, in parallel.
    mutating func process(_ event: any TrackingEvent, createdAt: Date, template: GlobalsTemplate, consent: PIIConsent) -> Output {
        let id = event.uuid
        let uuid = id.lowercasedString
        var flags = template.flags

        var writer = JSONWriter(capacity: 512)
        writer.beginObject()
        event.writeMembers(to: &writer)
        var payload = Self.take(writer)
        // A comma is due when the event wrote any member after the `{`.
        var needsComma = payload.count > 1
        // The session advances with every event, whether or not its id is written.
        let sessionID = session.session(at: createdAt)
        Self.append(members: template.beforeSession, to: &payload, needsComma: &needsComma)
        if template.writesSession {
            Self.append(members: sessionMember(sessionID), to: &payload, needsComma: &needsComma)
        }
        Self.append(members: template.afterSession, to: &payload, needsComma: &needsComma)
        payload.append(UInt8(ascii: "}"))

        var violations: [Violation] = []
        var checked: JSONValue?
        let strips = consent == .denied && !rules.pii.isEmpty
        let composed = !(event is any ContractGeneratedEvent)
        // Generated events always write valid JSON; a model the app composed may not.
        if strips || composed {
            if var parsed = try? JSONValue.parse(payload) {
                if strips {
                    let stripped = rules.pii.removing(from: parsed)
                    if stripped.removed {
                        parsed = stripped.payload
                        payload = parsed.encodedBytes
                        flags.insert(.piiStripped)
                    }
                }
                // What is stored is what the payload check reads.
                if composed { checked = parsed }
            } else {
                // Broken JSON: where its personal data is cannot be known, and it would
                // break the batch it is sent in, so only its envelope is kept (fail-closed).
                payload = Self.placeholder(for: event)
                violations.append(Self.unparseable)
                flags.insert(.violations)
                if strips { flags.insert(.piiStripped) }
            }
        }

        if !remember(id) { flags.insert(.duplicate) }

        let row = NewStoredEvent(uuid: uuid, eventName: event.eventName, payload: payload, flags: flags,
                                 violations: violations.map(\.description), missingGlobals: template.missing,
                                 createdAt: createdAt.timeIntervalSince1970)
        let processed = ProcessedEvent(eventName: row.eventName, kindName: event.kindName, uuid: uuid,
                                       clientTimestamp: event.clientTimestamp, payload: payload, flags: flags,
                                       violations: violations, missingGlobals: template.missing, pii: rules.pii)
        return (row, processed, checked)
    }

    /// What is stored of an event whose payload does not parse when personal data
    /// must not be kept: its name and kind only (the check flags what is missing).
    private static func placeholder(for event: any TrackingEvent) -> [UInt8] {
        var writer = JSONWriter(capacity: 160)
        writer.beginObject()
        writer.key(WireNames.event); writer.value(event.eventName)
        writer.key(WireNames.kind); writer.value(event.kindName)
        writer.key(WireNames.contractVersion); writer.value(event.contractVersion)
        writer.key(WireNames.uuid); writer.value(event.uuid)
        writer.key(WireNames.clientTimestamp); writer.timestamp(event.clientTimestamp)
        writer.endObject()
        return writer.bytes
    }

    /// The violation of an event whose payload did not parse (and was replaced by its envelope).
    static let unparseable = Violation(path: "", code: .badFormat, message: "the payload is not valid JSON; only its envelope was kept")

    /// The writer's bytes, with the writer gone, so appending to them does not copy.
    private static func take(_ writer: consuming JSONWriter) -> [UInt8] { writer.bytes }

    private static func append(members: [UInt8], to payload: inout [UInt8], needsComma: inout Bool) {
        guard !members.isEmpty else { return }
        if needsComma { payload.append(UInt8(ascii: ",")) }
        payload.append(contentsOf: members)
        needsComma = true
    }

    /// `"sessionId":"…"` for the session `id`.
    private mutating func sessionMember(_ id: UUID) -> [UInt8] {
        if let member = sessionMember, member.id == id { return member.bytes }
        var writer = JSONWriter(capacity: 64)
        writer.beginObject()
        writer.key("sessionId")
        writer.value(id)
        let bytes = Array(writer.bytes.dropFirst())
        sessionMember = (id, bytes)
        return bytes
    }

    /// Every violation of one event: its own `validate()`, and for events that are
    /// not `ContractGeneratedEvent`s (models an app composed itself) the rules'
    /// payload validator too, each problem once. A generated event's type and
    /// `validate()` already guarantee what the payload check would find, so it is
    /// skipped for them. `parsed` is the stored payload as `process` parsed it
    /// (the `parsed` of ``Output``). Pure, so batches are checked in parallel.
    static func violations(of event: any TrackingEvent, parsed: JSONValue?, rules: DispatcherContract) -> [Violation] {
        var violations = event.validate()
        // `parsed` is nil for a generated event (so the check is skipped without
        // asking the type again: a conformance check per event shows in profiles)
        // and for a payload that did not parse (`process` replaced and flagged it).
        if let validator = rules.payloadValidator, let parsed {
            // The generated validator and the descriptor may find the same problem once each.
            for violation in validator(parsed) where !violations.contains(violation) {
                violations.append(violation)
            }
        }
        return violations
    }

    /// Read once: on Linux the property asks the system every time.
    private static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// Validates a batch after `process(…)` (`parsed[i]` is the `parsed` of ``Output``
    /// of `batch[i]`), on all cores when it is large enough to pay for the
    /// threads; returns each event's violations.
    static func violations(of batch: [(any TrackingEvent, Date)], parsed: [JSONValue?], rules: DispatcherContract) -> [[Violation]] {
        let count = batch.count
        var results = [[Violation]](repeating: [], count: count)
        let chunks = min(processorCount, count / 32)
        guard chunks > 1 else {
            for index in 0..<count { results[index] = violations(of: batch[index].0, parsed: parsed[index], rules: rules) }
            return results
        }
        results.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let output = buffer   // each chunk writes its own indices only
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                var index = chunk
                while index < count {
                    output[index] = violations(of: batch[index].0, parsed: parsed[index], rules: rules)
                    index += chunks
                }
            }
        }
        return results
    }

    /// Remembers `uuid`; `false` when it is already among the last `duplicateWindow`.
    private mutating func remember(_ uuid: UUID) -> Bool {
        guard seen.insert(uuid).inserted else { return false }
        if seenRing.count < duplicateWindow {
            seenRing.append(uuid)
        } else {
            // Full: forget the oldest, reuse its slot.
            seen.remove(seenRing[seenNext])
            seenRing[seenNext] = uuid
            seenNext = (seenNext + 1) % duplicateWindow
        }
        return true
    }
}
