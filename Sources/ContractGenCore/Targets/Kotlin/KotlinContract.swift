import TrackingCore

/// A valid contract with everything Kotlin code needs looked up once: the
/// Kotlin names, the constraint constants and the event shards. Every file
/// renders from it, from any thread.
struct KotlinContract: Sendable {
    let contract: Contract
    /// The contract's rules, decided once (``LoweredContract``): each event's parameters and their roles
    /// (required, optional, fixed, filled by the runtime) come from its members.
    let lowered: LoweredContract
    let packageName: String
    /// The contract's object (`object Conformance`).
    let objectName: String
    /// `<Contract>Constraints`, `<Contract>Globals`, `<Contract>Events<N>`.
    let constraintsObject: String
    let globalsClass: String
    /// `<Contract>Fields`: a typed key per curated field, to read an event's own fields (`event.field(ShopFields.sku)`).
    let fieldsObject: String
    /// Each curated field's key in ``fieldsObject``, in contract order: its member name, `_` appended where two meet.
    let fieldKeyNames: [String]
    let shardCount: Int
    let fields: [String: Field]
    let objects: [String: ObjectType]
    let valueSets: [String: ValueSet]
    let kinds: [String: Kind]
    /// Contract name -> Kotlin type, for objects and value sets.
    let typeNames: [String: String]
    /// Value-set name -> the enum constant of each member, in order.
    let enumConstants: [String: [String]]
    let kindClasses: [String: String]
    /// Each distinct non-empty constraint set -> its constant in the constraints object (`c0`).
    let constraintNames: [FieldConstraints: String]
    let constraintOrder: [FieldConstraints]
    let patterns: PatternPrograms
    /// The events of each shard, in contract order.
    let shards: [[LoweredEvent]]
    /// Wire name -> its member key literal (``KotlinLiteral/key(_:)``), made once rather than per event.
    let memberKeys: [String: String]
    /// Kind name -> its class as events return it (`Conformance.Screen`).
    let kindReferences: [String: String]
    /// Each shard's object (`ConformanceEvents3`).
    let shardObjects: [String]
    /// Kind name -> the end of its events' `rawMembers` literal: `,"kind":…,"contractVersion":…`, escaped, and the closing quote.
    let headerTails: [String: [UInt8]]
    /// What event functions print for each field, made once: the envelope's fields in order, each
    /// kind's (by kind name) in order, and the curated fields by name (``code(_:)``).
    private(set) var envelopeCodes: [KotlinFieldCode] = []
    private(set) var kindCodes: [String: [KotlinFieldCode]] = [:]
    private(set) var fieldCodes: [String: KotlinFieldCode] = [:]
    /// The codes of each kind's fields, in the order of ``LoweredContract/kinds``, and of the curated fields,
    /// in the order of ``LoweredContract/fields``: what an event's members (``LoweredEvent/FieldReference``) refer to.
    private(set) var kindCodeLists: [[KotlinFieldCode]] = []
    private(set) var curatedCodes: [KotlinFieldCode] = []

    /// The Kotlin names of the contract's value sets and objects (by contract name), and every top-level name
    /// the files declare (`taken`: the contract's object, `<Contract>Constraints`, `<Contract>Globals`,
    /// `<Contract>Fields`, the shard objects and those types), which a kind class nested in the contract's
    /// object must not take: it would hide them from the object's own code.
    static func topLevelNames(of contract: Contract, objectName: String, shardCount: Int) -> (typeNames: [String: String], taken: Set<String>) {
        var taken: Set<String> = [objectName, objectName + "Constraints", objectName + "Globals", objectName + "Fields"]
        for shard in 0..<shardCount { taken.insert(objectName + "Events\(shard)") }
        var typeNames: [String: String] = [:]
        for set in contract.valueSets {
            let name = KotlinNames.topLevelType(set.name, chosen: nil, taken: taken)
            typeNames[set.name] = name
            taken.insert(name)
        }
        for object in contract.objects {
            let name = KotlinNames.topLevelType(object.name, chosen: object.names[KotlinNames.targetID], taken: taken)
            typeNames[object.name] = name
            taken.insert(name)
        }
        return (typeNames, taken)
    }

