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

extension ContractDiffReport {
    /// Whether CI should fail: with `checkVersion`, when the version is not
    /// enough; with `failOn`, when a change is at least that severe.
    package func gateFails(checkVersion: Bool, failOn: ChangeSeverity?) -> Bool {
        (checkVersion && !versionOK) || (failOn.map { hasChanges(atLeast: $0) } ?? false)
    }
}
