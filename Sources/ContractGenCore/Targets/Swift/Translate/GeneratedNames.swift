import TrackingCore

/// Names of generated declarations, in one place, so that the validator's
/// checks and notes and the generated code agree by construction.
///
/// **Everything is nested under the contract's namespace enum**: the only
/// top-level name a generated module declares is the namespace (`Shop`).
/// Value sets and objects are `Shop.Currency`, `Shop.Product`; events are
/// static functions, `Shop.addToCart(...)`, returning their kind's event
/// struct in `Shop.Events` (`Shop.Events.PageAction`); the envelope protocol
/// is `Shop.Event`; kind protocols live in `Shop.Kinds`
/// (`Shop.Kinds.PageView`) and curated-field protocols in `Shop.Fields` /
/// `Shop.OptionalFields` (`Shop.Fields.Sku`). So no contract name can clash
/// with a type an app imports (SwiftUI's `Section`, Foundation's `Data`),
/// kinds cannot clash with events, and a field `x` cannot clash with a field
/// `xOptional`.
///
/// Swift names come from ``SwiftName`` (or a contract's `swiftName:`); a
/// name that cannot be used as written gets a trailing `_`
/// (``reservedTypeNames``, ``reservedMemberNames``, ``reservedCaseNames``,
/// ``reservedFunctionNames``).
/// ``SwiftName`` never produces a name ending in `_`, so the suffix cannot
/// collide with another derived name.
package struct GeneratedNames: Sendable, Hashable {
    /// The contract's namespace enum (`Omnitracking`).
    package let namespace: String
    /// Value set or object name -> its type name (unqualified).
    private var typeNames: [String: String] = [:]
    /// Event name -> its function name (unqualified, unescaped).
    private var eventNames: [String: String] = [:]
    /// Kind name -> its protocol name in `Kinds` (unqualified).
    private var kindNames: [String: String] = [:]
    /// Curated field wire name -> its protocol name in `Fields` (unqualified).
    private var fieldNames: [String: String] = [:]

    /// Names for `contract`, honouring its `swiftName:` keys.
    package init(_ contract: Contract) {
        namespace = Self.namespaceName(contract.name)
        for set in contract.valueSets where typeNames[set.name] == nil {
            typeNames[set.name] = Self.typeName(set.name, namespace: namespace)
        }
        for object in contract.objects where typeNames[object.name] == nil {
            typeNames[object.name] = Self.typeName(object.name, swiftName: object.names.swift, namespace: namespace)
        }
        for event in contract.events where eventNames[event.name] == nil {
            eventNames[event.name] = Self.functionName(event.name, swiftName: event.names.swift)
        }
        for kind in contract.kinds where kindNames[kind.name] == nil {
            kindNames[kind.name] = Self.typeName(kind.name, swiftName: kind.names.swift, namespace: namespace)
        }
        for field in contract.fields where fieldNames[field.wireName] == nil {
            fieldNames[field.wireName] = Self.fieldProtocolName(field, namespace: namespace)
        }
    }

    /// Names derived from the contract's name alone (no `swiftName:` keys known).
    package init(contractName: String) {
        namespace = Self.namespaceName(contractName)
    }

    /// Type names generated code declares itself inside the namespace, or that
    /// would break it: metatype syntax (`Shop.Type`), the modules it
    /// qualifies with (`Swift.String`), and the namespace's own members.
    /// A type that would take one of them (or the namespace's name) gets a trailing `_`.
    package static let reservedTypeNames = qualifyingModules.union([
        "Type", "Protocol", "Self", "Any", "AnyObject", "Event", "Rules", "SupportVersion", "Kinds", "Fields",
        "OptionalFields", "Events",
    ])

    /// Function names an event may not take: the namespace's own static
    /// members, and names Swift gives a meaning after a dot (`Shop.self`).
    /// (Function names start lower case, so `Type` and `Protocol` never come up.)
    package static let reservedFunctionNames: Set<String> = [
        "self", "init", "deinit", "subscript", "name", "version", "descriptor", "makeDescriptor", "piiPolicy",
    ]

    /// The modules generated code qualifies names with (`Swift.String`,
    /// `Foundation.UUID()`): no generated type or property may take their names.
    package static let qualifyingModules: Set<String> = ["Swift", "Foundation", "TrackingCore"]

    /// Member names generated code declares itself (``TrackingEvent``
    /// requirements, encoders, validators), or that shadow `self` in initializers.
    package static let reservedMemberNames: Set<String> = [
        "self", "init", "eventName", "kindName", "contractVersion", "validate", "writeMembers", "encodedJSON",
        "writeJSON", "collectViolations", "hashValue", "descriptor",
        // `DescribedTrackingEvent`: what every event prints itself with.
        "piiPolicy", "description", "debugDescription", "customMirror", "encodedJSONText", "redactedJSONText",
        // An event function's locals, and its kind struct's encoded members and findings.
        "_writer", "_violations", "_members",
    ]

    /// Names enum cases may not take: `RawRepresentable`/`CaseIterable`
    /// members and the case's own JSON text.
    package static let reservedCaseNames: Set<String> = ["self", "init", "rawValue", "allCases", "hashValue", "wireJSON"]

    /// Whether `name` has a letter or digit to make a Swift name from (`_` and `--` do not).
    package static func hasSwiftName(_ name: String) -> Bool {
        name.utf8.contains { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 >= 0x80 }
    }

    /// The namespace enum: the contract's name in upper camel case, `_`
    /// appended when reserved (`Swift` -> `Swift_`).
    package static func namespaceName(_ contractName: String) -> String {
        let name = CamelCase.upperCamel(contractName)
        return reservedTypeNames.contains(name) ? name + "_" : name
    }

    /// A type name inside `namespace`: `swiftName` or `product_detail` ->
    /// `ProductDetail`, with `_` appended when reserved, and again when the
    /// name is then the namespace's (kind `event` of contract `Event`, whose
    /// namespace is `Event_`, becomes `Event__`): a nested type named like the
    /// namespace would hide it from the code inside.
    /// The names of the curated fields' typed keys in `N.Fields` (`sku`, for tests' `event.field(Shop.Fields.sku)`), one
    /// per name in `members` (the fields' property names), in order: lower case first, and a trailing `_` until the
    /// name is no type in `N.Fields` (`types`: the fields' protocols, which a name like `_2` or `Self_` could equal),
    /// nothing Swift gives a meaning after a dot (`N.Fields.self`), and no earlier key. Unique by construction.
    package static func fieldKeyNames(members: [String], types: [String]) -> [String] {
        var taken = Set(types).union(["self", "init", "deinit", "subscript", "Type", "Protocol"])
        return members.map { member in
            var name = CamelCase.lowercasedFirst(member)
            while taken.contains(name) { name += "_" }
            taken.insert(name)
            return name
        }
    }

    package static func typeName(_ contractName: String, swiftName: String? = nil, namespace: String) -> String {
        derivedTypeName(contractName, swiftName: swiftName, namespace: namespace).name
    }

    /// ``typeName(_:swiftName:namespace:)`` with the name before any `_` was
    /// added (`plain`) and why each was, for validate's note.
    package static func derivedTypeName(
        _ contractName: String, swiftName: String? = nil, namespace: String
    ) -> (plain: String, name: String, reasons: [String]) {
        let plain = swiftName ?? CamelCase.upperCamel(contractName)
        var name = plain
        var reasons: [String] = []
        if reservedTypeNames.contains(name) {
            reasons.append("'\(name)' is reserved in generated code")
            name += "_"
        }
        if name == namespace {
            reasons.append("'\(name)' is the namespace")
            name += "_"
        }
        return (plain, name, reasons)
    }

    /// An event's function name, unescaped: `swiftName` or `add_to_cart` ->
    /// `addToCart` (a `swiftName:` with its first letter lowercased), with `_`
    /// appended when reserved (``reservedFunctionNames``).
    package static func functionName(_ eventName: String, swiftName: String? = nil) -> String {
        derivedFunctionName(eventName, swiftName: swiftName).name
    }

    /// ``functionName(_:swiftName:)`` with the name before any `_` was added
    /// (`plain`) and why it was, for validate's note, as ``derivedTypeName(_:swiftName:namespace:)``.
    package static func derivedFunctionName(
        _ eventName: String, swiftName: String? = nil
    ) -> (plain: String, name: String, reasons: [String]) {
        let plain = swiftName.map(CamelCase.lowercasedFirst) ?? CamelCase.lowerCamel(eventName)
        guard reservedFunctionNames.contains(plain) else { return (plain, plain, []) }
        return (plain, plain + "_", ["'\(plain)' is reserved in generated code"])
    }

    /// A property or parameter name, unescaped: `cart_id` -> `cartId`, `self` -> `self_`.
    package static func memberName(_ wireName: String, swiftName: String? = nil) -> String {
        let name = swiftName ?? CamelCase.lowerCamel(wireName)
        return reservedMemberNames.contains(name) ? name + "_" : name
    }

    /// The member name of `field` (its `swiftName:` when it has one).
    package static func memberName(of field: Field) -> String {
        memberName(field.wireName, swiftName: field.names.swift)
    }

    /// The protocol name of a curated field in `Fields`/`OptionalFields`: its
    /// member name with a capital (`cart_id` -> `CartId`).
    static func fieldProtocolName(_ field: Field, namespace: String) -> String {
        let member = field.names.swift ?? CamelCase.lowerCamel(field.wireName)
        return typeName(field.wireName, swiftName: CamelCase.uppercasedFirst(member), namespace: namespace)
    }

    /// An enum case name, unescaped.
    package static func caseName(_ code: String) -> String {
        let name = CamelCase.lowerCamel(code)
        return reservedCaseNames.contains(name) ? name + "_" : name
    }

    /// The case names of a value set's codes, in order. An all-capitals code
    /// reads better lowercased (`EUR` -> `eur` rather than `eUR`); that is used
    /// only when it makes no two cases of the set alike.
    package static func caseNames(_ codes: [String]) -> [String] {
        let plain = codes.map(caseName)
        let lowered = codes.map { code in
            let isCapitals = code.contains(where: \.isUppercase) && !code.contains(where: \.isLowercase)
            return isCapitals ? caseName(code.lowercased()) : caseName(code)
        }
        return Set(lowered).count == lowered.count ? lowered : plain
    }

    /// The namespace as written in code.
    package var qualifier: String { SwiftName.escaped(namespace) }

    /// A value set's or object's type name, unqualified (`Currency`).
    package func typeName(_ name: String) -> String {
        typeNames[name] ?? Self.typeName(name, namespace: namespace)
    }

    /// A value set's or object's type as generated code refers to it: `Shop.Currency`.
    package func qualifiedTypeName(_ name: String) -> String {
        qualifier + "." + SwiftName.escaped(typeName(name))
    }

    /// An event's function name, unqualified and unescaped (`addToCart`).
    package func eventFunctionName(_ event: String) -> String {
        eventNames[event] ?? Self.functionName(event)
    }

    /// A kind's protocol name in `Kinds`, unqualified (`PageView`).
    package func kindName(_ kind: String) -> String {
        kindNames[kind] ?? Self.typeName(kind, namespace: namespace)
    }

    /// A curated field's protocol name in `Fields`/`OptionalFields`, unqualified (`CartId`).
    package func fieldName(_ wireName: String) -> String {
        fieldNames[wireName] ?? Self.typeName(wireName, namespace: namespace)
    }

    /// The envelope protocol: `Omnitracking.Event`.
    package var envelopeProtocol: String { qualifier + ".Event" }

    /// The protocol of a kind: `Omnitracking.Kinds.PageView`.
    package func kindProtocol(_ kind: String) -> String {
        qualifier + ".Kinds." + SwiftName.escaped(kindName(kind))
    }

    /// `Omnitracking.SupportVersion`: names the support module version.
    package var supportVersionAlias: String { "SupportVersion" }
}
