/// Decides whether a value contains a match of a compiled pattern, in time
/// linear in the value's length.
///
/// One engine, two speeds of the same steps: `PatternProgram.advance` moves
/// the set of live instructions over one character. For ASCII characters the
/// matcher remembers those moves in a table (a DFA built ahead of time from
/// `advance` itself, for small programs, up to `maxTableStates` sets), so the
/// common contract patterns cost one table lookup per byte; at the first
/// non-ASCII character, or for programs too large for a table, it calls
/// `advance` directly. Both give the same verdict by construction.
///
/// A class: shared by every copy of a compiled pattern without copying (and
/// retaining) its arrays per match; immutable after `init`, hence `Sendable`.
final class PatternMatcher: Sendable {
    let program: PatternProgram

    /// Sets of live instructions for ASCII input, and their moves.
    struct Table: Sendable {
        /// `moves[state << 7 | byte]`: the next state, or -1 when a match ends there.
        var moves: [Int32]
        /// The live instructions of each state, to go on with `advance`.
        var threads: [[Int32]]
        /// Whether a value ending in this state (after at least one character) matches.
        var acceptsAtEnd: [Bool]
        /// No thread left and none can start: no match from here.
        var dead: [Bool]
    }

    /// Programs larger than this get no table (building it would cost more than it saves).
    static let maxTableInstructions = 512
    static let maxTableStates = 128

    /// `nil`: the pattern matches every value (its start reaches the match).
    private let initial: [Int32]?
    /// Whether the empty value matches.
    private let matchesEmpty: Bool
    /// The table, spread over plain arrays (the match loop reads them without
    /// going through an optional struct); `moves` is empty without a table.
    private let moves: [Int32]
    private let threads: [[Int32]]
    /// Per state: bit 0, accepts at the end; bit 1, dead.
    private let stateFlags: [UInt8]

    init(_ program: PatternProgram, buildsTable: Bool = true) {
        self.program = program
        var run = PatternRun(program)
        let initial = program.initialThreads(&run)
        self.initial = initial
        matchesEmpty = initial.map { program.acceptsAtEnd($0, atStart: true, &run) } ?? true
        let table = buildsTable ? initial.flatMap { Self.table(program, initial: $0) } : nil
        moves = table?.moves ?? []
        threads = table?.threads ?? []
        stateFlags = table.map { table in
            zip(table.acceptsAtEnd, table.dead).map { (accepts, dead) in (accepts ? 1 : 0) | (dead ? 2 : 0) }
        } ?? []
    }

    /// Whether `string` contains a match.
    func matches(_ string: String) -> Bool {
        var steps = 0
        return matches(string, steps: &steps)
    }

    /// Whether `string` contains a match; adds the work done to `steps`.
    func matches(_ string: String, steps: inout Int) -> Bool {
        guard initial != nil else { return true }
        var string = string
        return string.withUTF8 { bytes in
            guard !bytes.isEmpty else { return matchesEmpty }
            guard !moves.isEmpty else { return run(bytes, from: 0, threads: initial!, steps: &steps) }
            return moves.withUnsafeBufferPointer { moves in
                stateFlags.withUnsafeBufferPointer { flags in
                    // The hot loop of every contract pattern: one lookup per byte
                    // (unchecked buffer access; `moves` has 128 entries per state).
                    var state = 0
                    for offset in 0..<bytes.count {
                        let byte = bytes[offset]
                        if byte >= 0x80 {
                            return run(bytes, from: offset, threads: threads[state], steps: &steps)
                        }
                        let next = moves[state << 7 | Int(byte)]
                        if next < 0 {
                            steps += offset + 1
                            return true
                        }
                        state = Int(next)
                        if flags[state] & 2 != 0 {
                            steps += offset + 1
                            return false
                        }
                    }
                    steps += bytes.count
                    return flags[state] & 1 != 0
                }
            }
        }
    }

    /// `advance` over the UTF-8 bytes from `offset` (a character boundary,
    /// after the first character when `offset > 0`), from `threads`.
    private func run(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int, threads: [Int32], steps: inout Int) -> Bool {
        steps += offset   // the table's steps before it handed over
        var run = PatternRun(program)
        var threads = threads
        var offset = offset
        while offset < bytes.count {
            let (scalar, length) = Self.decode(bytes, at: offset)
            offset += length
            guard let next = program.advance(threads, over: scalar, &run) else {
                steps += run.steps
                return true
            }
            threads = next
        }
        let accepted = program.acceptsAtEnd(threads, atStart: false, &run)
        steps += run.steps
        return accepted
    }

    /// The scalar starting at `offset` of valid UTF-8 (a String's bytes), and its length.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        func continuation(_ index: Int) -> UInt32 { UInt32(bytes[offset + index]) & 0x3F }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
        return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
    }

    /// Every set of live instructions reachable over ASCII input, and its moves;
    /// `nil` when the program or the number of sets is too large.
    private static func table(_ program: PatternProgram, initial: [Int32]) -> Table? {
        guard program.instructions.count <= maxTableInstructions else { return nil }
        var run = PatternRun(program)
        var table = Table(moves: [], threads: [], acceptsAtEnd: [], dead: [])
        var known: [[Int32]: Int32] = [:]
        // Nothing can start again once the start fails after position 0 (an anchored pattern).
        let restartable = program.advance([], over: 0, &run).map { !$0.isEmpty } ?? true

        func state(for threads: [Int32]) -> Int32? {
            let key = threads.sorted()
            if let index = known[key] { return index }
            guard table.threads.count < maxTableStates else { return nil }
            let index = Int32(table.threads.count)
            known[key] = index
            table.threads.append(key)
            table.acceptsAtEnd.append(program.acceptsAtEnd(key, atStart: false, &run))
            table.dead.append(key.isEmpty && !restartable)
            table.moves.append(contentsOf: repeatElement(-1, count: 128))
            return index
        }

        guard state(for: initial) != nil else { return nil }
        var next = 0
        while next < table.threads.count {
            let threads = table.threads[next]
            for byte in 0..<128 {
                guard let after = program.advance(threads, over: UInt32(byte), &run) else { continue }  // -1: a match
                guard let target = state(for: after) else { return nil }
                table.moves[next << 7 | byte] = target
            }
            next += 1
        }
        return table
    }
}
