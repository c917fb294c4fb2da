extension GeneratedCodeSupport {
    /// The event descriptors a generated event shard holds as JSON text: an
    /// array with one array per event, `[name, kind, {constant: value, ...},
    /// [required, ...], [optional, ...], deprecated or null]`.
    ///
    /// Data, not code: built with one initializer call per event and a literal
    /// per name, a shard's list was about a fifth of its compiled code, and the
    /// debug build compiles every call (docs/performance.md, "Build time of the
    /// generated module"). Read once, when the contract's descriptor is first
    /// used. The text is the generator's; anything else in it stops the program.
    public static func eventDescriptors(_ json: String) -> [EventDescriptor] {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(json)
        } catch {
            preconditionFailure("generated event descriptors are not JSON: \(error)")
        }
        guard case .array(let events) = parsed else { preconditionFailure("generated event descriptors: not an array") }
        var descriptors: [EventDescriptor] = []
        descriptors.reserveCapacity(events.count)
        for event in events {
            guard case .array(let parts) = event, parts.count == 6,
                case .string(let name) = parts[0], case .string(let kind) = parts[1],
                case .object(let constantMembers) = parts[2]
            else { preconditionFailure("generated event descriptor: \(event)") }
            var constants: [String: String] = [:]
            for (key, value) in constantMembers {
                guard case .string(let text) = value else { preconditionFailure("generated event constant: \(value)") }
                constants[key] = text
            }
            let deprecated: String?
            switch parts[5] {
            case .null: deprecated = nil
            case .string(let message): deprecated = message
            default: preconditionFailure("generated event deprecation: \(parts[5])")
            }
            descriptors.append(EventDescriptor(
                name: name, kind: kind, constants: constants,
                required: strings(parts[3]), optional: strings(parts[4]), deprecated: deprecated))
        }
        return descriptors
    }

    private static func strings(_ value: JSONValue) -> [String] {
        guard case .array(let items) = value else { preconditionFailure("generated event fields: \(value)") }
        return items.map { item in
            guard case .string(let text) = item else { preconditionFailure("generated event field: \(item)") }
            return text
        }
    }
}
