import ContractGenCore
import Foundation
import Testing
import TrackingCore

/// The shared constants table (`Model/SharedConstantTable.swift`) and the
/// runtimes' files generated from it (docs/wire-format.md, "Shared constants").
@Suite struct SharedConstantTableTests {
    /// Each runtime's committed constants file is what the table renders now:
    /// `swift run contractgen runtime-constants` rewrites them.
    @Test(arguments: SharedConstantFiles.all.map(\.path))
    func committedFileIsCurrent(_ path: String) throws {
        let file = try #require(SharedConstantFiles.all.first { $0.path == path })
        let committed = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(committed == file.text, "\(path) is stale: run `swift run contractgen runtime-constants`")
        #expect(committed.hasPrefix(SharedConstantFiles.header + "\n"))
    }

    /// Swift's codes are the table's, in its order: the generated enum is the only list.
    @Test func swiftCodesAreTheTables() {
        #expect(Violation.Code.allCases.map(\.rawValue) == SharedConstantTable.violations.map(\.code))
    }

    /// Every code has one template, whose parameters are names (the generated functions' parameters).
    @Test func templatesAreWellFormed() {
        #expect(Set(SharedConstantTable.violations.map(\.code)).count == SharedConstantTable.violations.count)
        for rule in SharedConstantTable.violations {
            #expect(!rule.template.isEmpty)
            for name in rule.parameters {
                #expect(name.allSatisfy { $0.isASCII && $0.isLetter }, "\(rule.code): parameter '\(name)'")
            }
            let braces = rule.template.filter { $0 == "{" || $0 == "}" }.count
            #expect(braces == 2 * rule.template.components(separatedBy: "{").dropFirst().count, "\(rule.code): unbalanced braces")
        }
    }

    /// The generated Swift function fills the template in as written.
    @Test func swiftMessagesFillTheTemplates() {
        #expect(ViolationMessage.belowMinimum(minimum: "0") == "is below the minimum 0")
        #expect(ViolationMessage.tooShort(length: "1", minLength: "2") == "is 1 code points long, shorter than the minimum 2")
        #expect(ViolationMessage.patternMismatch(pattern: "^a$") == "does not match the pattern ^a$")
        #expect(ViolationMessage.badFormat(format: RuntimeConstants.Format.finiteNumber) == "is not a finite number")
        #expect(ViolationMessage.missingField(owner: "cartViewed") == "is required by cartViewed but missing")
    }

    /// The runtime's facts are the table's (the hand-written names read the generated ones).
    @Test func runtimeNamesReadTheTable() {
        #expect(WireNames.encoderMembers == SharedConstantTable.payloadMembers.prefix(3).map(\.value))
        #expect(RuntimeConstants.redactionMarker == "<redacted>")
        #expect(RuntimeConstants.PayloadMember.appVersion == "appVersion")
        #expect(RuntimeConstants.PatternOpcode.match == 5)
        #expect(RuntimeConstants.queueOverflowPolicy == "dropOldest")
        // docs/wire-format.md, "Globals": an absent global is left out; broken globals are sent and reported.
        #expect(RuntimeConstants.absentGlobalPolicy == "omit")
        #expect(RuntimeConstants.invalidGlobalsPolicy == "sendAndReport")
        #expect(SharedConstantTable.policies.map(\.name) == ["queueOverflowPolicy", "absentGlobalPolicy", "invalidGlobalsPolicy"])
    }

    /// The delivery rows name actions of the table, hold at least one status
    /// each, do not overlap (so their order cannot matter), and leave 404 and
    /// 5xx to the fallback, which keeps the events.
    @Test func deliveryRulesAreWellFormed() {
        let actions = SharedConstantTable.deliveryActions.map(\.name)
        #expect(actions.contains(SharedConstantTable.deliveryFallbackAction))
        let rules = SharedConstantTable.deliveryRules
        for rule in rules {
            #expect(actions.contains(rule.action), "\(rule.lowestStatus)...\(rule.highestStatus): unknown action \(rule.action)")
            #expect(rule.lowestStatus <= rule.highestStatus && rule.lowestStatus >= 100 && rule.highestStatus <= 599)
        }
        for (index, rule) in rules.enumerated() {
            for other in rules[(index + 1)...] {
                #expect(rule.highestStatus < other.lowestStatus || other.highestStatus < rule.lowestStatus,
                        "\(rule.lowestStatus)...\(rule.highestStatus) overlaps \(other.lowestStatus)...\(other.highestStatus)")
            }
        }
        for status in [404, 408, 429, 500, 503] {
            #expect(!rules.contains { $0.lowestStatus <= status && status <= $0.highestStatus }, "\(status) must be retried")
        }
        #expect(DeliveryAction.allCases.map(\.rawValue) == actions)
        #expect(RuntimeConstants.deliveryRules.map { "\($0.lowestStatus) \($0.highestStatus) \($0.action.rawValue)" }
                == rules.map { "\($0.lowestStatus) \($0.highestStatus) \($0.action)" })
    }

    /// The command rewrites a stale file and `--check` names it.
    @Test func commandChecksAndRewrites() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("runtime-constants-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in SharedConstantFiles.all {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((file.text + "// stale\n").utf8).write(to: url)
        }
        let check = try await ContractGenExecutable.run(["runtime-constants", "--check", "--root", root.path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Runtimes/TypeScript/src/constants.ts: not what the shared table renders"), "\(check.stdout)")
        let write = try await ContractGenExecutable.run(["runtime-constants", "--root", root.path])
        #expect(write.status == 0, "\(write.stdout)")
        for file in SharedConstantFiles.all {
            #expect(try String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8) == file.text)
        }
        let again = try await ContractGenExecutable.run(["runtime-constants", "--check", "--root", root.path])
        #expect(again.status == 0)
    }
}
