import TrackingCore

/// Renders the Kotlin files of one contract (``KotlinGenerator/fileNames``):
/// the contract's object with one function per event and the kinds' classes;
/// value sets; objects; constraints; globals; and the event shards, which
/// hold the events' bodies so that big contracts render concurrently.
struct KotlinRenderer: TargetFileRenderer {
    let model: KotlinContract

    /// An event shard no event falls in declares nothing; every other file always declares something.
    func isEmpty(file name: String) -> Bool {
        KotlinGenerator.shard(ofFile: name).map { model.shards[$0].isEmpty } ?? false
    }

    func render(file name: String, reusing buffer: consuming [UInt8]) -> GeneratedFile {
        var printer = KotlinPrinter(reusing: buffer)
        // The big files are reserved whole up front: a 19 MB buffer grown by doubling copies itself again and again.
        let events = model.contract.events.count
        if name == KotlinGenerator.contractFile { printer.reserve(events * 1_400) }
        if KotlinGenerator.shard(ofFile: name) != nil { printer.reserve(events * 1_600 / model.shardCount) }
        switch name {
        case KotlinGenerator.contractFile: printContractObject(&printer)
        case KotlinGenerator.valueSetsFile: printValueSets(&printer)
        case KotlinGenerator.objectsFile: printObjects(&printer)
        case KotlinGenerator.constraintsFile: printConstraints(&printer)
        case KotlinGenerator.globalsFile: printGlobals(&printer)
        default:
            guard let shard = KotlinGenerator.shard(ofFile: name) else { preconditionFailure("not a Kotlin file: \(name)") }
            if model.shards[shard].isEmpty {
                printer.line(KotlinGenerator.commentSyntax.generatedHeader)
            } else {
                printShard(shard, &printer)
            }
        }
        return GeneratedFile(name: name, bytes: printer.bytes)
    }

    // MARK: The contract's object

    /// What an event function takes: one parameter per lowered member the event does not fix, in the
    /// members' order, but the ones the runtime fills in (`uuid`, `clientTimestamp`) last.
    struct Parameter {
        /// Kept alive by the model's field codes, and not counted: a parameter list is made per event,
        /// twice, and copied as it is read (reference counting was a tenth of the CPU time).
        unowned(unsafe) let code: KotlinFieldCode
        let optional: Bool
        /// `uuid` and `clientTimestamp`: the fresh value made when not given (decided by the lower stage).
        let freshValue: FreshValue?
        var fresh: Bool { freshValue != nil }

        var field: Field { code.field }
    }

    /// The event's lowered members as parameters: in wire order, but the fields the runtime fills in last.
    func parameters(of event: LoweredEvent) -> [Parameter] {
        parameterLayout(of: event).parameters
    }

    /// The event's ``parameters(of:)``, and for each of its lowered members, in wire order, the index of
    /// its parameter (`nil` for a member the event fixes): what the event's writer walks.
    func parameterLayout(of event: LoweredEvent) -> (parameters: [Parameter], ofMember: [Int?]) {
        var result: [Parameter] = []
        var filled: [Parameter] = []
        result.reserveCapacity(event.members.count)
        var ofMember: [Int?] = []
        ofMember.reserveCapacity(event.members.count)
        // Where in `ofMember` the filled members are: their parameters come after every other.
        var filledMembers: [Int] = []
        for member in event.members {
            let parameter: Parameter
            switch (member.field, member.role) {
            case (.envelope(let index), .filled(let value)):
                filledMembers.append(ofMember.count)
                ofMember.append(nil)
                filled.append(Parameter(code: model.envelopeCodes[index], optional: true, freshValue: value))
                continue
            case (.envelope(let index), _):
                parameter = Parameter(code: model.envelopeCodes[index], optional: false, freshValue: nil)
            case (.kind, .fixed), (.kind, .filled), (.curated, .fixed), (.curated, .filled):
                ofMember.append(nil)
                continue
            case (.kind(let kind, let position), .required), (.kind(let kind, let position), .optional):
                parameter = Parameter(code: model.kindCodeLists[kind][position], optional: false, freshValue: nil)
            case (.curated(let index), .required):
                parameter = Parameter(code: model.curatedCodes[index], optional: false, freshValue: nil)
            case (.curated(let index), .optional):
                parameter = Parameter(code: model.curatedCodes[index], optional: true, freshValue: nil)
            }
            ofMember.append(result.count)
            result.append(parameter)
        }
        for (order, position) in filledMembers.enumerated() { ofMember[position] = result.count + order }
        return (result + filled, ofMember)
    }

