import ContractGenCore
import TrackingCore

/// libFuzzer's entry point: any bytes through the contract front end (UTF-8
/// check, libyaml, the tree, the validator) to diagnostics, as `contractgen
/// validate` prints them. Nothing may crash or run away; the text must be
/// terminal-safe (no control character but line ends, no bidi control), the JSON must parse,
/// and a contract is returned exactly when there is no error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let result = ContractLoader.load(bytes: bytes, file: "fuzz.yaml")
    precondition((result.contract == nil) == result.hasErrors, "a contract with errors, or none without")
    precondition(result.diagnostics.count <= ContractLoader.maxDiagnostics + 1, "more diagnostics than are shown")
    let text = DiagnosticFormatter.text(result.diagnostics, source: String(decoding: bytes, as: UTF8.self))
    for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\t" {
        precondition(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value), "a control character reached the text")
        precondition(!(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value),
                     "a bidi control reached the text")
    }
    let json = DiagnosticFormatter.json(result.diagnostics, counts: result.counts)
    guard case .object(let members)? = try? JSONValue.parse(Array(json.utf8)) else {
        fatalError("the diagnostics' JSON does not parse: \(json)")
    }
    precondition(members.contains { $0.key == "diagnostics" }, "no diagnostics member")
    return 0
}
