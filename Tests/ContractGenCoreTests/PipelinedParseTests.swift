import Testing

@testable import ContractGenCore

/// Large files are parsed with libyaml on a thread of its own while the tree
/// is built on another; the result must be the one a parse on one thread gives,
/// however the file ends.
@Suite struct PipelinedParseTests {
    /// A document of `events` entries (several batches of events), then `tail`.
    static func document(events: Int, tail: String = "") -> [UInt8] {
        var yaml = "contract: Big\nversion: 1.0.0\nevents:\n"
        for index in 0..<events {
            yaml += "  e\(index): { kind: tap, required: [a\(index), \"b\"], description: 'text \(index)' }\n"
        }
        return Array((yaml + tail).utf8)
    }

    static func bothWays(_ bytes: [UInt8], limits: ParseLimits = .standard) -> (YAMLParseResult, YAMLParseResult) {
        (
            YAMLParser.parse(bytes: bytes, file: "big.yaml", limits: limits, pipelined: false),
            YAMLParser.parse(bytes: bytes, file: "big.yaml", limits: limits, pipelined: true)
        )
    }

    @Test func sameTreeAsOneThread() throws {
        let bytes = Self.document(events: 3 * EventChannel.batchSize / 10)
        let (serial, pipelined) = Self.bothWays(bytes)
        #expect(serial.diagnostics.isEmpty)
        #expect(try #require(pipelined.root) == #require(serial.root))
        #expect(pipelined.diagnostics.isEmpty)
    }

    @Test(arguments: [
        "  late: [unclosed\n",  // syntax error after many batches
        "  alias: *nothing\n",
        "  anchored: &a x\n",
        "  tagged: !!int 3\n",
        "---\nsecond: document\n",
        "  deep: " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "\n",
    ])
    func sameDiagnosticAsOneThread(tail: String) {
        let (serial, pipelined) = Self.bothWays(Self.document(events: 2 * EventChannel.batchSize / 10, tail: tail))
        #expect(serial.root == nil)
        // One error; a collection left open at the end also gets a note where the file ends.
        #expect(serial.diagnostics.filter { $0.severity == .error }.count == 1)
        #expect(serial.diagnostics.count == (tail.contains("unclosed") ? 2 : 1))
        #expect(pipelined.root == nil)
        #expect(pipelined.diagnostics == serial.diagnostics)
    }

    /// The tree builder stops at the start while libyaml still has many
    /// batches to go (more than the queue holds): both stop, nothing hangs.
    @Test func earlyStopWithMuchLeftToRead() {
        let deep = "deep: " + String(repeating: "[", count: 80) + String(repeating: "]", count: 80) + "\n"
        let rest = Self.document(events: EventChannel.batchSize * EventChannel.maxQueued / 5)
        let (serial, pipelined) = Self.bothWays(Array(deep.utf8) + rest.dropFirst("contract: Big\nversion: 1.0.0\n".utf8.count))
        #expect(serial.root == nil)
        #expect(pipelined.diagnostics == serial.diagnostics)
        #expect(pipelined.diagnostics.first?.message.hasPrefix("nesting is deeper") == true)
    }
}
