/// The `FieldConstraints` literals of one generated file, each printed once in
/// one `static let` array of `<Namespace>.Rules` that every check of the file
/// reads by index: `fieldConstraints` (the curated fields, in the fields'
/// file), `envelopeConstraints` (envelope and kind fields, in the envelope's
/// file) and `objectConstraints` (the objects' members, in the objects' file).
///
/// Equal literals share one entry (contracts repeat their limits: ids of 1 to
/// 64 characters, amounts from 0), and the descriptor's value specs read the
/// same entries instead of building their own: every `FieldConstraints(...)`
/// built in code is a call with one default argument per omitted parameter,
/// and the debug build compiles each (docs/performance.md, "Build time of the
/// generated module"). A table is computed from the module alone, so the file
/// that prints an array and the files that read it agree on every index.
struct ConstraintTable {
    /// The array's name in `<Namespace>.Rules`.
    let arrayName: String
    /// The distinct literals, in the order first met: the array's elements.
    private(set) var literals: [String] = []
    private var positions: [String: Int] = [:]

    init(arrayName: String) {
        self.arrayName = arrayName
    }

    /// The index of `literal` in the array, added when not there yet.
    @discardableResult
    mutating func add(_ literal: String) -> Int {
        if let position = positions[literal] { return position }
        positions[literal] = literals.count
        literals.append(literal)
        return literals.count - 1
    }

    /// The index of `literal` in the array, if it is there.
    func position(of literal: String) -> Int? { positions[literal] }

    /// The array's name for the rules of `scopes` (see ``ModuleRenderer/renderRules(_:scopes:into:)``).
    static func arrayName(forRules scopes: Set<FieldCheckDecl.Scope>) -> String {
        scopes.contains(.curated) ? "fieldConstraints" : "envelopeConstraints"
    }

    /// The constraints the checks of `module`'s rules of `scopes` read, in rule order.
    static func rules(_ module: GeneratedModule, scopes: Set<FieldCheckDecl.Scope>) -> ConstraintTable {
        var table = ConstraintTable(arrayName: arrayName(forRules: scopes))
        for rule in module.rules where scopes.contains(rule.scope) && ValueCode.needsCheck(rule.property.spec) {
            for (_, literal) in ValueCode.constraintValues(rule.property.spec) { table.add(literal) }
        }
        return table
    }

    /// The constraints the objects' `collectViolations` read, object by object, member by member.
    static func objects(_ module: GeneratedModule) -> ConstraintTable {
        var table = ConstraintTable(arrayName: "objectConstraints")
        for object in module.objects {
            for property in StructRenderer.checkedProperties(of: object) {
                for (_, literal) in ValueCode.constraintValues(property.spec) { table.add(literal) }
            }
        }
        return table
    }

    /// Prints `static let <arrayName>: [TrackingCore.FieldConstraints] = [...]` (nothing when empty).
    func renderArray(into p: inout CodePrinter) {
        guard !literals.isEmpty else { return }
        p.line("/// The constraints the checks read, by index, each built once.")
        p.line("static let \(arrayName): [TrackingCore.FieldConstraints] = [")
        p.indent()
        for literal in literals { p.line(literal + ",") }
        p.outdent()
        p.line("]")
    }
}
