@testable import ContractGenCore
import Foundation
import Testing
import TrackingCore

/// The lower stage (``LoweredContract``): every rule decided once, for every
/// target. Its dump of the conformance contract is a golden file, and the
/// envelope's fields the runtime fills in are the same in every target's API.
@Suite struct LoweredContractTests {
    /// A contract whose envelope holds, beside `uuid` and `clientTimestamp`, a uuid and a timestamp the app gives.
    static let envelopeYAML = """
        contract: Visits
        version: 1.0.0
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }
          installId: { type: uuid }
          sessionStart: { type: timestamp }
        kinds:
          system: {}
        events:
          opened: { kind: system }

        """

    static func envelopeContract() throws -> Contract {
        let result = ContractLoader.load(yaml: envelopeYAML, file: "visits.yaml")
        #expect(!result.hasErrors, "\(DiagnosticFormatter.text(result.diagnostics, source: nil))")
        return try #require(result.contract)
    }

    /// `Goldens/Lowered/*.txt`: what the stage decides for the conformance contract and for the
    /// diff fixture (an envelope with `sessionStart`); re-record with RECORD_GOLDENS=1. Lowered at 16 shards, as
    /// recorded (`generate` lowers at ``LoweredContract/eventShardCount``, which 16-file targets fold to these).
    @Test(arguments: [
        ("conformance.txt", "Conformance/contract.yaml"),
        ("diff-new.txt", "Tests/ContractGenCoreTests/Fixtures/diff/new.yaml"),
    ])
    func loweredContractIsTheRecordedOne(golden: String, contract: String) throws {
        let loaded = try GeneratedTestSupport.load(Fixtures.packageRoot.appendingPathComponent(contract))
        let dump = LoweredContract(loaded, shardCount: TypeScriptGenerator.eventShardCount).dump()
        try GeneratedTestSupport.assertGolden(dump, at: GeneratedTestSupport.goldens.appendingPathComponent("Lowered/" + golden))
    }

    /// Only `uuid` and `clientTimestamp` are filled by the runtime; another uuid or timestamp of the envelope is
    /// required, in every event.
    @Test func onlyUUIDAndClientTimestampAreFilledByTheRuntime() throws {
        let lowered = LoweredContract(try Self.envelopeContract(), shardCount: 1)
        #expect(lowered.envelope.map { $0.field.wireName } == ["uuid", "clientTimestamp", "installId", "sessionStart"])
        #expect(lowered.envelope.map { $0.role } == [.filled(.uuid), .filled(.now), .required, .required])
        let event = try #require(lowered.events.first)
        #expect(event.members.map(\.role) == [.filled(.uuid), .filled(.now), .required, .required])
    }

    /// An event's members in wire order: envelope, the kind's fields (fixed where the event fixes them),
    /// its required then optional fields; the fixed value is the member's wire value.
    @Test func eventMembersAreInWireOrderWithTheirRoles() throws {
        let lowered = LoweredContract(try TypeScriptTargetTests.conformanceContract(), shardCount: 16)
        let darkAction = try #require(lowered.events.first { $0.name == "darkAction" })
        let members = darkAction.members.map { (lowered.field($0.field).wireName, $0.role) }
        #expect(members.map { $0.0 } == ["uuid", "clientTimestamp", "installId", "sessionStart", "shade", "step", "size"])
        #expect(members.map { $0.1 } == [.filled(.uuid), .filled(.now), .required, .required, .fixed(code: "dark", wireValue: "dark-mode"), .required, .optional])
        #expect(darkAction.shard == GeneratedFileNames.eventShard(ofEvent: "darkAction", count: 16))
    }

    /// The envelope's app-given uuid and timestamp are required parameters in Swift, Kotlin and TypeScript alike;
    /// `uuid` and `clientTimestamp` may be left out in each.
    @Test func everyTargetTakesTheEnvelopesOtherFieldsAsRequired() throws {
        let contract = try Self.envelopeContract()
        let swift = ContractGenerator.sources(of: contract).map(\.text).joined()
        #expect(swift.contains("        installId: Foundation.UUID,\n"))
        #expect(swift.contains("        sessionStart: Foundation.Date,\n"))
        #expect(swift.contains("        uuid: Foundation.UUID? = nil,\n"))
        #expect(swift.contains("        clientTimestamp: Foundation.Date? = nil\n"))
        #expect(!swift.contains("installId ?? "))

        let kotlin = KotlinBuild.generatedSources(contract).map(\.text).joined()
        #expect(kotlin.contains("        installId: java.util.UUID,\n"))
        #expect(kotlin.contains("        sessionStart: java.time.Instant,\n"))
        #expect(kotlin.contains("        uuid: java.util.UUID? = null,\n"))

        let typescript = TypeScriptProject.generated(contract, in: "Generated").values.joined()
        #expect(typescript.contains("    readonly installId: string;\n"))
        #expect(typescript.contains("    readonly sessionStart: $rt.Timestamp;\n"))
        #expect(typescript.contains("    readonly uuid?: string;\n"))
        #expect(typescript.contains("    readonly clientTimestamp?: $rt.Timestamp;\n"))
        // The properties are no longer optional as a whole: installId and sessionStart must be given.
        #expect(typescript.contains("export function opened(properties: OpenedProperties)"))
    }

    /// The rules data says which envelope fields the runtime fills in, and with what (`"fill"`).
    @Test func rulesDataCarriesTheFilledFields() throws {
        let rules = ContractRulesData.value(LoweredContract(try Self.envelopeContract(), shardCount: 1))
        #expect(rules["envelope"]?["uuid"]?["fill"] == .string("uuid"))
        #expect(rules["envelope"]?["clientTimestamp"]?["fill"] == .string("now"))
        #expect(rules["envelope"]?["installId"]?["fill"] == nil)
        #expect(rules["envelope"]?["sessionStart"]?["fill"] == nil)
    }
}
