import Foundation
import Testing

@testable import ContractGenCore

/// Large contracts have their events read in chunks on all cores; what comes
/// out must be what one reader going through them in order would report.
@Suite struct LargeContractReadingTests {
    @Test func eventsReadInChunksKeepContractOrderAndEveryFinding() throws {
        let count = ContractReader.eventsPerChunk * 6 + 7
        var yaml = """
            contract: Shop
            version: 1.0.0
            mandatory:
              uuid: { type: uuid }
              clientTimestamp: { type: timestamp }
            kinds:
              tap: {}
            fields:
              common: { type: string }
              late: { type: int }
              old: { type: bool, deprecated: use common }
              unused: { type: bool }
              typo: { type: bool }
            events:

            """
        for index in 0..<count {
            switch index {
            case 3: yaml += "  e\(index): { kind: tap, required: [commn] }\n"
            case count / 2: yaml += "  e\(index): { kind: tapp, required: [common] }\n"
            case count / 2 + 1: yaml += "  e\(index): { kind: tap, required: [old] }\n"
            case count - 2: yaml += "  e\(index): { kind: tap, required: [common, common, typo] }\n"
            case count - 1: yaml += "  e\(index): { kind: tap, required: [late] }\n"
            default: yaml += "  e\(index): { kind: tap, required: [common] }\n"
            }
        }
        let result = ContractLoader.load(yaml: yaml, file: "big.yaml")
        #expect(result.diagnostics.map(\.message) == [
            "field 'unused' is not used by any event",
            "unknown field 'commn' in 'required' of event 'e3'",
            "unknown kind 'tapp' for event 'e\(count / 2)'",
            "event 'e\(count / 2 + 1)' uses deprecated field 'old': use common",
            "field 'common' is listed twice in 'required' of event 'e\(count - 2)'",
        ])
        // Event `e<i>` is on line 15 + i.
        #expect(result.diagnostics.map(\.location.line) == [12, 15 + 3, 15 + count / 2, 15 + count / 2 + 1, 15 + count - 2])
        // Valid apart from these: read again without the errors, every event is there, in order.
        let fixed = yaml.replacingOccurrences(of: "[commn]", with: "[common]").replacingOccurrences(of: "tapp", with: "tap")
            .replacingOccurrences(of: "[common, common, typo]", with: "[common, typo]")
        let contract = try #require(ContractLoader.load(yaml: fixed, file: "big.yaml").contract)
        #expect(contract.events.map(\.name) == (0..<count).map { "e\($0)" })
        #expect(contract.events[count - 2].required.map(\.name) == ["common", "typo"])
    }
}
