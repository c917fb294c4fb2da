// The live monitor's rows and snapshot (docs/collector.md, "Live monitor"): what
// `GET /monitor/snapshot` and the page's embedded snapshot hold, and each
// `data:` line of `GET /monitor/stream`. `MonitorPage/monitor.js` reads these members.

/// Which side saw a monitor row: the collector, or the app's dispatcher (a journey step).
public enum MonitorSide: String, Codable, Sendable, Hashable {
    case collector
    case app
}

/// What the collector decided about an event shown in the monitor.
public enum MonitorVerdict: String, Codable, Sendable, Hashable {
    /// Stored, breaking no rule.
    case valid
    /// Stored, breaking rules (listed).
    case violations
    /// Stored before: sent again.
    case duplicate
    /// Refused (the reason says why).
    case rejected
}

/// An event as the collector saw it, stored or refused (masked as the collector shows it).
public struct MonitorEventItem: Codable, Sendable, Hashable {
    public var side: MonitorSide = .collector
    public var uuid: String
    public var event: String
    public var kind: String
    public var verdict: MonitorVerdict
    /// Why it was refused (`rejected` only).
    public var reason: String?
    public var violations: [ViolationEntry]
    public var requestId: String
    public var receivedAt: String
    public var payload: RawJSON

    public init(uuid: String, event: String, kind: String, verdict: MonitorVerdict, reason: String? = nil,
                violations: [ViolationEntry], requestId: String, receivedAt: String, payload: RawJSON) {
        self.uuid = uuid
        self.event = event
        self.kind = kind
        self.verdict = verdict
        self.reason = reason
        self.violations = violations
        self.requestId = requestId
        self.receivedAt = receivedAt
        self.payload = payload
    }
}

/// A step of an event's journey in the app, as a debug dispatcher reported it
/// (`POST /v1/journey`), checked and cut to size.
public struct MonitorJourneyStep: Codable, Sendable, Hashable {
    public var side: MonitorSide = .app
    public var uuid: String
    public var event: String
    /// One of the dispatcher's stages (`created`, `validated`, ..., `dropped`).
    public var stage: String
    public var requestId: String?
    public var reason: String?
    public var violations: [String]?
    /// When, as the app's clock wrote it.
    public var at: String

    public init(uuid: String, event: String, stage: String, requestId: String? = nil, reason: String? = nil,
                violations: [String]? = nil, at: String) {
        self.uuid = uuid
        self.event = event
        self.stage = stage
        self.requestId = requestId
        self.reason = reason
        self.violations = violations
        self.at = at
    }
}

/// One row of the monitor: the collector's view of an event or a journey step.
public enum MonitorItem: Codable, Sendable, Hashable {
    case event(MonitorEventItem)
    case journeyStep(MonitorJourneyStep)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .event(let item): try item.encode(to: encoder)
        case .journeyStep(let step): try step.encode(to: encoder)
        }
    }

    /// By its `side`: each shape reads only its own.
    public init(from decoder: any Decoder) throws {
        do {
            self = .event(try MonitorEventItem(from: decoder))
        } catch let eventError {
            do {
                let step = try MonitorJourneyStep(from: decoder)
                guard step.side == .app else { throw eventError }
                self = .journeyStep(step)
            } catch {
                throw eventError
            }
        }
    }

    /// Which side the row is from.
    public var side: MonitorSide {
        switch self {
        case .event(let item): item.side
        case .journeyStep(let step): step.side
        }
    }

    /// The event's uuid.
    public var uuid: String {
        switch self {
        case .event(let item): item.uuid
        case .journeyStep(let step): step.uuid
        }
    }
}

/// The contract a collector checks against, by name and version.
public struct ContractIdentity: Codable, Sendable, Hashable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }
}

/// `GET /monitor/snapshot` (and the page's embedded copy): how the collector
/// runs and the newest rows, oldest first among them: stored events, refused
/// events, then the journey steps this instance holds.
public struct MonitorSnapshot: Codable, Sendable, Hashable {
    public var contract: ContractIdentity
    /// The storage in words (`SQLite (in memory)`, `PostgreSQL`, ...).
    public var storage: String
    /// Whether pii values are shown unmasked (`--show-pii`).
    public var showPII: Bool
    public var items: [MonitorItem]

    public init(contract: ContractIdentity, storage: String, showPII: Bool, items: [MonitorItem]) {
        self.contract = contract
        self.storage = storage
        self.showPII = showPII
        self.items = items
    }

    public enum CodingKeys: String, CodingKey {
        case contract, storage, showPII, items
    }
}
