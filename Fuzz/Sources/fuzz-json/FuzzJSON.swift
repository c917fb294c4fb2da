import TrackingCore

/// libFuzzer's entry point: any bytes through the runtime's JSON parser. What
/// parses must encode to JSON that parses to the same value (the writer and
/// the parser agree); nothing may crash or run away (depth is bounded). The
/// value limit (`maxValues`) must agree with the tree the parse built: a limit
/// of exactly its number of values parses the same value, one less is refused
/// as over the limit, and text that does not parse is never accepted with one.
/// The parse that keeps an array member's item texts (`itemTextsOf:`) builds the
/// same value, and every text it keeps is exactly what the writer writes for its item.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let value: JSONValue
    do {
        value = try JSONValue.parse(bytes)
    } catch {
        precondition(!error.exceedsValueLimit, "no limit, yet over it")
        // A limit from the input's first byte: what does not parse does not parse with it either.
        let limit = Int(size > 0 ? data[0] % 16 : 0)
        precondition((try? JSONValue.parse(bytes, maxValues: limit)) == nil, "parsed with maxValues \(limit), not without a limit")
        return 0
    }
    var writer = JSONWriter()
    value.write(to: &writer)
    guard let again = try? JSONValue.parse(writer.bytes) else {
        fatalError("the writer's output does not parse: \(String(decoding: writer.bytes, as: UTF8.self))")
    }
    precondition(again == value, "round trip changed the value")
    checkItemTexts(Array(bytes), value)
    let count = valueCount(value)
    precondition((try? JSONValue.parse(bytes, maxValues: count)) == value, "refused at exactly its \(count) values")
    do {
        _ = try JSONValue.parse(bytes, maxValues: count - 1)
        fatalError("parsed \(count) values with maxValues \(count - 1)")
    } catch {
        precondition(error.exceedsValueLimit, "over the limit by one, yet refused otherwise: \(error)")
    }
    return 0
}

/// The values `JSONValue.parse` counts, from the tree it built: every node once,
/// member names not.
func valueCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let items): 1 + items.reduce(0) { $0 + valueCount($1) }
    case .object(let members): 1 + members.reduce(0) { $0 + valueCount($1.value) }
    default: 1
    }
}

/// `parse(_:itemTextsOf:)` for the first member's name (`events` when there is none).
func checkItemTexts(_ bytes: [UInt8], _ value: JSONValue) {
    let key = value.objectMembers?.first?.key ?? "events"
    guard let (again, texts) = try? JSONValue.parse(bytes, itemTextsOf: key) else {
        fatalError("parsed, yet not when keeping the texts of '\(key)'")
    }
    precondition(again == value, "keeping item texts changed the value")
    let items = value[key]?.arrayValue ?? []
    precondition(texts.count == items.count, "\(texts.count) texts for \(items.count) items")
    for (item, text) in zip(items, texts) {
        if let text { precondition(Array(bytes[text]) == item.encodedBytes, "an item's text is not the writer's form") }
    }
}
