import TrackingCore

/// The Kotlin target (Android): names from ``KotlinNames``, code from
/// ``KotlinRenderer`` into the fixed file set of ``KotlinGenerator``, for the
/// runtime in `Runtimes/Kotlin` (docs/kotlin.md).
package struct KotlinTarget: CodeTarget {
    /// The package of the generated files (`--package`); `nil` for `contractgen.<contract name>`.
    package var packageName: String?

    package init(packageName: String? = nil) {
        self.packageName = packageName
    }

    package var id: String { KotlinNames.targetID }
    package var displayName: String { "Kotlin" }
    package var nameChangeType: ChangeType { .kotlinNameChanged }
    package var chosenNameKey: String { "names.kotlin:" }

    /// A Kotlin identifier of ASCII letters, digits and `_`, not starting with a digit, not `_` alone.
    package func chosenNameProblem(_ name: String) -> String? {
        name.unicodeScalars.allSatisfy(\.isASCII) && KotlinNames.isIdentifier(name) ? nil : "ASCII letters, digits and '_', not starting with a digit"
    }

    package func checkNames(of contract: Contract, reporting reporter: any DiagnosticReporting) {
        KotlinNameChecks(contract: contract, reporter: reporter).run()
    }

    /// Reports fields of one scope (an object's data class) whose different wire names become one property.
    package func checkMemberNames(_ fields: [Field], scope: String, reporting reporter: any DiagnosticReporting) {
        KotlinNameChecks.checkDistinct(fields, reporting: reporter) { "property '\($0)' of \(scope)" }
    }

    package func name(of element: NamedElement, in contract: Contract) -> String {
        switch element {
        case .field(let field): KotlinNames.member(field)
        case .object(let object): object.names[id] ?? CamelCase.upperCamel(object.name)
        case .kind(let kind):
            KotlinNames.kindClass(kind, contractObject: KotlinNames.contractObject(contract.name), shadowing: Self.topLevelNames(of: contract))
        case .event(let event): KotlinNames.function(event)
        }
    }

    /// The top-level names of `contract`'s files, which kind classes keep clear of.
    static func topLevelNames(of contract: Contract) -> Set<String> {
        KotlinContract.topLevelNames(
            of: contract, objectName: KotlinNames.contractObject(contract.name), shardCount: KotlinGenerator.eventShardCount
        ).taken
    }

    package var generator: any TargetGenerator { KotlinGenerator(packageName: packageName) }

    /// `package:` (`--package`): the package of the generated files.
    package static let packageOption = TargetOption(key: "package", valueNoun: "a Kotlin package", problem: KotlinNames.packageProblem)

    package var options: [TargetOption] { [Self.packageOption] }

    package func configured(with values: [String: String]) -> any CodeTarget {
        KotlinTarget(packageName: values[Self.packageOption.key])
    }

    package func scalarTypeName(_ type: ScalarFieldType) -> String { Self.kotlinType(type) }

    /// `ConformanceDriver.kt` (``KotlinConformanceDriver``), in the generated files' package.
    package func conformanceDriver(for lowered: LoweredContract) -> GeneratedFile? {
        GeneratedFile(name: KotlinConformanceDriver.fileName, contents: KotlinConformanceDriver.render(lowered, packageName: packageName))
    }

    /// The Kotlin type of a scalar field type: the table's Kotlin hook.
    static func kotlinType(_ type: ScalarFieldType) -> String {
        switch type {
        case .string: "kotlin.String"
        case .int: "kotlin.Long"
        case .double: "kotlin.Double"
        case .decimal: "java.math.BigDecimal"
        case .bool: "kotlin.Boolean"
        case .uuid: "java.util.UUID"
        case .timestamp: "java.time.Instant"
        }
    }

    /// The runtime `JsonWriter` function that writes a value of the type.
    static func writerFunction(_ type: ScalarFieldType) -> String {
        switch type {
        case .string: "string"
        case .int: "long"
        case .double: "double"
        case .decimal: "decimal"
        case .bool: "bool"
        case .uuid: "uuid"
        case .timestamp: "timestamp"
        }
    }

    /// The runtime `FieldChecks` function that checks a value of the type; `nil` when it has no constraints.
    static func checkFunction(_ type: ScalarFieldType) -> String? {
        switch type {
        case .string: "string"
        case .int: "long"
        case .double: "double"
        case .decimal: "decimal"
        case .bool, .uuid, .timestamp: nil
        }
    }
}

/// Kotlin's file set: the same for every contract, events spread over ``eventShardCount`` shards.
package struct KotlinGenerator: TargetGenerator {
    package let packageName: String?

    /// Kotlin's comments: the generated files' header.
    package static let commentSyntax = CommentSyntax.slashes
    package var commentSyntax: CommentSyntax { Self.commentSyntax }

    package static let contractFile = "Contract.kt"
    package static let valueSetsFile = "ContractValueSets.kt"
    package static let objectsFile = "ContractObjects.kt"
    package static let constraintsFile = "ContractConstraints.kt"
    package static let globalsFile = "ContractGlobals.kt"
    /// Event bodies go to this many shards, rendered concurrently: the lowered contract's shards folded
    /// (``LoweredContract/eventIndices(inFilesOf:)``; a divisor of ``LoweredContract/eventShardCount``).
    package static let eventShardCount = 16

    static func shardFile(_ shard: Int) -> String { "ContractEvents\(shard).kt" }

    static func shard(ofFile name: String) -> Int? {
        guard name.hasPrefix("ContractEvents"), name.hasSuffix(".kt") else { return nil }
        return Int(name.dropFirst("ContractEvents".count).dropLast(3))
    }

    package var fileNames: [String] {
        [Self.contractFile, Self.valueSetsFile, Self.objectsFile, Self.constraintsFile, Self.globalsFile]
            + (0..<Self.eventShardCount).map(Self.shardFile)
    }

    /// The contract's object (a function per event) and the shards are the big files: first.
    package var renderOrder: [String] {
        [Self.contractFile] + (0..<Self.eventShardCount).map(Self.shardFile)
            + [Self.objectsFile, Self.valueSetsFile, Self.constraintsFile, Self.globalsFile]
    }

    /// `Contract*.kt`: the names this target's files have, for any contract.
    package func ownsFile(named name: String) -> Bool {
        name.hasPrefix("Contract") && name.hasSuffix(".kt")
    }

    package func renderer(for lowered: LoweredContract) -> any TargetFileRenderer {
        KotlinRenderer(model: KotlinContract(lowered, packageName: packageName, shardCount: Self.eventShardCount))
    }
}
