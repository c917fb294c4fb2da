/// The TypeScript target's file set: the contract's rules, its types, event
/// shards and an index that re-exports them (docs/typescript.md).
struct TypeScriptGenerator: TargetGenerator {
    /// TypeScript's comments: the generated files' header.
    static let commentSyntax = CommentSyntax.slashes
    var commentSyntax: CommentSyntax { Self.commentSyntax }

    /// Events go to this many `events<N>.ts` files by FNV-1a of their name, as
    /// Swift's do, so that files render concurrently and adding an event changes one shard: the lowered
    /// contract's shards folded (``LoweredContract/eventIndices(inFilesOf:)``; a divisor of its shard count).
    static let eventShardCount = 16

    static let contractFile = "contract.ts"
    static let typesFile = "types.ts"
    static let indexFile = "index.ts"

    static func eventShard(_ shard: Int) -> String { "events\(shard).ts" }

    var fileNames: [String] {
        [Self.indexFile, Self.contractFile, Self.typesFile] + (0..<Self.eventShardCount).map(Self.eventShard)
    }

    /// The rules (one large file) first, then the shards, which hold most of the work.
    var renderOrder: [String] {
        [Self.contractFile, Self.typesFile] + (0..<Self.eventShardCount).map(Self.eventShard) + [Self.indexFile]
    }

    /// `index.ts`, `contract.ts`, `types.ts` and `events<N>.ts`.
    func ownsFile(named name: String) -> Bool {
        if [Self.indexFile, Self.contractFile, Self.typesFile].contains(name) { return true }
        guard name.hasPrefix("events"), name.hasSuffix(".ts") else { return false }
        let number = name.dropFirst("events".count).dropLast(".ts".count)
        return !number.isEmpty && number.allSatisfy(\.isASCII) && number.allSatisfy(\.isNumber)
    }

    func renderer(for lowered: LoweredContract) -> any TargetFileRenderer {
        TypeScriptRenderer(lowered, eventShards: Self.eventShardCount)
    }
}