    private func printContractObject(_ printer: inout KotlinPrinter) {
        let contract = model.contract
        model.printHeader(&printer, imports: contract.fields.isEmpty
            ? ["JsonWriter", "TrackedEvent", "Violation"] : ["FieldKey", "FieldReaders", "JsonWriter", "TrackedEvent", "Violation"])
        printer.line()
        printer.kdoc((contract.description.map { [$0, ""] } ?? []) + [
            "The events of contract \(contract.name) \(contract.version): one function per event, which checks",
            "its arguments against the contract and returns the event of its kind.",
        ])
        printer.block("object \(model.objectName) {") { body in
            body.line("/** The contract's version, sent with every event. */")
            body.line("const val CONTRACT_VERSION: kotlin.String = \(KotlinLiteral.string(contract.version))")
            body.line("/** [CONTRACT_VERSION] as the JSON member every event writes (generated code only). */")
            body.line("const val \(KotlinContract.versionMemberConstant): kotlin.String = "
                + KotlinLiteral.string(KotlinLiteral.json(WireNames.contractVersion) + ":" + KotlinLiteral.json(contract.version)))
            for kind in contract.kinds { printKindClass(kind, &body) }
            // The functions are most of the file (19 MB for 20,000 events), printed straight into its buffer
            // while the other cores print the event shards: pieces printed apart and joined cost more in
            // copies and page faults than they saved.
            model.lowered.events.withUnsafeBufferPointer { events in
                for index in events.indices { printEventFunction(events[index], &body) }
            }
        }
        printFieldKeys(&printer)
    }

    /// `object <Contract>Fields`: a typed key per curated field, one line each, so that tests read an
    /// event's own fields typed (`event.field(ShopFields.sku)`) without a class per event.
    private func printFieldKeys(_ printer: inout KotlinPrinter) {
        let fields = model.contract.fields
        guard !fields.isEmpty else { return }
        printer.line()
        printer.kdoc([
            "The curated fields of contract \(model.contract.name) by name, typed, to read them from any event",
            "that sends them: `event.field(\(model.fieldsObject).\(KotlinNames.escaped(model.fieldKeyNames[0])))`.",
        ])
        printer.block("object \(model.fieldsObject) {") { body in
            for (field, name) in zip(fields, model.fieldKeyNames) {
                body.line("@JvmField")
                body.line("val \(KotlinNames.escaped(name)): FieldKey<\(model.fieldKeyType(field.spec))> = "
                    + "FieldKey(\(KotlinLiteral.string(field.wireName)), \(model.fieldReader(field.spec)))")
            }
        }
    }

    private func printKindClass(_ kind: Kind, _ printer: inout KotlinPrinter) {
        let name = model.kindClasses[kind.name] ?? kind.name
        printer.line()
        var doc = kind.description.map { [$0, ""] } ?? []
        doc.append("An event of kind `\(kind.name)`.")
        for field in kind.mandatory {
            doc.append("@property \(KotlinNames.member(field)) \(field.description ?? "The `\(field.wireName)` field.")")
        }
        printer.kdoc(doc)
        var parameters = [
            "k_eventName: kotlin.String", "k_uuid: java.util.UUID", "k_clientTimestamp: java.time.Instant",
            "k_violations: kotlin.collections.List<Violation>",
        ]
        for field in kind.mandatory {
            parameters.append("val \(KotlinNames.escaped(kindProperty(field))): \(model.typeName(field.spec))")
        }
        parameters.append("k_members: (JsonWriter) -> kotlin.Unit")
        printer.line("class \(KotlinNames.escaped(name)) internal constructor(")
        for (index, parameter) in parameters.enumerated() {
            printer.line("    \(parameter)\(index < parameters.count - 1 ? "," : "")")
        }
        printer.line(") : TrackedEvent(k_eventName, \(KotlinLiteral.string(kind.name)), k_uuid, k_clientTimestamp, k_violations, k_members)")
    }

