/// A point on the driver's monotonic clock, in whole nanoseconds since an origin
/// the driver picks (app launch, screen appearance, the start of a trace).
///
/// Integer nanoseconds keep qualification times exact: `start + minimum` is the
/// same number whichever way the engine was polled.
public struct MonotonicInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Rounds to the nearest nanosecond. `seconds` must be finite and within
    /// ±``maximumSeconds``; use ``init(checkedSeconds:)`` for values read from outside.
    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    /// The largest magnitude, in seconds, of times and durations read from
    /// outside (about 95 years): whole nanoseconds in an `Int64` then hold a
    /// time plus twice a duration (a dwell's end, a default commit interval)
    /// without overflowing.
    public static let maximumSeconds: Double = 3_000_000_000

    /// Rounds to the nearest nanosecond; nil for `nan`, infinities and values
    /// beyond ±``maximumSeconds`` (which would overflow).
    public init?(checkedSeconds seconds: Double) {
        guard seconds.isFinite, abs(seconds) <= Self.maximumSeconds else { return nil }
        self.init(seconds: seconds)
    }

    /// The time elapsed since `origin` on a `ContinuousClock` (drivers on Apple
    /// platforms and Linux); pause accounting is the engine's job, not the clock's.
    public init(_ instant: ContinuousClock.Instant, since origin: ContinuousClock.Instant) {
        self.nanoseconds = (instant - origin).nanosecondsValue
    }

    public static let zero = MonotonicInstant(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: lhs.nanoseconds + rhs.nanosecondsValue)
    }

    public static func - (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Duration {
        .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }

    /// Seconds with up to nine decimals and no binary rounding (`1.5`, `0.016`).
    public var description: String { SecondsText.format(nanoseconds) }
}

extension Duration {
    /// The duration in whole nanoseconds (sub-nanosecond parts are dropped).
    var nanosecondsValue: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in seconds as a double.
    var secondsValue: Double { Double(nanosecondsValue) / 1e9 }
}

/// Exact decimal text for a count of nanoseconds.
enum SecondsText {
    static func format(_ nanoseconds: Int64) -> String {
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        var fraction = magnitude % 1_000_000_000
        var text = (negative ? "-" : "") + String(whole)
        if fraction > 0 {
            var digits = 9
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let raw = String(fraction)
            text += "." + String(repeating: "0", count: digits - raw.count) + raw
        }
        return text
    }
}
