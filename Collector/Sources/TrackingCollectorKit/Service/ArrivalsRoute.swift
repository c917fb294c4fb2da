import CollectorResponses
import Foundation
import Hummingbird
import TrackingCore

extension CollectorService {
    /// `GET /arrivals[?since=…]`: what arrived per event name (docs/collector.md, "Arrivals"),
    /// in the shape `contractgen status --arrivals` reads (`ArrivalsReport`, format 1).
    func arrivals(_ request: Request) async throws -> Response {
        var sinceDay: Int?
        if let text = request.uri.queryParameters["since"] {
            guard let date = Self.arrivalsWindowStart(String(text)) else {
                return Self.error(400, "since must be an ISO 8601 date (2026-12-01) or UTC time (2026-12-01T00:00:00Z), got \(text.prefix(64))")
            }
            sinceDay = ArrivalTally.day(of: date)
        }
        guard let permit = reads.enter() else { return Self.busyReading() }
        let summaries = try await storage.arrivals(sinceDay: sinceDay)
        withExtendedLifetime(permit) {}
        return Self.json(200, try Self.arrivalsJSON(summaries, readAt: Date(), sinceDay: sinceDay))
    }

    /// A `since` value: a date (`2026-12-01`) or a time in UTC or with an offset, with or
    /// without fractional seconds; `nil` for anything else. The window starts at the UTC
    /// day holding it (counts are kept per day).
    static func arrivalsWindowStart(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds],
                                                      [.withInternetDateTime], [.withFullDate]] {
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }

    /// The answer: an `ArrivalsReport`, events sorted by name (counted values by key: `JSONWriterEncoding`).
    static func arrivalsJSON(_ summaries: [ArrivalSummary], readAt: Date, sinceDay: Int?) throws -> [UInt8] {
        let report = ArrivalsReport(
            format: ArrivalsReport.currentFormat, readAt: ISO8601Timestamp.string(from: readAt),
            since: sinceDay.map { ISO8601Timestamp.string(from: Date(timeIntervalSince1970: Double($0) * 86_400)) },
            events: summaries.sorted(by: { $0.event < $1.event }).map { summary in
                ArrivedEvent(event: summary.event, count: summary.arrived, rejected: summary.rejected,
                             firstSeen: ISO8601Timestamp.string(from: summary.firstSeen),
                             lastSeen: ISO8601Timestamp.string(from: summary.lastSeen),
                             contractVersions: summary.contractVersions, appVersions: summary.appVersions,
                             violations: summary.violations)
            })
        return try JSONWriterEncoding.bytes(report, capacity: 128 + summaries.count * 256)
    }
}
