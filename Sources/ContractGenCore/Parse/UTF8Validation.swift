/// Finds the first byte that is not part of well-formed UTF-8, so the parse
/// stage can point at it before libyaml sees the input.
enum UTF8Validation {
    /// The UTF-8 byte order mark, EF BB BF.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// 3 when `bytes` starts with the UTF-8 byte order mark, 0 otherwise.
    static func byteOrderMarkLength(of bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// The offset of the first ill-formed byte, or `nil` when `bytes` is valid UTF-8.
    static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            // Contracts are mostly ASCII: skip 8 bytes at a time while no high bit is set.
            while i + 8 <= n, UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            guard i < n else { break }
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F  // no UTF-16 surrogates
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F  // nothing above U+10FFFF
            default: return i
            }
            guard i + length <= n else { return i }
            let b1 = bytes[i + 1]
            guard b1 >= lower && b1 <= upper else { return i }
            var k = 2
            while k < length {
                guard bytes[i + k] & 0xC0 == 0x80 else { return i }
                k += 1
            }
            i += length
        }
        return nil
    }

    /// 1-based line and column (in Unicode scalars) of byte `offset`, counting
    /// only the valid text before it.
    static func position(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var i = 0
        while i < offset {
            let b = bytes[i]
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                // Count lead bytes only: one per scalar.
                column += 1
            }
            i += 1
        }
        return (line, column)
    }
}
