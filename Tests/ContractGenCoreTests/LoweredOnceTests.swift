@testable import ContractGenCore
import Foundation
import Testing
import TrackingCore

/// The lower stage is the one boundary between validation and the targets: `generate` lowers a
/// contract once (``ContractGenerator/lower(_:)``) and every target renders that value, folding its
/// shards into its own event files; no target can render a contract it was not handed lowered.
@Suite struct LoweredOnceTests {
    /// A valid contract of `count` events (`event0`, `event1`, ...) of one kind.
    static func contract(events count: Int) throws -> Contract {
        var yaml = """
            contract: Many
            version: 1.0.0
            mandatory:
              uuid: { type: uuid }
              clientTimestamp: { type: timestamp }
            fields:
              screen: { type: string, maxLength: 40 }
            kinds:
              system: {}
            events:

            """
        for index in 0..<count { yaml += "  event\(index): { kind: system, required: [screen] }\n" }
        let result = ContractLoader.load(yaml: yaml, file: "many.yaml")
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        return try #require(result.contract)
    }

    /// Outside the tests, a ``LoweredContract`` is made in one place only: ``ContractGenerator/lower(_:)``.
    /// Every target's renderer and conformance driver takes the lowered value (the signatures below are
    /// the seam: there is no way to hand a target a ``Contract`` to render), so a `generate` lowers once.
    @Test func theContractIsLoweredInOnePlaceOnly() throws {
        let render: (any TargetGenerator, LoweredContract) -> any TargetFileRenderer = { $0.renderer(for: $1) }
        let driver: (any CodeTarget, LoweredContract) -> GeneratedFile? = { $0.conformanceDriver(for: $1) }
        _ = (render, driver)

        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var places: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("LoweredContract(") else { continue }
                places.append(url.path.replacingOccurrences(of: sources.path + "/", with: ""))
            }
        }
        #expect(places == ["ContractGenCore/ContractGenerator.swift"])
    }

    /// The lowered contract decides the shards once, at ``LoweredContract/eventShardCount`` (Swift's 64 files);
    /// TypeScript and Kotlin write 16 event files each, holding the lowered shards folded: the same file
    /// FNV-1a of the event's name modulo 16 chose when each target spread its events itself.
    @Test func targetsFoldTheLoweredShardsIntoTheirFiles() throws {
        let lowered = ContractGenerator.lower(try Self.contract(events: 300))
        #expect(lowered.shardCount == GeneratedFileNames.eventShardCount)
        let files = lowered.eventIndices(inFilesOf: 16)
        for (file, indices) in files.enumerated() {
            for index in indices {
                #expect(GeneratedFileNames.eventShard(ofEvent: lowered.events[index].name, count: 16) == file)
            }
        }
        #expect(files.joined().sorted() == Array(lowered.events.indices))

        let typescript = ContractGenerator.render(lowered, generator: TypeScriptTarget().generator)
        let kotlin = ContractGenerator.render(lowered, generator: KotlinTarget().generator)
        for event in lowered.events {
            let file = GeneratedFileNames.eventShard(ofEvent: event.name, count: 16)
            let holding = typescript.filter { $0.name.hasPrefix("events") && $0.contents.contains("\"\(event.name)\"") }.map(\.name)
            #expect(holding == ["events\(file).ts"], "\(event.name)")
            let shardObjects = kotlin.filter { $0.name.hasPrefix("ContractEvents") && $0.contents.contains("fun \(event.name)(") }.map(\.name)
            #expect(shardObjects == ["ContractEvents\(file).kt"], "\(event.name)")
        }
    }

    /// Rendering a contract and rendering it lowered give the same files, for every target.
    @Test func renderingTheLoweredContractIsRenderingTheContract() throws {
        let contract = try TypeScriptTargetTests.conformanceContract()
        let lowered = ContractGenerator.lower(contract)
        for target in CodeTargets.all {
            let direct = ContractGenerator.render(contract, generator: target.generator)
            let fromLowered = ContractGenerator.render(lowered, generator: target.generator)
            #expect(!direct.isEmpty, "\(target.displayName)")
            #expect(direct.map(\.name) == fromLowered.map(\.name), "\(target.displayName)")
            #expect(direct.map(\.contents) == fromLowered.map(\.contents), "\(target.displayName)")
        }
        // The neutral entry point renders the default target's files through its generator.
        let swift = ContractGenerator.render(lowered, generator: SwiftTarget().generator)
        #expect(ContractGenerator.sources(of: contract).map(\.name) == swift.map(\.name))
        #expect(ContractGenerator.sources(of: contract).map(\.text) == swift.map(\.contents))
    }

    /// A big contract's events are lowered on all cores, in chunks; the result is the contract's
    /// events in order, each with its members, as one core lowers them.
    @Test func aBigContractIsLoweredConcurrentlyInOrder() throws {
        let count = LoweredContract.concurrentEventThreshold + 700
        let contract = try Self.contract(events: count)
        let lowered = ContractGenerator.lower(contract)
        #expect(lowered.events.map(\.name) == contract.events.map(\.name))
        let small = LoweredContract(try Self.contract(events: 3))
        #expect(lowered.events.allSatisfy { $0.members == small.events[0].members })
        #expect(lowered.events.allSatisfy { $0.shard == GeneratedFileNames.eventShard(ofEvent: $0.name, count: lowered.shardCount) })
    }
}
