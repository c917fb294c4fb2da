import Foundation

/// A language the generator can serve: everything language-specific sits
/// behind this one protocol (as protoc's language generators sit behind one
/// descriptor), so the contract model, `Validate`, `Diff`, `Schema` and the
/// catalogue know no language. A target owns its derived names, reserved words
/// and collision checks, its file set, and rendering.
///
/// Targets are listed once, in ``CodeTargets/all``; adding one is one entry
/// there (and, for `contractgen diff`, one ``ChangeType`` for its names).
package protocol CodeTarget: Sendable {
    /// The key in `names:` and the value of `generate --target` (`swift`).
    var id: String { get }
    /// How messages name the target (`Swift`).
    var displayName: String { get }
    /// What `contractgen diff` reports when a name in this target changes
    /// while the contract name stays: breaking for this target's source only.
    var nameChangeType: ChangeType { get }
    /// The key a message points the user to for choosing a name (`swiftName:`).
    var chosenNameKey: String { get }

    /// `nil` when `name`, chosen in `names:` for this target, can be used as
    /// written; otherwise what such a name must look like (a hint).
    func chosenNameProblem(_ name: String) -> String?

    /// The members of one value set that can become cases in this target, in
    /// order; reports the others.
    func checkCaseNames(_ cases: [ValueSetCase], of what: String, reporting: any DiagnosticReporting) -> [ValueSetCase]

    /// Reports fields of one scope (an object's members) whose names collide in this target.
    func checkMemberNames(_ fields: [Field], scope: String, reporting: any DiagnosticReporting)

    /// The name checks that need the whole contract: derived names that
    /// cannot be used, reserved words, collisions.
    func checkNames(of contract: Contract, reporting: any DiagnosticReporting)

    /// The name this target's code gives `element` of `contract` (for `diff`).
    func name(of element: NamedElement, in contract: Contract) -> String

    /// What `generate --target` runs.
    var generator: any TargetGenerator { get }

    /// The type a value of a scalar field type has in this target's code
    /// (`Swift.String`). Each target switches over every ``ScalarFieldType``,
    /// so a new type is a compile error until every target handles it.
    func scalarTypeName(_ type: ScalarFieldType) -> String
}

/// A contract element that has a name in generated code.
package enum NamedElement: Sendable {
    case field(Field)
    case object(ObjectType)
    case kind(Kind)
    case event(Event)
}

/// Renders one target's files for a valid contract.
package protocol TargetGenerator: Sendable {
    /// Every file the target can write, whatever the contract (what the build plugin
    /// declares), in the order reports list them.
    var fileNames: [String] { get }
    /// The same files, in the order to start rendering them (largest first).
    var renderOrder: [String] { get }
    /// Whether `name` follows the pattern of the target's file names (for any contract, or
    /// an earlier version of the generator): with the generated header, what marks a file in
    /// an output directory as the generator's own, to remove when no longer generated.
    func ownsFile(named name: String) -> Bool
    /// Prepares rendering `contract` (translating it); then any file can be rendered, from any thread.
    func renderer(for contract: Contract) -> any TargetFileRenderer
}

/// Renders the files of one translated contract.
package protocol TargetFileRenderer: Sendable {
    /// Whether the file named `name` declares nothing for this contract (an event shard no
    /// event falls in), answered from the translated contract without rendering: a reviewed
    /// copy leaves such a file out; the build plugin's declared files get it as a placeholder.
    func isEmpty(file name: String) -> Bool
    /// The file named `name` (one of ``TargetGenerator/fileNames``), printed into `buffer`'s
    /// storage; a file that ``isEmpty(file:)`` is the generated header alone.
    func render(file name: String, reusing buffer: consuming [UInt8]) -> GeneratedFile
}

/// Where checks report what they find (the reader of a contract).
package protocol DiagnosticReporting: AnyObject {
    func error(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String?)
    func note(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String?)
    func warning(_ message: @autoclosure () -> String, at location: SourceLocation, hint: @autoclosure () -> String?)
}

extension DiagnosticReporting {
    package func error(_ message: @autoclosure () -> String, at location: SourceLocation) {
        error(message(), at: location, hint: nil)
    }

    package func note(_ message: @autoclosure () -> String, at location: SourceLocation) {
        note(message(), at: location, hint: nil)
    }

    package func warning(_ message: @autoclosure () -> String, at location: SourceLocation) {
        warning(message(), at: location, hint: nil)
    }
}

extension CodeTarget {
    package func checkCaseNames(_ cases: [ValueSetCase], of what: String, reporting: any DiagnosticReporting) -> [ValueSetCase] { cases }
    package func checkMemberNames(_ fields: [Field], scope: String, reporting: any DiagnosticReporting) {}
    package func checkNames(of contract: Contract, reporting: any DiagnosticReporting) {}
}
