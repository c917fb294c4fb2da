import ContractGenCore
import CodePointsContract
import Foundation
import TestSupport
import Testing
import TrackingCore

/// Every text the generator copies into a target's source (value-set wire
/// values, each event's fixed constant, a global's default, a pattern,
/// descriptions and deprecation messages) is escaped by that language's rules:
/// `Tests/Reference/CodePoints/contract.yaml` holds strings drawn from every
/// class of code point a contract can hold (controls, NUL, C1, U+2028 and
/// U+2029, bidi controls, zero widths, the byte order mark, combining marks,
/// private use, noncharacters, non-BMP) and the sequences that end a literal,
/// an interpolation or a comment in one of the languages, from a fixed seed
/// (`make-contract.py`, which also writes them to `expected.json`). Its code
/// compiles in Swift (the `CodePointsContract` target, a reference output),
/// TypeScript (tsc) and Kotlin (kotlinc), and a program in each language reads
/// every value back, scalar for scalar; no invisible or reordering scalar
/// appears as itself in any generated file (``SourceText/mustEscape(_:)``).
@Suite struct CodePointEscapingTests {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/Reference/CodePoints")

    /// The strings `make-contract.py` put in the contract.
    struct Expected: Decodable {
        var values: [String]
        var `default`: String
        var word: String
    }

    /// What a program read back from one language's generated code.
    struct ReadBack: Decodable {
        /// The value set's wire values, in contract order.
        var values: [String]
        /// The global's default.
        var origin: String
        /// Event `e<i>` made with ``Expected/word``: its JSON and whether it is valid.
        var events: [Event]
        /// Whether an event with a word outside the pattern's class is refused.
        var refused: Bool
        /// Whether ``CodePointEscapingTests/lookAlike()`` is refused as a value of the set.
        var lookAlikeRefused: Bool

        struct Event: Decodable {
            var json: String
            var valid: Bool
        }
    }

    static func expected() throws -> Expected {
        try JSONDecoder().decode(Expected.self, from: Data(contentsOf: directory.appendingPathComponent("expected.json")))
    }

    static func contract() throws -> Contract {
        try GeneratedTestSupport.load(directory.appendingPathComponent("contract.yaml"))
    }

    /// Scalar for scalar: Swift's `==` on strings compares canonical equivalence, which would hide a lost combining mark's order.
    static func scalars(_ text: String?) -> [UInt32] {
        (text ?? "<missing>").unicodeScalars.map(\.value)
    }

    /// `text` as a string literal that TypeScript and Kotlin both read (`"\u0041"`), in ASCII.
    static func asciiLiteral(_ text: String) -> String {
        "\"" + text.utf16.map { "\\u" + String(repeating: "0", count: 4 - String($0, radix: 16).count) + String($0, radix: 16) }.joined() + "\""
    }

    /// A word the pattern refuses: a character outside its class.
    static let refusedWord = "!"

    /// The set's first wire value with its `;` written as U+037E, the Greek question mark: canonically
    /// equivalent, so Swift's `==` takes it for the wire value, but other text on the wire.
    static func lookAlike() throws -> String {
        let value = try expected().values[0]
        #expect(value.contains(";"))
        return value.replacingOccurrences(of: ";", with: "\u{37E}")
    }

    /// Checks one language's `readBack` against the contract's strings.
    static func check(_ readBack: ReadBack, language: String) throws {
        let expected = try expected()
        #expect(readBack.values.map(scalars) == expected.values.map(scalars), "\(language): value-set wire values")
        #expect(scalars(readBack.origin) == scalars(expected.default), "\(language): the global's default")
        #expect(readBack.events.count == expected.values.count, "\(language): events")
        for (index, event) in readBack.events.enumerated() {
            #expect(event.valid, "\(language): e\(index) with a word of the pattern's class is valid")
            // The runtime's parser: Foundation's JSONSerialization drops a U+FEFF that starts a string.
            guard case .object(let members) = try JSONValue.parse(event.json) else {
                Issue.record("\(language): not an object: \(event.json)")
                continue
            }
            func string(_ key: String) -> String? {
                if case .string(let text)? = members.first(where: { $0.key == key })?.value { text } else { nil }
            }
            #expect(string("event") == "e\(index)")
            #expect(scalars(string("text")) == scalars(expected.values[index]), "\(language): e\(index)'s fixed constant")
            #expect(scalars(string("word")) == scalars(expected.word), "\(language): e\(index)'s word")
        }
        #expect(readBack.refused, "\(language): a word outside the pattern's class is refused")
        #expect(readBack.lookAlikeRefused, "\(language): a canonically equivalent look-alike is not a wire value of the set")
    }

