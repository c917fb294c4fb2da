import TrackingCore

/// Names of generated declarations. Built on ``SwiftName`` (the one place
/// contract names become Swift names) and adds what generated code needs on
/// top: a trailing `_` for the few names that even backticks cannot make
/// usable, and the contract-prefixed protocol names.
///
/// ``SwiftName`` never produces a name ending in `_`, so the suffix cannot
/// collide with another contract name.
public struct GeneratedNames: Sendable, Hashable {
    /// The contract's namespace enum (`Omnitracking`); prefixes protocol names.
    public let prefix: String

    public init(contractName: String) {
        prefix = Self.typeName(contractName)
    }

    /// Type names that would break generated code even in backticks: they
    /// clash with metatype syntax or with the module names it qualifies with.
    static let reservedTypeNames: Set<String> = [
        "Type", "Protocol", "Self", "Any", "AnyObject", "Swift", "Foundation", "TrackingCore", "TrackingContract",
    ]

    /// Member names generated code declares itself (``TrackingEvent``
    /// requirements, encoders, validators), or that shadow `self` in initializers.
    static let reservedMemberNames: Set<String> = [
        "self", "init", "eventName", "kindName", "contractVersion", "validate", "writeMembers", "encodedJSON",
        "writeJSON", "collectViolations", "hashValue", "descriptor",
    ]

    /// Names enum cases may not take: `RawRepresentable`/`CaseIterable`
    /// members and the case's own JSON text.
    static let reservedCaseNames: Set<String> = ["self", "init", "rawValue", "allCases", "hashValue", "wireJSON"]

    /// A type name: `product_detail` -> `ProductDetail`.
    public static func typeName(_ contractName: String) -> String {
        let name = SwiftName.upperCamel(contractName)
        return reservedTypeNames.contains(name) ? name + "_" : name
    }

    /// A property or parameter name, unescaped: `cart_id` -> `cartId`, `self` -> `self_`.
    public static func memberName(_ wireName: String) -> String {
        let name = SwiftName.lowerCamel(wireName)
        return reservedMemberNames.contains(name) ? name + "_" : name
    }

    /// An enum case name, unescaped.
    public static func caseName(_ code: String) -> String {
        let name = SwiftName.lowerCamel(code)
        return reservedCaseNames.contains(name) ? name + "_" : name
    }

    /// The case names of a value set's codes, in order. An all-capitals code
    /// reads better lowercased (`EUR` -> `eur` rather than `eUR`); that is used
    /// only when it makes no two cases of the set alike.
    public static func caseNames(_ codes: [String]) -> [String] {
        let plain = codes.map(caseName)
        let lowered = codes.map { code in
            let isCapitals = code.contains(where: \.isUppercase) && !code.contains(where: \.isLowercase)
            return isCapitals ? caseName(code.lowercased()) : caseName(code)
        }
        return Set(lowered).count == lowered.count ? lowered : plain
    }

    /// The envelope protocol: `OmnitrackingEvent`.
    public var envelopeProtocol: String { prefix + "Event" }

    /// The protocol of a kind: `OmnitrackingPageView`. A kind that would take
    /// the envelope protocol's name gets `Kind` appended.
    public func kindProtocol(_ kind: String) -> String {
        let name = prefix + SwiftName.upperCamel(kind)
        return name == envelopeProtocol ? name + "Kind" : name
    }

    /// `OmnitrackingFieldKeysProtocolCartId`: the curated field present.
    public func fieldProtocol(_ wireName: String) -> String {
        prefix + "FieldKeysProtocol" + SwiftName.upperCamel(wireName)
    }

    /// `OmnitrackingFieldKeysProtocolCartIdOptional`: the curated field optional.
    public func optionalFieldProtocol(_ wireName: String) -> String {
        fieldProtocol(wireName) + "Optional"
    }

    /// `OmnitrackingSupportVersion`: names the support module version.
    public var supportVersionAlias: String { prefix + "SupportVersion" }
}
