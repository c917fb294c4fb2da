@testable import ContractGenCore
import Testing

/// `CodePrinter` keeps the lines it prints within 120 columns
/// (`LineWrapping.endLine`), breaking them only where Swift allows it.
@Suite struct LineWrappingTests {
    /// `code`'s lines printed one by one.
    static func printed(_ code: String) -> String {
        var p = CodePrinter()
        var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        for line in lines { p.line(String(line)) }
        return p.text
    }

    @Test func longLinesBreakAfterCommasAndParenthesesOutsideStringLiteralsAndComments() {
        let literal = "\"" + String(repeating: "a, b = \\\"c, d\\\", ", count: 8) + "\""
        let arguments = (0..<30).map { "argument\($0)" }.joined(separator: ", ")
        let comment = "    // " + String(repeating: "comment, ", count: 20)
        let code = "    let x = f(\(literal), \(arguments))\n\(comment)\n    short(a, b)\n"
        let wrapped = Self.printed(code)
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

    @Test func shortLinesArePrintedAsTheyAre() {
        let code = "let a = 1\nlet b = [1, 2]\n"
        #expect(Self.printed(code) == code)
    }

    @Test func aLineWithNoPlaceToBreakStaysWhole() {
        let line = "    let x = \"" + String(repeating: "y", count: 150) + "\""
        let wrapped = Self.printed(line)
        // The only place is after `=`: the literal moves to its own line, unbroken.
        #expect(wrapped == "    let x =\n        \"" + String(repeating: "y", count: 150) + "\"\n")
    }
}

extension LineWrappingTests {
    @Test func nestedCallsBreakAfterAnOpeningParenthesis() {
        let call = (0..<6).reduce("value") { inner, _ in "TrackingCore.GeneratedCodeSupport.path(\(inner))" }
        let line = "            item.collect(at: \(call), into: &violations)"
        let wrapped = Self.printed(line)
        for part in wrapped.split(separator: "\n") { #expect(part.count <= 120, "\(part)") }
        #expect(wrapped.filter { $0 != " " && $0 != "\n" } == line.filter { $0 != " " })
    }
}

extension LineWrappingTests {
    /// Events print their fixed lines as bytes; a deprecation attribute, the
    /// one such line a contract can make long, is ended through the same
    /// check as every printed line, and broken like an object's.
    @Test func anEventsLongDeprecationIsBrokenLikeEveryPrintedLine() throws {
        let message = "Use the new bag page view event instead, which carries the currency and the totals, from version two on."
        let contract = try DiffFixtures.contract(yaml: DiffFixtures.header + """
            kinds:
              pageView: {}
            fields:
              quantity: { type: int, deprecated: "\(message)" }
            events:
              bagView:
                kind: pageView
                deprecated: "\(message)"
                optional: [quantity]
            """)
        let files = ContractGenerator.render(contract)
        let shard = try #require(files.first { $0.name == GeneratedFileSet.events(shard: ContractTranslator.shard(ofEvent: "bagView", shards: 64)) })
        let literal = SwiftLiteral.string(message)
        #expect(shard.contents.contains("    @available(*, deprecated,\n        message: \(literal))\n    public static func bagView("))
        // The field's attribute, in the fields file, is broken the same way, one level deeper.
        let fields = try #require(files.first { $0.name == GeneratedFileSet.fields })
        #expect(fields.contents.contains("        @available(*, deprecated,\n            message: \(literal))\n"))
        for file in files {
            for line in file.contents.split(separator: "\n") where line.count > 120 {
                // Only a line of one unbreakable piece (the message) may be longer.
                #expect(line.hasSuffix(literal + ")") || line.hasSuffix(literal + "))") || line.hasSuffix(literal + "),"), "\(file.name): \(line)")
            }
        }
    }
}

extension LineWrappingTests {
    /// A line no longer than its continuation indentation is not broken: the
    /// next line would be no shorter (`f(` stays with its long argument).
    @Test func aLineNoLongerThanItsContinuationIsNotBroken() {
        let literal = "\"" + String(repeating: "y", count: 130) + "\""
        #expect(Self.printed("    f(\(literal), x)") == "    f(\(literal),\n        x)\n")
    }

    /// Lists printed item by item and lines broken when they end follow one
    /// rule: the same items give the same lines either way.
    @Test func aListPrintedItemByItemIsBrokenLikeALineEndedWhole() {
        let items = (0..<40).map { "argument\($0)" }
        var p = CodePrinter(depth: 1)
        p.wrapped("call(", items, ")")
        #expect(p.text == Self.printed("    call(" + items.joined(separator: ", ") + ")"))
    }
}

extension LineWrappingTests {
    /// Descriptions become doc comments wrapped at spaces within 120 columns,
    /// wherever they are printed (the namespace, a value set, an object and
    /// its member, a kind and its field, a curated field, an event and its
    /// parameters); a word longer than a line stays whole on a line of its own.
    @Test func longDescriptionsAreWrappedInEveryDocComment() throws {
        let long = "Sent whenever the bag view is shown to the user after they tapped on the bag icon in the navigation bar of any screen"
        let word = "https://example.com/" + String(repeating: "a", count: 130)
        let contract = try DiffFixtures.contract(yaml: DiffFixtures.header + """
            description: "\(long), contract."
            valueSets:
              Size: { small: s }
            kinds:
              pageView:
                description: "\(long), kind."
                mandatory:
                  size: { type: Size, description: "\(long), kind field." }
            objects:
              Item:
                description: "\(long), object."
                required:
                  sku: { type: string, description: "\(long), member. \(word) end." }
            fields:
              item: { type: Item, description: "\(long), curated field." }
            events:
              bagView:
                kind: pageView
                description: "\(long), event."
                required: [item]
            """)
        let files = ContractGenerator.render(contract)
        let all = files.map(\.contents).joined(separator: "\n")
        for file in files {
            for line in file.contents.split(separator: "\n") where line.count > 120 {
                // Only the unbreakable word, alone on its line (after `///` and indentation).
                let content = line.trimmingPrefix(while: { $0 == " " })
                #expect(content.hasPrefix("///") && content.dropFirst(3).trimmingPrefix(while: { $0 == " " }) == word,
                        "\(file.name): \(line)")
            }
        }
        // Every description is there whole, its words in order, whatever the breaks.
        let joined = all.replacing(/\n *\/\/\/ +/, with: " ")
        for place in ["contract", "kind", "kind field", "object", "curated field", "event"] {
            #expect(joined.contains("\(long), \(place)."), "\(place)")
        }
        #expect(joined.contains("\(long), member. \(word) end."))
        // A parameter's continuation lines are indented under it.
        #expect(all.contains("    ///   - item: Sent whenever the bag view"))
        #expect(all.contains("\n    ///     "))
    }
}
