/// The TypeScript target's names, derived in one place so that its checks
/// and its renderer agree by construction (docs/typescript.md, "Names").
///
/// Members (properties) are the chosen name or the lower camel case of the
/// wire name, quoted in code when they are no identifier; functions are lower
/// camel case, with `_` appended to a reserved word; types are upper camel case.
package enum TypeScriptNames {
    /// The key in `names:`.
    static let targetID = "typescript"

    /// Words no module-level binding may be: JavaScript's reserved words (strict
    /// mode and modules), TypeScript's predefined type names, globals whose
    /// shadowing breaks code, and the names the generated code itself binds.
    static let reservedWords: Set<String> = [
        "arguments", "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
        "do", "else", "enum", "eval", "export", "extends", "false", "finally", "for", "function", "if", "implements",
        "import", "in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public",
        "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "yield", "any", "unknown", "never", "number", "string", "boolean", "symbol", "object", "bigint", "undefined",
        "NaN", "Infinity", "globalThis", "$rt", "$contract", "$types",
    ]

    /// The members every object has from `Object.prototype`: TypeScript
    /// checks an optional property of that name against the inherited
    /// function, so no object literal without it would fit. A field of that
    /// name gets `_` appended.
    static let objectMembers: Set<String> = [
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf",
    ]

    /// The property a field is read from: `names.typescript`, else the lower
    /// camel case of its wire name (with `_` appended to ``objectMembers``).
    static func member(_ field: Field) -> String {
        if let chosen = field.names[targetID] { return chosen }
        let derived = CamelCase.lowerCamel(field.wireName)
        return objectMembers.contains(derived) ? derived + "_" : derived
    }

    /// `name` as a property key in code: as is when an ASCII identifier, else
    /// quoted (`__proto__` computed: ``JavaScriptLiteral/key(_:)``).
    static func propertyKey(_ name: String) -> String {
        isIdentifier(name) && name != "__proto__" ? name : JavaScriptLiteral.key(name)
    }

    /// An event's function.
    static func function(_ event: Event) -> String {
        if let chosen = event.names[targetID] { return chosen }
        let derived = CamelCase.lowerCamel(event.name)
        return reservedWords.contains(derived) ? derived + "_" : derived
    }

    /// The interface of an event's properties (`EveryTypeProperties`).
    static func properties(_ event: Event) -> String { properties(ofFunction: function(event)) }

    /// ``properties(_:)`` from the event's ``function(_:)``, when that is at hand already.
    static func properties(ofFunction function: String) -> String { CamelCase.upperCamel(function) + "Properties" }

    /// A value set's type and constants.
    static func valueSet(_ set: ValueSet) -> String { CamelCase.upperCamel(set.name) }

    /// An object's interface and constructor function.
    static func object(_ object: ObjectType) -> String { object.names[targetID] ?? CamelCase.upperCamel(object.name) }

    /// A kind's fields (`ActionKind`) and its events' type (`ActionEvent`).
    static func kind(_ kind: Kind) -> (fields: String, event: String) {
        let base = kind.names[targetID] ?? CamelCase.upperCamel(kind.name)
        return (base + "Kind", base + "Event")
    }

    /// ASCII letters, digits, `_` and `$`, not starting with a digit.
    static func isIdentifier(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        func isStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 }
        return !bytes.isEmpty && isStart(bytes[0]) && bytes.allSatisfy { isStart($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }
}
