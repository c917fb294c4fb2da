import TrackingCore

/// What event functions print for one field, made once per contract rather
/// than once per event that takes it (a field of a 20,000-event contract is
/// taken by dozens of events): its names, its type, and its checks and
/// writes as ``KotlinStatements``.
final class KotlinFieldCode: Sendable {
    let field: Field
    /// The parameter and property name (``KotlinNames/member(_:)``), and as code (backticks where a keyword).
    let member: String
    let escapedMember: String
    let type: String
    /// The checks of a value of the field, an event's member (parent path `""`, violations `v`): required, optional.
    let check: KotlinStatements
    let optionalCheck: KotlinStatements
    /// Writes the member with writer `w`: required, optional.
    let write: KotlinStatements
    let optionalWrite: KotlinStatements

    init(_ field: Field, in model: KotlinContract) {
        self.field = field
        member = KotlinNames.member(field)
        escapedMember = KotlinNames.escaped(member)
        type = model.typeName(field.spec)
        check = KotlinStatements { model.printMemberCheck(field, $1, optional: false, parent: "\"\"", violations: "v", into: &$0) }
        optionalCheck = KotlinStatements { model.printMemberCheck(field, $1, optional: true, parent: "\"\"", violations: "v", into: &$0) }
        write = KotlinStatements { model.printMember(field, $1, optional: false, writer: "w", into: &$0) }
        optionalWrite = KotlinStatements { model.printMember(field, $1, optional: true, writer: "w", into: &$0) }
    }
}
