/// One file of generated source.
package struct GeneratedFile: Sendable, Hashable {
    /// The file name, one of ``GeneratedFileSet/fileNames``.
    package var name: String
    /// The file's UTF-8 bytes, as the write stage compares and writes them.
    package var bytes: [UInt8]

    /// The file's text.
    package var contents: String {
        get { String(decoding: bytes, as: UTF8.self) }
        set { bytes = Array(newValue.utf8) }
    }

    package init(name: String, contents: String) {
        self.name = name
        self.bytes = Array(contents.utf8)
    }

    /// A file of UTF-8 `bytes`, as the renderer prints them (no copy into a `String`).
    package init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// The files `generate` can write: five fixed ones, written for every contract, and
/// ``GeneratedFileNames/eventShardCount`` event shards, of which a reviewed copy holds those
/// with events (the build plugin declares them all: ``fileNames``).
package enum GeneratedFileSet {
    /// The first line of every generated file; the write stage removes stale
    /// files that start with it (and have a generated file's name), and only those.
    package static let header = CommentSyntax.slashes.generatedHeader

    package static let descriptor = GeneratedFileNames.fixed[0]
    package static let valueSets = GeneratedFileNames.fixed[1]
    package static let envelope = GeneratedFileNames.fixed[2]
    package static let fields = GeneratedFileNames.fixed[3]
    package static let objects = GeneratedFileNames.fixed[4]

    /// `ContractEvents<shard>.swift`; events go to shard
    /// ``ContractTranslator/shard(ofEvent:shards:)`` (FNV-1a of the event name).
    package static func events(shard: Int) -> String { GeneratedFileNames.eventShard(shard) }

    /// Every file name, in a fixed order: the fixed files, then the shards.
    package static var fileNames: [String] { GeneratedFileNames.all }
}
