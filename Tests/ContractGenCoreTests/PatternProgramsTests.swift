import ContractGenCore
import Testing
import TrackingCore

/// The generator compiles each of a contract's patterns once, to programs the
/// runtime reads back with the verdicts of the pattern text.
@Suite struct PatternProgramsTests {
    @Test func everyPatternOfTheConformanceContractOnceInContractOrder() throws {
        let contract = try GeneratedTestSupport.load(GeneratedTestSupport.conformanceDirectory.appendingPathComponent("contract.yaml"))
        let programs = PatternPrograms(contract)
        // In first use: the envelope, the globals (`region`), the kinds, then the fields.
        #expect(programs.order == ["^[A-Z]{2}$", "^[A-Z]{3}$", "^[A-Z]{2}-[0-9]{3,4}$", "^[a-z\\-😀]+$", "[0-9]", "^(ab|a)(c|bcd)(|!)$", "^a.c$"])
        for pattern in programs.order {
            let readBack = try ContractRegex.pattern(serializedProgram: try #require(programs.programs[pattern]))
            for value in ["", "DE", "AB-123", "AB-1234", "EUR", "a-😀", "abcd", "abc!", "a😀c", "a\nc", "7"] {
                #expect(readBack.matches(value) == ContractRegex.matches(value, pattern: pattern), "\(pattern) on \(value)")
            }
        }
    }
}
