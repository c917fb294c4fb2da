import TrackingCore

/// libFuzzer's entry point: any bytes through the runtime's JSON parser. What
/// parses must encode to JSON that parses to the same value (the writer and
/// the parser agree); nothing may crash or run away (depth is bounded).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let value = try? JSONValue.parse(bytes) else { return 0 }
    var writer = JSONWriter()
    value.write(to: &writer)
    guard let again = try? JSONValue.parse(writer.bytes) else {
        fatalError("the writer's output does not parse: \(String(decoding: writer.bytes, as: UTF8.self))")
    }
    precondition(again == value, "round trip changed the value")
    return 0
}
