import CollectorResponses
import Foundation

/// `contractgen status`: the join of the contract, the apps' code (a
/// ``CallSiteScan``) and what a collector received (an ``ArrivalsReport``),
/// per event, and the findings it leads to (docs/status.md).
package struct StatusReport: Sendable, Hashable {
    /// A kind of finding; its raw value is the name `--fail-on` and every
    /// format use.
    package enum FindingKind: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Defined in the contract, called nowhere in the scanned code.
        case notCalled = "not-called"
        /// Called in the code, never arrived at the collector (in the window).
        case notArrived = "not-arrived"
        /// Arrived at the collector, not in the contract.
        case unknownEvent = "unknown-event"
        /// Deprecated in the contract, still called or still arriving.
        case deprecated
        /// Arrived with violations.
        case violations

        package static func < (lhs: FindingKind, rhs: FindingKind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// The kinds a `--fail-on` list names (`not-called,violations`, or
        /// `all`), or the first word that is no kind.
        package static func parseList(_ text: String) -> Result<Set<FindingKind>, UnknownKind> {
            var kinds: Set<FindingKind> = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                let name = word.trimmingCharacters(in: .whitespaces)
                if name.isEmpty {
                    continue
                } else if name == "all" {
                    kinds.formUnion(allCases)
                } else if name == "none" {
                    continue
                } else if let kind = FindingKind(rawValue: name) {
                    kinds.insert(kind)
                } else {
                    return .failure(UnknownKind(name: name))
                }
            }
            return .success(kinds)
        }

        /// A word of a `--fail-on` list that names no kind.
        package struct UnknownKind: Error, Sendable, CustomStringConvertible {
            package var name: String
            package var description: String {
                "unknown finding '\(TerminalSafeText.escaped(name))' in --fail-on; findings are "
                    + FindingKind.allCases.map(\.rawValue).joined(separator: ", ") + " (or all, none)"
            }
        }
    }

    /// One finding about one event.
    package struct Finding: Sendable, Hashable {
        package var kind: FindingKind
        package var event: String
        /// One line, without the event's name: `called at 3 sites, never arrived`.
        package var message: String
        /// The call sites it is about (annotated by `--format github`); empty
        /// when it is about no call (an event called nowhere, an unknown one).
        package var sites: [CallSite]
    }

    /// The join for one event of the contract.
    package struct EventRow: Sendable, Hashable {
        package var event: String
        /// The contract's deprecation message, when deprecated.
        package var deprecated: String?
        /// The event's line in the contract (annotations of findings without a call site).
        package var contractLine: Int
        /// Every call of its generated function, sorted.
        package var sites: [CallSite]
        /// What arrived under its name; `nil` when nothing did or no arrivals were given.
        package var arrived: ArrivedEvent?

        /// The number of calls per language.
        package var callsByLanguage: [SourceLanguage: Int] {
            sites.reduce(into: [:]) { $0[$1.language, default: 0] += 1 }
        }
    }

    /// The contract's name and version.
    package var contractName: String
    package var contractVersion: String
    /// The contract's file, as named on the command line (annotations).
    package var contractFile: String
    /// The scan; `nil` when no source root was given (nothing is said about calls).
    package var scan: CallSiteScan?
    /// The arrivals; `nil` when neither `--collector` nor `--arrivals` was given.
    package var arrivals: ArrivalsReport?
    /// One row per event of the contract, by name.
    package var rows: [EventRow]
    /// Events that arrived and are not in the contract, by name.
    package var unknownArrivals: [ArrivedEvent]
    /// Every finding: by kind, then event name.
    package var findings: [Finding]
    /// The scan's notes, and the join's own (calls of events the contract
    /// does not define: generated code older than the contract).
    package var notes: [String]

    /// Joins `contract`, `scan` and `arrivals`.
    package init(contract: Contract, contractFile: String, scan: CallSiteScan?, arrivals: ArrivalsReport?) {
        contractName = contract.name
        contractVersion = contract.version
        self.contractFile = contractFile
        self.scan = scan
        self.arrivals = arrivals
        let defined = Set(contract.events.map(\.name))
        var sitesByEvent: [String: [CallSite]] = [:]
        for site in scan?.sites ?? [] { sitesByEvent[site.event, default: []].append(site) }
        var arrivedByEvent: [String: ArrivedEvent] = [:]
        for event in arrivals?.events ?? [] {
            // A saved copy edited by hand may repeat a name: add the counts up rather than drop one.
            if let earlier = arrivedByEvent[event.event] {
                arrivedByEvent[event.event] = Self.merged(earlier, event)
            } else {
                arrivedByEvent[event.event] = event
            }
        }
        rows = contract.events.sorted { $0.name < $1.name }.map { event in
            EventRow(
                event: event.name, deprecated: event.deprecated, contractLine: event.location.line,
                sites: (sitesByEvent[event.name] ?? []).sorted(), arrived: arrivedByEvent[event.name].flatMap { $0.count > 0 ? $0 : nil })
        }
        unknownArrivals = arrivedByEvent.values.filter { !defined.contains($0.event) && $0.count > 0 }.sorted { $0.event < $1.event }
        notes = scan?.notes ?? []
        for name in sitesByEvent.keys.filter({ !defined.contains($0) }).sorted() {
            let sites = sitesByEvent[name]!.sorted()
            notes.append("'\(name)' is called (\(sites.map(Self.place).joined(separator: ", "))) but the contract does not define it: "
                + "regenerate the code from this contract")
        }
        findings = Self.findings(rows: rows, unknown: unknownArrivals, scanned: scan != nil, arrivals: arrivals)
    }

    /// `file:line:column` of a call.
    package static func place(_ site: CallSite) -> String { "\(site.file):\(site.line):\(site.column)" }

    static func merged(_ a: ArrivedEvent, _ b: ArrivedEvent) -> ArrivedEvent {
        func sum(_ x: [String: Int], _ y: [String: Int]) -> [String: Int] { x.merging(y, uniquingKeysWith: +) }
        return ArrivedEvent(
            event: a.event, count: a.count + b.count, rejected: a.rejected + b.rejected,
            firstSeen: min(a.firstSeen, b.firstSeen), lastSeen: max(a.lastSeen, b.lastSeen),
            contractVersions: sum(a.contractVersions, b.contractVersions), appVersions: sum(a.appVersions, b.appVersions),
            violations: sum(a.violations, b.violations))
    }

    /// `counts` by count (largest first), then key: the order every format lists codes and versions in.
    package static func ranked(_ counts: [String: Int]) -> [(key: String, count: Int)] {
        counts.map { (key: $0.key, count: $0.value) }.sorted { ($1.count, $0.key) < ($0.count, $1.key) }
    }

    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }

    static func findings(rows: [EventRow], unknown: [ArrivedEvent], scanned: Bool, arrivals: ArrivalsReport?) -> [Finding] {
        var findings: [Finding] = []
        let window = arrivals?.since.map { " since \($0)" } ?? ""
        for row in rows {
            if scanned, row.sites.isEmpty {
                findings.append(Finding(kind: .notCalled, event: row.event, message: "defined, called nowhere in the scanned code", sites: []))
            }
            if arrivals != nil, !row.sites.isEmpty, row.arrived == nil {
                findings.append(Finding(
                    kind: .notArrived, event: row.event,
                    message: "called at \(plural(row.sites.count, "site")), never arrived\(window)", sites: row.sites))
            }
            if let note = row.deprecated, !row.sites.isEmpty || row.arrived != nil {
                var uses: [String] = []
                if !row.sites.isEmpty { uses.append("called at \(plural(row.sites.count, "site"))") }
                if let arrived = row.arrived { uses.append("arrived \(plural(arrived.count, "time"))\(window)") }
                findings.append(Finding(
                    kind: .deprecated, event: row.event,
                    message: "deprecated (\(note)), still " + uses.joined(separator: " and "), sites: row.sites))
            }
            if let arrived = row.arrived, !arrived.violations.isEmpty {
                findings.append(Finding(
                    kind: .violations, event: row.event, message: violationMessage(arrived, window: window), sites: row.sites))
            }
        }
        for arrived in unknown {
            findings.append(Finding(
                kind: .unknownEvent, event: arrived.event,
                message: "arrived \(plural(arrived.count, "time"))\(window), not in the contract", sites: []))
        }
        return findings.sorted { ($0.kind, $0.event) < ($1.kind, $1.event) }
    }

    static func violationMessage(_ arrived: ArrivedEvent, window: String) -> String {
        let codes = ranked(arrived.violations).map { "\($0.key) \($0.count)" }.joined(separator: ", ")
        let rejected = arrived.rejected > 0 ? " (\(arrived.rejected) rejected)" : ""
        return "arrived \(plural(arrived.count, "time"))\(window)\(rejected) with violations: \(codes)"
    }

    /// The findings whose kind is in `failOn`: a run with any exits 1.
    package func failing(_ failOn: Set<FindingKind>) -> [Finding] { findings.filter { failOn.contains($0.kind) } }
}
