/// The facts every runtime (Swift's TrackingCore, the TypeScript and Kotlin
/// runtimes) and the collector must spell alike, written once: wire names,
/// batch and verdict members, violation codes with their one message each,
/// type codes, pattern opcodes, the redaction marker, format versions, the
/// delivery protocol's classification of answers and the queue's overflow
/// policy.
///
/// Nothing reads this table at run time: `contractgen runtime-constants`
/// renders it into one generated file per runtime
/// (``SharedConstantFiles``), and a test fails when a committed file is not
/// what the table renders (docs/wire-format.md, "Shared constants").
package enum SharedConstantTable {
    /// One named string constant, with what it is for.
    package struct Name: Sendable {
        /// The constant's name in every language (camelCase; Kotlin writes it SCREAMING_SNAKE_CASE).
        package var name: String
        package var value: String
        package var doc: String
    }

    /// One named integer constant.
    package struct Number: Sendable {
        package var name: String
        package var value: Int
        package var doc: String
    }

    /// One violation code and its one message template: `{name}` stands for
    /// a parameter the checking code fills in (a bound, a count, a name of
    /// the contract; never the value, which may be personal data).
    package struct ViolationRule: Sendable {
        package var code: String
        package var template: String
        package var doc: String

        /// The template's parameters, in order of appearance.
        package var parameters: [String] {
            var names: [String] = []
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let name = String(rest[rest.index(after: open)..<close])
                if !names.contains(name) { names.append(name) }
                rest = rest[rest.index(after: close)...]
            }
            return names
        }
    }

    /// The members the encoder writes at the head of every payload, then the envelope's own,
    /// then the global the collector counts arrivals by (docs/collector.md, "Arrivals").
    package static let payloadMembers: [Name] = [
        Name(name: "event", value: "event", doc: "The event's name: the first member of every payload."),
        Name(name: "kind", value: "kind", doc: "The event's kind."),
        Name(name: "contractVersion", value: "contractVersion", doc: "The version of the contract the app was built with."),
        Name(name: "uuid", value: "uuid", doc: "The envelope's id (type uuid); the runtime and the collector de-duplicate by it."),
        Name(name: "clientTimestamp", value: "clientTimestamp", doc: "The envelope's time on the device (type timestamp); the runtime orders by it."),
        Name(name: "appVersion", value: "appVersion", doc: "The app's version: a global of the contract, not written by the encoder; the collector counts arrivals per value of it (GET /arrivals)."),
    ]

    /// The members of a batch the runtimes send (docs/wire-format.md, "Batches").
    package static let batchMembers: [Name] = [
        Name(name: "sentAt", value: "sentAt", doc: "When the batch was sent (a timestamp): the collector corrects clocks by it."),
        Name(name: "events", value: "events", doc: "The batch's payloads, in order."),
    ]

    /// The members of the collector's verdict on a batch (docs/wire-format.md, "Delivery protocol").
    package static let verdictMembers: [Name] = [
        Name(name: "accepted", value: "accepted", doc: "The uuids of the events stored."),
        Name(name: "rejected", value: "rejected", doc: "The events refused: objects with `uuid` and `reason`."),
        Name(name: "violations", value: "violations", doc: "Stored events that break the contract: objects with `uuid` and `violations` (informational)."),
        Name(name: "uuid", value: "uuid", doc: "An event's uuid in `rejected` and `violations`."),
        Name(name: "reason", value: "reason", doc: "Why an event was rejected, for people."),
        Name(name: "path", value: "path", doc: "A violation's path."),
        Name(name: "code", value: "code", doc: "A violation's code."),
        Name(name: "message", value: "message", doc: "A violation's message."),
    ]

    /// What a value marked `pii` is replaced by in logs and printed forms.
    package static let redactionMarker = Name(
        name: "redactionMarker", value: "<redacted>",
        doc: "What replaces a pii value in logs, descriptions and redacted payloads.")

    /// Versions of the formats the generator writes and the runtimes read.
    package static let formatVersions: [Number] = [
        Number(name: "rulesDataFormat", value: 1, doc: "The rules as data (`format` of contract-rules JSON, docs/wire-format.md)."),
        Number(name: "patternProgramFormat", value: 1, doc: "The first number of a serialised pattern program (docs/patterns.md)."),
    ]

    /// Type codes: the numbers the runtimes use for a value's type, in this order.
    package static let typeCodes: [Number] = [
        "string", "int", "double", "decimal", "bool", "uuid", "timestamp", "valueSet", "object", "array",
    ].enumerated().map { Number(name: $0.element, value: $0.offset, doc: "The type code of `\($0.element)` values.") }

    /// The opcodes of a serialised pattern program (docs/patterns.md), in this order.
    package static let patternOpcodes: [Number] = [
        Number(name: "consume", value: 0, doc: "Consume a character of set `x`, go on at `y`."),
        Number(name: "split", value: 1, doc: "Go on at both `x` and `y`."),
        Number(name: "jump", value: 2, doc: "Go on at `x`."),
        Number(name: "assertStart", value: 3, doc: "Go on at `x` only at the start of the value."),
        Number(name: "assertEnd", value: 4, doc: "Go on at `x` only at the end of the value."),
        Number(name: "match", value: 5, doc: "The pattern is found."),
    ]

    /// Every violation code, each with its one message (docs/wire-format.md,
    /// "Runtime validation"). A message is what follows the path:
    /// `price: is below the minimum 0`.
    package static let violations: [ViolationRule] = [
        ViolationRule(code: "tooShort", template: "is {length} code points long, shorter than the minimum {minLength}",
                      doc: "A string with fewer code points than `minLength`."),
        ViolationRule(code: "tooLong", template: "is {length} code points long, longer than the maximum {maxLength}",
                      doc: "A string with more code points than `maxLength`."),
        ViolationRule(code: "patternMismatch", template: "does not match the pattern {pattern}",
                      doc: "A string the field's `pattern` (its source, as the contract writes it) does not find."),
        ViolationRule(code: "belowMinimum", template: "is below the minimum {minimum}",
                      doc: "A number below `minimum` (the bound as the wire writes numbers: `JSONWriter.wireText(decimal:)`)."),
        ViolationRule(code: "aboveMaximum", template: "is above the maximum {maximum}",
                      doc: "A number above `maximum`."),
        ViolationRule(code: "tooFewItems", template: "has {count} items, fewer than the minimum {minItems}",
                      doc: "An array with fewer items than `minItems`."),
        ViolationRule(code: "tooManyItems", template: "has {count} items, more than the maximum {maxItems}",
                      doc: "An array with more items than `maxItems`."),
        ViolationRule(code: "notInValueSet", template: "is not a value of {valueSet}",
                      doc: "A string that is no wire value of the field's value set."),
        ViolationRule(code: "wrongType", template: "must be {expected}, found {found}",
                      doc: "A value of another JSON type than the field's."),
        ViolationRule(code: "badFormat", template: "is not {format}",
                      doc: "A value of the right JSON type that is no value of the field's type (see `formats`)."),
        ViolationRule(code: "missingField", template: "is required by {owner} but missing",
                      doc: "A required field (of an event or an object) that is absent."),
        ViolationRule(code: "unknownField", template: "is not a member of {owner}",
                      doc: "A member the event or object does not have."),
        ViolationRule(code: "constantMismatch", template: "differs from {constant}, which {owner} always sends",
                      doc: "A fixed field (or the kind) with another value than the event fixes."),
        ViolationRule(code: "unknownEvent", template: "is not an event of contract {contract}",
                      doc: "An event name the contract does not have."),
    ]

    /// What `badFormat`'s `{format}` says, per type whose values have a form beyond their JSON type.
    package static let formats: [Name] = [
        Name(name: "finiteNumber", value: "a finite number", doc: "A double or decimal that is NaN or infinite."),
        Name(name: "uuid", value: "a UUID", doc: "A uuid that is not 8-4-4-4-12 hexadecimal digits."),
        Name(name: "timestamp", value: "an ISO 8601 UTC timestamp with milliseconds (2026-11-22T12:00:00.000Z)",
             doc: "A timestamp string in another form."),
        Name(name: "decimal", value: "a decimal number", doc: "A decimal given as text that is not a decimal number."),
    ]

    /// What `wrongType`'s `{expected}` says, per type code: the contract's
    /// type, in words that fit a JSON value (the collector) and a JavaScript
    /// value (TypeScript's encoder) alike. A value set's and an object's are
    /// followed by a space and the set's or the object's name.
    package static let expectedTypes: [Name] = [
        Name(name: "string", value: "a string", doc: "A `string` field's."),
        Name(name: "int", value: "an integer", doc: "An `int` field's (also for a number beyond the signed 64-bit range)."),
        Name(name: "double", value: "a number", doc: "A `double` field's."),
        Name(name: "decimal", value: "a decimal", doc: "A `decimal` field's."),
        Name(name: "bool", value: "true or false", doc: "A `bool` field's."),
        Name(name: "uuid", value: "a uuid", doc: "A `uuid` field's."),
        Name(name: "timestamp", value: "a timestamp", doc: "A `timestamp` field's."),
        Name(name: "valueSet", value: "a string of", doc: "A value set field's, followed by the set's name."),
        Name(name: "object", value: "an object", doc: "An object field's, followed by the object's name."),
        Name(name: "array", value: "an array", doc: "An array field's."),
    ]

    /// What `wrongType`'s `{found}` says: the JSON type of the value. A
    /// runtime that checks values of its language names each by the JSON type
    /// it would encode to (TypeScript: a bigint is a number, a Date an object).
    package static let foundTypes: [Name] = [
        Name(name: "null", value: "null", doc: "JSON null (TypeScript: null or undefined)."),
        Name(name: "bool", value: "a bool", doc: "true or false."),
        Name(name: "number", value: "a number", doc: "A JSON number (TypeScript: a number or a bigint)."),
        Name(name: "string", value: "a string", doc: "A JSON string."),
        Name(name: "array", value: "an array", doc: "A JSON array."),
        Name(name: "object", value: "an object", doc: "A JSON object (TypeScript: any other object, a Date included)."),
    ]

    /// `unknownField`'s message for a member a JSON object holds twice. Only
    /// a reader of JSON text (the collector) can meet one: the runtimes build
    /// payloads from typed values, whose members are unique by construction.
    package static let duplicateMember = Name(
        name: "duplicateMember", value: "appears more than once",
        doc: "`unknownField`'s message for a member a JSON object holds twice (only a reader of JSON text, the collector, can meet one).")

    /// One row of the delivery protocol: the statuses `lowestStatus...highestStatus`
    /// and what a runtime does with the batch they answer.
    package struct DeliveryRule: Sendable {
        package var lowestStatus: Int
        package var highestStatus: Int
        /// The name of one of ``deliveryActions``.
        package var action: String
    }

    /// What a runtime can do with a batch after the collector's answer
    /// (docs/wire-format.md, "Delivery protocol"), each runtime's classifier
    /// turns one of these into its own verdict type.
    package static let deliveryActions: [Name] = [
        Name(name: "accept", value: "accept",
             doc: "A verdict or a confirmation: the events `accepted` names are confirmed, those `rejected` names set aside with their reason, the others resent at once; a body without either list confirms the whole batch; a verdict naming none of the batch is retried after backoff."),
        Name(name: "setAside", value: "setAside",
             doc: "A refusal: the events `rejected` names are set aside and the others resent at once; without such a verdict the whole batch is set aside (never retried as it is)."),
        Name(name: "pause", value: "pause",
             doc: "The credentials are refused: the events are kept and delivery pauses until the app resumes it."),
        Name(name: "split", value: "split",
             doc: "The request is too large: the events are kept and the batch is split in halves; one event alone is set aside only when it exceeds the runtime's request cap, otherwise it is retried after backoff (the collector's limit is lower)."),
        Name(name: "retry", value: "retry",
             doc: "No verdict on the events (any other status, a timeout, a network error): they are kept and retried after backoff with jitter, never sooner than the answer's `Retry-After`."),
    ]

    /// The delivery protocol's classification of a collector's answer, by
    /// status: the first row whose range holds the status decides. A status
    /// no row holds, and no answer at all, is ``deliveryFallbackAction``: a
    /// 404 (a wrong URL) never loses events.
    package static let deliveryRules: [DeliveryRule] = [
        DeliveryRule(lowestStatus: 200, highestStatus: 299, action: "accept"),
        DeliveryRule(lowestStatus: 400, highestStatus: 400, action: "setAside"),
        DeliveryRule(lowestStatus: 401, highestStatus: 401, action: "pause"),
        DeliveryRule(lowestStatus: 403, highestStatus: 403, action: "pause"),
        DeliveryRule(lowestStatus: 413, highestStatus: 413, action: "split"),
    ]

    /// What every status no row of ``deliveryRules`` holds, and a request without an answer, means.
    package static let deliveryFallbackAction = "retry"

    /// The answer's header that says how long to wait before a retry (seconds or an HTTP date).
    package static let retryAfterHeader = Name(
        name: "retryAfterHeader", value: "Retry-After",
        doc: "The answer's header that sets the least delay before a retry: seconds, or an HTTP date.")

    /// What a full queue does with one more event, in every runtime.
    package static let queueOverflowPolicy = Name(
        name: "queueOverflowPolicy", value: "dropOldest",
        doc: "A full queue drops its oldest events to take a new one (the newest events say the most about the app's state).")

    /// What a runtime sends for a global the app gives no value (docs/wire-format.md, "Globals").
    package static let absentGlobalPolicy = Name(
        name: "absentGlobalPolicy", value: "omit",
        doc: "A global the app gives no value (absent, or null) is sent with its contract default; without a default it is left out of the payload, never sent as null.")

    /// What a runtime does with globals that break the contract (docs/wire-format.md, "Globals").
    package static let invalidGlobalsPolicy = Name(
        name: "invalidGlobalsPolicy", value: "sendAndReport",
        doc: "Globals that break the contract are sent as given, with every event, and their violations reported with the shared path, code and message: nothing is lost.")

    /// The policies every runtime follows, by name, in the order the generated files declare them.
    package static let policies: [Name] = [queueOverflowPolicy, absentGlobalPolicy, invalidGlobalsPolicy]
}