    /// The model of a lowered contract, its events in `shardCount` files (a divisor of the lowered
    /// contract's shards, which the files fold).
    init(_ lowered: LoweredContract, packageName: String?, shardCount: Int) {
        let contract = lowered.contract
        self.contract = contract
        self.packageName = packageName ?? KotlinNames.defaultPackage(contract.name)
        self.shardCount = shardCount
        self.lowered = lowered
        objectName = KotlinNames.contractObject(contract.name)
        constraintsObject = objectName + "Constraints"
        globalsClass = objectName + "Globals"
        fieldsObject = objectName + "Fields"
        var keyNames: [String] = []
        var usedKeyNames = Set<String>()
        for field in contract.fields {
            var name = KotlinNames.member(field)
            while usedKeyNames.contains(name) { name += "_" }
            usedKeyNames.insert(name)
            keyNames.append(name)
        }
        fieldKeyNames = keyNames
        var fields: [String: Field] = [:]
        for field in contract.fields { fields[field.wireName] = field }
        self.fields = fields
        objects = Dictionary(contract.objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        valueSets = Dictionary(contract.valueSets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        kinds = Dictionary(contract.kinds.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        let topLevel = Self.topLevelNames(of: contract, objectName: objectName, shardCount: shardCount)
        var enumConstants: [String: [String]] = [:]
        for set in contract.valueSets { enumConstants[set.name] = KotlinNames.enumConstants(set.cases.map(\.code)) }
        self.typeNames = topLevel.typeNames
        self.enumConstants = enumConstants
        let objectName = self.objectName
        kindClasses = Dictionary(
            contract.kinds.map { ($0.name, KotlinNames.kindClass($0, contractObject: objectName, shadowing: topLevel.taken)) },
            uniquingKeysWith: { first, _ in first })

        var constraintNames: [FieldConstraints: String] = [:]
        var constraintOrder: [FieldConstraints] = []
        func add(_ spec: ValueSpec) {
            if !spec.constraints.isEmpty, constraintNames[spec.constraints] == nil {
                constraintNames[spec.constraints] = "c\(constraintOrder.count)"
                constraintOrder.append(spec.constraints)
            }
            if case .array(let items) = spec.type { add(items) }
        }
        // The lowered fields in the order the constants are numbered: envelope, globals, kinds, objects, curated fields.
        var all = lowered.envelope.map(\.field) + lowered.globals + lowered.kinds.flatMap(\.fields)
        all += lowered.objects.flatMap { $0.required + $0.optional }
        all += lowered.fields
        var memberKeys: [String: String] = [:]
        for field in all {
            add(field.spec)
            if memberKeys[field.wireName] == nil { memberKeys[field.wireName] = KotlinLiteral.key(field.wireName) }
        }
        self.memberKeys = memberKeys
        self.constraintNames = constraintNames
        self.constraintOrder = constraintOrder
        patterns = lowered.patterns

        shards = lowered.eventIndices(inFilesOf: shardCount).map { $0.map { lowered.events[$0] } }
        kindReferences = Dictionary(kindClasses.map { ($0.key, objectName + "." + $0.value) }, uniquingKeysWith: { first, _ in first })
        shardObjects = (0..<shardCount).map { objectName + "Events\($0)" }
        headerTails = Dictionary(
            contract.kinds.map { ($0.name, Self.headerTail(kind: $0.name)) }, uniquingKeysWith: { first, _ in first })
        var constantExpressions: [String: [String: [UInt8]]] = [:]
        for field in contract.kinds.flatMap(\.mandatory) {
            guard case .valueSet(let setName) = field.spec.type, constantExpressions[setName] == nil, let set = valueSets[setName] else { continue }
            let type = typeNames[setName] ?? setName
            let constants = enumConstants[setName] ?? []
            var expressions: [String: [UInt8]] = [:]
            for (index, member) in set.cases.enumerated() where expressions[member.code] == nil && index < constants.count {
                expressions[member.code] = Array("\(type).\(KotlinNames.escaped(constants[index]))".utf8)
            }
            constantExpressions[setName] = expressions
        }
        self.constantExpressions = constantExpressions
        let model = self
        // The codes of the lowered fields, in the lowered contract's order: what events' members refer to.
        envelopeCodes = lowered.envelope.map { KotlinFieldCode($0.field.declaration, in: model) }
        kindCodeLists = lowered.kinds.map { kind in kind.fields.map { KotlinFieldCode($0.declaration, in: model) } }
        // A big contract has thousands of fields, each printed four times: on all cores. (A name declared
        // twice, which the validator reports, keeps the first declaration's code.)
        var firstOfName: [String: Int] = [:]
        for (index, field) in lowered.fields.enumerated() where firstOfName[field.wireName] == nil { firstOfName[field.wireName] = index }
        let firsts = lowered.fields.indices.filter { firstOfName[lowered.fields[$0].wireName] == $0 }
        let firstCodes = Concurrently.map(firsts.map { lowered.fields[$0].declaration }) { KotlinFieldCode($0, in: model) }
        let codeOfName = Dictionary(uniqueKeysWithValues: zip(firsts.map { lowered.fields[$0].wireName }, firstCodes))
        fieldCodes = codeOfName
        curatedCodes = lowered.fields.map { field in
            guard let code = codeOfName[field.wireName] else { preconditionFailure("every curated field has its code") }
            return code
        }
        var kindCodes: [String: [KotlinFieldCode]] = [:]
        for (kind, codes) in zip(lowered.kinds, kindCodeLists) where kindCodes[kind.name] == nil { kindCodes[kind.name] = codes }
        self.kindCodes = kindCodes
    }

    /// The index of the event file (and shard object) of `event`: its lowered shard, folded.
    func file(of event: LoweredEvent) -> Int { event.shard % shardCount }

    /// Value-set name -> member code -> the enum constant as code (`ScreenType.HOME`), for the value sets of
    /// kinds' fields, which events fix to a member.
    private(set) var constantExpressions: [String: [String: [UInt8]]] = [:]

    /// Per field of `event`'s kind, in order, the enum constant (`ScreenType.HOME`) the event fixes it to
    /// (its member's role ``LoweredRole/fixed(code:wireValue:)``); `nil` for an argument.
    func fixedConstants(of event: LoweredEvent) -> [[UInt8]?] {
        guard let kind = event.kindIndex else { return [] }
        var constants = [[UInt8]?](repeating: nil, count: lowered.kinds[kind].fields.count)
        for member in event.members {
            guard case .kind(_, let position) = member.field, case .fixed(let code, _) = member.role else { continue }
            if case .valueSet(let setName) = lowered.kinds[kind].fields[position].spec.type {
                constants[position] = constantExpressions[setName]?[code]
            }
        }
        return constants
    }

    /// What event functions print for the curated field `reference` refers to.
    func code(_ reference: FieldReference) -> KotlinFieldCode {
        guard let code = fieldCodes[reference.name] else { preconditionFailure("a valid contract's event lists only curated fields") }
        return code
    }

    /// The class of the events of kind `name`.
    func kindReference(_ name: String) -> String {
        kindReferences[name] ?? objectName + "." + name
    }

    /// What follows the event's name in its `rawMembers` literal (``headerTails``).
    func headerTail(kind: String) -> [UInt8] {
        headerTails[kind] ?? Self.headerTail(kind: kind)
    }

    /// The version is not in it: event functions write it from ``versionMemberConstant``, so that a new
    /// version rewrites the contract's file alone, not every shard.
    private static func headerTail(kind: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let members = "," + KotlinLiteral.json(WireNames.kind) + ":" + KotlinLiteral.json(kind)
        KotlinLiteral.appendEscaped(members, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }

    /// The Kotlin type of a value of `spec` (fully qualified where a contract type could hide it).
    func typeName(_ spec: ValueSpec) -> String {
        switch spec.type {
        case .array(let items): "kotlin.collections.List<\(typeName(items))>"
        case .valueSet(let name), .object(let name): typeNames[name] ?? name
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            KotlinTarget.kotlinType(ScalarFieldType(spec.type)!)
        }
    }

    /// The type a field key reads `spec` as: the parameter's type, but objects as plain JSON maps.
    func fieldKeyType(_ spec: ValueSpec) -> String {
        switch spec.type {
        case .array(let items): "kotlin.collections.List<\(fieldKeyType(items))>"
        case .object: "kotlin.collections.Map<kotlin.String, kotlin.Any?>"
        case .valueSet, .string, .int, .double, .decimal, .bool, .uuid, .timestamp: typeName(spec)
        }
    }

    /// The `FieldReaders` expression that reads a JSON value of `spec` as ``fieldKeyType(_:)``.
    func fieldReader(_ spec: ValueSpec) -> String {
        switch spec.type {
        case .array(let items): "FieldReaders.list(\(fieldReader(items)))"
        case .object: "FieldReaders.OBJECT"
        case .valueSet(let name): "FieldReaders.valueSet(\(typeNames[name] ?? name).values()) { it.wire }"
        case .string: "FieldReaders.STRING"
        case .int: "FieldReaders.INT"
        case .double: "FieldReaders.DOUBLE"
        case .decimal: "FieldReaders.DECIMAL"
        case .bool: "FieldReaders.BOOL"
        case .uuid: "FieldReaders.UUID"
        case .timestamp: "FieldReaders.TIMESTAMP"
        }
    }

    /// The member key literal of `field` (`"\"sku\":"`).
    func key(_ field: Field) -> String {
        memberKeys[field.wireName] ?? KotlinLiteral.key(field.wireName)
    }

    /// The constant holding `constraints`, or `Constraints.NONE`.
    func constraintsExpression(_ constraints: FieldConstraints) -> String {
        constraintNames[constraints].map { "\(constraintsObject).\($0)" } ?? "Constraints.NONE"
    }

    /// The curated field `name` refers to.
    func field(_ reference: FieldReference) -> Field {
        guard let field = fields[reference.name] else { preconditionFailure("a valid contract's event lists only curated fields") }
        return field
    }

    /// The contract object's constant that holds `"contractVersion":"<version>"`, the member every event writes.
    static let versionMemberConstant = "CONTRACT_VERSION_MEMBER"

    /// The header every generated file starts with, then its package. The contract's name only: its
    /// version is in the contract's file alone.
    func printHeader(_ printer: inout KotlinPrinter, imports: [String]) {
        printer.line(KotlinGenerator.commentSyntax.generatedHeader)
        printer.line("// Contract: \(KotlinLiteral.string(contract.name))")
        printer.line("package \(packageName)")
        if !imports.isEmpty {
            printer.line()
            for name in imports { printer.line("import io.contractgen.runtime.\(name)") }
        }
    }
}
