/// How much a change to a contract matters to the people named in ``ContractChange/affects``.
package enum ChangeSeverity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Something that worked stops working for the wire or stored data (a payload is rejected, history changes meaning).
    case breaking
    /// Apps' code using the generated code stops compiling at their next build; the wire and stored data are unchanged.
    case sourceBreaking = "source-breaking"
    /// Something new that existing users can ignore.
    case additive
    /// Nothing a program notices: descriptions, deprecation messages.
    case cosmetic

    /// Breaking is the most severe.
    package static func < (lhs: ChangeSeverity, rhs: ChangeSeverity) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .cosmetic: 0
        case .additive: 1
        case .sourceBreaking: 2
        case .breaking: 3
        }
    }

    /// The version bump a change of this severity asks for: major for a break of
    /// the wire or stored data, minor for a break of generated code only (the
    /// compiler catches it before anything ships) or an addition, patch for the rest.
    package var requiredBump: VersionBump {
        switch self {
        case .breaking: .major
        case .sourceBreaking, .additive: .minor
        case .cosmetic: .patch
        }
    }

    /// The GitHub Actions annotation level: an error for what breaks the wire or
    /// data, a warning where a person must act (apps' code to update), a notice
    /// for what needs nobody.
    package var annotationLevel: String {
        switch self {
        case .breaking: "error"
        case .sourceBreaking: "warning"
        case .additive, .cosmetic: "notice"
        }
    }
}

/// Who notices a change.
package enum ChangeAffect: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Code that compiles against the generated code (of any target).
    case source
    /// Consumers of the JSON: collectors, pipelines, other channels.
    case wire
    /// Stored history: a column changing type or meaning, rows that no longer validate.
    case data

    package static func < (lhs: ChangeAffect, rhs: ChangeAffect) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One classified difference between two versions of a contract, located in both.
package struct ContractChange: Sendable, Hashable {
    package var rule: ChangeType
    /// Where the element is in the old contract; `nil` when it was added.
    package var old: SourceLocation?
    /// Where the element is in the new contract; `nil` when it was removed.
    package var new: SourceLocation?
    /// Where in the new contract to point at when `new` is `nil`: the element
    /// that held the removed one (or the file's start). For annotations on the
    /// new file, which is the one a pull request shows.
    package var anchor: SourceLocation
    /// The element, as dotted contract keys: `events.addToBag.quantity`,
    /// `fields.price.minimum`, `valueSets.Currency.CHF`.
    package var path: String
    package var message: String

    package init(_ rule: ChangeType, path: String, old: SourceLocation?, new: SourceLocation?, anchor: SourceLocation, message: String) {
        self.rule = rule
        self.path = path
        self.old = old
        self.new = new
        self.anchor = anchor
        self.message = message
    }

    package var severity: ChangeSeverity { rule.severity }
    package var affects: [ChangeAffect] { rule.affects }

    /// A change that breaks only apps' source (the compiler catches it): it asks only a minor bump.
    package var breaksSourceOnly: Bool { severity == .sourceBreaking }

    /// The version bump this change asks for (``ChangeSeverity/requiredBump``).
    package var requiredBump: VersionBump { severity.requiredBump }
}
