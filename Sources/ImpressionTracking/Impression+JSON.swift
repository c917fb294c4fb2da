extension Impression {
    /// The impression as one JSON object on one line, as `impression-replay`
    /// prints it. Times are seconds with exact decimals; the ratio is rounded
    /// to four decimals for reading.
    ///
    /// `{"item":"p1","position":0,"visit":1,"firstVisibleAt":0.1,"qualifiedAt":1.1,"visibleSeconds":1,"maxRatio":1}`
    public var jsonLine: String {
        let ratio = (maxRatio * 10_000).rounded() / 10_000
        return "{\"item\":\(JSONText.string(itemID.rawValue)),\"position\":\(position),\"visit\":\(visit)"
            + ",\"firstVisibleAt\":\(firstVisibleAt),\"qualifiedAt\":\(qualifiedAt)"
            + ",\"visibleSeconds\":\(SecondsText.format(visibleDuration.nanosecondsValue))"
            + ",\"maxRatio\":\(JSONText.number(ratio))}"
    }
}
