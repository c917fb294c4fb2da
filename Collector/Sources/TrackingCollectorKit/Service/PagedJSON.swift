import Hummingbird
import NIOCore

/// A JSON answer written a page at a time, so that a list of any length is answered
/// in bounded memory: the rows of one page are encoded into one buffer and written
/// (the write waits while the client is slow to read: backpressure), then the buffer
/// is reused. The answer is chunked, so no `Content-Length` can promise more than
/// is sent; a storage failure half-way ends the connection without the last chunk,
/// which a client sees as an incomplete answer, never as a complete short one.
struct PagedJSON {
    /// Rows read from storage and written at once.
    static let rowsPerPage = 100
    /// The buffer is written once it holds this many bytes, even mid-page.
    static let flushBytes = 256 * 1_024

    private var buffer: [UInt8] = []
    private var needsComma = false
    private let largestWrite: Locked<Int>

    init(largestWrite: Locked<Int>) {
        self.largestWrite = largestWrite
    }

    /// Structure (`{"events":[`, `]}`): no comma before the next element.
    mutating func text(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        needsComma = false
    }

    /// One element of the list being written, after a comma when it is not the first.
    mutating func element(_ json: some Sequence<UInt8>) {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
        buffer.append(contentsOf: json)
        needsComma = true
    }

    /// Writes what is buffered when it is past `flushBytes` (or always, `force`).
    mutating func flush(to body: inout any ResponseBodyWriter, force: Bool = true) async throws {
        guard !buffer.isEmpty, force || buffer.count >= Self.flushBytes else { return }
        let count = buffer.count
        largestWrite.update { $0 = max($0, count) }
        try await body.write(ByteBuffer(bytes: buffer))
        buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * Self.flushBytes)
    }
}

extension CollectorService {
    /// A 200 JSON answer that `write` produces a page at a time, holding `permit`
    /// until it is written.
    func pagedJSON(permit: ReadGate.Permit,
                   _ write: @escaping @Sendable (inout PagedJSON, inout any ResponseBodyWriter) async throws -> Void) -> Response {
        let largestWrite = largestListWrite
        return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody { body in
            var json = PagedJSON(largestWrite: largestWrite)
            try await write(&json, &body)
            try await json.flush(to: &body)
            try await body.finish(nil)
            withExtendedLifetime(permit) {}
        })
    }

    /// 503 for a read beyond `maxConcurrentReads`.
    static func busyReading() -> Response {
        var response = Self.error(503, "too many reads in progress, try again shortly")
        response.headers[.retryAfter] = "1"
        return response
    }
}
