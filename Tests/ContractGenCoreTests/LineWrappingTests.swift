@testable import ContractGenCore
import Testing

/// `LineWrapping.wrapLongLines` breaks generated lines only where Swift allows it.
@Suite struct LineWrappingTests {
    @Test func longLinesBreakAfterCommasAndParenthesesOutsideStringLiteralsAndComments() {
        let literal = "\"" + String(repeating: "a, b = \\\"c, d\\\", ", count: 8) + "\""
        let arguments = (0..<30).map { "argument\($0)" }.joined(separator: ", ")
        let comment = "    // " + String(repeating: "comment, ", count: 20)
        let code = "    let x = f(\(literal), \(arguments))\n\(comment)\n    short(a, b)\n"
        let wrapped = String(decoding: LineWrapping.wrapLongLines(Array(code.utf8)), as: UTF8.self)
        let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The literal and the comment are whole; every other line fits.
        #expect(wrapped.contains(literal))
        #expect(lines.contains(comment))
        #expect(lines.contains("    short(a, b)"))
        for line in lines where !line.contains(literal) && line != comment {
            #expect(line.count <= 120, "\(line)")
        }
        // Only line breaks and indentation were added (or a space replaced).
        func squeezed(_ text: String) -> String { text.filter { $0 != " " && $0 != "\n" } }
        #expect(squeezed(wrapped) == squeezed(code))
        // Continuation lines are one level deeper than the line they continue.
        #expect(lines[1].hasPrefix("        ") && !lines[1].hasPrefix("         "))
    }

    @Test func shortTextIsReturnedAsItIs() {
        let code = Array("let a = 1\nlet b = [1, 2]\n".utf8)
        #expect(LineWrapping.wrapLongLines(code) == code)
    }

    @Test func aLineWithNoPlaceToBreakStaysWhole() {
        let line = "    let x = \"" + String(repeating: "y", count: 150) + "\""
        let wrapped = String(decoding: LineWrapping.wrapLongLines(Array(line.utf8)), as: UTF8.self)
        // The only place is after `=`: the literal moves to its own line, unbroken.
        #expect(wrapped == "    let x =\n        \"" + String(repeating: "y", count: 150) + "\"")
    }
}

extension LineWrappingTests {
    @Test func nestedCallsBreakAfterAnOpeningParenthesis() {
        let call = (0..<6).reduce("value") { inner, _ in "TrackingCore.GeneratedCodeSupport.path(\(inner))" }
        let line = "            item.collect(at: \(call), into: &violations)"
        let wrapped = String(decoding: LineWrapping.wrapLongLines(Array(line.utf8)), as: UTF8.self)
        for part in wrapped.split(separator: "\n") { #expect(part.count <= 120, "\(part)") }
        #expect(wrapped.filter { $0 != " " && $0 != "\n" } == line.filter { $0 != " " })
    }
}
