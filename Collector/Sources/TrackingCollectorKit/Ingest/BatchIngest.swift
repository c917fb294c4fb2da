import CollectorResponses
import Foundation
import TrackingCore
import TrackingGzip

/// One batch request, from the body's bytes to the answer: inflate (bounded),
/// parse, check every event, store in one transaction, then answer with a verdict
/// per event (docs/wire-format.md, "The collector's answer").
struct BatchIngest: Sendable {
    let limits: CollectorLimits
    let storage: any EventStorage
    /// Keep the arrival counts of `GET /arrivals`; false only for the benchmark that
    /// measures what they cost (`--benchmark-without-arrivals`, docs/performance.md).
    var countsArrivals = true

    /// What the route sends back, and what the monitor and the log are told.
    struct Outcome: Sendable {
        var status: Int
        var body: [UInt8]
        var record: RequestRecord
        /// For the live monitor, one per event: made only when a monitor is
        /// watching (masking re-encodes every payload, a cost ingestion need not pay).
        var items: @Sendable () -> [MonitorItem] = { [] }
        /// Stored before answering (false: the record still has to be logged).
        var stored = false
    }

    func run(body raw: [UInt8], gzipped: Bool, requestID: String, contract: LoadedContract, showPII: Bool,
             now: Date = Date()) async -> Outcome {
        var record = RequestRecord(requestID: requestID, status: 400, events: 0, bytes: raw.count, outcome: "", receivedAt: now)
        func refusal(_ status: Int, _ outcome: String, _ message: String) -> Outcome {
            record.status = status
            record.outcome = outcome
            return Outcome(status: status, body: CollectorService.errorBytes(message), record: record)
        }
        var body = raw
        if gzipped {
            do {
                body = try Gzip.inflate(raw, limit: limits.maxInflatedBytes)
            } catch .tooLarge {
                return refusal(413, "inflated too large", "the body inflates beyond \(limits.maxInflatedBytes) bytes")
            } catch {
                return refusal(400, "bad gzip", "the body is not a valid gzip stream")
            }
        }
        let parsed: JSONValue?
        // Each event's text as received, when it is already the writer's form (every runtime sends that).
        var texts: [Range<Int>?] = []
        do {
            (parsed, texts) = try JSONValue.parse(body, maxValues: limits.maxJSONValues, itemTextsOf: RuntimeConstants.BatchMember.events)
        } catch let error where error.exceedsValueLimit {
            return refusal(413, "too many values", "at most \(limits.maxJSONValues) JSON values per batch")
        } catch {
            parsed = nil
        }
        guard case .array(let items)? = parsed?[RuntimeConstants.BatchMember.events] else {
            return refusal(400, "malformed", #"expected {"sentAt":…,"events":[…]}"#)
        }
        record.events = items.count
        guard items.count <= limits.maxEventsPerBatch else {
            return refusal(413, "too many events", "at most \(limits.maxEventsPerBatch) events per batch")
        }
        let checker = contract.checker
        var accepted: [CollectedEvent] = []
        var acceptedKeys: [ParsedUUID?] = []
        var rejected: [RejectedEvent] = []
        // What the arrival counts read from each event (`GET /arrivals`), index by index with the two
        // lists: the storage counts again from them when some events were stored before (duplicates).
        var acceptedFacts: [ArrivalFacts] = []
        var rejectedFacts: [ArrivalFacts] = []
        if countsArrivals { acceptedFacts.reserveCapacity(items.count) }
        // The batch's counts as if every accepted event were new, made here on the pool so that
        // SQLite's single writer thread only adds tallies up.
        var arrivals = ArrivalCounter()
        // An event sent twice in one batch is stored once and answered once: its repeats are dropped.
        var uuids = Set<String>(minimumCapacity: items.count)
        accepted.reserveCapacity(items.count)
        acceptedKeys.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let (verdict, key, facts) = checker.checkForIngest(item)
            if case .accepted(let uuid, _, _, _) = verdict, !uuids.insert(uuid).inserted { continue }
            // Stored in the writer's form: the received bytes when they are in it, else encoded again.
            let payload = if index < texts.count, let text = texts[index] {
                String(decoding: body[text], as: UTF8.self)
            } else {
                String(decoding: item.encodedBytes, as: UTF8.self)
            }
            switch verdict {
            case .accepted(let uuid, let name, let kind, let violations):
                accepted.append(CollectedEvent(uuid: uuid, eventName: name, kind: kind, payload: payload,
                                               violations: violations, requestID: requestID, receivedAt: now))
                acceptedKeys.append(key)
                if countsArrivals {
                    acceptedFacts.append(facts)
                    arrivals.add(event: name, at: now, rejected: false, facts: facts, violations: violations)
                }
            case .rejected(let uuid, let reason):
                rejected.append(RejectedEvent(uuid: uuid, reason: reason, payload: payload, requestID: requestID, receivedAt: now))
                if countsArrivals {
                    rejectedFacts.append(facts)
                    arrivals.addRejected(at: now, facts: facts)
                }
            }
        }
        record.status = 200
        record.accepted = accepted.count
        record.rejected = rejected.count
        record.outcome = "stored"
        let duplicates: Set<String>
        do {
            var batch = IngestBatch(accepted: accepted, rejected: rejected, request: record, acceptedKeys: acceptedKeys,
                                    acceptedFacts: acceptedFacts, rejectedFacts: rejectedFacts)
            // The storage's writer only adds it to its group's (or counts again when there were duplicates).
            batch.arrivals = arrivals.finish()
            batch.countsArrivals = countsArrivals
            duplicates = try await storage.ingest(batch)
        } catch {
            // Nothing is acknowledged: the client sends the batch again later.
            var failed = refusal(503, "storage failed", "storage unavailable, send again later")
            failed.record.events = items.count
            return failed
        }
        record.duplicates = duplicates.count
        var outcome = Outcome(status: 200, body: answer(accepted: accepted, rejected: rejected, duplicates: duplicates),
                              record: record, stored: true)
        outcome.items = { [accepted, rejected] in
            // Here, not per batch: the policy walks the contract, and most batches have no monitor watching.
            let mask = DisplayMask(contract: contract, showPII: showPII)
            return accepted.map { MonitorItem(event: $0, duplicate: duplicates.contains($0.uuid), mask: mask) }
                + rejected.map { MonitorItem(rejected: $0, mask: mask) }
        }
        return outcome
    }

