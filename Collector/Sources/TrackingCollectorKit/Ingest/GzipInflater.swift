import CZlibCollector

/// Inflates gzip request bodies (`Content-Encoding: gzip`) with the system's zlib.
package enum GzipInflater {
    package enum Failure: Error, Equatable {
        /// Not a complete gzip stream (bad header, bad checksum, cut short).
        case malformed
        /// Inflates beyond `limit` bytes: refused rather than filling memory.
        case tooLarge
    }

    /// The bytes a gzip stream encodes; at most `limit` of them.
    package static func inflate(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: gzip framing only (no raw or zlib streams).
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformed
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(16_384, min(input.count * 4, 1 << 20)))
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = CZlibCollector.inflate(&stream, Z_NO_FLUSH)
                    return target.count - Int(stream.avail_out)
                }
                output.append(contentsOf: chunk[0..<produced])
            } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if output.count > limit { throw .tooLarge }
        guard status == Z_STREAM_END else { throw .malformed }
        return output
    }
}
