import TrackingCore

/// libFuzzer's entry point: the bytes before the first newline are a pattern,
/// the rest a value. Any pattern either compiles or is refused with a reason;
/// a compiled one decides any value, in time linear in its length (libFuzzer's
/// `-timeout` reports an input that takes long), the same way twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let split = bytes.firstIndex(of: 0x0A) ?? size
    let pattern = String(decoding: bytes[..<split], as: UTF8.self)
    let value = split < size ? String(decoding: bytes[(split + 1)...], as: UTF8.self) : ""
    let compiled: ContractRegex.Pattern
    do {
        compiled = try ContractRegex.compile(pattern)
    } catch {
        precondition(!error.message.isEmpty, "a refusal without a reason")
        precondition(!ContractRegex.matches(value, pattern: pattern), "a refused pattern matched")
        return 0
    }
    let verdict = compiled.matches(value)
    precondition(ContractRegex.matches(value, pattern: pattern) == verdict, "the cached pattern disagrees")
    // The empty pattern is found in every value.
    if pattern.isEmpty { precondition(verdict, "the empty pattern must match everything") }
    return 0
}
