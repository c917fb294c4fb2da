/// The serialised form of a compiled pattern (docs/patterns.md): a flat list
/// of non-negative integers that a code target embeds as data, so a runtime in
/// another language carries a small interpreter instead of a regex engine.
///
///     [1, start, n, op₀, x₀, y₀, …, opₙ₋₁, xₙ₋₁, yₙ₋₁, m, (k, lo₁, hi₁, …, loₖ, hiₖ) × m]
///
/// `1` is the format's version; `n` instructions follow, three integers each
/// (operation codes as ``PatternProgram/Operation``'s raw values); then `m`
/// character sets, each its number of ranges and the ranges of Unicode scalars
/// it holds, sorted, disjoint and not touching.
extension PatternProgram {
    static let serializedFormatVersion = RuntimeConstants.FormatVersion.patternProgramFormat

    /// This program in its serialised form.
    var serialized: [Int] {
        var out = [Self.serializedFormatVersion, Int(start), instructions.count]
        for instruction in instructions {
            out += [Int(instruction.operation.rawValue), Int(instruction.x), Int(instruction.y)]
        }
        out.append(sets.count)
        for set in sets {
            let ranges = set.scalarRanges
            out.append(ranges.count)
            for range in ranges { out += [Int(range.lowerBound), Int(range.upperBound)] }
        }
        return out
    }

    /// Reads a serialised program, checking everything an interpreter relies on:
    /// the version, every count, every operation, every successor and set index
    /// in range, every range ordered and within U+0000...U+10FFFF.
    init(serialized data: [Int]) throws(PatternProgramFormatError) {
        var cursor = 0
        func next(_ what: String) throws(PatternProgramFormatError) -> Int {
            guard cursor < data.count else { throw PatternProgramFormatError(offset: cursor, message: "ends before \(what)") }
            defer { cursor += 1 }
            guard data[cursor] >= 0, data[cursor] <= Int(Int32.max) else {
                throw PatternProgramFormatError(offset: cursor, message: "\(what) out of range")
            }
            return data[cursor]
        }
        guard try next("the version") == Self.serializedFormatVersion else {
            throw PatternProgramFormatError(offset: 0, message: "unknown format version")
        }
        let start = try next("the start")
        let count = try next("the instruction count")
        guard count >= 1, count <= Self.maxInstructions + 1, start < count else {
            throw PatternProgramFormatError(offset: 1, message: "start or instruction count out of range")
        }
        var raw: [(operation: Int, x: Int, y: Int, offset: Int)] = []
        raw.reserveCapacity(count)
        for _ in 0..<count {
            let offset = cursor
            raw.append((try next("an operation"), try next("an operand"), try next("an operand"), offset))
        }
        let setCount = try next("the set count")
        var sets: [PatternCharacterSet] = []
        for _ in 0..<setCount {
            let rangeCount = try next("a range count")
            guard rangeCount <= (data.count - cursor) / 2 else { throw PatternProgramFormatError(offset: cursor - 1, message: "too many ranges") }
            var set = PatternCharacterSet()
            var previousHigh: Int?
            for _ in 0..<rangeCount {
                let offset = cursor
                let low = try next("a range"), high = try next("a range")
                guard low <= high, high <= Int(PatternCharacterSet.maxScalar), previousHigh.map({ low > $0 + 1 }) ?? true else {
                    throw PatternProgramFormatError(offset: offset, message: "ranges must be ordered, disjoint, not touching and within U+10FFFF")
                }
                set.insert(UInt32(low)...UInt32(high))
                previousHigh = high
            }
            sets.append(set.normalized())
        }
        guard cursor == data.count else { throw PatternProgramFormatError(offset: cursor, message: "data after the last set") }
        var instructions: [Instruction] = []
        instructions.reserveCapacity(count)
        for entry in raw {
            guard let operation = Operation(rawValue: UInt8(clamping: entry.operation)), entry.operation <= Int(UInt8.max) else {
                throw PatternProgramFormatError(offset: entry.offset, message: "unknown operation \(entry.operation)")
            }
            let xLimit: Int, yLimit: Int
            switch operation {
            case .consume: (xLimit, yLimit) = (setCount, count)
            case .split: (xLimit, yLimit) = (count, count)
            case .jump, .assertStart, .assertEnd: (xLimit, yLimit) = (count, 1)
            case .match: (xLimit, yLimit) = (1, 1)
            }
            guard entry.x < xLimit, entry.y < yLimit else {
                throw PatternProgramFormatError(offset: entry.offset, message: "an operand out of range")
            }
            instructions.append(Instruction(operation: operation, x: Int32(entry.x), y: Int32(entry.y)))
        }
        self.init(instructions: instructions, sets: sets, start: Int32(start))
    }
}

/// Why a serialised pattern program was refused.
package struct PatternProgramFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The index in the data where the problem is.
    package var offset: Int
    package var message: String
    package var description: String { "pattern program, at \(offset): \(message)" }
}

extension PatternCharacterSet {
    /// Every member as sorted, disjoint, non-touching ranges of scalars (ASCII included).
    var scalarRanges: [ClosedRange<UInt32>] {
        var out: [ClosedRange<UInt32>] = []
        func add(_ range: ClosedRange<UInt32>) {
            if let last = out.last, range.lowerBound <= last.upperBound &+ 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                out.append(range)
            }
        }
        for scalar in UInt32(0)..<0x80 where contains(ascii: UInt8(scalar)) { add(scalar...scalar) }
        for range in normalized().ranges { add(range) }
        return out
    }
}

extension ContractRegex {
    /// `pattern` compiled to its program's serialised form (docs/patterns.md),
    /// for code targets that embed the program as data.
    package static func serializedProgram(_ pattern: String) throws(PatternSyntaxError) -> [Int] {
        try PatternProgram(PatternParser.parse(pattern)).serialized
    }

    /// A pattern read back from its serialised program: matches as the pattern
    /// it was compiled from does.
    package static func pattern(serializedProgram: [Int]) throws(PatternProgramFormatError) -> Pattern {
        Pattern(matcher: PatternMatcher(try PatternProgram(serialized: serializedProgram)))
    }
}
