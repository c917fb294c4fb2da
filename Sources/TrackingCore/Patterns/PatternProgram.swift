/// A pattern compiled to a Thompson automaton: instructions that consume one
/// character, fork, jump, or test an anchor. `PatternMatcher` runs it by
/// keeping the *set* of instructions alive at each position (never
/// backtracking), so a value of n characters costs at most n times the
/// program's size, whatever the pattern (`^(a+)+$` included).
struct PatternProgram: Sendable {
    enum Operation: UInt8, Sendable {
        /// Consume a character of `sets[x]`, go on at `y`.
        case consume
        /// Go on at both `x` and `y`.
        case split
        case jump
        /// Go on at `x` only at the start of the value.
        case assertStart
        /// Go on at `x` only at the end of the value.
        case assertEnd
        case match
    }

    struct Instruction: Sendable {
        var operation: Operation
        var x: Int32
        var y: Int32
    }

    /// More instructions than this: the pattern is refused (a bound on the
    /// work per character, as RE2 has one).
    static let maxInstructions = 10_000

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [PatternCharacterSet] = []
    private var setIndex: [PatternCharacterSet: Int32] = [:]
    private(set) var start: Int32 = 0

    init(_ node: PatternNode) throws(PatternSyntaxError) {
        let match = emit(.match, 0, 0)
        start = try compile(node, next: match)
    }

    /// A program read back from its serialised form (already checked, see
    /// `PatternProgram+Serialized.swift`).
    init(instructions: [Instruction], sets: [PatternCharacterSet], start: Int32) {
        self.instructions = instructions
        self.sets = sets
        self.start = start
    }

    private mutating func emit(_ operation: Operation, _ x: Int32, _ y: Int32) -> Int32 {
        instructions.append(Instruction(operation: operation, x: x, y: y))
        return Int32(instructions.count - 1)
    }

    /// Compiles `node` to run before `next`; returns its entry. Built back to
    /// front, so every instruction's successors exist when it is emitted
    /// (loops patch their fork once the body exists).
    private mutating func compile(_ node: PatternNode, next: Int32) throws(PatternSyntaxError) -> Int32 {
        guard instructions.count <= Self.maxInstructions else {
            throw PatternSyntaxError(message: "the pattern is too large (its repetitions expand to more than \(Self.maxInstructions) steps)", offset: 0)
        }
        switch node {
        case .empty:
            return next
        case .characters(let set):
            let index: Int32
            if let known = setIndex[set] {
                index = known
            } else {
                index = Int32(sets.count)
                sets.append(set)
                setIndex[set] = index
            }
            return emit(.consume, index, next)
        case .start:
            return emit(.assertStart, next, 0)
        case .end:
            return emit(.assertEnd, next, 0)
        case .sequence(let items):
            var entry = next
            for item in items.reversed() { entry = try compile(item, next: entry) }
            return entry
        case .alternation(let branches):
            var entry = try compile(branches[branches.count - 1], next: next)
            for branch in branches.dropLast().reversed() {
                let first = try compile(branch, next: next)
                entry = emit(.split, first, entry)
            }
            return entry
        case .repetition(let body, let min, let max):
            var entry = next
            if let max {
                // Optional copies, nested: (x(x(x)?)?)?
                for _ in 0..<(max - min) {
                    let copy = try compile(body, next: entry)
                    entry = emit(.split, copy, next)
                }
            } else {
                // A loop: fork (body, then back to the fork) or go on.
                let fork = emit(.split, 0, next)
                let copy = try compile(body, next: fork)
                instructions[Int(fork)].x = copy
                entry = fork
            }
            for _ in 0..<min { entry = try compile(body, next: entry) }
            return entry
        }
    }
}

/// Scratch space for running a program over one value: which instructions
/// were reached at the current position, and the work done (`steps`).
struct PatternRun {
    private var marks: [UInt32]
    private var generation: UInt32 = 0
    private var stack: [Int32] = []
    /// Instructions visited plus table transitions taken: the work of a match,
    /// counted so tests can show it is linear in the value's length.
    var steps = 0

    init(_ program: PatternProgram) {
        marks = Array(repeating: 0, count: program.instructions.count)
    }

    /// A new position: nothing reached yet.
    mutating func nextPosition() {
        generation &+= 1
        if generation == 0 {
            for index in marks.indices { marks[index] = 0 }
            generation = 1
        }
    }

    /// Adds `pc` and what it reaches without consuming to `threads` (consuming
    /// instructions, and `$` tests waiting for the end when not `atEnd`).
    /// Returns true when it reaches the match: the value contains a match.
    mutating func follow(
        _ pc: Int32, in program: PatternProgram, atStart: Bool, atEnd: Bool, into threads: inout [Int32]
    ) -> Bool {
        stack.append(pc)
        while let pc = stack.popLast() {
            let index = Int(pc)
            if marks[index] == generation { continue }
            marks[index] = generation
            steps += 1
            let instruction = program.instructions[index]
            switch instruction.operation {
            case .consume:
                threads.append(pc)
            case .match:
                stack.removeAll(keepingCapacity: true)
                return true
            case .split:
                stack.append(instruction.y)
                stack.append(instruction.x)
            case .jump:
                stack.append(instruction.x)
            case .assertStart:
                if atStart { stack.append(instruction.x) }
            case .assertEnd:
                if atEnd { stack.append(instruction.x) } else { threads.append(pc) }
            }
        }
        return false
    }
}

extension PatternProgram {
    /// The threads at the start of the value, or `nil` when the match is
    /// already reached (the pattern matches every value).
    func initialThreads(_ run: inout PatternRun) -> [Int32]? {
        run.nextPosition()
        var threads: [Int32] = []
        return run.follow(start, in: self, atStart: true, atEnd: false, into: &threads) ? nil : threads
    }

    /// The threads after consuming `scalar` (not at the start of the value),
    /// or `nil` when a match ends here. A match may begin at any position, so
    /// the program's start joins the threads at every position.
    func advance(_ threads: [Int32], over scalar: UInt32, _ run: inout PatternRun) -> [Int32]? {
        run.nextPosition()
        var next: [Int32] = []
        next.reserveCapacity(threads.count + 4)
        for pc in threads {
            let instruction = instructions[Int(pc)]
            guard instruction.operation == .consume, sets[Int(instruction.x)].contains(scalar) else { continue }
            if run.follow(instruction.y, in: self, atStart: false, atEnd: false, into: &next) { return nil }
        }
        if run.follow(start, in: self, atStart: false, atEnd: false, into: &next) { return nil }
        return next
    }

    /// Whether the threads waiting at the end of the value reach the match.
    func acceptsAtEnd(_ threads: [Int32], atStart: Bool, _ run: inout PatternRun) -> Bool {
        run.nextPosition()
        var ignored: [Int32] = []
        for pc in threads where instructions[Int(pc)].operation == .assertEnd {
            if run.follow(instructions[Int(pc)].x, in: self, atStart: atStart, atEnd: true, into: &ignored) { return true }
        }
        return false
    }
}
