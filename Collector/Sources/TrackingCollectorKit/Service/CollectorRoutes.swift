import CollectorResponses
import Foundation
import Hummingbird
import HTTPTypes
import NIOCore
import TrackingCore

extension CollectorService {
    static let requestIDField = HTTPField.Name("X-Request-ID")!

    func addRoutes(to router: Router<CollectorRequestContext>) {
        if configuration.benchmarkSink {
            // The limit a benchmark compares with: answered without reading the body
            // (Hummingbird skips what is left of it before the connection's next request).
            router.post("/v1/batch") { _, _ in Self.json(200, Self.okBytes) }
        } else {
            router.post("/v1/batch") { [self] request, context in try await batch(request, context: context) }
        }
        router.post("/v1/journey") { [self] request, _ in try await journey(request) }
        router.get("/events") { [self] request, _ in try await eventList(request) }
        router.delete("/events") { [self] request, _ in
            try await storage.reset()
            journeys.clear()
            await faults.clear()
            return Self.json(200, Self.okBytes)
        }
        router.get("/rejected") { [self] request, _ in try await rejectedList(request) }
        router.get("/requests") { [self] request, _ in try await requestList(request) }
        router.get("/arrivals") { [self] request, _ in try await arrivals(request) }
        router.get("/stats") { [self] _, _ in Self.json(200, answer: try await statistics()) }
        router.get("/health") { _, _ in Self.json(200, Self.okBytes) }
        if configuration.enableFaults {
            router.post("/faults") { [self] request, _ in try await addFaults(request) }
            router.delete("/faults") { [self] request, _ in
                    await faults.clear()
                return Self.json(200, Self.okBytes)
            }
        }
        addMonitorRoutes(to: router)
    }

    // MARK: Batches

    private func batch(_ request: Request, context: CollectorRequestContext) async throws -> Response {
        let started = ContinuousClock.now
        let requestID = String((request.headers[Self.requestIDField] ?? requestIDs.make()).prefix(100))
        let gzipped: Bool
        switch request.headers[.contentEncoding]?.lowercased() {
        case nil, "identity": gzipped = false
        case "gzip": gzipped = true
        default:
            try await storage.logRequest(RequestRecord(requestID: requestID, status: 415, events: 0, bytes: 0,
                                                       outcome: "unsupported encoding", receivedAt: Date()))
            return Self.error(415, "unsupported Content-Encoding (gzip or none)")
        }
        var request = request
        // Collected up to the head guard's streaming limit (see `RequestHeadGuard.streamedBodyLimit`),
        // then held to the exact limit as a whole.
        let limit = RequestHeadGuard.streamedBodyLimit(configuration.limits)
        let collected = try? await request.collectBody(upTo: limit)
        guard let collected, collected.readableBytes <= configuration.limits.maxBodyBytes else {
            try await storage.logRequest(RequestRecord(requestID: requestID, status: 413, events: 0, bytes: 0,
                                                       outcome: "body too large", receivedAt: Date()))
            return Self.error(413, "the body is larger than \(configuration.limits.maxBodyBytes) bytes")
        }
        let body = Array(buffer: collected)
        if let fault = await faults.next() {
            if let answer = try await serve(fault, requestID: requestID, bytes: body.count, context: context) { return answer }
        }
        let ingest = BatchIngest(limits: configuration.limits, storage: storage,
                                 countsArrivals: !configuration.benchmarkWithoutArrivals)
        let outcome = await ingest.run(body: body, gzipped: gzipped, requestID: requestID, contract: contract.get(),
                                       showPII: configuration.showPII)
        if gzipped, outcome.status != 400 || outcome.record.outcome != "bad gzip" { gzippedRequests.update { $0 += 1 } }
        if !outcome.stored { try? await storage.logRequest(outcome.record) }
        // After the commit: a page that subscribes later reads these events in its snapshot.
        if feed.subscriberCount > 0 { feed.publish(outcome.items().map(\.json)) }
        logBatch(outcome.record, elapsed: ContinuousClock.now - started)
        return Self.json(outcome.status, outcome.body)
    }

