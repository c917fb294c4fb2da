import Foundation
import TrackingCore

/// The monitor's page with the snapshot's rows already in its table, so the page
/// shows them before (and without) its script: a plain headless screenshot, a
/// slow browser, a text browser. The script then takes over the same table
/// (`monitor.js` renders the same cells from the same snapshot items; the browser
/// test `monitor_test.py` holds the two to the same cells for every row) and follows
/// the live stream.
///
/// Every value is HTML-escaped, and the items are the snapshot's, masked by
/// `DisplayMask` like every other surface.
struct MonitorPageRenderer {
    /// `index.html` as shipped; the contract, storage and rows are filled in.
    let template: String

    /// The rows the script would show first: one per uuid (the collector's item,
    /// or the app's journey steps), newest first, at most `maxRows`.
    static let maxRows = 2_000

    func render(contract: LoadedContract, storage: String, showPII: Bool, items: [String]) -> String {
        var rows: [String: Row] = [:]
        var order: [String] = []
        for item in items {
            guard let value = try? JSONValue.parse(item), let uuid = value["uuid"]?.stringValue, !uuid.isEmpty else { continue }
            if rows[uuid] == nil { rows[uuid] = Row(uuid: uuid); order.append(uuid) }
            rows[uuid]?.add(value)
        }
        // Newest first, as the script sorts by default (its sort is stable: arrival order among equals).
        let sorted = order.compactMap { rows[$0] }.enumerated()
            .sorted { $0.element.time != $1.element.time ? $0.element.time > $1.element.time : $0.offset < $1.offset }
            .map(\.element)
        var html = ""
        for row in sorted.prefix(Self.maxRows) { html += row.html }
        return template
            .replacingOccurrences(of: #"<span id="contract"></span>"#,
                                  with: #"<span id="contract">\#(Self.escape("\(contract.name) \(contract.version)"))</span>"#)
            .replacingOccurrences(of: #"<span id="storage"></span>"#,
                                  with: #"<span id="storage">\#(Self.escape(storage + (showPII ? " · pii shown" : " · pii masked")))</span>"#)
            .replacingOccurrences(of: "<tbody></tbody>", with: "<tbody>\(html)</tbody>")
            .replacingOccurrences(of: #"<span id="count" class="count"></span>"#,
                                  with: #"<span id="count" class="count">\#(min(rows.count, Self.maxRows)) of \#(rows.count) events</span>"#)
    }

    /// One uuid's row, as `monitor.js` builds it (`add`, `verdictOf`, `timeOf`, `appSummary`).
    struct Row {
        let uuid: String
        var event = ""
        var kind = ""
        var verdict = "not received"
        var receivedAt: String?
        var firstStepAt: String?
        var lastStage = ""

        mutating func add(_ item: JSONValue) {
            if item["side"]?.stringValue == "app" {
                if firstStepAt == nil { firstStepAt = item["at"]?.stringValue ?? "" }
                lastStage = item["stage"]?.stringValue ?? ""
                if event.isEmpty { event = item["event"]?.stringValue ?? "" }
            } else {
                verdict = item["verdict"]?.stringValue ?? ""
                receivedAt = item["receivedAt"]?.stringValue ?? ""
                event = item["event"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? event
                kind = item["kind"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? kind
            }
        }

        var time: String { receivedAt ?? firstStepAt ?? "" }

        var html: String {
            let shownTime = time.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
            let badge = #"<span class="verdict verdict-\#(escape(verdict.replacingOccurrences(of: " ", with: "-")))">\#(escape(verdict))</span>"#
            return #"<tr data-uuid="\#(escape(uuid))"><td>\#(escape(shownTime))</td><td>\#(escape(event))</td><td>\#(escape(kind))</td>"#
                + #"<td>\#(badge)</td><td>\#(escape(lastStage))</td><td class="uuid">\#(escape(uuid))</td></tr>"#
        }

        private func escape(_ text: String) -> String { MonitorPageRenderer.escape(text) }
    }

    /// Text as HTML text or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
