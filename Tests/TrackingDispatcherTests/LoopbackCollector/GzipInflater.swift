import CZlib

/// Inflates gzip request bodies for the loopback collector (system zlib).
enum GzipInflater {
    enum Failure: Error, Equatable {
        /// Not a complete gzip stream (bad header, bad checksum, cut short).
        case malformed
        /// Inflates beyond `limit` bytes.
        case tooLarge
    }

    static func inflate(_ input: [UInt8], limit: Int = 64 << 20) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: gzip framing only.
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw .malformed
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var status: Int32 = Z_OK
        input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
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
