/// The part of a semantic version a set of changes requires to grow.
package enum VersionBump: String, Sendable, Hashable, Comparable, CaseIterable {
    case none, patch, minor, major

    package static func < (lhs: VersionBump, rhs: VersionBump) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A semantic version (2.0.0): `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`,
/// ordered by semver precedence (build metadata ignored).
package struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int
    /// Dot-separated pre-release identifiers (`beta.1` -> `["beta", "1"]`).
    package var prerelease: [String]
    package var description: String

    package init?(_ text: String) {
        let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutBuild.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let core = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3, let major = Int(core[0]), let minor = Int(core[1]), let patch = Int(core[2]),
              major >= 0, minor >= 0, patch >= 0 else { return nil }
        self.major = major
        self.minor = minor
        self.patch = patch
        prerelease = parts.count > 1 ? parts[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init) : []
        description = text
    }

    package init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
        prerelease = []
        description = "\(major).\(minor).\(patch)"
    }

    package static func == (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }

    package static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
            return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
        // A pre-release comes before its release; identifiers compare numerically when both are numbers.
        switch (lhs.prerelease.isEmpty, rhs.prerelease.isEmpty) {
        case (true, true), (true, false): return false
        case (false, true): return true
        case (false, false): break
        }
        for (a, b) in zip(lhs.prerelease, rhs.prerelease) where a != b {
            switch (Int(a), Int(b)) {
            case let (x?, y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a < b
            }
        }
        return lhs.prerelease.count < rhs.prerelease.count
    }

    /// The smallest release with `bump` applied (`1.3.0` bumped minor is `1.4.0`).
    package func bumped(_ bump: VersionBump) -> SemanticVersion {
        switch bump {
        case .none: self
        case .patch: prerelease.isEmpty ? SemanticVersion(major: major, minor: minor, patch: patch + 1) : SemanticVersion(major: major, minor: minor, patch: patch)
        case .minor: SemanticVersion(major: major, minor: minor + 1, patch: 0)
        case .major: SemanticVersion(major: major + 1, minor: 0, patch: 0)
        }
    }

    /// Whether going from `self` to `next` grows the version by at least `bump`.
    /// `none` asks only that the version does not go back. A pre-release of the
    /// next major or minor (`2.0.0-beta.1` after `1.3.0`) is enough.
    package func allows(_ next: SemanticVersion, for bump: VersionBump) -> Bool {
        switch bump {
        case .none: next >= self
        case .patch: next > self
        case .minor: next > self && (next.major, next.minor) > (major, minor)
        case .major: next > self && next.major > major
        }
    }
}
