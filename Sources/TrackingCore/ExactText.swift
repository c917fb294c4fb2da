/// How payload text is compared with contract text: scalar for scalar, as the
/// wire, the TypeScript runtime and the Kotlin runtime compare it. Swift's `==`
/// on `String` compares canonical equivalence: `"é" == "e\u{301}"`, and even
/// `"K" == "\u{212A}"` (the Kelvin sign) and `";" == "\u{37E}"` (the Greek
/// question mark), so a payload could pass the Swift checks (the collector's)
/// with text the other runtimes refuse, and be stored with a member name no
/// consumer expects.
enum ExactText {
    /// Whether `a` and `b` hold the same scalars.
    @inline(__always)
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `set` holds `text`, scalar for scalar: the set's hashing finds a canonically equivalent
    /// member, which must then be the same text.
    static func contains(_ set: Set<String>, _ text: String) -> Bool {
        guard let index = set.firstIndex(of: text) else { return false }
        return same(set[index], text)
    }

    /// Whether a name from a payload is `name`, a name of the contract. Contract names are ASCII
    /// (`NameSyntax`), and every non-ASCII scalar canonically equivalent to ASCII (U+212A, U+037E,
    /// U+1FEF) takes more UTF-8 bytes than the letter it stands for: `==` with equal byte counts is
    /// exact here, and costs no more than `==` on the short names of a payload.
    @inline(__always)
    static func sameName(_ payloadName: String, _ name: String) -> Bool {
        payloadName == name && payloadName.utf8.count == name.utf8.count
    }

    /// Whether `text` is ASCII: then a lookup by Swift's `String` hashing finds exactly `text` among ASCII names.
    @inline(__always)
    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }
}
