import CZlib

/// gzip (RFC 1952) in one call with the system's zlib, for request bodies.
///
/// Foundation has no gzip encoder on Linux, and on Apple platforms only raw
/// zlib/deflate streams without the gzip framing `Content-Encoding: gzip` means;
/// `deflateInit2` with `windowBits` 31 (15 + 16) writes that framing.
enum Gzip {
    /// The gzip form of `input`, or `nil` if zlib refused (then send it as it is).
    static func compress(_ input: [UInt8], level: Int32 = Z_DEFAULT_COMPRESSION) -> [UInt8]? {
        var stream = z_stream()
        let status = deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
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
}
