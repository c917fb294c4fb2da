@testable import ContractGenCore
import Foundation
import Testing

/// `contractgen diff`'s library: the classification of every rule over the
/// fixture pair, the version check and the three output formats.
@Suite struct ContractDiffTests {
    @Test func fixturePairHasOneCaseOfEveryRule() throws {
        let report = try DiffFixtures.report()
        let found = Set(report.changes.map(\.rule))
        let missing = ChangeType.allCases.filter { !found.contains($0) }
        #expect(missing.isEmpty, "rules without a case in Fixtures/diff: \(missing.map(\.rawValue))")
    }

    @Test func textGolden() throws {
        try GeneratedTestSupport.assertGolden(
            DiffFormatter.text(try DiffFixtures.report()), at: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.txt"))
    }

    @Test func jsonGolden() throws {
        let json = DiffFormatter.json(try DiffFixtures.report())
        try GeneratedTestSupport.assertGolden(json + "\n", at: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.json"))
    }

    @Test func githubGolden() throws {
        let text = DiffFormatter.github(try DiffFixtures.report(), file: DiffFixtures.newPath)
        try GeneratedTestSupport.assertGolden(text, at: GeneratedTestSupport.goldens.appendingPathComponent("Diff/changes.github"))
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let report = try DiffFixtures.report()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(DiffFormatter.json(report).utf8)) as? [String: Any])
        #expect(object["requiredBump"] as? String == "major")
        #expect(object["versionOK"] as? Bool == false)
        #expect(object["suggestedVersion"] as? String == "2.0.0")
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == report.changes.count)
        for change in changes {
            #expect(Set(change.keys) == ["rule", "severity", "affects", "path", "old", "new", "message"])
            #expect(ChangeType(rawValue: change["rule"] as? String ?? "") != nil)
            #expect(change["old"] is NSNull || (change["old"] as? [String: Int])?.keys.sorted() == ["column", "line"])
            #expect(change["new"] is NSNull || (change["new"] as? [String: Int])?.keys.sorted() == ["column", "line"])
            #expect(!(change["old"] is NSNull && change["new"] is NSNull))
        }
    }

    /// Every change is located in the version(s) that hold the element, at the right line.
    @Test func changesAreLocatedInBothVersions() throws {
        let report = try DiffFixtures.report()
        let oldLines = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(DiffFixtures.oldPath), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(DiffFixtures.newPath), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let quantity = try #require(report.changes.first { $0.rule == .constraintTightened })
        #expect(oldLines[quantity.old!.line - 1].contains("quantity: { type: int, minimum: 1, maximum: 99 }"))
        #expect(newLines[quantity.new!.line - 1].contains("quantity: { type: int, minimum: 1, maximum: 50 }"))
        let removed = try #require(report.changes.first { $0.rule == .eventRemoved })
        #expect(removed.new == nil && oldLines[removed.old!.line - 1].contains("legacyPageView:"))
        let added = try #require(report.changes.first { $0.rule == .eventAdded })
        #expect(added.old == nil && newLines[added.new!.line - 1].contains("giftPageView:"))
        for change in report.changes {
            #expect(change.old?.file ?? DiffFixtures.oldPath == DiffFixtures.oldPath)
            #expect(change.new?.file ?? DiffFixtures.newPath == DiffFixtures.newPath)
            #expect(change.anchor.file == DiffFixtures.newPath)
        }
    }

    /// docs/contract-evolution.md has one table row per rule, with the code's classification.
    @Test func evolutionDocMatchesTheRules() throws {
        let doc = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/contract-evolution.md"), encoding: .utf8)
        var rows: [String: (severity: String, affects: String)] = [:]
        for line in doc.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 4 else { continue }
            let rule = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            guard ChangeType(rawValue: rule) != nil else { continue }
            #expect(rows[rule] == nil, "\(rule) has two rows")
            rows[rule] = (cells[2], cells[3])
        }
        for rule in ChangeType.allCases {
            let row = try #require(rows[rule.rawValue], "docs/contract-evolution.md has no row for \(rule.rawValue)")
            #expect(row.severity == rule.severity.rawValue, "\(rule.rawValue)")
            let affects = rule.affects.isEmpty ? "—" : rule.affects.map(\.rawValue).joined(separator: ", ")
            #expect(row.affects == affects, "\(rule.rawValue)")
        }
    }

    // MARK: The version check

    @Test(arguments: [
        ("1.3.0", "2.0.0", VersionBump.major, true), ("1.3.0", "1.4.0", .major, false), ("1.3.0", "2.0.0-beta.1", .major, true),
        ("1.3.0", "1.4.0", .minor, true), ("1.3.0", "1.3.1", .minor, false), ("1.3.0", "2.0.0", .minor, true),
        ("1.3.0", "1.3.1", .patch, true), ("1.3.0", "1.3.0", .patch, false), ("1.3.0", "1.3.0-rc.1", .patch, false),
        ("1.3.0", "1.3.0", .none, true), ("1.3.0", "1.2.9", .none, false), ("1.3.0", "1.3.0+build.7", .none, true),
        ("1.0.0-alpha", "1.0.0-alpha.1", .patch, true), ("1.0.0-alpha.2", "1.0.0-alpha.10", .patch, true),
        ("1.0.0-beta", "1.0.0-alpha", .none, false),
    ])
    func versionAllowsBump(old: String, new: String, bump: VersionBump, expected: Bool) throws {
        let a = try #require(SemanticVersion(old))
        let b = try #require(SemanticVersion(new))
        #expect(a.allows(b, for: bump) == expected)
    }

    @Test func bumpSuggestion() throws {
        let version = try #require(SemanticVersion("1.3.7"))
        #expect(version.bumped(.major).description == "2.0.0")
        #expect(version.bumped(.minor).description == "1.4.0")
        #expect(version.bumped(.patch).description == "1.3.8")
        #expect(SemanticVersion("1.3") == nil && SemanticVersion("v1.3.0") == nil)
    }

    /// Source-only breaks ask for a minor bump; wire or data breaks for a major one.
    @Test func requiredBumpPerChange() {
        func change(_ rule: ChangeType) -> ContractChange {
            ContractChange(rule, path: "p", old: nil, new: nil, anchor: SourceLocation(file: "f", line: 1, column: 1), message: "m")
        }
        #expect(change(.valueAdded).requiredBump == .minor)
        #expect(change(.eventFieldBecameOptional).requiredBump == .minor)
        #expect(change(.typeChanged).requiredBump == .major)
        #expect(change(.defaultChanged).requiredBump == .major)
        #expect(change(.eventAdded).requiredBump == .minor)
        #expect(change(.descriptionChanged).requiredBump == .patch)
        #expect(change(.deprecationRemoved).requiredBump == .patch)
    }

    @Test func gate() throws {
        let report = try DiffFixtures.report()
        #expect(report.gateFails(checkVersion: true, failOn: nil))
        #expect(report.gateFails(checkVersion: false, failOn: .breaking))
        #expect(!report.gateFails(checkVersion: false, failOn: nil))
        var same = report
        same.changes = report.changes.filter { $0.severity == .cosmetic }
        same.newVersion = "1.3.1"
        #expect(same.requiredBump == .patch && same.versionOK)
        #expect(!same.gateFails(checkVersion: true, failOn: .breaking))
        #expect(same.gateFails(checkVersion: true, failOn: .cosmetic))
    }

    @Test func githubEscapesMessagesAndProperties() {
        #expect(DiffFormatter.data("50% off\nnext") == "50%25 off%0Anext")
        #expect(DiffFormatter.property("a:b,c") == "a%3Ab%2Cc")
    }

    /// Removing a value-set field's constant while renaming the set's code is
    /// not reported as a changed constant: constants compare by wire value.
    @Test func constantsCompareByWireValue() throws {
        let old = try DiffFixtures.contract(yaml: Self.small(code: "detail", constant: "detail"))
        let new = try DiffFixtures.contract(yaml: Self.small(code: "productDetail", constant: "productDetail"))
        let rules = ContractDiff.changes(from: old, to: new).map(\.rule)
        #expect(rules == [.valueCodeRenamed])
    }

    /// `swiftName:` on a kind, an object or an event changes the Swift name only
    /// (an event's is its function's).
    @Test func swiftNamesOfTypes() throws {
        func contract(_ chosen: Bool) throws -> Contract {
            func swiftName(_ name: String) -> String { chosen ? "swiftName: \(name)" : "" }
            return try DiffFixtures.contract(yaml: """
                \(ContractText.head)
                kinds:
                  systemAction: { \(swiftName("Automatic")) }
                objects:
                  Item: { required: { id: { type: string } }, \(swiftName("Thing")) }
                fields:
                  item: { type: Item }
                events:
                  opened: { kind: systemAction, required: [item], \(swiftName("Opening")) }
                """)
        }
        let changes = ContractDiff.changes(from: try contract(false), to: try contract(true))
        #expect(changes.map(\.rule) == [.swiftNameChanged, .swiftNameChanged, .swiftNameChanged])
        #expect(changes.map(\.path) == ["kinds.systemAction", "objects.Item", "events.opened"])
        #expect(changes.last?.message == "Swift name of event 'opened' changed from opened to opening (swiftName:); the wire name stays")
        #expect(changes.allSatisfy { $0.requiredBump == .minor })
    }

    /// Order, comments, quoting and a value set's list or mapping form are not changes.
    @Test func layoutIsNotAChange() throws {
        let a = try DiffFixtures.contract(yaml: """
            contract: Shop
            version: 1.0.0
            valueSets:
              Color: [red, green]
            mandatory:
              uuid: { type: uuid }
              clientTimestamp: { type: timestamp }
            kinds:
              systemAction:
            fields:
              a: { type: string, maxLength: 3 }
              b: { type: Color }
            events:
              one: { kind: systemAction, required: [a, b] }
              two: { kind: systemAction, optional: [a] }
            """)
        let b = try DiffFixtures.contract(yaml: """
            # A comment.
            contract: "Shop"
            version: '1.0.0'
            valueSets:
              Color:
                red: red       # the mapping form of the same set
                green: green
            mandatory:
              clientTimestamp: { type: timestamp }
              uuid: { type: uuid }
            kinds:
              systemAction: {}
            fields:
              b:
                type: Color
              a: { maxLength: 3, type: "string" }
            events:
              two: { optional: [a], kind: systemAction }
              one: { kind: systemAction, required: [b, a] }
            """)
        #expect(ContractDiff.changes(from: a, to: b) == [])
    }

    static func small(code: String, constant: String) -> String {
        """
        contract: Shop
        version: 1.0.0
        valueSets:
          ViewType:
            \(code): Product Detail
            home: Home
        mandatory:
          uuid: { type: uuid }
          clientTimestamp: { type: timestamp }
        kinds:
          pageView:
            mandatory:
              viewType: { type: ViewType }
        events:
          shown:
            kind: pageView
            viewType: \(constant)
        """
    }
}

