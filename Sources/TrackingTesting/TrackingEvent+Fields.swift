import TrackingCore

extension TrackingEvent {
    /// The field `wireName` as the event encodes it (`nil` when the event
    /// does not carry it), for checks in tests:
    ///
    /// ```swift
    /// expectTracked(Shop.Events.PageView.self, named: "productDetailPageView", in: recorder) {
    ///     $0.field("sku")?.stringValue == "9012"
    /// }
    /// ```
    ///
    /// Generated events keep only their kind's fields as typed properties
    /// (one struct per kind, not per event: docs/generated-code.md); every
    /// other field is read here from what the event sends.
    public func field(_ wireName: String) -> JSONValue? {
        // An event's own encoding is valid JSON: a parse error cannot happen here.
        (try? JSONValue.parse(encodedJSON()))?[wireName]
    }
}
