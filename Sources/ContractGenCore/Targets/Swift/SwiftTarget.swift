import TrackingCore

/// The Swift target: names from ``GeneratedNames``, checks in
/// ``SwiftNameChecks``, code from its own stages in `Targets/Swift/Translate/` and
/// `Targets/Swift/Render/`
/// (``ContractTranslator``, ``ModuleRenderer``) into the files of
/// ``GeneratedFileSet``.
package struct SwiftTarget: CodeTarget {
    /// `names.swift` (and its alias `swiftName:`).
    package static let identifier = "swift"

    package init() {}

    package var id: String { Self.identifier }
    package var displayName: String { "Swift" }
    package var nameChangeType: ChangeType { .swiftNameChanged }
    package var chosenNameKey: String { "swiftName:" }
    package var chosenNameAlias: String? { "swiftName" }

    /// A Swift identifier: ASCII letters, digits and `_`, not starting with a digit, not `_` alone.
    package func chosenNameProblem(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        let isIdentifier = !bytes.isEmpty && !(bytes[0] >= 0x30 && bytes[0] <= 0x39) && bytes.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
        }
        return isIdentifier && GeneratedNames.hasSwiftName(name) ? nil : "ASCII letters, digits and '_', not starting with a digit"
    }

    /// Each code becomes an enum case: it needs a letter or digit, and the
    /// codes of one set must become distinct cases.
    package func checkCaseNames(_ cases: [ValueSetCase], of what: String, reporting reporter: any DiagnosticReporting) -> [ValueSetCase] {
        var swiftSeen: [String: String] = [:]
        var unique: [ValueSetCase] = []
        unique.reserveCapacity(cases.count)
        for member in cases {
            if NameSyntax.isValidName(member.code), !GeneratedNames.hasSwiftName(member.code) {
                reporter.error(
                    "code '\(member.code)' of \(what) has no letter or digit to make a Swift case name from", at: member.location,
                    hint: "use the mapping form and give it a code name: 'underscore: \(member.code)'")
                continue
            }
            let swift = GeneratedNames.caseName(member.code)
            if let other = swiftSeen[swift] {
                reporter.error("codes '\(other)' and '\(member.code)' of \(what) both become the Swift case '\(swift)'", at: member.location, hint: "rename one of them")
                continue
            }
            swiftSeen[swift] = member.code
            unique.append(member)
        }
        return unique
    }

    /// Reports fields of one scope whose different wire names become one Swift name.
    package func checkMemberNames(_ fields: [Field], scope: String, reporting reporter: any DiagnosticReporting) {
        var seen: [String: String] = [:]
        for field in fields {
            let swift = GeneratedNames.memberName(of: field)
            if let other = seen[swift], other != field.wireName {
                reporter.error("fields '\(other)' and '\(field.wireName)' of \(scope) both become the Swift name '\(swift)'", at: field.location, hint: "rename one of them")
            } else {
                seen[swift] = field.wireName
            }
        }
    }

    package func checkNames(of contract: Contract, reporting reporter: any DiagnosticReporting) {
        SwiftNameChecks(contract: contract, reporter: reporter).run()
    }

    package func name(of element: NamedElement, in contract: Contract) -> String {
        switch element {
        case .field(let field): GeneratedNames.memberName(of: field)
        case .object(let object):
            GeneratedNames.typeName(object.name, swiftName: object.names.swift, namespace: GeneratedNames.namespaceName(contract.name))
        case .kind(let kind):
            GeneratedNames.typeName(kind.name, swiftName: kind.names.swift, namespace: GeneratedNames.namespaceName(contract.name))
        case .event(let event): GeneratedNames.functionName(event.name, swiftName: event.names.swift)
        }
    }

    package var generator: any TargetGenerator { SwiftGenerator() }

    package func scalarTypeName(_ type: ScalarFieldType) -> String { SwiftType(type).code }

    /// `ConformanceDriver.swift`, compiled into `ConformanceContract` (Conformance/Swift).
    package func conformanceDriver(for lowered: LoweredContract) -> GeneratedFile? {
        ConformanceDriverRenderer.render(ContractTranslator.translate(lowered))
    }
}

/// Swift's file set and renderer: the translate and render stages.
struct SwiftGenerator: TargetGenerator {
    var commentSyntax: CommentSyntax { .slashes }
    var fileNames: [String] { GeneratedFileSet.fileNames }
    var renderOrder: [String] { ModuleRenderer.renderOrder }

    func ownsFile(named name: String) -> Bool { GeneratedFileNames.isGeneratedFileName(name) }

    func renderer(for lowered: LoweredContract) -> any TargetFileRenderer {
        ModuleRenderer(ContractTranslator.translate(lowered))
    }
}

extension ModuleRenderer: TargetFileRenderer {}

extension TargetNames {
    /// The Swift name chosen (`names.swift:` or `swiftName:`); `nil` to derive it.
    package var swift: String? { self[SwiftTarget.identifier] }
}
