/// What `contractgen diff` found: the classified changes and the version verdict.
package struct ContractDiffReport: Sendable, Hashable {
    /// The contracts' file names as the user gave them (`origin/main:contract/contract.yaml`).
    package var oldFile: String
    package var newFile: String
    package var oldVersion: String
    package var newVersion: String
    package var changes: [ContractChange]

    package init(old: Contract, new: Contract, oldFile: String, newFile: String) {
        self.oldFile = oldFile
        self.newFile = newFile
        oldVersion = old.version
        newVersion = new.version
        changes = ContractDiff.changes(from: old, to: new)
    }

    /// The largest bump any change asks for.
    package var requiredBump: VersionBump {
        changes.map(\.requiredBump).max() ?? .none
    }

    /// Whether the new `version:` grows the old one by at least ``requiredBump``.
    package var versionOK: Bool {
        guard let a = SemanticVersion(oldVersion), let b = SemanticVersion(newVersion) else { return false }
        return a.allows(b, for: requiredBump)
    }

    /// The version to write: the new one when it is enough, else the old one bumped.
    package var suggestedVersion: String {
        if versionOK { return newVersion }
        guard let a = SemanticVersion(oldVersion) else { return newVersion }
        return a.bumped(max(requiredBump, .patch)).description
    }

    /// Whether any change is at least as severe as `severity`.
    package func hasChanges(atLeast severity: ChangeSeverity) -> Bool {
        changes.contains { $0.severity >= severity }
    }

    package func count(_ severity: ChangeSeverity) -> Int {
        changes.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// What makes `contractgen diff` exit 1 (the CI gate): `--check-version`, `--fail-on SEVERITY`, both or neither.
package struct DiffGate: Sendable, Hashable {
    /// Fail when the new version is not enough for the changes.
    package var checkVersion: Bool
    /// Fail when a change is at least this severe.
    package var failOn: ChangeSeverity?

    package init(checkVersion: Bool = false, failOn: ChangeSeverity? = nil) {
        self.checkVersion = checkVersion
        self.failOn = failOn
    }

    /// The flags as the command line spells them: `--check-version, --fail-on breaking`.
    package var flags: String {
        var flags: [String] = []
        if checkVersion { flags.append("--check-version") }
        if let failOn { flags.append("--fail-on \(failOn.rawValue)") }
        return flags.joined(separator: ", ")
    }
}

extension ContractDiffReport {
    /// Whether CI should fail: with `checkVersion`, when the version is not
    /// enough; with `failOn`, when a change is at least that severe.
    package func gateFails(checkVersion: Bool, failOn: ChangeSeverity?) -> Bool {
        gateFailures(DiffGate(checkVersion: checkVersion, failOn: failOn)).isEmpty == false
    }

    /// Whether `gate` makes the command exit 1.
    package func gateFails(_ gate: DiffGate) -> Bool { !gateFailures(gate).isEmpty }

    /// Why `gate` fails, one reason per flag that fails (empty: it passes).
    package func gateFailures(_ gate: DiffGate) -> [String] {
        var reasons: [String] = []
        if gate.checkVersion && !versionOK {
            reasons.append("version \(newVersion) is not enough (--check-version)")
        }
        if let failOn = gate.failOn {
            let n = changes.count { $0.severity >= failOn }
            if n > 0 {
                reasons.append("\(n) change\(n == 1 ? "" : "s") at least \(failOn.rawValue) (--fail-on \(failOn.rawValue))")
            }
        }
        return reasons
    }
}
