import ArgumentParser
import ContractGenCore
import Foundation

/// How every command reports a contract it cannot read (no such file, not a
/// file, an unknown git revision): `error: cannot read contract …` on standard
/// error, and exit status 2.
enum ContractReading {
    /// `read()`, or that report when it throws.
    static func read<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch {
            throw failure(error)
        }
    }

    /// Says why a contract could not be read; the error that ends the command.
    static func failure(_ error: any Error) -> ExitCode {
        FileHandle.standardError.write(Data("error: cannot read contract \(error)\n".utf8))
        return ExitCode(ValidationOutcome.usageOrIOError.rawValue)
    }
}
