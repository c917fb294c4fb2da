import Foundation
import TrackingCore

/// Field declarations: type, constraints, metadata.
extension ContractReader {
    /// The scalar types by contract name (``ScalarFieldType``'s table).
    static let builtinTypes: [String: ValueType] = Dictionary(
        uniqueKeysWithValues: ScalarFieldType.allCases.map { ($0.entry.contractName, $0.valueType) })
    static let specKeys = ["type", "items", "minLength", "maxLength", "pattern", "minimum", "maximum", "minItems", "maxItems"]
    static let metadataKeys = ["description", "pii", "deprecated", "default"] + CodeTargets.chosenNameKeys
    static let fieldKeys = specKeys + metadataKeys
    static let constraintHint =
        "'minLength', 'maxLength' and 'pattern' fit string; 'minimum' and 'maximum' fit int, double and decimal; 'items', 'minItems' and 'maxItems' fit array"

    /// Reads a mapping of field declarations (`name: { type: ... }`).
    func readFields(_ node: Node, section: @autoclosure () -> String) -> [Field] {
        guard let list = entries(of: node, what: section(), nullIsEmpty: true) else { return [] }
        return list.compactMap { readField($0) }
    }

    /// Reads one field declaration; `nil` when it has errors that leave no usable type.
    func readField(_ entry: MappingEntry) -> Field? {
        checkName(entry.name, what: "field name", at: entry.key.location)
        func what() -> String { "field '\(entry.name)'" }  // built only for messages
        guard let body = entries(of: entry.value, what: what(), allowed: Self.fieldKeys) else { return nil }
        let spec = readSpec(body, what: what(), at: entry.key.location)

        let description = body["description"].flatMap { text(of: $0.value, what: "'description' of \(what())") }
        var pii = false
        if let entry = body["pii"] {
            if case .bool(let value)? = entry.value.scalarValue {
                pii = value
            } else {
                error("'pii' of \(what()) must be true or false, found \(describe(entry.value))", at: entry.value.location)
            }
        }
        var deprecated: String?
        if let entry = body["deprecated"] {
            if case .bool? = entry.value.scalarValue {
                error("'deprecated' of \(what()) takes a message, found \(describe(entry.value))", at: entry.value.location, hint: "say what to use instead: 'deprecated: Use skuItemList instead.'")
            } else {
                deprecated = text(of: entry.value, what: "'deprecated' of \(what())")
            }
        }
        let names = readNames(in: body, of: what())
        guard let spec else { return nil }
        if let defaultEntry = body["default"] { defaultNodes[entry.key.location] = defaultEntry.value }
        return Field(
            wireName: entry.name, spec: spec, description: description, pii: pii, deprecated: deprecated,
            defaultValue: nil, names: names, location: entry.key.location)
    }

    /// Reads a type with its constraints from an already split mapping.
    func readSpec(_ body: [MappingEntry], what: @autoclosure () -> String, at owner: SourceLocation) -> ValueSpec? {
        guard let typeEntry = body["type"] else {
            error("\(what()) has no 'type'", at: owner, hint: "add 'type: string' or another type")
            return nil
        }
        guard case .string(let typeName)? = typeEntry.value.scalarValue else {
            error("'type' of \(what()) must be a type name, found \(describe(typeEntry.value))", at: typeEntry.value.location)
            return nil
        }
        let type: ValueType
        if let builtin = Self.builtinTypes[typeName] {
            type = builtin
        } else if typeName == "array" {
            guard let items = body["items"] else {
                error("array \(what()) has no 'items'", at: owner, hint: "say what the array holds: 'items: { type: string }'")
                return nil
            }
            guard let itemBody = entries(of: items.value, what: "'items' of \(what())", allowed: Self.specKeys),
                let itemSpec = readSpec(itemBody, what: "items of \(what())", at: items.key.location)
            else { return nil }
            type = .array(items: itemSpec)
        } else if valueSetNames.contains(typeName) {
            type = .valueSet(typeName)
            usedTypeNames.insert(typeName)
        } else if objectNames.contains(typeName) {
            type = .object(typeName)
            usedTypeNames.insert(typeName)
        } else {
            let candidates = Array(Self.builtinTypes.keys) + ["array"] + valueSetNames + objectNames
            error(
                "unknown type '\(typeName)' for \(what())", at: typeEntry.value.location,
                hint: Suggestions.didYouMean(typeName, among: candidates.sorted())
                    ?? "types are \(ScalarFieldType.allCases.map(\.entry.contractName).joined(separator: ", ")), array, or the name of a value set or object")
            return nil
        }
        return ValueSpec(type, readConstraints(body, type: type, what: what()))
    }

