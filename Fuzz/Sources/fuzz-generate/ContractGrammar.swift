/// Turns any bytes into the text of a contract that is valid by construction
/// in its shape (every section, every kind of field, value sets in both forms,
/// objects that refer to each other, events that fix their kind's values), so
/// that libFuzzer's mutations explore names and combinations, not YAML syntax.
/// Names are drawn from the ones generated code must survive: Swift keywords,
/// `_`, `x` beside `xOptional`, Swift, Foundation and SwiftUI type names, the
/// names of generated members and of `…SupportVersion` / `…FieldKeysProtocol…`;
/// free text (wire values, descriptions, deprecation notes, defaults) carries
/// unicode, quotes, backslashes and control characters.
///
/// Some outputs are still refused by the validator (two names that derive the
/// same Swift name, a default outside its bounds): those exercise the
/// validator; the rest go on to generation.
struct ContractGrammar {
    private var bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: Reading the fuzzer's choices

    /// The next byte; zeros once the input is used up, so every input maps to a contract.
    private mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(byte()) % bound }
    private mutating func chance(_ inEight: Int) -> Bool { below(8) < inEight }
    private mutating func pick<T>(_ options: [T]) -> T { options[below(options.count)] }

    // MARK: Names

    /// Names that are keywords, `_`, or clash with Swift, Foundation, SwiftUI,
    /// TrackingCore or members of generated code.
    static let hostileNames = [
        "_", "__", "_x", "x_", "x", "xOptional", "X", "XOptional", "Type", "type", "Self", "self", "protocol",
        "Protocol", "default", "class", "struct", "enum", "func", "init", "deinit", "subscript", "operator", "inout",
        "is", "as", "in", "where", "true", "false", "nil", "some", "any", "Any", "await", "async", "throws", "try",
        "catch", "return", "static", "public", "internal", "private", "import", "let", "var", "if", "else", "switch",
        "case", "for", "while", "repeat", "do", "guard", "defer", "break", "continue", "fallthrough", "associatedtype",
        "typealias", "extension", "super", "Sendable", "Hashable", "Equatable", "Codable", "Optional", "String",
        "Int", "Double", "Bool", "Array", "Dictionary", "Set", "Data", "URL", "Date", "UUID", "Decimal", "Notification",
        "Result", "Task", "Error", "Never", "Void", "Section", "View", "Text", "Color", "Image", "List", "Button",
        "Swift", "Foundation", "SwiftUI", "UIKit", "Combine", "TrackingCore", "Event", "Events", "Kinds", "Fields",
        "OptionalFields", "descriptor", "name", "version", "validate", "writeJSON", "writeMembers", "eventName",
        "kindName", "contractVersion_", "collectViolations", "wireJSON", "rawValue", "hash", "hashValue",
        "description", "rules", "fields", "kinds", "events", "objects", "cart_id", "cartId", "image-url", "imageUrl",
        "a.b", "a-b", "a_b", "aB", "_1", "x1", "ABC", "aBC", "Abc", "uuid", "clientTimestamp", "value", "values",
        "item", "items", "Item", "Items", "supportVersion", "SupportVersion", "FieldKeysProtocol",
        "FieldKeysProtocolX", "fieldKeys", "Equals", "payload", "writer", "violations", "path", "Kind", "Field",
    ]

    static let suffixes = ["", "", "", "Optional", "_", "s", "1", "Type", "Protocol", "Fields", "-x", ".v2", "_id", "Id"]

    /// A contract name: a valid name, sometimes one that clashes.
    private mutating func name() -> String {
        if chance(1) {
            // A fresh lowercase name the fuzzer spells itself.
            let letters = Array("abcxyzXYZ_")
            var text = String(pick(Array("abxXY_")))
            for _ in 0..<below(6) { text.append(pick(letters)) }
            return text
        }
        return pick(Self.hostileNames) + pick(Self.suffixes)
    }

    /// `count` names, none twice (a YAML mapping cannot repeat a key).
    private mutating func names(_ count: Int, avoiding taken: inout Set<String>, extra: [String] = []) -> [String] {
        var result: [String] = []
        for _ in 0..<count {
            var candidate = extra.isEmpty || chance(5) ? name() : pick(extra)
            var suffix = 2
            while taken.contains(candidate) {
                candidate += "\(suffix)"
                suffix += 1
            }
            taken.insert(candidate)
            result.append(candidate)
        }
        return result
    }

    /// A Swift identifier for `swiftName:`.
    private mutating func swiftName() -> String {
        pick(["underscore", "renamed", "Custom", "value_", "_x", "typeName", "Self_", "Type_", "xOptional", "x", "X", "x_items", "X_b", "b_c"])
            + pick(["", "", "2", "Name"])
    }

    // MARK: Free text

    static let textPieces = [
        "plain", "with space", "Café", "naïve", "日本語", "😀", "👩‍👩‍👧", "e\u{301}", "\u{200B}zero width", "\u{202E}rtl",
        "\u{2066}isolate\u{2069}", "quote \" inside", "back\\slash", "\\u0000", "tab\there", "line\nbreak",
        "\u{1B}[2J", "\u{7}bell", "\u{85}next", "\u{2028}sep", "*/ /*", "// comment", "/// doc", "#\"raw\"#",
        "\\(interpolation)", "\"\"\"", "'single'", "{ braces }", "[brackets]", ": colon", "- dash", "# hash", "%",
        "@", "&anchor", "*alias", "!tag", "|", ">", "`backtick`", "$0", "\u{FEFF}bom", "\u{FFFD}", "\u{10FFFF}",
    ]

    private mutating func text() -> String {
        var result = ""
        for index in 0..<(1 + below(3)) {
            if index > 0 { result += " " }
            result += pick(Self.textPieces)
        }
        return result
    }

    /// `text` as a YAML double-quoted scalar: every character kept (C0
    /// controls, DEL and the C1 range written as escapes).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
                    || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A key as YAML: names hold only `A-Za-z0-9_-.`, but some (`true`, `nil`,
    /// `default`) would read as other scalars unquoted.
    static func key(_ name: String) -> String { quoted(name) }

    // MARK: Types and fields

    struct Declared {
        var valueSets: [(name: String, codes: [String], wire: [String])] = []
        var objects: [(name: String, required: [(name: String, type: FieldType)])] = []
    }

    indirect enum FieldType {
        case string(pattern: String?, minLength: Int?, maxLength: Int?)
        case int(minimum: Int?, maximum: Int?)
        case double, decimal, bool, uuid, timestamp
        case array(FieldType, maxItems: Int?)
        case valueSet(Int)
        case object(Int)
    }

    static let patterns = [
        "^[0-9]{4,12}$", "^[A-Z0-9]{4,16}$", "^https://", "^[a-z]+@[a-z]+\\.com$", "(a|b)*c", "^\\d+$", "é+",
        "^[^\"\\\\]*$", "\\u00e9", "^.{0,3}$", "\\$\\(x\\)", "[\\]]", "^(?:x|y)?$", "",
    ]

    private mutating func fieldType(_ declared: Declared, depth: Int = 0) -> FieldType {
        switch below(11) {
        case 0: return .string(pattern: chance(3) ? pick(Self.patterns) : nil,
                               minLength: chance(2) ? below(3) : nil, maxLength: chance(2) ? 3 + below(200) : nil)
        case 1: return .int(minimum: chance(3) ? below(5) - 2 : nil, maximum: chance(2) ? 10 + below(100) : nil)
        case 2: return .double
        case 3: return .decimal
        case 4: return .bool
        case 5: return .uuid
        case 6: return .timestamp
        case 7 where depth < 2: return .array(fieldType(declared, depth: depth + 1), maxItems: chance(3) ? 1 + below(50) : nil)
        case 8 where !declared.valueSets.isEmpty: return .valueSet(below(declared.valueSets.count))
        case 9 where !declared.objects.isEmpty: return .object(below(declared.objects.count))
        default: return .string(pattern: nil, minLength: nil, maxLength: nil)
        }
    }

    private func typeText(_ type: FieldType, _ declared: Declared) -> String {
        switch type {
        case .string(let pattern, let minLength, let maxLength):
            var text = "type: string"
            if let pattern { text += ", pattern: \(Self.quoted(pattern))" }
            if let minLength { text += ", minLength: \(minLength)" }
            if let maxLength { text += ", maxLength: \(maxLength)" }
            return text
        case .int(let minimum, let maximum):
            var text = "type: int"
            if let minimum { text += ", minimum: \(minimum)" }
            if let maximum { text += ", maximum: \(maximum)" }
            return text
        case .double: return "type: double"
        case .decimal: return "type: decimal"
        case .bool: return "type: bool"
        case .uuid: return "type: uuid"
        case .timestamp: return "type: timestamp"
        case .array(let items, let maxItems):
            return "type: array, items: { \(typeText(items, declared)) }" + (maxItems.map { ", maxItems: \($0)" } ?? "")
        case .valueSet(let index): return "type: \(Self.key(declared.valueSets[index].name))"
        case .object(let index): return "type: \(Self.key(declared.objects[index].name))"
        }
    }

    /// A default of `type` that the validator accepts (mostly).
    private mutating func defaultText(_ type: FieldType, _ declared: Declared) -> String? {
        switch type {
        case .string(let pattern, let minLength, _):
            guard pattern == nil else { return nil }
            return Self.quoted((minLength ?? 0) > 0 ? text() : pick(["", text()]))
        case .int(let minimum, _): return "\(minimum ?? 0)"
        case .double, .decimal: return pick(["0", "1.5", "-0.25", "1e3"])
        case .bool: return pick(["true", "false"])
        case .uuid: return Self.quoted("123e4567-e89b-12d3-a456-426614174000")
        case .timestamp: return Self.quoted("2024-01-02T03:04:05.678Z")
        case .array: return "[]"
        case .valueSet(let index): return Self.key(declared.valueSets[index].codes[0])
        case .object(let index):
            var members: [String] = []
            for member in declared.objects[index].required {
                guard let value = defaultText(member.type, declared) else { return nil }
                members.append("\(Self.key(member.name)): \(value)")
            }
            return "{ " + members.joined(separator: ", ") + " }"
        }
    }

    /// One field's mapping: type, constraints and metadata.
    private mutating func field(_ type: FieldType, _ declared: Declared, allowDefault: Bool) -> String {
        var parts = [typeText(type, declared)]
        if chance(2) { parts.append("description: \(Self.quoted(text()))") }
        if chance(1) { parts.append("pii: true") }
        if chance(1) { parts.append("deprecated: \(Self.quoted(text()))") }
        if chance(1) { parts.append("swiftName: \(swiftName())") }
        if allowDefault, chance(3), let value = defaultText(type, declared) { parts.append("default: \(value)") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    // MARK: The contract

    mutating func contract() -> String {
        var lines: [String] = []
        var declared = Declared()
        let contractName = pick(["Shop", "News", "Omnitracking", "Type", "Swift", "Foundation", "TrackingCore", "Event",
                                 "Self", "_", "protocol", "x", "Contract", "App", "Kinds", "Section"])
        lines.append("contract: \(Self.key(contractName))")
        lines.append("version: \(pick(["1.0.0", "0.0.1", "2.0.0-beta.1", "1.0.0+build.5"]))")
        if chance(3) { lines.append("description: \(Self.quoted(text()))") }

        // Types share one namespace: value sets and objects may not share a name.
        var typeNames: Set<String> = []
        var valueSetLines: [String] = []
        for setName in names(below(4), avoiding: &typeNames) {
            var codesTaken: Set<String> = []
            let codes = names(1 + below(4), avoiding: &codesTaken)
            if chance(4) {
                valueSetLines.append("  \(Self.key(setName)): [\(codes.map(Self.key).joined(separator: ", "))]")
                declared.valueSets.append((setName, codes, codes))
            } else {
                var wire: [String] = []
                valueSetLines.append("  \(Self.key(setName)):")
                for code in codes {
                    let value = text()
                    wire.append(value)
                    valueSetLines.append("    \(Self.key(code)): \(Self.quoted(value))")
                }
                declared.valueSets.append((setName, codes, wire))
            }
        }
        if !valueSetLines.isEmpty { lines.append("valueSets:"); lines += valueSetLines }

        // Objects: each may use value sets and the objects declared before it
        // (and itself, optionally), so there is no required cycle.
        var objectLines: [String] = []
        for objectName in names(below(4), avoiding: &typeNames) {
            var memberNames: Set<String> = []
            var required: [(name: String, type: FieldType)] = []
            objectLines.append("  \(Self.key(objectName)):")
            if chance(2) { objectLines.append("    description: \(Self.quoted(text()))") }
            if chance(1) { objectLines.append("    swiftName: \(swiftName())") }
            let requiredNames = names(below(3), avoiding: &memberNames)
            let optionalNames = names((requiredNames.isEmpty ? 1 : 0) + below(3), avoiding: &memberNames)
            if !requiredNames.isEmpty {
                objectLines.append("    required:")
                for member in requiredNames {
                    let type = fieldType(declared)
                    required.append((member, type))
                    objectLines.append("      \(Self.key(member)): \(field(type, declared, allowDefault: false))")
                }
            }
            // Declared before its optional members, which may then hold the object itself.
            declared.objects.append((objectName, required))
            objectLines.append("    optional:")
            for member in optionalNames {
                let type = fieldType(declared)
                objectLines.append("      \(Self.key(member)): \(field(type, declared, allowDefault: false))")
            }
        }

        // Every field name of the envelope, kinds and globals is one namespace.
        var envelopeNames: Set<String> = ["uuid", "clientTimestamp", "event", "kind", "contractVersion"]
        lines.append("mandatory:")
        lines.append("  uuid: { type: uuid }")
        lines.append("  clientTimestamp: { type: timestamp }")
        for extra in names(below(2), avoiding: &envelopeNames) {
            lines.append("  \(Self.key(extra)): \(field(fieldType(declared), declared, allowDefault: false))")
        }

        // Kinds; a kind's value-set fields are fixed by each event of it.
        var kindNames: Set<String> = []
        var kinds: [(name: String, fixed: [(field: String, codes: [String])])] = []
        lines.append("kinds:")
        for kindName in names(1 + below(3), avoiding: &kindNames, extra: ["pageView", "Type", "event", "Task"]) {
            var fixed: [(field: String, codes: [String])] = []
            var body: [String] = []
            if chance(2) { body.append("    description: \(Self.quoted(text()))") }
            if chance(1) { body.append("    swiftName: \(swiftName())") }
            let mandatory = names(below(3), avoiding: &envelopeNames)
            if !mandatory.isEmpty {
                body.append("    mandatory:")
                for fieldName in mandatory {
                    let type = fieldType(declared)
                    if case .valueSet(let index) = type { fixed.append((fieldName, declared.valueSets[index].codes)) }
                    body.append("      \(Self.key(fieldName)): \(field(type, declared, allowDefault: false))")
                }
            }
            lines.append("  \(Self.key(kindName)):" + (body.isEmpty ? " {}" : ""))
            lines += body
            kinds.append((kindName, fixed))
        }

        let globals = names(below(3), avoiding: &envelopeNames, extra: ["contractVersion_", "appVersion"])
        if !globals.isEmpty {
            lines.append("globals:")
            for global in globals {
                lines.append("  \(Self.key(global)): \(field(fieldType(declared), declared, allowDefault: true))")
            }
        }
        if !objectLines.isEmpty { lines.append("objects:"); lines += objectLines }

        // Curated fields: their names may repeat envelope names only where the
        // validator allows; keep them apart.
        var curatedTaken = envelopeNames
        let curated = names(below(6), avoiding: &curatedTaken, extra: ["x", "xOptional", "_", "self", "data"])
        if !curated.isEmpty {
            lines.append("fields:")
            for fieldName in curated {
                var entry = field(fieldType(declared), declared, allowDefault: false)
                if fieldName.allSatisfy({ $0 == "_" || $0 == "-" || $0 == "." }), !entry.contains("swiftName") {
                    entry.removeLast(2)
                    entry += ", swiftName: \(swiftName()) }"
                }
                lines.append("  \(Self.key(fieldName)): \(entry)")
            }
        }

        // Events: every field listed once, required or optional.
        var eventNames = typeNames
        let events = names(1 + below(5), avoiding: &eventNames,
                           extra: ["\(contractName)SupportVersion", "\(contractName)FieldKeysProtocolX", "_", "Type",
                                   "shop", "rules", "descriptor"])
        lines.append("events:")
        for eventName in events {
            let kind = kinds[below(kinds.count)]
            var parts = ["kind: \(Self.key(kind.name))"]
            for fixed in kind.fixed { parts.append("\(Self.key(fixed.field)): \(Self.key(pick(fixed.codes)))") }
            var required: [String] = []
            var optional: [String] = []
            for fieldName in curated {
                switch below(3) {
                case 0: required.append(Self.key(fieldName))
                case 1: optional.append(Self.key(fieldName))
                default: break
                }
            }
            if !required.isEmpty { parts.append("required: [\(required.joined(separator: ", "))]") }
            if !optional.isEmpty { parts.append("optional: [\(optional.joined(separator: ", "))]") }
            if chance(2) { parts.append("description: \(Self.quoted(text()))") }
            if chance(1) { parts.append("deprecated: \(Self.quoted(text()))") }
            if chance(2) || eventName.allSatisfy({ $0 == "_" || $0 == "-" || $0 == "." }) {
                parts.append("swiftName: \(swiftName())")
            }
            lines.append("  \(Self.key(eventName)): { \(parts.joined(separator: ", ")) }")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
