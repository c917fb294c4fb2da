import ArgumentParser
import ContractGenCore
import Dispatch
import Foundation
import Logging
import TrackingCollectorKit
import TrackingContract
import TrackingCore

/// `tracking-collector`: the collector service (a thin shell over `CollectorService`).
@main
struct TrackingCollectorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tracking-collector",
        abstract: "Accepts batches of tracking events, checks them against the contract, stores them, serves a live monitor.")

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .shortAndLong, help: "Port (0 picks a free one and prints it).")
    var port = 8787

    @Option(name: .shortAndLong, help: "SQLite file for received events (default: in memory).")
    var database: String?

    @Option(help: "Store in PostgreSQL instead (postgres://user[:password]@host:port/db); several instances may share it. Needs a build with the package trait PostgreSQL.")
    var postgres: String?

    @Option(name: .shortAndLong, help: "Check events against this contract, reloaded when the file changes or on SIGHUP (default: the contract built into TrackingContract).")
    var contract: String?

    @Flag(help: "Check the envelope only, not the contract.")
    var envelopeOnly = false

    @Flag(help: "Serve POST /faults and DELETE /faults (development only).")
    var enableFaults = false

    @Flag(help: "Show pii values in the monitor and /events (masked otherwise).")
    var showPII = false

    @Option(name: .customLong("allow-host"), help: ArgumentHelp(
        "A host name requests may name in Host (repeatable; '*' allows any). Loopback names and the --host address are always allowed.",
        valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: ArgumentHelp("A file holding the token that reading, exporting, deleting and the monitor need (or TRACKING_COLLECTOR_TOKEN). Required with a --host other than loopback.",
                               valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp("A file holding the key batches and journey steps need, as 'Authorization: Bearer <key>' (or TRACKING_COLLECTOR_WRITE_KEY).",
                               valueName: "file"))
    var writeKeyFile: String?

    @Option(name: .customLong("allow-origin"), help: ArgumentHelp(
        "A web origin whose pages may send batches, e.g. https://shop.example (repeatable).", valueName: "origin"))
    var allowedOrigins: [String] = []

    @Flag(help: ArgumentHelp("Benchmarks only: answer every batch 200 without reading it (docs/performance.md).",
                             visibility: .hidden))
    var benchmarkSink = false

    @Flag(help: ArgumentHelp("Benchmarks only: keep no arrival counts (docs/performance.md, \"Arrival counts\").",
                             visibility: .hidden))
    var benchmarkWithoutArrivals = false

    @Option(help: "Largest request body in bytes, as sent.")
    var maxBodyBytes = CollectorLimits().maxBodyBytes

    @Option(help: "Largest gzipped body in bytes once inflated.")
    var maxInflatedBytes = CollectorLimits().maxInflatedBytes

    @Option(help: "Largest request line in bytes (414 above).")
    var maxRequestLineBytes = CollectorLimits().maxRequestLineBytes

    @Option(help: "Largest request head in bytes (431 above).")
    var maxHeadBytes = CollectorLimits().maxHeadBytes

    @Option(help: "Most events in one batch.")
    var maxEvents = CollectorLimits().maxEventsPerBatch

    @Option(help: "Most JSON values in one body; the parse stops past it (413).")
    var maxJSONValues = CollectorLimits().maxJSONValues

    @Option(help: "Seconds a request may take to arrive (408 after).")
    var readTimeout = CollectorLimits().readTimeout

    @Option(help: "Seconds an idle connection is kept.")
    var idleTimeout = CollectorLimits().idleTimeout

    @Option(help: "Connections served at once; when full, the one idle longest makes room.")
    var maxConnections = CollectorLimits().maxConnections

    @Option(help: "Monitor streams open at once (503 beyond).")
    var maxStreams = CollectorLimits().maxStreams

    @Option(help: "Seconds a monitor stream stays open (the browser reconnects).")
    var maxStreamSeconds = CollectorLimits().maxStreamSeconds

    @Option(help: "Reads (/events, /rejected, /requests, the monitor snapshot) answered at once (503 beyond).")
    var maxConcurrentReads = CollectorLimits().maxConcurrentReads

    func run() async throws {
        // The log handler stamps each line with localtime(), which, while TZ is unset, has
        // glibc stat /etc/localtime for every line (one system call per batch); TZ naming
        // that same file gives the same zone, read once.
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 0) }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardOutput(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "tracking-collector")
        var configuration = CollectorConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.enableFaults = enableFaults
        configuration.showPII = showPII
        configuration.benchmarkSink = benchmarkSink
        configuration.benchmarkWithoutArrivals = benchmarkWithoutArrivals
        configuration.limits.maxBodyBytes = maxBodyBytes
        configuration.limits.maxInflatedBytes = maxInflatedBytes
        configuration.limits.maxRequestLineBytes = maxRequestLineBytes
        configuration.limits.maxHeadBytes = maxHeadBytes
        configuration.limits.maxEventsPerBatch = maxEvents
        configuration.limits.maxJSONValues = maxJSONValues
        configuration.limits.readTimeout = readTimeout
        configuration.limits.idleTimeout = idleTimeout
        configuration.limits.maxConnections = maxConnections
        configuration.access.allowedHosts.formUnion(allowedHosts.map { $0.lowercased() })
        configuration.access.allowedOrigins = Set(allowedOrigins)
        configuration.access.readToken = try secret(file: tokenFile, environment: "TRACKING_COLLECTOR_TOKEN")
        configuration.access.writeKey = try secret(file: writeKeyFile, environment: "TRACKING_COLLECTOR_WRITE_KEY")
        configuration.limits.maxStreams = maxStreams
        configuration.limits.maxStreamSeconds = maxStreamSeconds
        configuration.limits.maxConcurrentReads = maxConcurrentReads

        let loaded = try loadContract()
        let storage: any EventStorage
        if let postgres {
            #if PostgreSQL
            storage = try await PostgresStorage(url: postgres, logger: logger)
            #else
            _ = postgres
            FileHandle.standardError.write(Data("""
                error: this tracking-collector was built without PostgreSQL storage (--postgres).
                Build it with the package trait PostgreSQL:
                  swift build --package-path Collector --traits PostgreSQL
                or use SQLite storage (--database FILE).

                """.utf8))
            throw ExitCode(2)
            #endif
        } else {
            storage = try SQLiteStorage(path: database)
        }
        let service = CollectorService(configuration: configuration, storage: storage, contract: loaded, logger: logger)
        let bound: Int
        do {
            bound = try await service.start()
        } catch let error as CollectorStartError {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            await storage.close()
            throw ExitCode(2)
        }
        let base = "http://\(host):\(bound)"
        let banner = """
            tracking-collector listening on \(base)
              contract: \(loaded.name) \(loaded.version)\(envelopeOnly ? " (envelope only)" : "")\(contract.map { " from \($0)" } ?? " (built in)")
              storage:  \(storage.summary)
              batches:  \(CollectorService.batchURL(port: bound, host: host).absoluteString)
              monitor:  \(base)/\(showPII ? " (pii shown)" : "")
              access:   \(accessSummary(configuration.access))
              faults:   \(enableFaults ? "enabled (POST /faults)" : "disabled")\(benchmarkSink ? "\n  BENCHMARK SINK: batches are answered 200 unread, nothing is checked or stored" : "")\(benchmarkWithoutArrivals ? "\n  BENCHMARK: no arrival counts are kept" : "")

            """
        // Written unbuffered so a script reading our output sees the port at once.
        FileHandle.standardOutput.write(Data(banner.utf8))

        let reloads = ContractReloader(path: contract, onChange: { [self] reason in
            do {
                service.reload(try loadContract(), reason: reason)
            } catch {
                logger.error("contract not reloaded (\(reason)): \(error); still using the previous one")
            }
        })
        reloads.start()
        // Serve until SIGINT or SIGTERM.
        await StopSignal.wait()
        reloads.stop()
        logger.notice("stopping")
        await service.stop()
    }

    /// A secret from a file (trimmed) or, without one, from the environment.
    func secret(file: String?, environment name: String) throws -> String? {
        guard let file else { return ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        do {
            return try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            FileHandle.standardError.write(Data("error: cannot read \(file): \(error.localizedDescription)\n".utf8))
            throw ExitCode(2)
        }
    }

    /// The banner's access line: who may read and write.
    func accessSummary(_ access: CollectorAccess) -> String {
        let reading = access.readToken == nil ? "reading open (loopback only)" : "token required to read"
        let writing = access.writeKey == nil ? "writing open" : "write key required"
        let hosts = access.allowedHosts.contains("*") ? "any Host" : "Host " + access.allowedHosts.sorted().joined(separator: ", ")
        let origins = access.allowedOrigins.isEmpty ? "" : "; batches from " + access.allowedOrigins.sorted().joined(separator: ", ")
        return "\(reading), \(writing); \(hosts)\(origins)"
    }

    /// The contract to check against: the file given with --contract, loaded with
    /// the generator's own loader, or the one built into TrackingContract.
    func loadContract() throws -> LoadedContract {
        guard let path = contract else {
            let descriptor = Omnitracking.descriptor
            return LoadedContract(name: descriptor.name, version: descriptor.version, descriptor: envelopeOnly ? nil : descriptor)
        }
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
        let descriptor = ContractTranslator.descriptor(of: contract)
        return LoadedContract(name: descriptor.name, version: descriptor.version, descriptor: envelopeOnly ? nil : descriptor)
    }
}