    private func readConstraints(_ body: [MappingEntry], type: ValueType, what: @autoclosure () -> String) -> FieldConstraints {
        var c = FieldConstraints()
        func fits(_ key: String) -> Bool {
            switch type {
            case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
                ScalarFieldType(type)?.entry.constraintKeys.contains(key) ?? false
            case .array: key == "items" || key == "minItems" || key == "maxItems"
            case .valueSet, .object: false
            }
        }
        for entry in body where entry.name != "type" && Self.specKeys.contains(entry.name) {
            guard fits(entry.name) else {
                error("'\(entry.name)' does not fit type \(type.contractName) of \(what())", at: entry.key.location, hint: Self.constraintHint)
                continue
            }
            switch entry.name {
            case "minLength": c.minLength = count(entry, what: what())
            case "maxLength": c.maxLength = count(entry, what: what())
            case "minItems": c.minItems = count(entry, what: what())
            case "maxItems": c.maxItems = count(entry, what: what())
            case "minimum": c.minimum = number(entry, what: what())
            case "maximum": c.maximum = number(entry, what: what())
            case "pattern": c.pattern = pattern(entry, what: what())
            default: break
            }
        }
        if let min = c.minLength, let max = c.maxLength, min > max, let at = body["minLength"] {
            error("minLength \(min) of \(what()) is above its maxLength \(max)", at: at.value.location)
        }
        if let min = c.minItems, let max = c.maxItems, min > max, let at = body["minItems"] {
            error("minItems \(min) of \(what()) is above its maxItems \(max)", at: at.value.location)
        }
        if let min = c.minimum, let max = c.maximum, min > max, let at = body["minimum"] {
            error("minimum \(min) of \(what()) is above its maximum \(max)", at: at.value.location)
        }
        return c
    }

    private func count(_ entry: MappingEntry, what: @autoclosure () -> String) -> Int? {
        if case .integer(let value)? = entry.value.scalarValue, value >= 0 { return value }
        error("'\(entry.name)' of \(what()) must be a whole number of 0 or more, found \(describe(entry.value))", at: entry.value.location)
        return nil
    }

    private func number(_ entry: MappingEntry, what: @autoclosure () -> String) -> Decimal? {
        switch entry.value.scalarValue {
        case .integer(let value)?: return Decimal(value)
        case .number(let value)?: return value
        default:
            error("'\(entry.name)' of \(what()) must be a finite number, found \(describe(entry.value))", at: entry.value.location)
            return nil
        }
    }

    private func pattern(_ entry: MappingEntry, what: @autoclosure () -> String) -> String? {
        guard case .scalar(let text, _) = entry.value.value, !entry.value.isNull else {
            error("'pattern' of \(what()) must be a regular expression, found \(describe(entry.value))", at: entry.value.location)
            return nil
        }
        if let compiles = patternCompiles[text] { return compiles ? text : nil }
        do throws(PatternSyntaxError) {
            _ = try ContractRegex.compile(text)
            patternCompiles[text] = true
            return text
        } catch {
            patternCompiles[text] = false
            self.error("pattern '\(text)' of \(what()) is not in the pattern language: \(error.message)", at: entry.value.location, hint: "patterns use the subset of ECMAScript, ICU and RE2 in docs/contract-language.md; quote them in single quotes")
            return nil
        }
    }

    /// A node shown in a message: `'maybe'`, `-4`, `a list`.
    func describe(_ node: Node) -> String {
        switch node.value {
        case .scalar(let text, let style):
            if node.isNull { return "nothing" }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            switch ScalarValue.resolve(text, style: style) {
            case .string: return "'\(shown)'"
            default: return shown
            }
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
