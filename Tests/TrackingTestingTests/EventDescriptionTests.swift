import Foundation
import Testing
import TrackingContract
import TrackingCore

/// An event prints its name, kind, violations and JSON with every pii value
/// replaced by `"<redacted>"`, in every form Swift prints it (docs/generated-code.md,
/// "Looking at an event").
@Suite("Event descriptions", .timeLimit(.minutes(10)))
struct EventDescriptionTests {
    static let secret = "secret-query-4711"
    static let view = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
    static let eventUUID = UUID(uuidString: "00000000-0000-0000-0000-0000000000aa")!

    static func event(query: String = secret) -> Omnitracking.Events.PageView {
        Omnitracking.searchResultsPageView(
            uniqueViewId: view, searchQuery: query, skuItemList: ["1234"], uuid: eventUUID,
            clientTimestamp: Date(timeIntervalSince1970: 0)
        )
    }

    /// Every way Swift turns a value into text.
    static func printedForms(of event: Omnitracking.Events.PageView) -> [(form: String, text: String)] {
        var printed = ""
        print(event, terminator: "", to: &printed)
        var debugPrinted = ""
        debugPrint(event, terminator: "", to: &debugPrinted)
        var dumped = ""
        dump(event, to: &dumped)
        return [
            ("description", event.description), ("debugDescription", event.debugDescription),
            ("String(describing:)", String(describing: event)), ("String(reflecting:)", String(reflecting: event)),
            ("interpolation", "\(event)"), ("print", printed), ("debugPrint", debugPrinted), ("dump", dumped),
            ("as Any", String(describing: event as Any)),
            ("as any TrackingEvent", String(describing: event as any TrackingEvent)),
        ]
    }

    @Test func everyPrintedFormShowsNameKindAndRedactedJSONButNeverThePIIValue() {
        let event = Self.event()
        for (form, text) in Self.printedForms(of: event) {
            #expect(!text.contains(Self.secret), "\(form) shows the pii value: \(text)")
            #expect(text.contains("<redacted>"), "\(form) shows no redaction: \(text)")
            #expect(text.contains("searchResultsPageView"), "\(form) misses the event's name: \(text)")
            #expect(text.contains("pageView"), "\(form) misses the kind: \(text)")
            #expect(text.contains("1234"), "\(form) misses a field that is not pii: \(text)")
        }
    }

    @Test func descriptionIsNameKindAndRedactedJSON() {
        let event = Self.event()
        #expect(event.description == "searchResultsPageView (pageView) " + event.redactedJSONText())
        #expect(event.debugDescription == #"PageView(event: "searchResultsPageView", kind: "pageView", violations: [], json: "#
            + event.redactedJSONText() + ")")
        #expect(event.redactedJSONText().contains(#""searchQuery":"<redacted>""#))
        var dumped = ""
        dump(event, to: &dumped)
        #expect(dumped.contains("- event: \"searchResultsPageView\""))
        #expect(dumped.contains("- violations: 0 elements"))
        #expect(!dumped.contains("_members"))
    }

    @Test func violationsAreShownWithTheirDetailsWithheldInPII() {
        // Too long for searchQuery's maxLength of 200: a violation on a pii path.
        let long = String(repeating: Self.secret, count: 20)
        let event = Self.event(query: long)
        #expect(event.validate().map(\.path) == ["searchQuery"])
        for (form, text) in Self.printedForms(of: event) {
            #expect(!text.contains(Self.secret), "\(form) shows the pii value: \(text)")
            #expect(text.contains("searchQuery"), "\(form) misses the violation's path: \(text)")
        }
        #expect(event.description.hasSuffix(
            "; violations: [searchQuery: breaks the rule tooLong (may hold personal data: details withheld)]"))
    }

    @Test func encodedJSONTextIsTheWireJSONWithPII() throws {
        let event = Self.event()
        #expect(event.encodedJSONText() == String(decoding: event.encodedJSON(), as: UTF8.self))
        #expect(event.encodedJSONText().contains(#""searchQuery":"\#(Self.secret)""#))
        #expect(event.encodedJSONText().hasPrefix(#"{"event":"searchResultsPageView","kind":"pageView""#))
    }
}
