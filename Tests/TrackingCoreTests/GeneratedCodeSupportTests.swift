import Testing
import TrackingCore

/// `GeneratedCodeSupport.valueSetCase(_:of:)`, every generated value set's `init?(rawValue:)`, and
/// `GeneratedCodeSupport.eventDescriptors(_:)`, which reads an event shard's descriptors.
@Suite struct GeneratedCodeSupportTests {
    /// A value set as generated code writes it: wire values that differ from the case names.
    enum Unit: RawRepresentable, CaseIterable, Equatable {
        case kelvin, kelvinSign, empty, first, second

        var rawValue: String {
            switch self {
            case .kelvin: "K"
            case .kelvinSign: "\u{212A}"
            case .empty: ""
            case .first: "twice"
            case .second: "twice"
            }
        }

        init?(rawValue: String) {
            guard let match = GeneratedCodeSupport.valueSetCase(rawValue, of: Self.self) else { return nil }
            self = match
        }
    }

    @Test func findsTheCaseWhoseWireValueHasTheSameScalars() {
        #expect(Unit(rawValue: "K") == .kelvin)
        // Canonically equivalent to "K" for `==`, a different wire value all the same.
        #expect(Unit(rawValue: "\u{212A}") == .kelvinSign)
        #expect(Unit(rawValue: "") == .empty)
    }

    @Test func takesTheFirstCaseAndNoneForOtherStrings() {
        #expect(Unit(rawValue: "twice") == .first)
        #expect(Unit(rawValue: "k") == nil)
        #expect(Unit(rawValue: "K ") == nil)
    }

    @Test func readsAShardsEventDescriptorsFromTheirJSON() {
        // As a shard's multi-line literal holds it: raw quotes, escapes for JSON and Swift alike.
        let events = GeneratedCodeSupport.eventDescriptors("""
            [
            ["wishlistPageView","pageView",{"viewType":"Wishlist","quoted":\"C:\\\\dir \\\"x\\\"\"},["skus",
            "cartId"],[],null],
            ["appBoot","systemAction",{},[],["coldStart"],"Use \\u00e9vents instead"]
            ]
            """)
        #expect(events == [
            EventDescriptor(
                name: "wishlistPageView", kind: "pageView", constants: ["viewType": "Wishlist", "quoted": #"C:\dir "x""#],
                required: ["skus", "cartId"]),
            EventDescriptor(name: "appBoot", kind: "systemAction", optional: ["coldStart"], deprecated: "Use \u{E9}vents instead"),
        ])
        #expect(GeneratedCodeSupport.eventDescriptors("[]").isEmpty)
    }
}
