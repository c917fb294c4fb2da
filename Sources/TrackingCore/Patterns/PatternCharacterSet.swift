/// A set of Unicode scalars one step of a pattern consumes: a literal, `.`, or
/// a `[...]` set. ASCII members live in two 64-bit masks (the common case, one
/// test per character); the rest as sorted, disjoint ranges.
struct PatternCharacterSet: Sendable, Hashable {
    private(set) var low: UInt64 = 0
    private(set) var high: UInt64 = 0
    /// Members from U+0080 up, sorted and disjoint once `normalized()`.
    private(set) var ranges: [ClosedRange<UInt32>] = []

    static let maxScalar: UInt32 = 0x10FFFF

    init() {}

    init(_ scalar: UInt32) { insert(scalar...scalar) }

    /// Any character but a line terminator, as `.` means in ECMAScript
    /// (U+000A, U+000D, U+2028, U+2029).
    static var dot: PatternCharacterSet {
        var set = PatternCharacterSet()
        set.insert(0...0x09)
        set.insert(0x0B...0x0C)
        set.insert(0x0E...0x2027)
        set.insert(0x202A...maxScalar)
        return set.normalized()
    }

    mutating func insert(_ range: ClosedRange<UInt32>) {
        if range.lowerBound < 0x80 {
            for value in range.lowerBound...min(range.upperBound, 0x7F) {
                if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
            }
        }
        if range.upperBound >= 0x80 {
            ranges.append(max(range.lowerBound, 0x80)...range.upperBound)
        }
    }

    /// Ranges sorted and merged, so `contains` can stop early.
    func normalized() -> PatternCharacterSet {
        var copy = self
        copy.ranges = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = copy.ranges.last, range.lowerBound <= last.upperBound &+ 1 {
                copy.ranges[copy.ranges.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                copy.ranges.append(range)
            }
        }
        return copy
    }

    /// Every scalar not in the set (of a normalized set).
    func inverted() -> PatternCharacterSet {
        var result = PatternCharacterSet()
        result.low = ~low
        result.high = ~high
        var next: UInt32 = 0x80
        for range in ranges {
            if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if next <= Self.maxScalar { result.ranges.append(next...Self.maxScalar) }
        return result
    }

    @inline(__always)
    func contains(ascii byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte &- 64)) != 0
    }

    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return contains(ascii: UInt8(scalar)) }
        for range in ranges {
            if scalar < range.lowerBound { return false }
            if scalar <= range.upperBound { return true }
        }
        return false
    }
}