    /// The strings decoded by the contract reader are the ones the script wrote.
    @Test func theContractHoldsTheScriptsStrings() throws {
        let expected = try Self.expected()
        let contract = try Self.contract()
        let texts = try #require(contract.valueSets.first { $0.name == "Texts" })
        #expect(texts.cases.map(\.wireValue).map(Self.scalars) == expected.values.map(Self.scalars))
        #expect(expected.values.count >= 40 && Set(expected.values.map(Self.scalars)).count == expected.values.count)
    }

    /// The diagnostics of a contract whose one value set `T` has the members `lines` (YAML, from line 8).
    static func diagnostics(ofValueSet lines: String) -> [Diagnostic] {
        let text = "contract: S\nversion: 1.0.0\nmandatory:\n  uuid: { type: uuid }\n  clientTimestamp: { type: timestamp }\n"
            + "valueSets:\n  T:\n" + lines
        let result = ContractLoader.load(bytes: Array(text.utf8), file: "set.yaml")
        #expect(result.hasErrors)
        return result.diagnostics
    }

    /// A lone surrogate is the one thing a contract cannot hold: the reader refuses its escape, with its place.
    @Test func aLoneSurrogateIsRefused() throws {
        let diagnostics = Self.diagnostics(ofValueSet: "    a: \"x\\uD800y\"\n")
        #expect(diagnostics.contains { $0.message.contains("invalid Unicode character escape") && $0.location.line == 8 },
            "\(diagnostics.map(\.message))")
    }

    /// No generated file of any target holds a scalar that must be escaped as itself, but for the
    /// noncharacters U+FDD0 to U+FDEF in Swift's string literals: swiftc refuses their escapes.
    @Test func noGeneratedFileHoldsAnInvisibleScalar() throws {
        let contract = try Self.contract()
        var files: [(String, String)] = ContractGenerator.sources(of: contract).map { ("swift/" + $0.name, $0.text) }
        files += TypeScriptProject.generated(contract, in: "typescript").map { ($0.key, $0.value) }
        files += KotlinBuild.generatedSources(contract, packageName: "com.example.codepoints").map { ("kotlin/" + $0.name, $0.text) }
        #expect(files.count > 40)
        for (name, text) in files {
            let swiftUnescapable: Range<UInt32> = name.hasPrefix("swift/") ? 0xFDD0..<0xFDF0 : 0..<0
            let raw = text.unicodeScalars.filter { $0 != "\n" && SourceText.mustEscape($0) && !swiftUnescapable.contains($0.value) }
                .map { "U+" + String($0.value, radix: 16, uppercase: true) }
            #expect(raw.isEmpty, "\(name) holds \(Set(raw).sorted().prefix(12)) as themselves")
        }
    }

    /// The Swift reference output (target `CodePointsContract`, compiled with the tests) reads every value back.
    @Test func swiftReadsBackEveryString() throws {
        let expected = try Self.expected()
        let makers: [(String) -> CodePoints.Events.Said] = [
        { CodePoints.e0(word: $0) },
        { CodePoints.e1(word: $0) },
        { CodePoints.e2(word: $0) },
        { CodePoints.e3(word: $0) },
        { CodePoints.e4(word: $0) },
        { CodePoints.e5(word: $0) },
        { CodePoints.e6(word: $0) },
        { CodePoints.e7(word: $0) },
        { CodePoints.e8(word: $0) },
        { CodePoints.e9(word: $0) },
        { CodePoints.e10(word: $0) },
        { CodePoints.e11(word: $0) },
        { CodePoints.e12(word: $0) },
        { CodePoints.e13(word: $0) },
        { CodePoints.e14(word: $0) },
        { CodePoints.e15(word: $0) },
        { CodePoints.e16(word: $0) },
        { CodePoints.e17(word: $0) },
        { CodePoints.e18(word: $0) },
        { CodePoints.e19(word: $0) },
        { CodePoints.e20(word: $0) },
        { CodePoints.e21(word: $0) },
        { CodePoints.e22(word: $0) },
        { CodePoints.e23(word: $0) },
        { CodePoints.e24(word: $0) },
        { CodePoints.e25(word: $0) },
        { CodePoints.e26(word: $0) },
        { CodePoints.e27(word: $0) },
        { CodePoints.e28(word: $0) },
        { CodePoints.e29(word: $0) },
        { CodePoints.e30(word: $0) },
        { CodePoints.e31(word: $0) },
        { CodePoints.e32(word: $0) },
        { CodePoints.e33(word: $0) },
        { CodePoints.e34(word: $0) },
        { CodePoints.e35(word: $0) },
        { CodePoints.e36(word: $0) },
        { CodePoints.e37(word: $0) },
        { CodePoints.e38(word: $0) },
        { CodePoints.e39(word: $0) }
        ]
        #expect(makers.count == expected.values.count)
        let origin = CodePoints.descriptor.globalDefaults.first(where: { $0.wireName == "origin" })?.value
        guard case .string(let originText)? = origin else {
            Issue.record("no string default for origin: \(String(describing: origin))")
            return
        }
        let lookAlike = try Self.lookAlike()
        let readBack = ReadBack(
            values: CodePoints.Texts.allCases.map(\.rawValue),
            origin: originText,
            events: makers.map { make in
                let event = make(expected.word)
                return .init(json: String(decoding: event.encodedJSON(), as: UTF8.self), valid: event.validate().isEmpty)
            },
            refused: !CodePoints.e0(word: Self.refusedWord).validate().isEmpty,
            lookAlikeRefused: CodePoints.Texts(rawValue: lookAlike) == nil
                && CodePoints.descriptor.valueSet(named: "Texts")?.contains(lookAlike) == false
        )
        #expect(CodePoints.Texts(rawValue: expected.values[0]) == .v0)
        try Self.check(readBack, language: "Swift")
    }

    /// The descriptor's check of a payload (the collector's) compares scalars too: a member name with the
    /// Kelvin sign for `K`, a fixed constant and a value-set value with U+037E for `;` are refused, though
    /// Swift's `==` takes each for the contract's text.
    @Test func theDescriptorCheckComparesScalars() throws {
        let expected = try Self.expected()
        let event = CodePoints.e0(word: expected.word, choice: .v0, kelvin: 1)
        guard case .object(let members) = try JSONValue.parse(String(decoding: event.encodedJSON(), as: UTF8.self)) else {
            Issue.record("not an object")
            return
        }
        #expect(CodePoints.descriptor.validate(payload: .object(members)) == [])
        let lookAlike = JSONValue.string(try Self.lookAlike())
        let changes: [(what: String, path: String, change: (String, JSONValue) -> (key: String, value: JSONValue))] = [
            ("a member named with the Kelvin sign", "\u{212A}elvin", { ($0 == "Kelvin" ? "\u{212A}elvin" : $0, $1) }),
            ("the fixed constant's look-alike", "text", { ($0, $0 == "text" ? lookAlike : $1) }),
            ("a value-set value's look-alike", "choice", { ($0, $0 == "choice" ? lookAlike : $1) }),
        ]
        for (what, path, change) in changes {
            let violations = CodePoints.descriptor.validate(payload: .object(members.map { change($0.key, $0.value) }))
            #expect(violations.map(\.path) == [path], "\(what): \(violations)")
        }
    }

    /// Two wire values of one set that are the same text in different Unicode forms are refused, with both places.
    @Test func canonicallyEquivalentWireValuesAreRefused() throws {
        let diagnostics = Self.diagnostics(ofValueSet: "    a: \"caf\\u00E9\"\n    b: \"cafe\\u0301\"\n")
        #expect(diagnostics.contains { $0.message.contains("is the same text as the value at line 8, column 5, in another Unicode form") && $0.location.line == 9 },
            "\(diagnostics.map(\.message))")
    }

    /// TypeScript: the generated code compiles with tsc --strict, and a program reads every value back under Node.
    @Test func typeScriptReadsBackEveryString() async throws {
        let count = try Self.expected().values.count
        let word = Self.asciiLiteral(try Self.expected().word)
        let events = (0..<count).map { "    G.e\($0)({ word: \(word) })," }.joined(separator: "\n")
        let program = """
            import * as G from "./Generated/index.js";
            import { $contract } from "./Generated/contract.js";
            declare const console: { log(...values: unknown[]): void };

            const events = [
            \(events)
            ];
            const readBack = {
                values: Object.values(G.Texts),
                origin: $contract.rules.document.globals["origin"]?.default,
                events: events.map((event) => ({ json: event.wireJSON(), valid: event.isValid })),
                refused: !G.e0({ word: \(Self.asciiLiteral(Self.refusedWord)) }).isValid,
                lookAlikeRefused: !G.e0({ word: \(word), choice: \(Self.asciiLiteral(try Self.lookAlike())) } as unknown as Parameters<typeof G.e0>[0]).isValid,
            };
            // In ASCII, so that nothing between Node and the test can change a scalar.
            console.log(JSON.stringify(readBack).replace(/[\\u007f-\\uffff]/g, (c) => "\\\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")));

            """
        var files = TypeScriptProject.generated(try Self.contract(), in: "Generated")
        files["read-back.ts"] = program
        let project = try await TypeScriptProject.make(files)
        let compiled = try await TypeScriptProject.compile(project)
        try #require(compiled.status == 0, "tsc --strict: \(compiled.output)")
        let run = try await TypeScriptProject.node("out/read-back.js", in: project)
        try #require(run.status == 0, "\(run.output)")
        try Self.check(try JSONDecoder().decode(ReadBack.self, from: Data(run.stdout.utf8)), language: "TypeScript")
    }

    /// Kotlin: the generated code compiles with kotlinc (warnings as errors), and a program reads every value back on the JVM.
    @Test func kotlinReadsBackEveryString() async throws {
        let count = try Self.expected().values.count
        let word = Self.asciiLiteral(try Self.expected().word)
        let makers = (0..<count).map { "        { w: String -> CodePoints.e\($0)(w) }" }.joined(separator: ",\n")
        let program = """
            package com.example.codepoints

            /** Every character outside printable ASCII as `\\u0041`, so that nothing between the JVM and the test changes it. */
            fun ascii(text: String): String {
                val out = StringBuilder("\\"")
                for (c in text) {
                    if (c.toInt() in 0x20..0x7e && c != '"' && c != '\\\\') out.append(c) else out.append("\\\\u%04x".format(c.toInt()))
                }
                return out.append('"').toString()
            }

            fun main() {
                val makers = listOf<(String) -> CodePoints.Said>(
            \(makers)
                )
                val events = makers.map { make ->
                    val event = make(\(word))
                    "{\\"json\\": " + ascii(event.encodedJSON()) + ", \\"valid\\": " + event.isValid + "}"
                }
                val refused = !CodePoints.e0(\(Self.asciiLiteral(Self.refusedWord))).isValid
                val lookAlikeRefused = Texts.fromWire(\(Self.asciiLiteral(try Self.lookAlike()))) == null
                println("{\\"values\\": [" + Texts.values().joinToString(", ") { ascii(it.wire) } + "], \\"origin\\": " +
                    ascii(CodePointsGlobals().origin) + ", \\"events\\": [" + events.joinToString(", ") + "], \\"refused\\": " + refused +
                    ", \\"lookAlikeRefused\\": " + lookAlikeRefused + "}")
            }

            """
        let generated = KotlinBuild.generatedSources(try Self.contract(), packageName: "com.example.codepoints")
        let jar = try await KotlinBuild.shared.jar(named: "code-points", generated: generated + [("ReadBack.kt", program)])
        let run = try await KotlinBuild.java(jar, "com.example.codepoints.ReadBackKt")
        try #require(run.status == 0, "\(run.output)")
        try Self.check(try JSONDecoder().decode(ReadBack.self, from: Data(run.stdout.utf8)), language: "Kotlin")
    }
}
