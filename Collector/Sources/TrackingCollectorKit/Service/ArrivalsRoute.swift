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
        return Self.json(200, Self.arrivalsJSON(summaries, readAt: Date(), sinceDay: sinceDay))
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

    /// The answer: `ArrivalsReport`'s JSON, events sorted by name, counted values by key.
    static func arrivalsJSON(_ summaries: [ArrivalSummary], readAt: Date, sinceDay: Int?) -> [UInt8] {
        var writer = JSONWriter(capacity: 128 + summaries.count * 256)
        writer.beginObject()
        writer.key("format"); writer.value(1)
        writer.key("readAt"); writer.timestamp(readAt)
        if let sinceDay {
            writer.key("since"); writer.timestamp(Date(timeIntervalSince1970: Double(sinceDay) * 86_400))
        }
        writer.key("events"); writer.beginArray()
        for summary in summaries.sorted(by: { $0.event < $1.event }) {
            writer.beginObject()
            writer.key("event"); writer.value(summary.event)
            writer.key("count"); writer.value(summary.arrived)
            writer.key("rejected"); writer.value(summary.rejected)
            writer.key("firstSeen"); writer.timestamp(summary.firstSeen)
            writer.key("lastSeen"); writer.timestamp(summary.lastSeen)
            for (name, counts) in [("contractVersions", summary.contractVersions), ("appVersions", summary.appVersions),
                                   ("violations", summary.violations)] {
                writer.key(name); writer.beginObject()
                for (value, count) in counts.sorted(by: { $0.key < $1.key }) {
                    writer.key(value); writer.value(count)
                }
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
