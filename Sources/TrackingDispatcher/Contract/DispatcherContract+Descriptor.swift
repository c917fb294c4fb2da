import TrackingCore

extension DispatcherContract {
    /// The rules of a generated contract module: its globals (defaults and PII
    /// flags), every field marked `pii`, and validation of each encoded event
    /// (globals included) against the descriptor, which also flags unknown fields.
    ///
    /// ```swift
    /// let rules = DispatcherContract(descriptor: Omnitracking.descriptor)
    /// ```
    public init(descriptor: ContractDescriptor, validatePayloads: Bool = true) {
        var pii = Set<String>()
        var allFields: [FieldDescriptor] = descriptor.mandatory + descriptor.fields + descriptor.globals
        for kind in descriptor.kinds { allFields += kind.mandatory }
        for field in allFields where field.pii { pii.insert(field.wireName) }
        let globals: [GlobalSpec] = descriptor.globals.map { field in
            GlobalSpec(name: field.wireName, defaultValue: field.defaultValue, isPII: field.pii)
        }
        var validator: (@Sendable (JSONValue) -> [Violation])?
        if validatePayloads {
            validator = { payload in descriptor.validate(payload: payload) }
        }
        let globalFields = descriptor.globals
        let globalsValidator: @Sendable ([String: JSONValue]) -> [Violation] = { values in
            var violations: [Violation] = []
            for field in globalFields {
                // Absent or null: not given (default or left out, and .incomplete), so not checked.
                guard let value = values[field.wireName], value != .null else { continue }
                descriptor.check(value, against: field.spec, path: field.wireName, into: &violations)
            }
            return violations
        }
        self.init(globals: globals, piiFields: pii, payloadValidator: validator, globalsValidator: globalsValidator)
        self.pii = PIIPolicy(descriptor: descriptor)
    }
}
