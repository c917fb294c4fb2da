/// A target whose code generation does not exist yet (TypeScript, Kotlin):
/// `names.<id>` is accepted and stored, `diff` classifies changes of its
/// names, and `generate --target <id>` says it is not available yet.
///
/// Checked so far: a chosen name is an identifier of the language
/// (``identifierHint``). Derived names follow the contract language's camel
/// casing (members and functions lower camel, types upper camel, as
/// ``SwiftName`` derives them); their reserved words and collisions are the
/// target's to check when it generates code.
package struct NamesOnlyTarget: CodeTarget {
    package let id: String
    package let displayName: String
    package let nameChangeType: ChangeType
    /// Bytes an identifier may start with besides ASCII letters and `_` (`$` in TypeScript).
    let extraIdentifierBytes: Set<UInt8>
    let identifierHint: String

    package var chosenNameKey: String { "names.\(id):" }

    package static let typescript = NamesOnlyTarget(
        id: "typescript", displayName: "TypeScript", nameChangeType: .typescriptNameChanged,
        extraIdentifierBytes: [UInt8(ascii: "$")], identifierHint: "ASCII letters, digits, '_' and '$', not starting with a digit")

    package static let kotlin = NamesOnlyTarget(
        id: "kotlin", displayName: "Kotlin", nameChangeType: .kotlinNameChanged,
        extraIdentifierBytes: [], identifierHint: "ASCII letters, digits and '_', not starting with a digit")

    package func chosenNameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || extraIdentifierBytes.contains(b) }
        let valid = !bytes.isEmpty && isLetter(bytes[0]) && bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
            && bytes.contains { $0 != 0x5F }
        return valid ? nil : identifierHint
    }

    package func name(of element: NamedElement, in contract: Contract) -> String {
        switch element {
        case .field(let field): field.names[id] ?? SwiftName.lowerCamel(field.wireName)
        case .object(let object): object.names[id] ?? SwiftName.upperCamel(object.name)
        case .kind(let kind): kind.names[id] ?? SwiftName.upperCamel(kind.name)
        case .event(let event): event.names[id] ?? SwiftName.lowerCamel(event.name)
        }
    }
}
