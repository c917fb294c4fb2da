import TrackingCore

/// What event functions print for one field, made once per contract rather
/// than once per event that takes it (a field of a 20,000-event contract is
/// taken by dozens of events): its names, its type, the pieces of the lines
/// that name it, and its checks and writes as ``KotlinStatements``.
final class KotlinFieldCode: Sendable {
    let field: Field
    /// ``field``'s wire name, read without copying the field.
    let wireName: String
    /// The member key literal (``KotlinContract/key(_:)``).
    let key: String
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
    /// The parameter of the contract object's function: `sku: kotlin.String`; optional, `sku: kotlin.String? = null`.
    let parameter: [UInt8]
    let optionalParameter: [UInt8]
    /// The parameter's type in an event shard, after its name: `: kotlin.String`; optional, `: kotlin.String?`.
    let shardType: [UInt8]
    let optionalShardType: [UInt8]
    /// The parameter's name as an argument (``escapedMember``).
    let argument: [UInt8]
    /// The function's KDoc line on the parameter, without indentation or line end
    /// (` * @param sku The SKU.`); `nil` when the field has no description.
    let parameterDoc: [UInt8]?

    init(_ field: Field, in model: KotlinContract) {
        self.field = field
        wireName = field.wireName
        key = model.key(field)
        let member = KotlinNames.member(field)
        self.member = member
        escapedMember = KotlinNames.escaped(member)
        type = model.typeName(field.spec)
        check = KotlinStatements { model.printMemberCheck(field, $1, optional: false, parent: "\"\"", violations: "v", into: &$0) }
        optionalCheck = KotlinStatements { model.printMemberCheck(field, $1, optional: true, parent: "\"\"", violations: "v", into: &$0) }
        write = KotlinStatements { model.printMember(field, $1, optional: false, writer: "w", into: &$0) }
        optionalWrite = KotlinStatements { model.printMember(field, $1, optional: true, writer: "w", into: &$0) }
        parameter = Array("\(escapedMember): \(type)".utf8)
        optionalParameter = parameter + "? = null".utf8
        shardType = Array(": \(type)".utf8)
        optionalShardType = shardType + [UInt8(ascii: "?")]
        argument = Array(escapedMember.utf8)
        // A member name is an identifier: nothing in it to make safe for a comment.
        parameterDoc = field.description.map { Array(" * @param \(member) \(KotlinLiteral.comment($0))".utf8) }
    }
}
