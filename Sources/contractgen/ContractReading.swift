import ArgumentParser
import ContractGenCore
import Foundation

/// How every command reads its contracts: what cannot be read (no such file,
/// not a file, an unknown git revision) is said on standard error as
/// `error: cannot read contract …` and ends the command with exit status 2.
enum ContractReading {
    static func read<Value>(_ read: () throws -> Value) throws -> Value {
        do {
            return try read()
        } catch {
            FileHandle.standardError.write(Data("error: cannot read contract \(error)\n".utf8))
            throw ExitCode(ValidationOutcome.usageOrIOError.rawValue)
        }
    }
}