    /// A kind field's property: `_` appended where `TrackedEvent` has the name.
    private func kindProperty(_ field: Field) -> String {
        let name = KotlinNames.member(field)
        return KotlinNames.eventProperties.contains(name) ? name + "_" : name
    }

    private func printEventFunction(_ lowered: LoweredEvent, _ printer: inout KotlinPrinter) {
        // Printed piece by piece, with each field's pieces made once per contract (``KotlinFieldCode``):
        // these lines are most of the 19 MB of a 20,000-event `Contract.kt`.
        let parameters = parameters(of: lowered)
        let event = lowered.declaration
        printer.line()
        printer.line("/**")
        if let description = event.description {
            printer.kdocLine(description)
            printer.kdocLine("")
        }
        if let deprecated = event.deprecated {
            printer.kdocLine(deprecated, prefix: "Deprecated: ")
            printer.kdocLine("")
        }
        for line in Self.functionDoc {
            printer.indent()
            printer.append(bytes: line)
        }
        for parameter in parameters {
            if let doc = parameter.code.parameterDoc {
                printer.indent()
                printer.append(bytes: doc)
                printer.line()
            }
        }
        printer.line(" */")
        printer.line("@JvmStatic")
        if parameters.contains(where: \.optional) { printer.line("@JvmOverloads") }
        let function = KotlinNames.escaped(KotlinNames.function(event))
        printer.fragment("fun ")
        printer.append(function)
        printer.append("(")
        printer.line()
        for (index, parameter) in parameters.enumerated() {
            printer.fragment("    ")
            printer.append(bytes: parameter.optional ? parameter.code.optionalParameter : parameter.code.parameter)
            if index < parameters.count - 1 { printer.append(",") }
            printer.line()
        }
        printer.fragment("): ")
        printer.append(model.kindReference(event.kind))
        printer.append(" = ")
        printer.append(model.shardObjects[model.file(of: lowered)])
        printer.append(".")
        printer.append(function)
        printer.append("(")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { printer.append(", ") }
            printer.append(bytes: parameter.code.argument)
        }
        printer.append(")")
        printer.line()
    }

    /// The lines of every event function's KDoc after its own description, each without the indentation
    /// that starts it (``KotlinPrinter/kdocLine(_:prefix:)`` of each, made once).
    private static let functionDoc: [[UInt8]] = [
        "Checks the arguments against the contract; the event carries what it breaks (`violations`).",
        "`uuid` and `clientTimestamp` default to fresh values.",
    ].map { text in
        var line = KotlinPrinter(depth: 0, capacity: 128)
        line.kdocLine(text)
        return line.bytes
    }

    // MARK: Event shards

    private func printShard(_ shard: Int, _ printer: inout KotlinPrinter) {
        model.printHeader(&printer, imports: ["Constraints", "FieldChecks", "Violations"])
        printer.line()
        printer.line("/** The bodies of the events of shard \(shard): checks and the writer of each event's members. */")
        printer.block("internal object \(model.shardObjects[shard]) {") { body in
            model.shards[shard].withUnsafeBufferPointer { events in
                for index in events.indices {
                    if index > 0 { body.line() }
                    printEventBody(events[index], &body)
                }
            }
        }
    }

    /// An event's body, piece by piece into the printer: each field's checks and writes are
    /// ``KotlinStatements`` made once per contract, given the parameter's name.
    private func printEventBody(_ lowered: LoweredEvent, _ printer: inout KotlinPrinter) {
        let (parameters, parameterOfMember) = parameterLayout(of: lowered)
        let event = lowered.declaration
        let kindReference = model.kindReference(event.kind)
        printer.line("@JvmStatic")
        printer.fragment("fun ")
        printer.append(KotlinNames.escaped(KotlinNames.function(event)))
        printer.append("(")
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { printer.append(", ") }
            printer.append(KotlinValueName.parameter(index))
            printer.append(bytes: parameter.optional ? parameter.code.optionalShardType : parameter.code.shardType)
        }
        printer.append("): ")
        printer.append(kindReference)
        printer.block(ending: " {") { body in
            // `uuid` and `clientTimestamp` get fresh values when not given.
            for (index, parameter) in parameters.enumerated() where parameter.fresh {
                body.fragment("val ")
                body.append(KotlinValueName.fresh(index))
                body.append(" = ")
                body.append(KotlinValueName.parameter(index))
                switch parameter.freshValue {
                case .uuid?: body.append(" ?: java.util.UUID.randomUUID()")
                case .now?, nil: body.append(" ?: java.time.Instant.now()")
                }
                body.line()
            }
            body.line("val v = Violations()")
            for (index, parameter) in parameters.enumerated() where !parameter.fresh {
                body.print(parameter.optional ? parameter.code.optionalCheck : parameter.code.check, value: .parameter(index))
            }
            /// The value of the parameter named `wireName`, if the event takes one.
            func value(_ wireName: String) -> KotlinValueName? {
                parameters.firstIndex(where: { $0.code.wireName == wireName }).map(value(at:))
            }
            func value(at index: Int) -> KotlinValueName {
                parameters[index].fresh ? .fresh(index) : .parameter(index)
            }
            let kindCodes = lowered.kindIndex.map { model.kindCodeLists[$0] } ?? []
            // The enum constant the event fixes each kind field to, if it does (as the lower stage decided).
            let constants = model.fixedConstants(of: lowered)
            body.fragment("return ")
            body.append(kindReference)
            body.append("(")
            body.append(literal: event.name)
            body.append(", ")
            if let uuid = value(WireNames.uuid) { body.append(uuid) } else { body.append("java.util.UUID.randomUUID()") }
            body.append(", ")
            if let timestamp = value(WireNames.clientTimestamp) { body.append(timestamp) } else { body.append("java.time.Instant.now()") }
            body.append(", v.toList()")
            for (index, code) in kindCodes.enumerated() {
                body.append(", ")
                if let constant = constants[index] {
                    body.append(bytes: constant)
                } else if let index = parameters.firstIndex(where: { $0.code === code }) {
                    body.append(value(at: index))
                } else {
                    body.append("null")
                }
            }
            body.block(ending: ") { w ->") { members in
                // `"event":…` from the event's name, the rest from its kind's ``KotlinContract/headerTail(kind:)``.
                members.fragment("w.rawMembers(\"")
                if KotlinLiteral.isPlain(event.name) {
                    members.append(#"\""#)
                    members.append(WireNames.event)
                    members.append(#"\":\""#)
                    members.append(event.name)
                    members.append(#"\""#)
                } else {
                    members.appendEscaped(KotlinLiteral.json(WireNames.event) + ":" + KotlinLiteral.json(event.name))
                }
                members.append(bytes: model.headerTail(kind: event.kind))
                members.append(")")
                members.line()
                members.fragment("w.rawMembers(")
                members.append(model.objectName)
                members.append(".")
                members.append(KotlinContract.versionMemberConstant)
                members.append(")")
                members.line()
                // The members in the lowered wire order: each its parameter's write (of the fresh value for a
                // filled one), or the constant the event fixes a kind field to.
                for (member, parameterIndex) in zip(lowered.members, parameterOfMember) {
                    if let parameterIndex {
                        let parameter = parameters[parameterIndex]
                        let write = parameter.optional && !parameter.fresh ? parameter.code.optionalWrite : parameter.code.write
                        members.print(write, value: value(at: parameterIndex))
                    } else if case .kind(let kind, let position) = member.field, position < constants.count, let constant = constants[position] {
                        members.fragment("w.key(")
                        members.append(model.kindCodeLists[kind][position].key)
                        members.append(")")
                        members.line()
                        members.fragment("w.string(")
                        members.append(bytes: constant)
                        members.append(".wire)")
                        members.line()
                    }
                }
            }
        }
    }

    // MARK: Value sets, objects, constraints, globals

    private func printValueSets(_ printer: inout KotlinPrinter) {
        model.printHeader(&printer, imports: [])
        for set in model.contract.valueSets {
            let name = model.typeNames[set.name] ?? set.name
            let constants = model.enumConstants[set.name] ?? []
            printer.line()
            printer.kdoc((set.description.map { [$0, ""] } ?? []) + ["Value set `\(set.name)`: each member carries its wire value."])
            printer.line("enum class \(KotlinNames.escaped(name))(")
            printer.line("    /** The value as sent. */")
            printer.line("    val wire: kotlin.String")
            printer.block(") {") { body in
                for (index, member) in set.cases.enumerated() {
                    let separator = index < set.cases.count - 1 ? "," : ";"
                    body.line("\(KotlinNames.escaped(constants[index]))(\(KotlinLiteral.string(member.wireValue)))\(separator)")
                }
                body.line()
                body.block("companion object {") { companion in
                    companion.line("/** The member whose wire value is [wire]; `null` when there is none. */")
                    companion.line("@JvmStatic")
                    companion.line("fun fromWire(wire: kotlin.String): \(KotlinNames.escaped(name))? = values().firstOrNull { it.wire == wire }")
                }
            }
        }
    }

    private func printObjects(_ printer: inout KotlinPrinter) {
        model.printHeader(&printer, imports: ["Constraints", "ContractObject", "FieldChecks", "JsonWriter", "Violations"])
        for object in model.contract.objects { printObject(object, &printer) }
    }

    private func printObject(_ object: ObjectType, _ printer: inout KotlinPrinter) {
        let name = KotlinNames.escaped(model.typeNames[object.name] ?? object.name)
        let members = object.required.map { ($0, false) } + object.optional.map { ($0, true) }
        printer.line()
        var doc = object.description.map { [$0, ""] } ?? []
        doc.append("Object `\(object.name)`: members required, then optional (`null` when absent).")
        for (field, _) in members {
            let pii = field.pii ? " May hold personal data (`pii`): removed when consent is denied, redacted in logs." : ""
            doc.append("@property \(KotlinNames.member(field)) \(field.description ?? "The `\(field.wireName)` member.")\(pii)")
        }
        printer.kdoc(doc)
        if members.isEmpty {
            printer.block("class \(name) : ContractObject {") { body in
                body.line("override fun writeJSON(writer: JsonWriter) {")
                body.line("    writer.beginObject()")
                body.line("    writer.endObject()")
                body.line("}")
                body.line()
                body.line("override fun collectViolations(path: kotlin.String, violations: Violations) {}")
                body.line()
                body.line("override fun equals(other: kotlin.Any?): kotlin.Boolean = other is \(name)")
                body.line()
                body.line("override fun hashCode(): kotlin.Int = 0")
                body.line()
                body.line("override fun toString(): kotlin.String = \(KotlinLiteral.string(object.name + "()"))")
            }
            return
        }
        let overloads = members.contains { $0.1 } ? " @JvmOverloads constructor" : ""
        printer.line("data class \(name)\(overloads)(")
        for (index, (field, optional)) in members.enumerated() {
            let type = model.typeName(field.spec) + (optional ? "? = null" : "")
            printer.line("    val \(KotlinNames.escaped(KotlinNames.member(field))): \(type)\(index < members.count - 1 ? "," : "")")
        }
        printer.block(") : ContractObject {") { body in
            body.block("override fun writeJSON(writer: JsonWriter) {") { write in
                write.line("writer.beginObject()")
                for (field, optional) in members {
                    model.printMember(field, "this.\(KotlinNames.escaped(KotlinNames.member(field)))", optional: optional, writer: "writer", into: &write)
                }
                write.line("writer.endObject()")
            }
            body.line()
            let checked = members.filter { model.hasChecks($0.0.spec) }
            if checked.isEmpty {
                body.line("override fun collectViolations(path: kotlin.String, violations: Violations) {}")
            } else {
                body.block("override fun collectViolations(path: kotlin.String, violations: Violations) {") { check in
                    for (field, optional) in checked {
                        model.printMemberCheck(
                            field, "this.\(KotlinNames.escaped(KotlinNames.member(field)))", optional: optional, parent: "path",
                            violations: "violations", into: &check)
                    }
                }
            }
        }
    }

    private func printConstraints(_ printer: inout KotlinPrinter) {
        model.printHeader(&printer, imports: ["Constraints", "PatternProgram"])
        printer.line()
        printer.line("/** The contract's constraints, built once; patterns as programs for the runtime's matcher (docs/patterns.md). */")
        printer.block("internal object \(model.constraintsObject) {") { body in
            var patternNames: [String: String] = [:]
            for (index, pattern) in model.patterns.order.enumerated() {
                patternNames[pattern] = "pattern\(index)"
                body.line("/** \(KotlinLiteral.comment(KotlinLiteral.string(pattern))) */")
                let program = model.patterns.programs[pattern]!.map(String.init).joined(separator: ", ")
                body.line("private val pattern\(index) = PatternProgram(intArrayOf(\(program)), \(KotlinLiteral.string(pattern)))")
            }
            for constraints in model.constraintOrder {
                var arguments: [String] = []
                if let value = constraints.minLength { arguments.append("minLength = \(value)") }
                if let value = constraints.maxLength { arguments.append("maxLength = \(value)") }
                if let pattern = constraints.pattern, let name = patternNames[pattern] { arguments.append("pattern = \(name)") }
                if let value = constraints.minimum { arguments.append("minimum = \(KotlinLiteral.string(JSONWriter.wireText(decimal: value)))") }
                if let value = constraints.maximum { arguments.append("maximum = \(KotlinLiteral.string(JSONWriter.wireText(decimal: value)))") }
                if let value = constraints.minItems { arguments.append("minItems = \(value)") }
                if let value = constraints.maxItems { arguments.append("maxItems = \(value)") }
                body.line("@JvmField")
                body.line("val \(model.constraintNames[constraints]!) = Constraints(\(arguments.joined(separator: ", ")))")
            }
        }
    }

    private func printGlobals(_ printer: inout KotlinPrinter) {
        // The event already wrote `contractVersion`: a global of that name is the same value.
        let globals = model.contract.globals.filter { $0.wireName != WireNames.contractVersion }
        let checked = globals.filter { model.hasChecks($0.spec) }
        model.printHeader(
            &printer, imports: ["EventGlobals", "JsonWriter"] + (checked.isEmpty ? [] : ["FieldChecks", "Violation", "Violations"]))
        printer.line()
        var doc = [
            "The contract's globals: what a sink appends to every event it sends, in contract order, as the",
            "Swift dispatcher does. A global without a value is sent with its contract default, or left out",
            "when it has none (`RuntimeConstants.ABSENT_GLOBAL_POLICY`, never null); a pii one is left out when",
            "consent is denied and redacted in logs. Values that break the contract are sent as given and",
            "reported by [violations] (`RuntimeConstants.INVALID_GLOBALS_POLICY`).",
        ]
        for field in globals {
            doc.append("@property \(KotlinNames.member(field)) \(field.description ?? "The `\(field.wireName)` global.")")
        }
        printer.kdoc(doc)
        guard !globals.isEmpty else {
            printer.block("class \(model.globalsClass) : EventGlobals {") { body in
                body.line("override fun writeMembers(writer: JsonWriter) {}")
            }
            return
        }
        printer.line("data class \(model.globalsClass) @JvmOverloads constructor(")
        for (index, field) in globals.enumerated() {
            // With a default the value is never absent; without one, absent is left out of the payload.
            let initial = field.defaultValue.flatMap { model.defaultExpression($0, of: field.spec) }
            let type = model.typeName(field.spec) + (initial == nil ? "? = null" : " = \(initial!)")
            printer.line("    val \(KotlinNames.escaped(KotlinNames.member(field))): \(type)\(index < globals.count - 1 ? "," : "")")
        }
        printer.block(") : EventGlobals {") { body in
            body.block("override fun writeMembers(writer: JsonWriter) {") { write in
                for field in globals {
                    let value = "this.\(KotlinNames.escaped(KotlinNames.member(field)))"
                    let hasDefault = field.defaultValue.flatMap { model.defaultExpression($0, of: field.spec) } != nil
                    // As an event's optional member: left out without a value (ABSENT_GLOBAL_POLICY);
                    // a pii one left out when consent is denied and redacted in logs.
                    model.printMember(field, value, optional: !hasDefault, writer: "writer", into: &write)
                }
            }
            guard !checked.isEmpty else { return }
            body.line()
            // The values the app gave are checked as Swift's dispatcher checks them (a global without a value is not).
            body.block("override fun violations(): List<Violation> {") { check in
                check.line("val found = Violations()")
                for field in checked {
                    let hasDefault = field.defaultValue.flatMap { model.defaultExpression($0, of: field.spec) } != nil
                    model.printMemberCheck(
                        field, "this.\(KotlinNames.escaped(KotlinNames.member(field)))", optional: !hasDefault, parent: "\"\"",
                        violations: "found", into: &check)
                }
                check.line("return found.toList()")
            }
        }
    }
}
