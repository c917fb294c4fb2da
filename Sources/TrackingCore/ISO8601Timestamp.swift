import Foundation

/// Formats and parses the wire form of timestamps: ISO 8601, UTC, milliseconds
/// (`2026-11-22T12:00:00.000Z`). Hand-written so that encoding an event needs no
/// `DateFormatter` (slow, and not thread-safe on every platform).
public enum ISO8601Timestamp {
    /// The wire string for `date`.
    public static func string(from date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first and last microsecond the wire form can write: years 0000 to 9999.
    static let writableMicros: ClosedRange<Int64> = -62_167_219_200_000_000...253_402_300_799_999_999

    /// Appends the wire form of `date` (without quotes) to `bytes`
    /// (docs/wire-format.md, "timestamp"): the instant rounded to the nearest
    /// microsecond (a `Date` is a `Double` of seconds, which cannot hold most
    /// milliseconds exactly), then to whole milliseconds down, clamped to the
    /// years 0000 to 9999.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // NaN (no instant at all) is written as the first writable instant, like any date before it.
        let whole: Int64 = micros.isNaN || micros < -1e18 ? writableMicros.lowerBound
            : micros > 1e18 ? writableMicros.upperBound : Int64(micros)
        let clamped = min(max(whole, writableMicros.lowerBound), writableMicros.upperBound)
        let totalMillis = clamped / 1000 - (clamped % 1000 < 0 ? 1 : 0)
        var days = totalMillis / 86_400_000
        var millisOfDay = totalMillis % 86_400_000
        if millisOfDay < 0 { millisOfDay += 86_400_000; days -= 1 }
        let (year, month, day) = civil(fromDays: days)
        let hour = millisOfDay / 3_600_000
        let minute = millisOfDay / 60_000 % 60
        let second = millisOfDay / 1000 % 60
        let millis = millisOfDay % 1000
        digits(year, 4, &bytes); bytes.append(UInt8(ascii: "-"))
        digits(month, 2, &bytes); bytes.append(UInt8(ascii: "-"))
        digits(day, 2, &bytes); bytes.append(UInt8(ascii: "T"))
        digits(hour, 2, &bytes); bytes.append(UInt8(ascii: ":"))
        digits(minute, 2, &bytes); bytes.append(UInt8(ascii: ":"))
        digits(second, 2, &bytes); bytes.append(UInt8(ascii: "."))
        digits(millis, 3, &bytes); bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses the wire form (`YYYY-MM-DDTHH:MM:SS.mmmZ`); `nil` for anything else.
    public static func date(from string: String) -> Date? {
        // The bytes in place (no array per call): the payload check reads every timestamp.
        var string = string
        return string.withUTF8 { date(fromUTF8: $0) }
    }

    private static func date(fromUTF8 b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 24, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T"),
              b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"), b[19] == UInt8(ascii: "."),
              b[23] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var n: Int64 = 0
            for i in range {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                n = n * 10 + Int64(b[i] - 48)
            }
            return n
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              let millis = number(20..<23),
              (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = self.days(fromCivil: year, month, day)
        let total = ((days * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: Double(total) + Double(millis) / 1000)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms (public domain arithmetic).
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }

    static func days(fromCivil y0: Int64, _ m: Int64, _ d: Int64) -> Int64 {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    @inline(__always)
    static func digits(_ value: Int64, _ width: Int, _ bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var v = value
        while divisor > 0 {
            bytes.append(UInt8(48 + (v / divisor) % 10))
            v %= divisor
            divisor /= 10
        }
    }
}
