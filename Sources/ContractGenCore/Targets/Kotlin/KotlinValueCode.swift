import TrackingCore

/// The Kotlin statements that write and check one value of a spec: the one
/// place that knows how each type is written and checked, for events,
/// objects and globals alike.
extension KotlinContract {
    /// Prints the statements that write `value` (a non-null expression of `spec`'s type) with `writer`.
    func printWrite(_ spec: ValueSpec, _ value: String, writer: String, depth: Int = 0, into printer: inout KotlinPrinter) {
        switch spec.type {
        case .array(let items):
            let item = "x\(depth)"
            printer.line("\(writer).beginArray()")
            printer.block("for (\(item) in \(value)) {") { body in
                printWrite(items, item, writer: writer, depth: depth + 1, into: &body)
            }
            printer.line("\(writer).endArray()")
        case .valueSet:
            printer.line("\(writer).string(\(value).wire)")
        case .object:
            printer.line("\(writer).value(\(value))")
        case .string, .int, .double, .decimal, .bool, .uuid, .timestamp:
            printer.line("\(writer).\(KotlinTarget.writerFunction(ScalarFieldType(spec.type)!))(\(value))")
        }
    }

    /// Whether a value of `spec` has anything to check.
    func hasChecks(_ spec: ValueSpec) -> Bool {
        switch spec.type {
        case .array(let items): spec.constraints.minItems != nil || spec.constraints.maxItems != nil || hasChecks(items)
        case .object, .double: true
        case .valueSet, .bool, .uuid, .timestamp: false
        case .string, .int, .decimal: !spec.constraints.isEmpty
        }
    }

    /// Prints the statements that check `value` (non-null, of `spec`'s type), member `name` (a Kotlin literal;
    /// `""` for an array's item) of the value at the path expression `parent`; paths are made only when reported.
    func printCheck(
        _ spec: ValueSpec, _ value: String, parent: String, name: String, violations: String, depth: Int = 0, into printer: inout KotlinPrinter
    ) {
        // Made only where used: most values of most events have nothing to check.
        var path: String { name == "\"\"" ? parent : parent == "\"\"" ? name : "Violations.member(\(parent), \(name))" }
        var constraints: String { constraintsExpression(spec.constraints) }
        switch spec.type {
        case .array(let items):
            if spec.constraints.minItems != nil || spec.constraints.maxItems != nil {
                printer.line("FieldChecks.count(\(value).size, \(constraints), \(parent), \(name), \(violations))")
            }
            guard hasChecks(items) else { return }
            let index = "i\(depth)"
            printer.block("for (\(index) in \(value).indices) {") { body in
                printCheck(
                    items, "\(value)[\(index)]", parent: "Violations.item(\(path), \(index))", name: "\"\"", violations: violations,
                    depth: depth + 1, into: &body)
            }
        case .object:
            printer.line("\(value).collectViolations(\(path), \(violations))")
        case .string, .int, .double, .decimal:
            let function = KotlinTarget.checkFunction(ScalarFieldType(spec.type)!)!
            printer.line("FieldChecks.\(function)(\(value), \(constraints), \(parent), \(name), \(violations))")
        case .valueSet, .bool, .uuid, .timestamp:
            break
        }
    }

    /// Prints a member: its key, then its value; an optional member only when it has a value; a `pii` one as the writer's handling says.
    func printMember(_ field: Field, _ value: String, optional: Bool, writer: String, into printer: inout KotlinPrinter) {
        let key = key(field)
        guard optional || field.pii else {
            printer.line("\(writer).key(\(key))")
            printWrite(field.spec, value, writer: writer, into: &printer)
            return
        }
        var conditions: [String] = []
        if optional { conditions.append("\(value) != null") }
        if field.pii {
            conditions.append("\(writer).piiKey(\(key))")
        }
        printer.block("if (\(conditions.joined(separator: " && "))) {") { body in
            if !field.pii { body.line("\(writer).key(\(key))") }
            printWrite(field.spec, value, writer: writer, into: &body)
        }
    }

    /// Prints the checks of a member, when it has any.
    func printMemberCheck(_ field: Field, _ value: String, optional: Bool, parent: String, violations: String, into printer: inout KotlinPrinter) {
        guard hasChecks(field.spec) else { return }
        let name = KotlinLiteral.string(field.wireName)
        if optional {
            printer.block("if (\(value) != null) {") { body in
                printCheck(field.spec, value, parent: parent, name: name, violations: violations, into: &body)
            }
        } else {
            printCheck(field.spec, value, parent: parent, name: name, violations: violations, into: &printer)
        }
    }

    /// A Kotlin expression of the contract default `value` of `spec`; `nil` when it has none in Kotlin.
    func defaultExpression(_ value: JSONValue, of spec: ValueSpec) -> String? {
        switch (spec.type, value) {
        case (.string, .string(let text)): return KotlinLiteral.string(text)
        case (.int, .number(let text)): return text + "L"
        case (.double, .number(let text)):
            return text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? text : text + ".0"
        case (.decimal, .number(let text)): return "java.math.BigDecimal(\(KotlinLiteral.string(text)))"
        case (.bool, .bool(let flag)): return flag ? "true" : "false"
        case (.uuid, .string(let text)): return "java.util.UUID.fromString(\(KotlinLiteral.string(text)))"
        case (.timestamp, .string(let text)): return "java.time.Instant.parse(\(KotlinLiteral.string(text)))"
        case (.valueSet(let name), .string(let wire)):
            guard let set = valueSets[name], let index = set.cases.firstIndex(where: { $0.wireValue == wire }) else { return nil }
            return "\(typeNames[name] ?? name).\(KotlinNames.escaped(enumConstants[name]![index]))"
        case (.array(let items), .array(let values)):
            let elements = values.compactMap { defaultExpression($0, of: items) }
            guard elements.count == values.count else { return nil }
            return "kotlin.collections.listOf<\(typeName(items))>(\(elements.joined(separator: ", ")))"
        case (.object(let name), .object(let members)):
            guard let object = objects[name] else { return nil }
            var arguments: [String] = []
            for (key, member) in members {
                guard let field = (object.required + object.optional).first(where: { $0.wireName == key }),
                    let expression = defaultExpression(member, of: field.spec)
                else { return nil }
                arguments.append("\(KotlinNames.escaped(KotlinNames.member(field))) = \(expression)")
            }
            return "\(typeNames[name] ?? name)(\(arguments.joined(separator: ", ")))"
        // A value of another JSON kind than the type's: the reader reports such a default, so none reaches here.
        // Listed per type (no `default:`) so that a new type's default is written above, not dropped.
        case (.string, _), (.int, _), (.double, _), (.decimal, _), (.bool, _), (.uuid, _), (.timestamp, _), (.valueSet, _), (.array, _),
            (.object, _):
            return nil
        }
    }
}
