/// The camel casing every code target derives its names with, in one place,
/// so that each target's collision checks and its renderer agree by
/// construction. Language-neutral: escaping and reserved words are each
/// target's own (``SwiftName``, `KotlinNames`, `TypeScriptNames`).
package enum CamelCase {
    /// `cart_id` -> `cartId`, `image-url` -> `imageUrl`, `Type` -> `type`.
    /// Not escaped: a target escapes it where it becomes code.
    package static func lowerCamel(_ wireName: String) -> String {
        asciiCamel(wireName, upperFirst: false) ?? generalLowerCamel(wireName)
    }

    static func generalLowerCamel(_ wireName: String) -> String {
        let parts = words(wireName)
        guard let first = parts.first else { return "_" }
        let head = lowercasedFirst(first)
        let rest = parts.dropFirst().map(uppercasedFirst).joined()
        return head + rest
    }

    /// `product_detail` -> `ProductDetail`, `pageView` -> `PageView`.
    package static func upperCamel(_ wireName: String) -> String {
        asciiCamel(wireName, upperFirst: true) ?? generalUpperCamel(wireName)
    }

    static func generalUpperCamel(_ wireName: String) -> String {
        let joined = words(wireName).map(uppercasedFirst).joined()
        return joined.isEmpty ? "_" : joined
    }

    /// ``upperCamel(_:)`` or ``lowerCamel(_:)`` of an ASCII name in one pass
    /// over its bytes (names of a large contract are made by the ten
    /// thousand); `nil` for other names, which take the general path.
    static func asciiCamel(_ name: String, upperFirst: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(name.utf8.count + 1)
        var wordStart = true
        var words = 0
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") {
                wordStart = true
                continue
            }
            guard wordStart else {
                out.append(byte)
                continue
            }
            wordStart = false
            words += 1
            // A first word that starts with a digit keeps a leading underscore (`_1st`).
            if words == 1, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                out.append(UInt8(ascii: "_"))
                out.append(byte)
            } else if words == 1 && !upperFirst {
                out.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
            } else {
                out.append(byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte)
            }
        }
        return words == 0 ? "_" : String(decoding: out, as: UTF8.self)
    }

    /// Words of a wire name: split at `_`, `-` and `.`, keeping a leading `_` run.
    static func words(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        for ch in name {
            if ch == "_" || ch == "-" || ch == "." {
                if !current.isEmpty { result.append(current); current = "" }
            } else {
                current.append(ch)
            }
        }
        if !current.isEmpty { result.append(current) }
        if result.isEmpty { return name.isEmpty ? [] : ["_"] }
        // A name that starts with a digit after splitting (`_1st`) keeps a leading underscore.
        if let first = result.first?.first, first.isNumber { result[0] = "_" + result[0] }
        return result
    }

    static func uppercasedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    static func lowercasedFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
    }
}
