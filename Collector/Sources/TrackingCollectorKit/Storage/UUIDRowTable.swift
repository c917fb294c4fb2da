/// A hash table from uuid to row number: open addressing with linear probing
/// over one array of slots, a power of two of them, at most 70% full.
///
/// Why not `[ParsedUUID: Int64]`: every batch claims a hundred new uuids under
/// the storage's lock, and the dictionary spent most of that time in SipHash,
/// above all when it grew and hashed every stored uuid again. Here a uuid's
/// hash is a few multiplications of its bits with a seed drawn at random per
/// table, so that a client who picks uuids cannot know which ones collide.
struct UUIDRowTable {
    private struct Slot {
        var high: UInt64
        var low: UInt64
        /// ``empty`` for a free slot.
        var row: Int64
    }

    /// A row number no entry has: rows are SQLite's (from 1) or a storage's marks (0, -1).
    private static let empty = Int64.min

    private var slots: [Slot]
    private var mask: Int
    private(set) var count = 0
    private let seed = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

    init(minimumCapacity: Int = 0) {
        let size = Self.slotCount(for: minimumCapacity)
        slots = Array(repeating: Slot(high: 0, low: 0, row: Self.empty), count: size)
        mask = size - 1
    }

    /// The smallest power of two (at least 16) that holds `entries` under 70% full.
    private static func slotCount(for entries: Int) -> Int {
        var size = 16
        while entries * 10 >= size * 7 { size *= 2 }
        return size
    }

    private func home(of uuid: ParsedUUID) -> Int {
        var hash = (uuid.high ^ seed.0) &* 0x9E37_79B9_7F4A_7C15
        hash ^= (uuid.low ^ seed.1) &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= hash >> 29
        hash = hash &* 0x1656_67B1_9E37_79F9
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash) & mask
    }

    /// The slot holding `uuid`, or the free slot where it would go.
    private func slot(of uuid: ParsedUUID) -> (index: Int, found: Bool) {
        var index = home(of: uuid)
        while true {
            let slot = slots[index]
            if slot.row == Self.empty { return (index, false) }
            if slot.high == uuid.high && slot.low == uuid.low { return (index, true) }
            index = (index + 1) & mask
        }
    }

    /// The row of `uuid`, if it has an entry.
    subscript(uuid: ParsedUUID) -> Int64? {
        let (index, found) = slot(of: uuid)
        return found ? slots[index].row : nil
    }

    /// Adds `uuid` with `row` unless it has an entry; whether it did.
    mutating func insert(_ uuid: ParsedUUID, row: Int64) -> Bool {
        precondition(row != Self.empty, "not a row")
        if (count + 1) * 10 >= slots.count * 7 { grow() }
        let (index, found) = slot(of: uuid)
        guard !found else { return false }
        slots[index] = Slot(high: uuid.high, low: uuid.low, row: row)
        count += 1
        return true
    }

    /// Sets the row of `uuid`, adding it when it has no entry.
    mutating func update(_ uuid: ParsedUUID, row: Int64) {
        precondition(row != Self.empty, "not a row")
        if (count + 1) * 10 >= slots.count * 7 { grow() }
        let (index, found) = slot(of: uuid)
        if !found { count += 1 }
        slots[index] = Slot(high: uuid.high, low: uuid.low, row: row)
    }

    /// Takes out `uuid`'s entry, if any. The entries after it in its run move
    /// back, so that every lookup still finds its entry without tombstones.
    mutating func remove(_ uuid: ParsedUUID) {
        var (hole, found) = slot(of: uuid)
        guard found else { return }
        slots[hole].row = Self.empty
        count -= 1
        var index = hole
        while true {
            index = (index + 1) & mask
            let slot = slots[index]
            if slot.row == Self.empty { return }
            // Moved back only if its home is not inside (hole, index]: else a lookup would stop at the hole.
            let home = self.home(of: ParsedUUID(high: slot.high, low: slot.low))
            if (index &- home) & mask >= (index &- hole) & mask {
                slots[hole] = slot
                slots[index].row = Self.empty
                hole = index
            }
        }
    }

    mutating func removeAll() { self = UUIDRowTable() }

    mutating func reserveCapacity(_ entries: Int) {
        if Self.slotCount(for: entries) > slots.count { rehash(into: Self.slotCount(for: entries)) }
    }

    private mutating func grow() { rehash(into: slots.count * 2) }

    private mutating func rehash(into size: Int) {
        let old = slots
        slots = Array(repeating: Slot(high: 0, low: 0, row: Self.empty), count: size)
        mask = size - 1
        for slot in old where slot.row != Self.empty {
            var index = home(of: ParsedUUID(high: slot.high, low: slot.low))
            while slots[index].row != Self.empty { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}
