import ContractGenCore
import Foundation
import Testing
import TestSupport

/// The project contract, damaged at random in many small ways: the loader
/// must never crash, and whatever it reports must be well formed.
@Suite struct MutatedContractTests {
    /// Bytes YAML cares about, and a few it should refuse.
    static let alphabet = Array(":-[]{},#&*!|>'\"\n\t ?%@`abc019".utf8) + [0x00, 0xC3, 0xFF]

    static func mutate(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let at = Int.random(in: 0..<result.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: result.remove(at: at)
            case 1: result.insert(alphabet.randomElement(using: &rng)!, at: at)
            case 2: result[at] = alphabet.randomElement(using: &rng)!
            default:  // duplicate a line: duplicate keys, repeated entries
                let start = result[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let end = result[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? result.count
                result.insert(contentsOf: result[start..<end], at: end)
            }
        }
        return result
    }

    @Test(arguments: 0..<8)
    func mutationsEndInWellFormedDiagnostics(seed: Int) throws {
        let original = try ContractLoader.readFile(Fixtures.projectContract.path)
        var rng = SplitMix64(state: UInt64(seed) &* 1_000_003)
        var errors = 0
        for round in 0..<100 {
            let bytes = Self.mutate(original, using: &rng)
            let result = ContractLoader.load(bytes: bytes, file: "m.yaml")
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            #expect((result.contract == nil) == result.hasErrors, "seed \(seed) round \(round)")
            #expect(result.diagnostics.map(\.location) == result.diagnostics.map(\.location).sorted(), "seed \(seed) round \(round)")
            for diagnostic in result.diagnostics {
                #expect(diagnostic.location.file == "m.yaml")
                #expect((1...lines).contains(diagnostic.location.line), "seed \(seed) round \(round): \(diagnostic)")
                #expect(diagnostic.location.column >= 1 && !diagnostic.message.isEmpty)
            }
            // Rendering never fails either, whatever the bytes.
            _ = DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self))
            if result.hasErrors { errors += 1 }
        }
        #expect(errors > 0, "random damage should break the contract at least sometimes")
    }
}
