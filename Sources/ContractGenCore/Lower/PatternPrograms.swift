import TrackingCore

/// Every pattern of a contract compiled once, to the program the runtime's
/// matcher runs, in its serialised form (docs/patterns.md): what a code target
/// embeds as data so that its runtime needs only the small interpreter, never
/// its platform's regular expressions. (The Swift target keeps the pattern text:
/// its runtime compiles the same program from it.)
package struct PatternPrograms: Sendable, Hashable {
    /// Pattern text -> its program, one entry per distinct pattern.
    package private(set) var programs: [String: [Int]] = [:]
    /// The distinct patterns in the order the contract first uses them (globals,
    /// envelope, kinds, objects, fields), so targets emit them deterministically.
    package private(set) var order: [String] = []

    /// The patterns of a valid contract (validation has compiled each one already).
    package init(_ contract: Contract) {
        var fields = contract.mandatory + contract.globals + contract.kinds.flatMap(\.mandatory)
        fields += contract.objects.flatMap { $0.required + $0.optional }
        fields += contract.fields
        for field in fields { add(field.spec) }
    }

    private mutating func add(_ spec: ValueSpec) {
        if let pattern = spec.constraints.pattern, programs[pattern] == nil,
           let program = try? ContractRegex.serializedProgram(pattern) {
            programs[pattern] = program
            order.append(pattern)
        }
        if case .array(let items) = spec.type { add(items) }
    }
}
