import TrackingCore

// The collector's answer to a batch (docs/wire-format.md, "The collector's answer").
// The members every runtime reads are the shared table's (`RuntimeConstants.VerdictMember`):
// their coding keys spell them from there, the others by their case names.

/// The 200 answer to `POST /v1/batch`: a verdict per event.
public struct BatchVerdict: Codable, Sendable, Hashable {
    /// The uuids of the events stored (or already stored: see `duplicates`), in batch order.
    public var accepted: [String]
    /// Those of `accepted` that were stored before (sent again).
    public var duplicates: [String]
    /// The events refused, up to the collector's `maxListedRejections`.
    public var rejected: [RejectedEntry]
    /// How many events were refused, listed or not.
    public var rejectedCount: Int
    /// Stored events that break the contract (informational), up to `maxListedRejections`.
    public var violations: [FlaggedEvent]
    /// How many stored events break the contract, listed or not.
    public var violationsCount: Int

    public init(accepted: [String], duplicates: [String], rejected: [RejectedEntry], rejectedCount: Int,
                violations: [FlaggedEvent], violationsCount: Int) {
        self.accepted = accepted
        self.duplicates = duplicates
        self.rejected = rejected
        self.rejectedCount = rejectedCount
        self.violations = violations
        self.violationsCount = violationsCount
    }

    public enum CodingKeys: CodingKey, CaseIterable {
        case accepted, duplicates, rejected, rejectedCount, violations, violationsCount

        public var stringValue: String {
            switch self {
            case .accepted: RuntimeConstants.VerdictMember.accepted
            case .duplicates: "duplicates"
            case .rejected: RuntimeConstants.VerdictMember.rejected
            case .rejectedCount: "rejectedCount"
            case .violations: RuntimeConstants.VerdictMember.violations
            case .violationsCount: "violationsCount"
            }
        }

        public init?(stringValue: String) {
            guard let key = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
            self = key
        }

        public var intValue: Int? { nil }
        public init?(intValue: Int) { nil }
    }

    /// One refused event.
    public struct RejectedEntry: Codable, Sendable, Hashable {
        public var uuid: String
        /// Why, for people (cut to the collector's `maxReasonLength`).
        public var reason: String

        public init(uuid: String, reason: String) {
            self.uuid = uuid
            self.reason = reason
        }

        public enum CodingKeys: CodingKey, CaseIterable {
            case uuid, reason

            public var stringValue: String {
                switch self {
                case .uuid: RuntimeConstants.VerdictMember.uuid
                case .reason: RuntimeConstants.VerdictMember.reason
                }
            }

            public init?(stringValue: String) {
                guard let key = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
                self = key
            }

            public var intValue: Int? { nil }
            public init?(intValue: Int) { nil }
        }
    }

    /// One stored event that breaks the contract, with its violations (at most 20).
    public struct FlaggedEvent: Codable, Sendable, Hashable {
        public var uuid: String
        public var violations: [ViolationEntry]

        public init(uuid: String, violations: [ViolationEntry]) {
            self.uuid = uuid
            self.violations = violations
        }

        public enum CodingKeys: CodingKey, CaseIterable {
            case uuid, violations

            public var stringValue: String {
                switch self {
                case .uuid: RuntimeConstants.VerdictMember.uuid
                case .violations: RuntimeConstants.VerdictMember.violations
                }
            }

            public init?(stringValue: String) {
                guard let key = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
                self = key
            }

            public var intValue: Int? { nil }
            public init?(intValue: Int) { nil }
        }
    }
}

/// One violation as the collector's answers list it (and stores it):
/// `{"path":…,"code":…,"message":…}`, the shared table's verdict members.
public struct ViolationEntry: Codable, Sendable, Hashable {
    public var path: String
    /// A `Violation.Code` raw value (a string, so a newer collector's code still reads).
    public var code: String
    public var message: String

    public init(path: String, code: String, message: String) {
        self.path = path
        self.code = code
        self.message = message
    }

    public init(_ violation: Violation) {
        self.init(path: violation.path, code: violation.code.rawValue, message: violation.message)
    }

    /// As a `Violation`; a code this build does not know reads as `unknownField`.
    public var violation: Violation {
        Violation(path: path, code: Violation.Code(rawValue: code) ?? .unknownField, message: message)
    }

    public enum CodingKeys: CodingKey, CaseIterable {
        case path, code, message

        public var stringValue: String {
            switch self {
            case .path: RuntimeConstants.VerdictMember.path
            case .code: RuntimeConstants.VerdictMember.code
            case .message: RuntimeConstants.VerdictMember.message
            }
        }

        public init?(stringValue: String) {
            guard let key = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
            self = key
        }

        public var intValue: Int? { nil }
        public init?(intValue: Int) { nil }
    }
}
