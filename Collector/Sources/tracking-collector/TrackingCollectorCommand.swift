import ArgumentParser
import ContractGenCore
import Foundation
import TrackingCollectorKit
import TrackingContract

/// `tracking-collector`: the local collector for development and tests.
@main
struct TrackingCollectorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracking-collector",
        abstract: "A local analytics collector on 127.0.0.1: accepts batches, validates and stores events, injects faults.")

    @Option(name: .shortAndLong, help: "Port on 127.0.0.1 (0 picks a free one and prints it).")
    var port: UInt16 = 8787

    @Option(name: .shortAndLong, help: "SQLite file for received events (default: in memory).")
    var database: String?

    @Option(name: .shortAndLong, help: "Validate events against this contract (default: contract/contract.yaml as built into TrackingContract).")
    var contract: String?

    @Flag(help: "Check the envelope only, not the contract.")
    var envelopeOnly = false

    func run() async throws {
        let descriptor = try contract.map(Self.loadDescriptor) ?? Omnitracking.descriptor
        let checker = envelopeOnly
            ? EventChecker()
            : EventChecker(contractValidator: { descriptor.validate(payload: $0) })
        let server = try CollectorServer(port: port, databasePath: database, checker: checker)
        let bound = try await server.start()
        // Written unbuffered so a script reading our output sees the port at once.
        let banner = "tracking-collector listening on http://127.0.0.1:\(bound)\n"
            + "batch endpoint: \(CollectorServer.batchURL(port: bound).absoluteString)\n"
        FileHandle.standardOutput.write(Data(banner.utf8))
        // Serve until the process is stopped (Ctrl-C).
        while true { try await Task.sleep(nanoseconds: 3_600_000_000_000) }
    }

    /// The runtime descriptor of the contract at `path`, built with the
    /// generator's own loader; a contract with errors stops the collector.
    static func loadDescriptor(path: String) throws -> ContractDescriptor {
        let result: ContractLoadResult
        do {
            result = try ContractLoader.load(path: path)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        guard let contract = result.contract else {
            let report = DiagnosticFormatter.text(result.diagnostics, source: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
            FileHandle.standardError.write(Data(report.utf8))
            throw ExitCode(2)
        }
        return ContractTranslator.descriptor(of: contract)
    }
}
