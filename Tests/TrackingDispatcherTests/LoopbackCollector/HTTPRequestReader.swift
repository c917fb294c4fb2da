import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one HTTP/1.1 request from a socket: the head (up to a blank line), then a
/// `Content-Length` or chunked body. Bounded: a head or body beyond its limit stops
/// the read. Answers `100 Continue` when the client expects it.
enum HTTPRequestReader {
    enum Outcome {
        case request(method: String, path: String, headers: [String: String], body: [UInt8])
        case tooLarge
        case malformed
    }

    /// `nil` when the connection closed or timed out before a whole request arrived.
    static func read(_ fd: Int32, maximumHeadBytes: Int, maximumBodyBytes: Int) -> Outcome? {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var scanned = 0
        func receive() -> Bool {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffer += chunk[0..<count]
            return true
        }
        while headEnd == nil {
            guard receive() else { return nil }
            // Scan only what is new (and the three bytes before it): linear in the head's size.
            var index = max(0, scanned - 3)
            while index + 3 < buffer.count {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                    headEnd = index
                    break
                }
                index += 1
            }
            scanned = buffer.count
            if headEnd == nil, buffer.count > maximumHeadBytes { return .malformed }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffer[0..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return .malformed }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return .malformed }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["expect"]?.lowercased() == "100-continue" {
            let reply = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = reply.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        }
        var body = Array(buffer[(headEnd + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            guard let decoded = readChunked(fd, already: body, limit: maximumBodyBytes, receive: { received in
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return false }
                received += chunk[0..<count]
                return true
            }) else { return nil }
            body = decoded
        } else {
            let length = Int(headers["content-length"] ?? "0") ?? -1
            guard length >= 0 else { return .malformed }
            if length > maximumBodyBytes { return .tooLarge }
            while body.count < length {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return nil }
                body += chunk[0..<count]
            }
            body = Array(body.prefix(length))
        }
        return .request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }

    /// Decodes a chunked body: `size-in-hex CRLF data CRLF`, ending with a zero size.
    private static func readChunked(_ fd: Int32, already: [UInt8], limit: Int,
                                    receive: (inout [UInt8]) -> Bool) -> [UInt8]? {
        var pending = already
        var body: [UInt8] = []
        var position = 0
        func line() -> String? {
            while true {
                if let end = pending[position...].firstIndex(of: 10) {
                    let text = String(decoding: pending[position..<end], as: UTF8.self)
                    position = end + 1
                    return text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                guard receive(&pending) else { return nil }
            }
        }
        while true {
            guard let sizeLine = line(), let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else { return nil }
            if size == 0 { return body }
            guard body.count + size <= limit else { return nil }
            while pending.count < position + size + 2 {
                guard receive(&pending) else { return nil }
            }
            body += pending[position..<(position + size)]
            position += size + 2
        }
    }
}
