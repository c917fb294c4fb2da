import CZlibCollector

/// gzip bombs for the tests. Not the runtime's `Gzip.compress`, which deflates
/// a body it holds whole in one call: this streams the input in blocks of about
/// 1 MB, so a bomb of tens of megabytes never stands whole in memory.
enum TestGzip {
    /// `prefix`, then `chunk` `times` times, then `suffix`, compressed as one
    /// stream without ever holding the whole input (a gzip bomb in a few KB).
    static func compress(prefix: [UInt8], repeating chunk: [UInt8], times: Int, suffix: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func feed(_ bytes: [UInt8], flush: Int32) -> Bool {
            var status: Int32 = Z_OK
            bytes.withUnsafeBufferPointer { source in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                repeat {
                    let produced: Int = buffer.withUnsafeMutableBufferPointer { target in
                        stream.next_out = target.baseAddress
                        stream.avail_out = uInt(target.count)
                        status = deflate(&stream, flush)
                        return target.count - Int(stream.avail_out)
                    }
                    output += buffer[0..<produced]
                } while stream.avail_out == 0 || (flush == Z_FINISH && status == Z_OK)
            }
            return status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR
        }
        guard feed(prefix, flush: Z_NO_FLUSH) else { return nil }
        // Repeat the chunk in blocks of about 1 MB.
        let perBlock = max(1, (1 << 20) / max(chunk.count, 1))
        let block = Array([[UInt8]](repeating: chunk, count: min(perBlock, max(times, 1))).joined())
        var left = times
        while left > 0 {
            let count = min(left, perBlock)
            guard feed(count == perBlock ? block : Array(block.prefix(count * chunk.count)), flush: Z_NO_FLUSH) else { return nil }
            left -= count
        }
        guard feed(suffix, flush: Z_FINISH) else { return nil }
        return output
    }
}
