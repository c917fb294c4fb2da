/// Derives Kotlin identifiers from contract names, in one place, so that the
/// renderer and the name checks agree (docs/kotlin.md, "The mapping").
///
/// A name chosen in `names.kotlin:` is used as written; otherwise members and
/// functions are lower camel, types upper camel, value-set members upper
/// snake case. Keywords are escaped with backticks where they become code;
/// names the generated code itself uses get a trailing `_`.
package enum KotlinNames {
    /// `names.kotlin` and `generate --target kotlin`.
    static let targetID = "kotlin"

    /// Kotlin's hard keywords: usable as names only between backticks.
    static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
        "when", "while",
    ]

    /// The runtime types generated files import: a contract type of the same name would be hidden by the import.
    static let importedRuntimeTypes: Set<String> = [
        "Constraints", "ContractObject", "EventGlobals", "FieldChecks", "FieldKey", "FieldReaders", "JsonWriter",
        "PatternProgram", "TrackedEvent", "Violation", "Violations",
    ]

    /// `java.lang.Object`'s methods: an event function without arguments of one of these names would override it.
    static let objectMethods: Set<String> = ["equals", "hashCode", "toString", "getClass", "notify", "notifyAll", "wait", "finalize", "clone"]

    /// The properties every event has (`TrackedEvent`): a kind's field cannot take these names.
    static let eventProperties: Set<String> = ["eventName", "kindName", "uuid", "clientTimestamp", "violations", "isValid"]

    /// `identifier` as code: in backticks when it is a hard keyword.
    static func escaped(_ identifier: String) -> String {
        hardKeywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `name` can be used as a Kotlin identifier (between backticks if a keyword).
    static func isIdentifier(_ name: String) -> Bool {
        // ASCII names (nearly all) in one pass over the bytes.
        var ascii = true
        var hasNonUnderscore = false
        for byte in name.utf8 {
            guard byte < 0x80 else { ascii = false; break }
            let isDigit = byte >= 0x30 && byte <= 0x39
            guard isDigit || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F else { return false }
            if byte != 0x5F { hasNonUnderscore = true }
        }
        if ascii {
            guard let first = name.utf8.first, !(first >= 0x30 && first <= 0x39) else { return false }
            return hasNonUnderscore
        }
        guard let first = name.unicodeScalars.first, !(first.value >= 0x30 && first.value <= 0x39) else { return false }
        return name.unicodeScalars.allSatisfy(isIdentifierScalar) && name.unicodeScalars.contains { $0 != "_" }
    }

    private static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
        }
        return scalar.properties.isAlphabetic
    }

    /// `derived` made an identifier: other characters become `_`, a leading digit gets a `_` before it;
    /// `nil` when nothing usable is left.
    static func identifier(_ derived: String) -> String? {
        if isIdentifier(derived) { return derived }
        var scalars = String.UnicodeScalarView()
        for scalar in derived.unicodeScalars { scalars.append(isIdentifierScalar(scalar) ? scalar : "_") }
        var result = String(scalars)
        if let first = result.unicodeScalars.first, first.value >= 0x30 && first.value <= 0x39 { result = "_" + result }
        return isIdentifier(result) ? result : nil
    }

    /// The property and parameter name of `field`.
    static func member(_ field: Field) -> String {
        if let chosen = field.names[targetID] { return chosen }
        return identifier(CamelCase.lowerCamel(field.wireName)) ?? spelledSymbols(field.wireName, upperFirst: false) ?? "field"
    }

    /// The function of `event` in the contract's object.
    static func function(_ event: Event) -> String {
        if let chosen = event.names[targetID] { return chosen }
        let name = identifier(CamelCase.lowerCamel(event.name)) ?? spelledSymbols(event.name, upperFirst: false) ?? "event"
        return objectMethods.contains(name) ? name + "_" : name
    }

    /// The annotations the contract's object uses unqualified.
    static let annotations: Set<String> = ["JvmStatic", "JvmOverloads", "JvmField"]

    /// The class of `kind`, nested in the contract's object, with `_` appended while it is the object's own name,
    /// a runtime type the files import, an annotation the object uses or a top-level name of the files
    /// (`shadowing`, ``KotlinContract/topLevelNames(of:objectName:shardCount:)``): a nested class of that name
    /// would hide it from the object's code (kind `violation` would make `List<Violation>` its own class).
    static func kindClass(_ kind: Kind, contractObject: String, shadowing: Set<String>) -> String {
        var name = kind.names[targetID] ?? identifier(CamelCase.upperCamel(kind.name)) ?? spelledSymbols(kind.name, upperFirst: true) ?? "Kind"
        while name == contractObject || importedRuntimeTypes.contains(name) || annotations.contains(name) || shadowing.contains(name) {
            name += "_"
        }
        return name
    }

    /// The top-level type of an object or value set named `name` (chosen as `chosen` if so).
    static func topLevelType(_ name: String, chosen: String?, taken: Set<String>) -> String {
        let base = chosen ?? identifier(CamelCase.upperCamel(name)) ?? spelledSymbols(name, upperFirst: true) ?? "Type"
        return taken.contains(base) || importedRuntimeTypes.contains(base) ? base + "_" : base
    }

    /// The object `generate` declares for the contract: its name in upper camel case.
    static func contractObject(_ contractName: String) -> String {
        let name = identifier(CamelCase.upperCamel(contractName)) ?? "Contract"
        return importedRuntimeTypes.contains(name) ? name + "_" : name
    }

    /// The package when `--package` is not given: `contractgen.` and the contract's name in lowercase letters and digits.
    static func defaultPackage(_ contractName: String) -> String {
        var segment = String(contractName.lowercased().unicodeScalars.filter { ($0.value >= 0x61 && $0.value <= 0x7A) || ($0.value >= 0x30 && $0.value <= 0x39) })
        if segment.isEmpty || segment.unicodeScalars.first!.value <= 0x39 { segment = "c" + segment }
        if hardKeywords.contains(segment) { segment += "_" }
        return "contractgen." + segment
    }

    /// `nil` when `name` can be a package (dot-separated ASCII identifiers, none a keyword); otherwise what it must look like.
    package static func packageProblem(_ name: String) -> String? {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let valid = segments.allSatisfy { segment in
            segment.unicodeScalars.allSatisfy { $0.isASCII } && isIdentifier(segment) && !hardKeywords.contains(segment)
        }
        return valid ? nil : "dot-separated identifiers of ASCII letters, digits and '_', none a Kotlin keyword (com.example.events)"
    }

    /// A contract name without a letter or digit (`_`, `_-`), which casing leaves nothing of: each symbol
    /// spelled as a word (`underscore`, `underscoreHyphen`; `Underscore` for a type), so that two such names
    /// stay apart. Decided from the contract name alone, as every Kotlin name is; `nil` for an empty name.
    static func spelledSymbols(_ name: String, upperFirst: Bool) -> String? {
        let words = name.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "_": "underscore"
            case "-": "hyphen"
            case ".": "dot"
            default: "u\(String(scalar.value, radix: 16))"
            }
        }
        guard !words.isEmpty else { return nil }
        let joined = words.enumerated().map { index, word in index == 0 && !upperFirst ? word : CamelCase.uppercasedFirst(word) }.joined()
        return identifier(joined)
    }

    /// The enum constants of a value set's codes, in order: upper snake case
    /// (`tabBar` -> `TAB_BAR`); where two codes would meet, the codes in lower camel case instead
    /// (all-capitals codes lowercased first, `EUR` -> `eur`, unless that makes two alike).
    static func enumConstants(_ codes: [String]) -> [String] {
        let snake = codes.map(upperSnake)
        if Set(snake).count == snake.count, !snake.contains(where: { $0 == nil }) { return snake.map { $0! } }
        let plain = codes.map(CamelCase.lowerCamel)
        let lowered = codes.map { code in
            let isCapitals = code.contains(where: \.isUppercase) && !code.contains(where: \.isLowercase)
            return CamelCase.lowerCamel(isCapitals ? code.lowercased() : code)
        }
        return (Set(lowered).count == lowered.count ? lowered : plain).map { identifier($0) ?? "member" }
    }

    private static func upperSnake(_ code: String) -> String? {
        var out = ""
        var previousLowerOrDigit = false
        for scalar in code.unicodeScalars {
            let v = scalar.value
            let isUpper = v >= 0x41 && v <= 0x5A
            let isLower = v >= 0x61 && v <= 0x7A
            let isDigit = v >= 0x30 && v <= 0x39
            if isUpper && previousLowerOrDigit { out += "_" }
            if isUpper || isDigit || v == 0x5F {
                out.unicodeScalars.append(scalar)
            } else if isLower {
                out.unicodeScalars.append(Unicode.Scalar(v - 32)!)
            } else {
                out += "_"
            }
            previousLowerOrDigit = isLower || isDigit
        }
        return identifier(out)
    }
}
