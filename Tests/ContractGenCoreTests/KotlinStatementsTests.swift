@testable import ContractGenCore
import Testing
import TrackingCore

/// ``KotlinStatements``: a field's checks and writes, made once per contract and copied into
/// every event that takes the field, must be the bytes printing them in place would give.
@Suite struct KotlinStatementsTests {
    /// Every curated field of the conformance contract (arrays, objects, pii, patterns, bounds),
    /// required and optional, copied at several depths with several parameter names.
    @Test func copiesAreWhatPrintingInPlaceGives() throws {
        let contract = try KotlinTargetTests.conformanceContract()
        let model = KotlinContract(ContractGenerator.lower(contract), packageName: nil, shardCount: KotlinGenerator.eventShardCount)
        #expect(!contract.fields.isEmpty)
        for field in contract.fields {
            let code = try #require(model.fieldCodes[field.wireName])
            for (depth, index) in [(0, 0), (1, 7), (3, 10), (2, 123)] {
                let name = KotlinValueName.parameter(index)
                let value = "p\(index)"
                for optional in [false, true] {
                    var copied = KotlinPrinter(depth: depth, capacity: 0)
                    copied.print(optional ? code.optionalWrite : code.write, value: name)
                    copied.print(optional ? code.optionalCheck : code.check, value: name)
                    var direct = KotlinPrinter(depth: depth, capacity: 0)
                    model.printMember(field, value, optional: optional, writer: "w", into: &direct)
                    model.printMemberCheck(field, value, optional: optional, parent: "\"\"", violations: "v", into: &direct)
                    #expect(String(decoding: copied.bytes, as: UTF8.self) == String(decoding: direct.bytes, as: UTF8.self), "\(field.wireName)")
                }
            }
        }
    }

    /// The value at the start, middle and end of lines, twice on a line, in nested blocks.
    @Test func valueIsPutInWhereverItStands() {
        let statements = KotlinStatements { printer, value in
            printer.line("\(value)")
            printer.block("for (x in \(value)) {") { $0.line("w.pair(\(value), \(value)[0])") }
        }
        var printer = KotlinPrinter(depth: 1, capacity: 0)
        printer.print(statements, value: .fresh(42))
        #expect(String(decoding: printer.bytes, as: UTF8.self) == "    e42\n    for (x in e42) {\n        w.pair(e42, e42[0])\n    }\n")
    }

    /// Literals escaped as they are appended: quotes, `$`, backslashes, line ends, U+2028, control characters.
    @Test func literalsAreEscaped() {
        #expect(KotlinLiteral.string("a\"b$c\\d\ne\u{2028}f\u{1}") == #""a\"b\$c\\d\ne\u2028f\u0001""#)
        #expect(KotlinLiteral.string("plain") == "\"plain\"")
    }

    @Test func decimalsAreWhatStringGives() {
        for number in [0, 1, 9, 10, 11, 99, 100, 12_345, Int.max] {
            var printer = KotlinPrinter(depth: 0, capacity: 0)
            printer.append(decimal: number)
            #expect(String(decoding: printer.bytes, as: UTF8.self) == String(number))
        }
    }
}
