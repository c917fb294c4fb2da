import Foundation
import Testing
import TestSupport
@testable import TrackingCore

/// A pattern's program as data (docs/patterns.md): serialised by the
/// generator, read back by a runtime. Read back, it gives the verdicts of the
/// pattern it was compiled from, in the Swift matcher and in an interpreter
/// written from the document alone (what another runtime carries).
@Suite("Pattern programs as data", .timeLimit(.minutes(10)))
struct PatternProgramDataTests {
    /// The opcodes and the format version are the shared table's (RuntimeConstants.swift,
    /// generated), which the TypeScript and Kotlin interpreters read too.
    @Test func opcodesAreTheSharedTables() {
        let operations: [PatternProgram.Operation] = [.consume, .split, .jump, .assertStart, .assertEnd, .match]
        let shared = [RuntimeConstants.PatternOpcode.consume, RuntimeConstants.PatternOpcode.split, RuntimeConstants.PatternOpcode.jump,
                      RuntimeConstants.PatternOpcode.assertStart, RuntimeConstants.PatternOpcode.assertEnd, RuntimeConstants.PatternOpcode.match]
        #expect(operations.map { Int($0.rawValue) } == shared)
        #expect(PatternProgram.serializedFormatVersion == RuntimeConstants.FormatVersion.patternProgramFormat)
    }

    /// docs/patterns.md, "Running a program", followed literally: the set of
    /// instructions alive at each position, a new thread started at every position.
    static func interpret(_ data: [Int], _ value: String) -> Bool {
        let start = data[1], count = data[2]
        func op(_ pc: Int) -> (Int, Int, Int) { (data[3 + 3 * pc], data[4 + 3 * pc], data[5 + 3 * pc]) }
        var sets: [[(Int, Int)]] = []
        var cursor = 3 + 3 * count
        let setCount = data[cursor]; cursor += 1
        for _ in 0..<setCount {
            let ranges = data[cursor]; cursor += 1
            sets.append((0..<ranges).map { i in (data[cursor + 2 * i], data[cursor + 2 * i + 1]) })
            cursor += 2 * ranges
        }
        let scalars = value.unicodeScalars.map { Int($0.value) }
        var pending: [Int] = []
        for position in 0...scalars.count {
            pending.append(start)
            var seen = Set<Int>()
            var consumers: [Int] = []
            while let pc = pending.popLast() {
                guard seen.insert(pc).inserted else { continue }
                let (operation, x, y) = op(pc)
                switch operation {
                case 0: consumers.append(pc)
                case 1: pending += [y, x]
                case 2: pending.append(x)
                case 3: if position == 0 { pending.append(x) }
                case 4: if position == scalars.count { pending.append(x) }
                case 5: return true
                default: Issue.record("unknown operation \(operation)"); return false
                }
            }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            pending = consumers.compactMap { pc in
                let (_, set, next) = op(pc)
                return sets[set].contains { $0.0 <= scalar && scalar <= $0.1 } ? next : nil
            }
        }
        return false
    }

    static let values: [String] = ["", "a", "b", "ab", "abc", "aé", "😀", "a😀b", "0", "09", "-", " ", "\n", "a\n", "\u{2028}",
                                   "e\u{301}", "$", "(", "[a]", "{1}", "aaaa", "abab", "0-9", "a.b", "ab|c", "😀😀", "é😀é"]

    @Test func randomPatternsGiveTheSameVerdictsReadBack() throws {
        var random = SplitMix64(state: 0x5EED_DA7A)
        var compared = 0
        for _ in 0..<600 {
            let text = ContractRegexTests.Tree.random(&random).text(forICU: false)
            guard let pattern = try? ContractRegex.compile(text) else { continue }
            let data = try ContractRegex.serializedProgram(text)
            let readBack = try ContractRegex.pattern(serializedProgram: data)
            for value in Self.values + (0..<4).map({ _ in String((0..<Int.random(in: 0...6, using: &random)).map { _ in
                ContractRegexTests.Tree.literals.randomElement(using: &random)! }) }) {
                let verdict = pattern.matches(value)
                #expect(readBack.matches(value) == verdict, "\(text) on \(value.debugDescription)")
                #expect(Self.interpret(data, value) == verdict, "\(text) on \(value.debugDescription), interpreted")
                compared += 1
            }
        }
        #expect(compared > 5_000)
    }

    @Test func theCorpusPatternsAndTheirProgramsAsDocumented() throws {
        // docs/patterns.md shows this program.
        #expect(try ContractRegex.serializedProgram("^a[0-9]*$") ==
            [1, 5, 6, 5, 0, 0, 4, 0, 0, 1, 3, 1, 0, 0, 2, 0, 1, 2, 3, 4, 0, 2, 1, 48, 57, 1, 97, 97])
        for (pattern, value, verdict) in [("^[A-Z]{2}-[0-9]{3,4}$", "AB-123", true), ("^[A-Z]{2}-[0-9]{3,4}$", "AB-123\n", false),
                                          ("^(ab|a)(c|bcd)(|!)$", "abcd", true), ("^a.c$", "a\u{2028}c", false), ("[0-9]", "x7", true)] {
            let data = try ContractRegex.serializedProgram(pattern)
            #expect(try ContractRegex.pattern(serializedProgram: data).matches(value) == verdict)
            #expect(Self.interpret(data, value) == verdict)
        }
    }

    @Test func malformedProgramsAreRefused() throws {
        let good = try ContractRegex.serializedProgram("^a[0-9]*$")
        #expect(throws: Never.self) { try ContractRegex.pattern(serializedProgram: good) }
        var broken: [[Int]] = [[], [2] + good.dropFirst(), Array(good.dropLast()), good + [0], [1, 9, 1, 5, 0, 0, 0]]
        var wrongOperation = good; wrongOperation[3] = 6; broken.append(wrongOperation)
        var wrongSuccessor = good; wrongSuccessor[7] = 99; broken.append(wrongSuccessor)
        var negative = good; negative[1] = -1; broken.append(negative)
        var reversed = good; reversed[reversed.count - 2] = 98; broken.append(reversed)
        let touching = Array(good.dropLast(6)) + [2, 48, 57, 58, 60, 1, 97, 97]; broken.append(touching)
        let beyondUnicode = Array(good.dropLast(3)) + [1, 97, 0x11_0000]; broken.append(beyondUnicode)
        for data in broken {
            #expect(throws: PatternProgramFormatError.self, "\(data)") { try ContractRegex.pattern(serializedProgram: data) }
        }
    }
}
