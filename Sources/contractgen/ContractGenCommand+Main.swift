import ArgumentParser
import ContractGenCore
import Foundation

extension ContractGenCommand {
    /// Runs the command line as ArgumentParser's default `main()` does, except
    /// that a usage error exits with status 2 (as `validate` documents, and as
    /// most Unix tools do) instead of ArgumentParser's 64.
    ///
    /// Synchronous, so the work runs on the main thread: glibc grows the main
    /// thread's heap in large steps, while another thread's heap grows a page
    /// (one `mprotect` call) at a time, thousands of calls for a large contract.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                exit(withError: ExitCode(ValidationOutcome.usageOrIOError.rawValue))
            }
            exit(withError: error)
        }
    }
}
