import TrackingCore

/// The contract language's scalar field types, one table entry each
/// (``entry``): every fact about a type that is no target's. Arrays, value
/// sets and objects are built from other types and are not in the table.
///
/// Adding a scalar type: a case here and in `TrackingCore.ValueType`, its
/// entry, and one hook per code target (``CodeTarget/scalarTypeName(_:)``
/// and the target's own code). Every use switches over the cases without a
/// `default:`, so the compiler lists each place left to do
/// (docs/architecture.md, "Adding a scalar type").
package enum ScalarFieldType: String, CaseIterable, Sendable {
    case string, int, double, decimal, bool, uuid, timestamp

    /// The scalar type of `type`; `nil` for arrays, value sets and objects.
    package init?(_ type: ValueType) {
        switch type {
        case .string: self = .string
        case .int: self = .int
        case .double: self = .double
        case .decimal: self = .decimal
        case .bool: self = .bool
        case .uuid: self = .uuid
        case .timestamp: self = .timestamp
        case .array, .valueSet, .object: return nil
        }
    }

    /// The model's type.
    package var valueType: ValueType {
        switch self {
        case .string: .string
        case .int: .int
        case .double: .double
        case .decimal: .decimal
        case .bool: .bool
        case .uuid: .uuid
        case .timestamp: .timestamp
        }
    }

    /// The table: one entry per type.
    package var entry: FieldTypeEntry {
        switch self {
        case .string:
            FieldTypeEntry(
                contractName: "string", jsonKind: .string, constraintKeys: ["minLength", "maxLength", "pattern"],
                schema: .string, example: .text, catalogueText: "string")
        case .int:
            FieldTypeEntry(
                contractName: "int", jsonKind: .number, constraintKeys: ["minimum", "maximum"],
                schema: .integer64, example: .number(candidates: ["1", "0"], integral: true), catalogueText: "int")
        case .double:
            FieldTypeEntry(
                contractName: "double", jsonKind: .number, constraintKeys: ["minimum", "maximum"],
                schema: .number, example: .number(candidates: ["0.5", "1.0"], integral: false), catalogueText: "double")
        case .decimal:
            FieldTypeEntry(
                contractName: "decimal", jsonKind: .number, constraintKeys: ["minimum", "maximum"],
                schema: .number, example: .number(candidates: ["9.99", "1"], integral: false), catalogueText: "decimal")
        case .bool:
            FieldTypeEntry(
                contractName: "bool", jsonKind: .boolean, constraintKeys: [],
                schema: .boolean, example: .fixed(.bool(true)), catalogueText: "bool")
        case .uuid:
            FieldTypeEntry(
                contractName: "uuid", jsonKind: .string, constraintKeys: [],
                schema: .uuid, example: .fixed(.string(ExamplePayload.uuid)), catalogueText: "uuid")
        case .timestamp:
            FieldTypeEntry(
                contractName: "timestamp", jsonKind: .string, constraintKeys: [],
                schema: .timestamp, example: .fixed(.string(ExamplePayload.timestamp)), catalogueText: "timestamp")
        }
    }
}

/// Everything about one scalar type that is no target's.
package struct FieldTypeEntry: Sendable {
    /// What a value is in JSON.
    package enum JSONKind: String, Sendable {
        case string, number, boolean
    }

    /// The JSON Schema of a value, before its constraints.
    package enum Schema: Sendable {
        /// `{"type": "string"}` with `minLength`, `maxLength`, `pattern`.
        case string
        /// `{"type": "integer"}` with `minimum` and `maximum`, at most the range of a 64-bit integer.
        case integer64
        /// `{"type": "number"}` with `minimum` and `maximum`.
        case number
        /// `{"type": "boolean"}`.
        case boolean
        /// A string in UUID form (`format: uuid` and a pattern).
        case uuid
        /// A string in the wire's timestamp form (`format: date-time` and a pattern).
        case timestamp
    }

    /// How the catalogue's example payloads make a value.
    package enum Example: Sendable {
        /// Text from the field's name, padded or cut to its lengths, or one its pattern matches.
        case text
        /// The first candidate within the bounds, else a bound (rounded inwards when `integral`).
        case number(candidates: [String], integral: Bool)
        /// Always this value.
        case fixed(JSONValue)
    }

    /// The name in the contract language (`type: int`).
    package let contractName: String
    /// What a value is in JSON.
    package let jsonKind: JSONKind
    /// The constraint keys that fit the type, in the order the language lists them.
    package let constraintKeys: [String]
    /// The JSON Schema of a value (`contractgen schema`).
    package let schema: Schema
    /// How an example payload's value is made (the catalogue).
    package let example: Example
    /// How the catalogue names the type.
    package let catalogueText: String
}