/// A break of generated Swift alone asks only a minor bump; the text output
/// says who breaks and why, as docs/contract-evolution.md shows it.
@Suite struct SourceOnlyBreakTextTests {
    static func report(newVersion: String) throws -> ContractDiffReport {
        let head = DiffFixtures.header + "valueSets:\n"
        let old = try DiffFixtures.contract(yaml: head + "  Currency: [EUR, GBP]\n", file: "old.yaml")
        let new = try DiffFixtures.contract(
            yaml: (head + "  Currency: [EUR, GBP, CHF]\n").replacingOccurrences(of: "1.0.0", with: newVersion), file: "new.yaml")
        return ContractDiffReport(old: old, new: new, oldFile: "old.yaml", newFile: "new.yaml")
    }

    @Test func theTextSaysWhoBreaksAndWhyAMinorIsEnough() throws {
        let text = DiffFormatter.text(try Self.report(newVersion: "1.1.0"))
        let documented = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/contract-evolution.md"), encoding: .utf8)
        #expect(documented.contains("```\n" + text + "```\n"), "docs/contract-evolution.md shows this output:\n\(text)")
        #expect(text.contains("\n  breaks: apps' code using the generated code"))
        #expect(text.contains("required bump: minor (the breaking change breaks only apps' source"))
    }

    /// A major change beside it: the verdict is major, with no word about minor.
    @Test func noMinorReasonWhenAMajorIsRequired() throws {
        let head = DiffFixtures.header + "valueSets:\n"
        let old = try DiffFixtures.contract(yaml: head + "  Currency: [EUR, GBP]\n  Size: [S, M]\n", file: "old.yaml")
        let new = try DiffFixtures.contract(yaml: head + "  Currency: [EUR, GBP, CHF]\n  Size: [S]\n", file: "new.yaml")
        let text = DiffFormatter.text(ContractDiffReport(old: old, new: new, oldFile: "old.yaml", newFile: "new.yaml"))
        #expect(text.contains("required bump: major; version 1.0.0 is not enough: use 2.0.0"))
        #expect(text.components(separatedBy: "  breaks: ").count == 2, "only under the source-only break")
    }
}
