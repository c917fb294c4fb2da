import Foundation

// libFuzzer's driver, entered from each target's own main: SwiftPM names an
// executable's entry point after its module, so libFuzzer's main() is not used.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The one input function of this process. libFuzzer's callback is a C function
/// pointer, which cannot capture it, so it is kept here; it is set once, before
/// libFuzzer starts, and only read after.
nonisolated(unsafe) private var fuzzInput: (UnsafePointer<UInt8>, Int) -> CInt = { _, _ in 0 }

/// Runs libFuzzer with the process's arguments, feeding every input to `body`
/// (an empty input arrives as a valid pointer with size 0), and exits with its status.
public func runLibFuzzer(_ body: @escaping (UnsafePointer<UInt8>, Int) -> CInt) -> Never {
    fuzzInput = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        var empty: UInt8 = 0
        return withUnsafePointer(to: &empty) { fuzzInput(data ?? $0, size) }
    })
}
