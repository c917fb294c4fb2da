import Testing
@testable import TrackingCollectorKit

/// The in-memory uuid index's table gives what a `Dictionary` gives, whatever
/// the order of inserts, updates and removals, through every growth.
@Suite("The uuid row table")
struct UUIDRowTableTests {
    /// A generator with a fixed seed, so that a failure can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("Random inserts, updates and removals agree with a dictionary", arguments: [8, 40, 3_000])
    func agreesWithDictionary(keys: Int) {
        var random = SplitMix(state: UInt64(keys))
        // Few distinct keys against many operations: long runs of neighbours, and removals inside them.
        let uuids = (0..<keys).map { _ in ParsedUUID(high: random.next(), low: random.next()) }
        var table = UUIDRowTable()
        var model: [ParsedUUID: Int64] = [:]
        var disagreements = 0
        for step in 0..<(keys * 40) {
            let uuid = uuids[Int.random(in: 0..<keys, using: &random)]
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                let row = Int64(step)
                let inserted = table.insert(uuid, row: row)
                if inserted != (model[uuid] == nil) { disagreements += 1 }
                if model[uuid] == nil { model[uuid] = row }
            case 4..<6:
                table.update(uuid, row: Int64(-step))
                model[uuid] = Int64(-step)
            case 6..<9:
                table.remove(uuid)
                model[uuid] = nil
            default:
                if table[uuid] != model[uuid] { disagreements += 1 }
            }
            if table.count != model.count { disagreements += 1 }
        }
        for uuid in uuids where table[uuid] != model[uuid] { disagreements += 1 }
        #expect(disagreements == 0)
        #expect(table.count == model.count)
    }

    @Test("A million entries: every one found after growing, none that was never added")
    func grows() {
        var random = SplitMix(state: 7)
        var table = UUIDRowTable()
        let uuids = (0..<1_000_000).map { _ in ParsedUUID(high: random.next(), low: random.next()) }
        let refused = uuids.enumerated().filter { !table.insert($0.element, row: Int64($0.offset)) }.count
        #expect(refused == 0)
        #expect(table.count == uuids.count)
        let missing = uuids.enumerated().filter { table[$0.element] != Int64($0.offset) }.count
        #expect(missing == 0)
        #expect(table[ParsedUUID(high: random.next(), low: random.next())] == nil)
        table.removeAll()
        #expect(table.count == 0 && table[uuids[0]] == nil)
    }

    @Test("Uuids that differ in one bit, and the nil uuid, are distinct entries")
    func nearKeys() {
        var table = UUIDRowTable(minimumCapacity: 200)
        var keys = [ParsedUUID(high: 0, low: 0)]
        for bit in 0..<64 {
            keys.append(ParsedUUID(high: 1 << UInt64(bit), low: 0))
            keys.append(ParsedUUID(high: 0, low: 1 << UInt64(bit)))
        }
        let added = keys.enumerated().filter { table.insert($0.element, row: Int64($0.offset)) }.count
        #expect(added == keys.count)
        for (row, key) in keys.enumerated() { #expect(table[key] == Int64(row)) }
        let addedAgain = keys.filter { table.insert($0, row: 1) }.count
        #expect(addedAgain == 0)
        #expect(table.count == keys.count)
    }
}
