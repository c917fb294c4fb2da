import CollectorResponses
import Foundation

/// What `contractgen status` (and `docs` with the same flags) reads besides
/// the contract, decided from the flags and the project file's `status:`
/// section (flags win, each setting on its own), and reading it.
package struct StatusSources: Sendable, Equatable {
    /// Source roots to scan; empty: no scan.
    package var sources: [String] = []
    package var exclude: [String] = []
    /// A collector's base URL, or a saved arrivals report (never both).
    package var collector: String?
    package var arrivalsFile: String?
    /// The window's start (`--since`), ISO 8601.
    package var since: String?
    /// The read token (the collector's `--token-file` or `TRACKING_COLLECTOR_TOKEN`).
    package var readToken: String?

    package init(
        sources: [String] = [], exclude: [String] = [], collector: String? = nil, arrivalsFile: String? = nil,
        since: String? = nil, readToken: String? = nil
    ) {
        self.sources = sources
        self.exclude = exclude
        self.collector = collector
        self.arrivalsFile = arrivalsFile
        self.since = since
        self.readToken = readToken
    }

    /// The flags over the project file's section: a flag replaces that
    /// setting of the file (`--source` all of its `sources:`); `--collector`
    /// replaces the file's `arrivals:` too, and `--arrivals` its `collector:`.
    package static func resolve(flags: StatusSources, project: ProjectFile.StatusSettings?) -> StatusSources {
        var resolved = flags
        guard let project else { return resolved }
        if flags.sources.isEmpty { resolved.sources = project.sources }
        if flags.exclude.isEmpty { resolved.exclude = project.exclude }
        if flags.collector == nil, flags.arrivalsFile == nil {
            resolved.collector = project.collector
            resolved.arrivalsFile = project.collector == nil ? project.arrivals : nil
        }
        return resolved
    }

    /// Why the inputs could not be read: a usage or input error (exit 2).
    package struct Failure: Error, Sendable, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// Checks what cannot work together, before anything is read.
    package func check() throws(Failure) {
        if collector != nil, arrivalsFile != nil {
            throw Failure("give --collector or --arrivals, not both")
        }
        if let since, ArrivalsReading.windowStart(since) == nil {
            throw Failure("--since \(TerminalSafeText.escaped(since)): not a date or time (2026-12-01 or 2026-12-01T00:00:00Z)")
        }
        if since != nil, collector == nil, arrivalsFile == nil {
            throw Failure("--since needs arrivals to apply to (--collector or --arrivals)")
        }
        for root in sources where !FileManager.default.fileExists(atPath: root) {
            throw Failure("source root \(TerminalSafeText.escaped(root)) does not exist")
        }
    }

    /// The arrivals, from the collector or the saved copy; `nil` when neither is given.
    package func arrivals() throws(Failure) -> ArrivalsReport? {
        do {
            if let collector { return try ArrivalsReading.fetch(collector: collector, since: since, token: readToken) }
            if let arrivalsFile { return try ArrivalsReading.read(file: arrivalsFile, since: since) }
        } catch {
            throw Failure(error.description)
        }
        return nil
    }

    /// The call sites of `contract`'s events under ``sources``; `nil` when no root is given.
    package func scan(of contract: Contract) throws(Failure) -> CallSiteScan? {
        guard !sources.isEmpty else { return nil }
        do {
            return try scanCallSites(of: contract, CallSiteScanRequest(roots: sources, exclude: exclude))
        } catch {
            throw Failure("cannot scan the sources: \(error)")
        }
    }

    /// The read token: the file's first line when `file` is given, else
    /// `TRACKING_COLLECTOR_TOKEN`, else none.
    package static func readToken(file: String?, environment: [String: String]) throws(Failure) -> String? {
        if let file {
            guard let bytes = try? ContractLoader.readFile(file, maxBytes: 1 << 16) else {
                throw Failure("cannot read the read token file \(TerminalSafeText.escaped(file))")
            }
            let token = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            guard !token.trimmingCharacters(in: .whitespaces).isEmpty else { throw Failure("the read token file \(file) is empty") }
            return token.trimmingCharacters(in: .whitespaces)
        }
        return environment["TRACKING_COLLECTOR_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    }
}
