import CollectorResponses
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import TrackingCore

extension CollectorService {
    /// The live monitor: the page and its assets, a snapshot of what is stored,
    /// and a server-sent event stream of what arrives.
    func addMonitorRoutes(to router: Router<CollectorRequestContext>) {
        router.get("/") { [self] _, _ in
            // The page holds the snapshot (the same JSON as /monitor/snapshot); monitor.js renders every row from it.
            guard let bytes = MonitorAssets.file("index.html"),
                  let page = EmbeddingPage(html: String(decoding: bytes, as: UTF8.self)) else {
                return Self.error(500, "monitor asset index.html missing")
            }
            guard let permit = reads.enter() else { return Self.busyReading() }
            return pagedJSON(permit: permit, in: page) { [self] json, body in
                try await writeSnapshot(limit: Self.snapshotLimit, json: &json, body: &body)
            }
        }
        for (path, file, type) in [("/monitor.css", "monitor.css", "text/css; charset=utf-8"),
                                   ("/monitor.js", "monitor.js", "text/javascript; charset=utf-8")] {
            router.get(RouterPath(path)) { _, _ in
                guard let bytes = MonitorAssets.file(file) else { return Self.error(500, "monitor asset \(file) missing") }
                return Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
            }
        }
        router.get("/monitor/snapshot") { [self] request, _ in try await snapshot(request) }
        router.get("/monitor/stream") { [self] _, context in
            let limits = configuration.limits
            guard let subscription = feed.subscribe(limit: limits.maxStreams, seconds: limits.maxStreamSeconds) else {
                var busy = Self.error(503, "at most \(limits.maxStreams) monitor streams are open; try again later")
                busy.headers[.retryAfter] = "5"
                return busy
            }
            // Marked now, before the answer starts: a stream is never asked to make room.
            let channel = context.channel
            registry.setStreaming(true, on: channel)
            let body = ResponseBody { [registry] writer in
                defer { registry.setStreaming(false, on: channel) }
                // A first comment so the browser knows the stream is open.
                try await writer.write(ByteBuffer(string: ": connected\n\n"))
                for await item in subscription.items {
                    try await writer.write(ByteBuffer(string: "data: \(item)\n\n"))
                }
                try await writer.finish(nil)
            }
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"], body: body)
        }
    }

    /// The newest events of each list in a snapshot unless `?limit=` says otherwise.
    static let snapshotLimit = 2_000

    /// What the page shows on load: the newest stored and rejected events (`limit`
    /// of each, default 2,000, at most 10,000), the journey steps this instance
    /// holds, and how the collector runs; written a page at a time.
    private func snapshot(_ request: Request) async throws -> Response {
        guard let permit = reads.enter() else { return Self.busyReading() }
        let limit = min(max(Int(request.uri.queryParameters["limit"] ?? "") ?? Self.snapshotLimit, 0), 10_000)
        return pagedJSON(permit: permit) { [self] json, body in
            try await writeSnapshot(limit: limit, json: &json, body: &body)
        }
    }

    /// The snapshot (`MonitorSnapshot`), its items written a page at a time: the items
    /// oldest first among the newest `limit` stored, then rejected, then journey steps; masked.
    private func writeSnapshot(limit: Int, json: inout PagedJSON, body: inout any ResponseBodyWriter) async throws {
        let contract = contract.get()
        let head = MonitorSnapshot(contract: ContractIdentity(name: contract.name, version: contract.version),
                                   storage: storage.summary, showPII: configuration.showPII, items: [])
        let (before, after) = try JSONWriterEncoding.split(head, aroundMember: MonitorSnapshot.CodingKeys.items)
        json.text(before)
        json.text("[")
        let mask = DisplayMask(contract: contract, showPII: configuration.showPII)
        let newest = PageQuery(limit: limit, newest: limit)
        _ = try await Self.forEachPage(newest, json: &json, body: &body, read: { [storage] page in
            try await storage.eventPage(EventQuery(limit: page.limit, offset: page.offset, after: page.after, newest: page.newest))
        }, row: { event, json in
            json.element(try JSONWriterEncoding.bytes(MonitorItem(event: event, duplicate: false, mask: mask)))
        })
        _ = try await Self.forEachPage(newest, json: &json, body: &body, read: { [storage] in try await storage.rejectedPage($0) },
                                       row: { event, json in json.element(try JSONWriterEncoding.bytes(MonitorItem(rejected: event, mask: mask))) })
        for step in journeys.all {
            json.element(step.utf8)
            try await json.flush(to: &body, force: false)
        }
        json.text("]")
        json.text(after)
    }

    /// `POST /v1/journey`: `{"steps":[{"uuid","event","stage","at",…}]}` from a debug
    /// dispatcher. Each step is checked, re-encoded (only the members below) and
    /// shown in the monitor next to the collector's half of the event.
    func journey(_ request: Request) async throws -> Response {
        if let refusal = Self.refuseNonJSON(request) { return refusal }
        var request = request
        guard let body = try? await request.collectBody(upTo: configuration.limits.maxBodyBytes) else {
            return Self.error(413, "the body is larger than \(configuration.limits.maxBodyBytes) bytes")
        }
        let bytes = Array(buffer: body)
        let parsed: JSONValue?
        do {
            parsed = try JSONValue.parse(bytes, maxValues: configuration.limits.maxJSONValues)
        } catch let error where error.exceedsValueLimit {
            return Self.error(413, "at most \(configuration.limits.maxJSONValues) JSON values per request")
        } catch {
            parsed = nil
        }
        guard case .array(let steps)? = parsed?["steps"] else {
            return Self.error(400, #"expected {"steps":[…]}"#)
        }
        guard steps.count <= configuration.limits.maxEventsPerBatch else {
            return Self.error(413, "at most \(configuration.limits.maxEventsPerBatch) steps per request")
        }
        var items: [String] = []
        var refused = 0
        for step in steps {
            guard let uuid = step["uuid"]?.stringValue, ParsedUUID(uuid) != nil,
                  let stage = step["stage"]?.stringValue, JourneyStage.all.contains(stage) else {
                refused += 1
                continue
            }
            var violations: [String]?
            if case .array(let listed)? = step["violations"] {
                violations = listed.prefix(20).compactMap(\.stringValue).map { String($0.prefix(300)) }
            }
            let item = MonitorItem.journeyStep(MonitorJourneyStep(
                uuid: uuid.lowercased(), event: String((step["event"]?.stringValue ?? "").prefix(200)), stage: stage,
                requestId: step["requestId"]?.stringValue.map { String($0.prefix(100)) },
                reason: step["reason"]?.stringValue.map { String($0.prefix(300)) }, violations: violations,
                at: String((step["at"]?.stringValue ?? "").prefix(40))))
            items.append(item.json)
        }
        journeys.append(items)
        feed.publish(items)
        return Self.json(200, answer: JourneyRecordedAnswer(recorded: items.count, refused: refused))
    }
}

/// The stages a dispatcher reports (docs/collector.md, "Journey reports").
enum JourneyStage {
    static let all: Set<String> = ["created", "validated", "persisted", "batched", "sent", "confirmed", "failed", "setAside", "dropped"]
}

/// The monitor's files, shipped as the module's resources (plain HTML, CSS, JS).
enum MonitorAssets {
    static func file(_ name: String) -> [UInt8]? {
        let parts = name.split(separator: ".")
        guard parts.count == 2,
              let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "MonitorPage"),
              let data = try? Data(contentsOf: url) else { return nil }
        return Array(data)
    }
}
