/// The doc comment text of a property: its description, the wire name when
/// the Swift name differs, and a note on personal data.
enum PropertyDoc {
    /// Whether ``text(_:)`` has anything to say, without building it.
    static func hasText(_ property: PropertyDecl) -> Bool {
        property.doc != nil || property.name != property.wireName || property.pii
    }

    static func text(_ property: PropertyDecl) -> String? {
        var paragraphs: [String] = []
        if let doc = property.doc { paragraphs.append(doc) }
        if property.name != property.wireName {
            paragraphs.append("Wire name: \(SwiftLiteral.string(property.wireName)).")
        }
        if property.pii {
            paragraphs.append("May hold personal data (`pii`): never logged, removable by consent.")
        }
        return paragraphs.isEmpty ? nil : paragraphs.joined(separator: "\n\n")
    }
}
