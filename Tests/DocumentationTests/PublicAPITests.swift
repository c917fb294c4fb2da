import Foundation
import Testing

/// docs/public-api.md lists, for each runtime module, exactly its top-level
/// public declarations: a type made public (or hidden) without the doc
/// changing fails here.
@Suite("The public API as documented")
struct PublicAPITests {
    static let root = DocumentationCompilesTests.root

    /// Each `## Module` section's names: the backticked names of the first
    /// column of its tables.
    static func documented() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/public-api.md"), encoding: .utf8)
        var sections: [String: Set<String>] = [:]
        var module: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                module = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
                sections[module!] = sections[module!] ?? []
            } else if let module, line.hasPrefix("| `") {
                let firstCell = line.dropFirst(2).prefix { $0 != "|" }
                let names = firstCell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
                sections[module, default: []].formUnion(names)
            }
        }
        return sections
    }

    /// The names of `module`'s top-level public declarations (types, protocols, functions).
    static func declared(in module: String) throws -> Set<String> {
        let directory = root.appendingPathComponent("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        let pattern = try Regex(#"^public (?:final )?(?:class|struct|enum|protocol|typealias|actor|func|let|var) ([A-Za-z_][A-Za-z0-9_]*)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let source = try String(contentsOf: file, encoding: .utf8)
            for match in source.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    static let modules = ["TrackingCore", "TrackingDispatcher", "ImpressionTracking", "ScreenTracking", "AppleTrackingAdapters",
                          "TrackingTesting", "TrackingSQLite", "TrackingGzip"]

    @Test("Each runtime module's top-level public declarations are the ones docs/public-api.md lists", arguments: modules)
    func listed(module: String) throws {
        let documented = try #require(try Self.documented()[module], "docs/public-api.md has no section '## \(module)'")
        let declared = try Self.declared(in: module)
        #expect(!declared.isEmpty)
        #expect(declared.subtracting(documented).sorted() == [], "public in \(module) but not in docs/public-api.md")
        #expect(documented.subtracting(declared).sorted() == [], "in docs/public-api.md but not public in \(module)")
    }

    @Test("Test doubles and the replay types are not public in the modules an app ships")
    func narrowed() throws {
        let dispatcher = try Self.declared(in: "TrackingDispatcher")
        #expect(!dispatcher.contains("RecordingProvider") && !dispatcher.contains("ManualClock"))
        #expect(!dispatcher.contains("StoredEventQueue") && !dispatcher.contains("DeliveryGate"))
        let impressions = try Self.declared(in: "ImpressionTracking")
        #expect(!impressions.contains("ImpressionReplay") && !impressions.contains("ReplayOptions"))
        #expect(try Self.declared(in: "TrackingTesting").isSuperset(of: ["RecordingProvider", "ManualClock"]))
    }
}
