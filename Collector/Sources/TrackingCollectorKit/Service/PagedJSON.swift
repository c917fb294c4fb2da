import HTTPTypes
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
    /// Inside an HTML `<script>` element every `<` is written `\u003c` (JSON has `<`
    /// only in strings), so no value can end the element (`</script>`) or open a comment.
    private let inScriptElement: Bool

    init(largestWrite: Locked<Int>, inScriptElement: Bool = false) {
        self.largestWrite = largestWrite
        self.inScriptElement = inScriptElement
    }

    /// Structure (`{"events":[`, `]}`): no comma before the next element.
    mutating func text(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        needsComma = false
    }

    /// Structure given as bytes (`JSONWriterEncoding.split`'s pieces around a list).
    mutating func text(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
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
        if inScriptElement, buffer.contains(UInt8(ascii: "<")) {
            buffer = buffer.flatMap { $0 == UInt8(ascii: "<") ? Array(#"\u003c"#.utf8) : [$0] }
        }
        let count = buffer.count
        largestWrite.update { $0 = max($0, count) }
        try await body.write(ByteBuffer(bytes: buffer))
        buffer.removeAll(keepingCapacity: buffer.capacity <= 4 * Self.flushBytes)
    }
}

extension CollectorService {
    /// A 200 JSON answer that `write` produces a page at a time, holding `permit`
    /// until it is written; with `page`, the JSON is the content of the page's
    /// `<script type="application/json">` element, and the page is the answer.
    func pagedJSON(permit: ReadGate.Permit, in page: EmbeddingPage? = nil,
                   _ write: @escaping @Sendable (inout PagedJSON, inout any ResponseBodyWriter) async throws -> Void) -> Response {
        let largestWrite = largestListWrite
        var headers: HTTPFields = [.contentType: "application/json"]
        if page != nil { headers = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"] }
        return Response(status: .ok, headers: headers, body: ResponseBody { body in
            if let page { try await body.write(ByteBuffer(string: page.head)) }
            var json = PagedJSON(largestWrite: largestWrite, inScriptElement: page != nil)
            try await write(&json, &body)
            try await json.flush(to: &body)
            if let page { try await body.write(ByteBuffer(string: page.tail)) }
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

/// An HTML page cut around the content of its one `<script type="application/json">`
/// element, which a paged JSON answer fills.
struct EmbeddingPage: Sendable {
    static let opening = #"<script type="application/json" id="snapshot">"#
    let head: String
    let tail: String

    /// `nil` when `html` has no such (empty) element.
    init?(html: String) {
        guard let start = html.range(of: Self.opening + "</script>") else { return nil }
        head = String(html[..<start.lowerBound]) + Self.opening
        tail = "</script>" + String(html[start.upperBound...])
    }
}