    /// One log line per batch: count, verdicts, time taken (made only when the level logs it).
    private func logBatch(_ record: RequestRecord, elapsed: Duration) {
        guard logger.logLevel <= .info else { return }
        let time = Self.milliseconds(elapsed)
        if record.status / 100 == 2 {
            logger.info("batch \(record.requestID): \(record.events) events, \(record.accepted - record.duplicates) stored, \(record.duplicates) duplicates, \(record.rejected) rejected, \(time)")
        } else {
            logger.info("batch \(record.requestID): \(record.status) \(record.outcome), \(record.bytes) bytes, \(time)")
        }
    }

    /// `3.4 ms`: tenths of a millisecond, rounded (what `String(format: "%.1f ms")` gave, without Foundation's formatter).
    static func milliseconds(_ elapsed: Duration) -> String {
        let (seconds, attoseconds) = elapsed.components
        let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// An injected fault's answer; `nil` when it only delays the normal answer.
    private func serve(_ fault: Fault, requestID: String, bytes: Int, context: CollectorRequestContext) async throws -> Response? {
        if let delay = fault.delayMs, delay > 0 {
            try await Task.sleep(for: .milliseconds(delay))
        }
        if fault.drop {
            try await storage.logRequest(RequestRecord(requestID: requestID, status: 0, events: 0, bytes: bytes,
                                                       outcome: "dropped", receivedAt: Date()))
            try? await context.channel.close().get()
            return Self.json(500, "")
        }
        guard let status = fault.status else { return nil }
        try await storage.logRequest(RequestRecord(requestID: requestID, status: status, events: 0, bytes: bytes,
                                                   outcome: "fault", receivedAt: Date()))
        var response = Fault.allowsBody(status: status)
            ? fault.body.map { Self.json(status, $0) } ?? Self.error(status, "injected fault \(status)")
            : Response(status: HTTPResponse.Status(code: status))
        // Validated when queued: digits or an HTTP date, never CR or LF.
        if let retryAfter = fault.retryAfter { response.headers[.retryAfter] = retryAfter }
        return response
    }

    private func addFaults(_ request: Request) async throws -> Response {
        if let refusal = Self.refuseNonJSON(request) { return refusal }
        var request = request
        guard let body = try? await request.collectBody(upTo: 256 * 1_024) else {
            return Self.error(413, "too large")
        }
        let parsed: [Fault]
        do {
            parsed = try Fault.parse(Array(buffer: body), limits: configuration.limits)
        } catch {
            return Self.error(400, error.description)
        }
        guard await faults.append(parsed) else {
            return Self.error(400, "at most \(configuration.limits.maxQueuedFaults) faults queued")
        }
        return Self.json(200, answer: FaultsQueuedAnswer(queued: await faults.pending))
    }

    // MARK: Queries

    /// `limit`, `offset`, `after` and `uuid` from a list request; `limit` at most 10,000 (default 1,000).
    private static func listQuery(_ request: Request) -> EventQuery {
        let parameters = request.uri.queryParameters
        return EventQuery(uuid: parameters["uuid"].map(String.init),
                          limit: min(max(Int(parameters["limit"] ?? "") ?? 1_000, 0), 10_000),
                          offset: max(Int(parameters["offset"] ?? "") ?? 0, 0),
                          after: Int(parameters["after"] ?? "").map { max($0, 0) })
    }

    /// Reads up to `query.limit` rows a page at a time with `read`, handing each to
    /// `row`; returns the sequence number to continue after (`next` in the answer).
    static func forEachPage<Row>(_ query: PageQuery, json: inout PagedJSON, body: inout any ResponseBodyWriter,
                                 read: (PageQuery) async throws -> Page<Row>, row: (Row, inout PagedJSON) throws -> Void) async throws -> Int {
        var query = query
        var remaining = query.limit
        var last = query.after ?? 0
        while remaining > 0 {
            query.limit = min(remaining, PagedJSON.rowsPerPage)
            let page = try await read(query)
            for item in page.rows {
                try row(item, &json)
                try await json.flush(to: &body, force: false)
            }
            try await json.flush(to: &body)
            remaining -= page.rows.count
            guard let pageLast = page.last else { break }
            last = pageLast
            guard page.rows.count == query.limit else { break }
            // The cursor places the next page: the offset and the newest window applied to the first.
            query.after = pageLast
            query.offset = 0
            query.newest = nil
        }
        return last
    }

    private func eventList(_ request: Request) async throws -> Response {
        guard let permit = reads.enter() else { return Self.busyReading() }
        let query = Self.listQuery(request)
        let mask = DisplayMask(contract: contract.get(), showPII: configuration.showPII)
        return pagedJSON(permit: permit) { [self] json, body in
            json.text(try JSONWriterEncoding.split(EventList(events: [], next: 0), aroundMember: EventList.CodingKeys.events).before)
            json.text("[")
            let uuid = query.uuid
            let next = try await Self.forEachPage(query.page, json: &json, body: &body, read: { page in
                try await storage.eventPage(EventQuery(uuid: uuid, limit: page.limit, offset: page.offset, after: page.after))
            }, row: { event, json in json.element(try JSONWriterEncoding.bytes(EventListRow(mask(event)))) })
            json.text("]")
            json.text(try JSONWriterEncoding.split(EventList(events: [], next: next), aroundMember: EventList.CodingKeys.events).after)
        }
    }

    private func rejectedList(_ request: Request) async throws -> Response {
        guard let permit = reads.enter() else { return Self.busyReading() }
        let query = Self.listQuery(request).page
        let mask = DisplayMask(contract: contract.get(), showPII: configuration.showPII)
        return pagedJSON(permit: permit) { [self] json, body in
            json.text(try JSONWriterEncoding.split(RejectedList(rejected: [], next: 0), aroundMember: RejectedList.CodingKeys.rejected).before)
            json.text("[")
            let next = try await Self.forEachPage(query, json: &json, body: &body, read: { try await storage.rejectedPage($0) },
                                                  row: { event, json in json.element(try JSONWriterEncoding.bytes(RejectedListRow(mask(event)))) })
            json.text("]")
            json.text(try JSONWriterEncoding.split(RejectedList(rejected: [], next: next), aroundMember: RejectedList.CodingKeys.rejected).after)
        }
    }

    /// `GET /requests`: a JSON array of `RequestListRow`s.
    private func requestList(_ request: Request) async throws -> Response {
        guard let permit = reads.enter() else { return Self.busyReading() }
        let query = Self.listQuery(request).page
        return pagedJSON(permit: permit) { [self] json, body in
            json.text("[")
            _ = try await Self.forEachPage(query, json: &json, body: &body, read: { try await storage.requestPage($0) },
                                           row: { record, json in json.element(try JSONWriterEncoding.bytes(RequestListRow(record))) })
            json.text("]")
        }
    }

    // MARK: Answers

    static func json(_ status: Int, _ body: [UInt8]) -> Response {
        Response(status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func json(_ status: Int, _ body: String) -> Response { json(status, Array(body.utf8)) }

    static func error(_ status: Int, _ message: String) -> Response {
        json(status, errorBytes(message))
    }

    /// Bodies that only a debugging tool sends (faults, journey steps) must be
    /// `application/json` (415 otherwise), which a web page cannot send to
    /// another origin without a preflight this collector never grants for them
    /// (cross-origin requests are refused before any route: `AccessMiddleware`).
    static func refuseNonJSON(_ request: Request) -> Response? {
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else { return error(415, "Content-Type must be application/json") }
        return nil
    }
}
