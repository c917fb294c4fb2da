/// How many values a JSON text would build, counted in one pass over its bytes
/// without building any: parsing a body first and counting its events after lets a
/// 4 MB body of `{},{},…` (1.3 million empty events) or a gzip inflating to 16 MB
/// grow the collector by hundreds of megabytes before it is refused.
///
/// The count is the number of `{`, `[` and `,` outside strings, plus one: every value
/// but the first of its container follows a comma, and every container opens with a
/// bracket, so it is within a small factor of the values (and keys) a parser builds.
/// Malformed text is counted the same way and left for the parser to refuse.
enum JSONBudget {
    /// `true` when `bytes` holds more than `limit` values; stops counting past it.
    static func exceeds(_ bytes: [UInt8], limit: Int) -> Bool {
        var count = 1
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","):
                count += 1
                if count > limit { return true }
            default:
                break
            }
        }
        return false
    }
}
