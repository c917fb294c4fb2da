import CZlib

/// gzip (RFC 1952) with the system's zlib, for HTTP request bodies
/// (`Content-Encoding: gzip`): the dispatcher compresses them, the collector
/// (package `Collector/`, hence a library product of its own) inflates them.
///
/// Foundation has no gzip encoder on Linux, and on Apple platforms only raw
/// zlib/deflate streams without the gzip framing; `windowBits` 31 (15 + 16)
/// asks zlib for that framing in both directions.
public enum Gzip {
    /// Why ``inflate(_:limit:)`` refused its input.
    public enum InflateFailure: Error, Equatable, Sendable {
        /// Not a complete gzip stream (bad header, bad checksum, cut short).
        case malformed
        /// Inflates beyond the limit: refused rather than filling memory.
        case tooLarge
    }

    /// The gzip form of `input`, or `nil` if zlib refused (then send it as it is).
    public static func compress(_ input: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        let status = deflateInit2_(&stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
                                   zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        // deflateBound: one deflate(Z_FINISH) call always fits.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        let result: Int32 = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// The bytes the gzip stream `input` encodes; at most `limit` of them
    /// (a few kilobytes can inflate to gigabytes).
    ///
    /// A gzip file is one or more members (RFC 1952, 2.2), as `cat a.gz b.gz` makes and
    /// `zcat` reads: their contents follow each other. Every byte must belong to a whole
    /// member: anything after the last one (garbage, zeros, a member cut short) is malformed.
    public static func inflate(_ input: [UInt8], limit: Int) throws(InflateFailure) -> [UInt8] {
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
            while true {
                repeat {
                    let produced: Int = chunk.withUnsafeMutableBufferPointer { target in
                        stream.next_out = target.baseAddress
                        stream.avail_out = uInt(target.count)
                        status = CZlib.inflate(&stream, Z_NO_FLUSH)
                        return target.count - Int(stream.avail_out)
                    }
                    output.append(contentsOf: chunk[0..<produced])
                } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
                // A member ended and bytes follow: they must be the next member.
                guard status == Z_STREAM_END, stream.avail_in > 0, output.count <= limit else { break }
                status = inflateReset(&stream)
                guard status == Z_OK else { break }
            }
        }
        if output.count > limit { throw .tooLarge }
        guard status == Z_STREAM_END else { throw .malformed }
        return output
    }
}
