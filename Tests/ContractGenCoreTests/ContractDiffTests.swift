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

/// `diff` tells one story for every change kind of the fixture pair: the severity
/// the text prints, the GitHub annotation level, the version bump asked for and
/// the exit status under each gate agree, and the words "not enough" say whether
/// they fail the run.
@Suite struct DiffOneStoryTests {
    static func expectedLevel(_ severity: ChangeSeverity) -> String {
        switch severity {
        case .breaking: "error"
        case .sourceBreaking: "warning"
        case .additive, .cosmetic: "notice"
        }
    }

    static func expectedBump(_ severity: ChangeSeverity) -> VersionBump {
        switch severity {
        case .breaking: .major
        case .sourceBreaking, .additive: .minor
        case .cosmetic: .patch
        }
    }

    @Test func everyChangeKindTellsOneStory() throws {
        let report = try DiffFixtures.report()
        let text = DiffFormatter.text(report).split(separator: "\n").map(String.init)
        let entries = text.filter { line in report.changes.contains { line.hasSuffix("[\($0.rule.rawValue)]") } && !line.hasPrefix("  ") }
        let annotations = DiffFormatter.github(report, file: DiffFixtures.newPath).split(separator: "\n").map(String.init).dropLast()
        try #require(entries.count == report.changes.count && annotations.count == report.changes.count)
        var kinds = Set<ChangeType>()
        for (index, change) in report.changes.enumerated() {
            kinds.insert(change.rule)
            let rule = change.rule.rawValue
            let affects = change.affects.isEmpty ? "" : " (\(change.affects.map(\.rawValue).joined(separator: ", ")))"
            // Wording: the severity word, and "breaking" alone only for what asks a major.
            #expect(entries[index].contains(": \(change.severity.rawValue)\(affects): "), "\(rule): \(entries[index])")
            #expect((entries[index].contains(": breaking ") || entries[index].contains(": breaking:")) == (change.severity == .breaking), "\(rule)")
            // Annotation level.
            #expect(annotations[index].hasPrefix("::\(Self.expectedLevel(change.severity)) "), "\(rule): \(annotations[index])")
            #expect(annotations[index].contains("title=contract \(change.severity.rawValue)"), "\(rule)")
            // Version bump, and the sentence under a source-only break.
            #expect(change.requiredBump == Self.expectedBump(change.severity), "\(rule)")
            let next = text.index(after: try #require(text.firstIndex(of: entries[index])))
            let explained = text[next...].prefix { $0.hasPrefix("  ") }.contains { $0.hasPrefix("  breaks: ") }
            #expect(explained == (change.severity == .sourceBreaking), "\(rule)")

            // Exit status of this change alone, under each gate, and what the output says of it.
            var alone = report
            alone.changes = [change]
            for severity in ChangeSeverity.allCases {
                #expect(alone.gateFails(DiffGate(failOn: severity)) == (change.severity >= severity), "\(rule) --fail-on \(severity.rawValue)")
            }
            #expect(!alone.gateFails(DiffGate()), "\(rule): no gate, no failure")
            let old = try #require(SemanticVersion(report.oldVersion))
            for (version, enough) in [(report.oldVersion, false), (old.bumped(Self.expectedBump(change.severity)).description, true)] {
                alone.newVersion = version
                #expect(alone.versionOK == enough, "\(rule) \(version)")
                let checked = DiffGate(checkVersion: true)
                #expect(alone.gateFails(checked) == !enough, "\(rule) \(version)")
                let checkedText = DiffFormatter.text(alone, gate: checked)
                let uncheckedText = DiffFormatter.text(alone)
                let checkedVerdict = try #require(DiffFormatter.github(alone, file: "c.yaml", gate: checked).split(separator: "\n").last)
                let uncheckedVerdict = try #require(DiffFormatter.github(alone, file: "c.yaml").split(separator: "\n").last)
                if enough {
                    #expect(checkedText.hasSuffix("version \(version) is enough\ngate: passes, exit 0 (--check-version)\n"), "\(checkedText)")
                    #expect(uncheckedText.contains("version \(version) is enough\ngate: none, exit 0"), "\(uncheckedText)")
                    #expect(checkedVerdict.hasPrefix("::notice ") && uncheckedVerdict.hasPrefix("::notice "), "\(rule)")
                } else {
                    #expect(checkedText.contains("is not enough: use \(old.bumped(Self.expectedBump(change.severity))) (--check-version: fails)\n"
                        + "gate: fails, exit 1: version \(version) is not enough (--check-version)\n"), "\(checkedText)")
                    #expect(uncheckedText.contains("(not enforced: pass --check-version to fail)\ngate: none, exit 0"), "\(uncheckedText)")
                    #expect(checkedVerdict.hasPrefix("::error "), "\(rule): \(checkedVerdict)")
                    #expect(uncheckedVerdict.hasPrefix("::warning "), "\(rule): \(uncheckedVerdict)")
                }
            }
        }
        #expect(kinds == Set(ChangeType.allCases))
    }

    /// The JSON says what the exit status says.
    @Test func jsonSaysWhetherTheGateFails() throws {
        let report = try DiffFixtures.report()
        for (gate, fails) in [(DiffGate(), false), (DiffGate(checkVersion: true), true), (DiffGate(failOn: .breaking), true)] {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(DiffFormatter.json(report, gate: gate).utf8)) as? [String: Any])
            #expect(object["gateFails"] as? Bool == fails)
        }
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
        #expect(text.contains("required bump: minor (source-breaking changes break apps' code at their next build"))
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
