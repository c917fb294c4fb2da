import Testing
import TrackingCore

/// `JSONValue.parse(_:maxDepth:maxValues:)`: every value counts once, at any
/// depth, member names do not, and the parse stops at the first value past the
/// limit with an error of its own kind.
@Suite struct JSONValueLimitTests {
    /// The parse's error, or nil when it succeeds.
    static func failure(_ text: String, maxValues: Int) -> JSONParseError? {
        do {
            _ = try JSONValue.parse(Array(text.utf8), maxValues: maxValues)
            return nil
        } catch {
            return error
        }
    }

    @Test("Exactly at the limit is accepted, one over is refused", arguments: [
        // (text, its number of values)
        ("0", 1), ("[]", 1), ("{}", 1), (#""""#, 1), ("[1,2,3]", 4), ("[true,false,null]", 4),
        (#"{"a":1,"b":"x"}"#, 3), ("[[],[[]],{}]", 5), (#" [ 1 , { "k" : [ ] } ] "#, 4),
    ])
    func atAndOverTheLimit(text: String, values: Int) throws {
        let parsed = try JSONValue.parse(Array(text.utf8), maxValues: values)
        #expect(parsed == (try JSONValue.parse(text)))
        let refused = try #require(Self.failure(text, maxValues: values - 1))
        #expect(refused.exceedsValueLimit)
        #expect(refused.message == "more than \(values - 1) values")
    }

    @Test("Nested arrays and objects count every value at every depth, not member names")
    func nestedValues() throws {
        // root, "a"'s array, its object, "b"'s array, 1, 2, "c"'s object, "d"'s null: 8.
        let text = #"{"a":[{"b":[1,2]}],"c":{"d":null}}"#
        #expect(Self.failure(text, maxValues: 8) == nil)
        let refused = try #require(Self.failure(text, maxValues: 7))
        #expect(refused.exceedsValueLimit)
        // The 8th value is the null: the parse read nothing past it.
        #expect(refused.offset == text.utf8.count - "null}}".utf8.count)
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(Self.failure(deep, maxValues: 100) == nil)
        #expect(Self.failure(deep, maxValues: 99)?.exceedsValueLimit == true)
    }

    @Test("A string is one value whatever it holds: brackets, commas, escaped quotes, \\u escapes")
    func stringsWithEscapes() throws {
        // root, the string, the array, its string, 1: 5 (the old byte count made it 9).
        let text = #"{"k,[{":"a\"],[{,\\","b":["\u005b,\"{",1]}"#
        #expect(Self.failure(text, maxValues: 5) == nil)
        #expect(Self.failure(text, maxValues: 4)?.exceedsValueLimit == true)
        let parsed = try JSONValue.parse(Array(text.utf8), maxValues: 5)
        #expect(parsed["k,[{"] == .string(#"a"],[{,\"#))
        #expect(parsed["b"] == .array([.string(#"[,"{"#), .number("1")]))
    }

    @Test("Other errors are not the limit's; the limit wins over a syntax error after it")
    func distinctFromOtherErrors() throws {
        #expect(Self.failure("[1,2,]", maxValues: 10)?.exceedsValueLimit == false)
        #expect(Self.failure("[1,2,]", maxValues: 2)?.exceedsValueLimit == true)
        #expect(Self.failure("[1,2 x", maxValues: 2)?.exceedsValueLimit == true)
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(Self.failure(deep, maxValues: 1_000)?.exceedsValueLimit == false)
        #expect(Self.failure("[1,2]", maxValues: 0)?.exceedsValueLimit == true)
        #expect(Self.failure("[1,2]", maxValues: -1)?.exceedsValueLimit == true)
        #expect(Self.failure("[1,2]", maxValues: Int.min)?.exceedsValueLimit == true)
        // Empty input is refused as such, not as a value past the limit.
        #expect(Self.failure("", maxValues: 0)?.exceedsValueLimit == false)
    }

    @Test("Without a limit, a text of 300,000 values parses")
    func noLimitByDefault() throws {
        let text = "[" + String(repeating: "0,", count: 299_999) + "0]"
        guard case .array(let items) = try JSONValue.parse(text) else {
            Issue.record("not an array")
            return
        }
        #expect(items.count == 300_000)
    }

    /// What bounds the memory: the parse builds only values it has counted, left to
    /// right, and stops at the first one past the limit, so a text of millions of
    /// values is refused after reading (and building) a few thousand of them.
    @Test("Millions of values past the limit: refused where the limit is reached, without reading on")
    func stopsAtTheLimit() throws {
        let count = 4_000_000
        var bytes = Array(("[" + String(repeating: "{},", count: count)).utf8)
        bytes[bytes.count - 1] = UInt8(ascii: "]")
        var caught: JSONParseError?
        do { _ = try JSONValue.parse(bytes, maxValues: 1_000) } catch { caught = error }
        let refused = try #require(caught)
        #expect(refused.exceedsValueLimit)
        // The root is the first value, `{}` number k the (k + 1)th at byte 1 + 3 (k - 1):
        // the 1,001st value is the 1,000th `{}`, and nothing after it was read.
        #expect(refused.offset == 1 + 3 * 999)
    }
}