    /// The 200 answer (`BatchVerdict`). Bounded whatever the batch: `accepted` has at most
    /// `maxEventsPerBatch` uuids; rejections and violations are listed up to
    /// `maxListedRejections` events (the rest are counted), reasons are cut to
    /// `maxReasonLength` characters.
    func answer(accepted: [CollectedEvent], rejected: [RejectedEvent], duplicates: Set<String>) -> [UInt8] {
        let cap = limits.maxListedRejections
        func cut(_ text: String) -> String {
            text.count <= limits.maxReasonLength ? text : String(text.prefix(limits.maxReasonLength)) + "…"
        }
        // By index, reading one field: iterating the events copies each (a retain and release per field).
        let acceptedUUIDs = accepted.indices.map { accepted[$0].uuid }
        let repeated = duplicates.isEmpty ? [] : acceptedUUIDs.filter { duplicates.contains($0) }
        // Indices, not copies of the events: this runs for every batch.
        let flagged = accepted.indices.filter { !accepted[$0].violations.isEmpty }
        let verdict = BatchVerdict(
            accepted: acceptedUUIDs, duplicates: repeated,
            rejected: rejected.prefix(cap).map { BatchVerdict.RejectedEntry(uuid: cut($0.uuid), reason: cut($0.reason)) },
            rejectedCount: rejected.count,
            violations: flagged.prefix(cap).map { index in
                BatchVerdict.FlaggedEvent(uuid: accepted[index].uuid, violations: accepted[index].violations.prefix(20).map {
                    ViolationEntry(path: cut($0.path), code: $0.code.rawValue, message: cut($0.message))
                })
            },
            violationsCount: flagged.count)
        // A verdict always encodes (strings, lists and counts).
        return (try? JSONWriterEncoding.bytes(verdict, capacity: 64 + accepted.count * 40)) ?? []
    }
}
