import TrackingCore

/// Compact JSON scalars for traces and replay output.
enum JSONText {
    /// Integral values without a fraction (`390`), others in Swift's shortest
    /// round-tripping form (`0.5`).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    static func string(_ value: String) -> String {
        var writer = JSONWriter(capacity: value.utf8.count + 2)
        writer.value(value)
        return writer.string
    }
}
