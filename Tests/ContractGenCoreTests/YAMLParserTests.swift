import ContractGenCore
import Testing

@Suite struct YAMLParserTests {
    func parse(_ yaml: String) throws -> Node {
        let result = YAMLParser.parse(yaml, file: "t.yaml")
        #expect(result.diagnostics.isEmpty)
        return try #require(result.root)
    }

    func pairs(_ node: Node) -> [(key: Node, value: Node)] {
        if case .mapping(let pairs) = node.value { return pairs }
        return []
    }

    @Test func everyNodeHasOneBasedLineAndColumn() throws {
        let root = try parse("a: 1\nlist:\n  - x\n  - { k: v }\n")
        let top = pairs(root)
        #expect(top[0].key.location == SourceLocation(file: "t.yaml", line: 1, column: 1))
        #expect(top[0].value.location == SourceLocation(file: "t.yaml", line: 1, column: 4))
        #expect(top[1].key.location.line == 2)
        guard case .sequence(let items) = top[1].value.value else {
            Issue.record("expected a sequence")
            return
        }
        #expect(items[0].location == SourceLocation(file: "t.yaml", line: 3, column: 5))
        #expect(items[1].location == SourceLocation(file: "t.yaml", line: 4, column: 5))
        #expect(pairs(items[1])[0].key.location == SourceLocation(file: "t.yaml", line: 4, column: 7))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try parse("ä: { ö: x }\n")
        #expect(pairs(pairs(root)[0].value)[0].value.location.column == 9)
    }

    @Test func scalarStyleTellsPlainFromQuoted() throws {
        let root = try parse("a: 123\nb: '123'\nc: \"123\"\nd: |\n  123\ne: !!str 123\n")
        let styles = pairs(root).map { pair -> Node.ScalarStyle? in
            if case .scalar(_, let style) = pair.value.value { return style }
            return nil
        }
        #expect(styles == [.plain, .quoted, .quoted, .quoted, .quoted])
        #expect(pairs(root)[3].value.scalar == "123\n")
    }

    @Test func duplicateKeysAreKeptForTheLoader() throws {
        let root = try parse("a: 1\na: 2\n")
        #expect(pairs(root).map { $0.key.scalar } == ["a", "a"])
    }

    @Test func syntaxErrorsCarryLibyamlsPosition() {
        let result = YAMLParser.parse("a: [1, 2\nb: 3\n", file: "t.yaml")
        #expect(result.root == nil)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].message.hasPrefix("YAML syntax error: did not find expected ',' or ']'"))
        #expect(result.diagnostics[0].location == SourceLocation(file: "t.yaml", line: 2, column: 2))
    }

    @Test func depthLimitIsConfigurable() {
        let shallow = ParseLimits(maxDepth: 3)
        #expect(YAMLParser.parse("a: { b: [c] }\n", file: "t.yaml", limits: shallow).root != nil)
        let result = YAMLParser.parse("a: { b: [[c]] }\n", file: "t.yaml", limits: shallow)
        #expect(result.diagnostics.map(\.location.column) == [10])
    }

    @Test func bareEventCountMatchesTheStructure() {
        // stream, document, mapping start, 2 scalars, mapping end, document end, stream end
        #expect(YAMLParser.countEvents(bytes: Array("a: b\n".utf8)) == 8)
        #expect(YAMLParser.countEvents(bytes: Array("a: [\n".utf8)) == nil)
    }
}

@Suite struct EmptyInputTests {
    @Test func emptyBytesNeverReachLibyaml() {
        #expect(YAMLParser.countEvents(bytes: []) == 2)
        #expect(YAMLParser.parse(bytes: [], file: "e.yaml").diagnostics.map(\.message) == ["the file holds no YAML document"])
    }
}
