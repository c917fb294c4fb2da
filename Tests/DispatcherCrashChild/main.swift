// A child process for the crash-safety test: it tracks and flushes until the
// test kills it with SIGKILL. After each round it prints the uuids that are
// persisted ("P <uuid>"), i.e. the events the dispatcher now promises to deliver.
//
//   dispatcher-crash-child <database> <endpoint> [--drain | --probe-store]
//
// With --drain it tracks nothing, delivers what is stored and exits 0 when the
// store is empty. With --probe-store it tracks three events, prints whether they
// are persisted ("STATUS persisted" or "STATUS held <count>"), every notice
// ("NOTICE <case>") and the stored counts ("PENDING <n>"), and exits: the
// store-availability test runs it as an unprivileged user on a file it may not read.
import Foundation
import TrackingCore
import TrackingDispatcher

struct CrashTestEvent: TrackingEvent {
    var eventName: String { "crashTest" }
    var kindName: String { "systemAction" }
    var contractVersion: String { "1.0.0" }
    let uuid = UUID()
    let clientTimestamp = Date()
    let sequence: Int

    func writeMembers(to writer: inout JSONWriter) {
        writer.key("event"); writer.value(eventName)
        writer.key("kind"); writer.value(kindName)
        writer.key("contractVersion"); writer.value(contractVersion)
        writer.key("uuid"); writer.value(uuid)
        writer.key("clientTimestamp"); writer.timestamp(clientTimestamp)
        writer.key("sequence"); writer.value(sequence)
    }

    func validate() -> [Violation] { [] }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let endpoint = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: dispatcher-crash-child <database> <endpoint> [--drain]\n".utf8))
    exit(2)
}
let drain = arguments.contains("--drain")

if arguments.contains("--probe-store") {
    final class Notices: @unchecked Sendable {
        let lock = NSLock()
        var names: [String] = []
    }
    let notices = Notices()
    let probe = TrackingClient(
        configuration: DispatcherConfiguration(databaseURL: URL(fileURLWithPath: arguments[1]), strategies: [.manual],
                                               contract: DispatcherContract(globals: [])),
        providers: [], globals: StaticGlobals(),
        onNotice: { notice in
            let name = "\(notice)".prefix { $0 != "(" }
            notices.lock.withLock { notices.names.append(String(name)) }
        })
    for sequence in 0..<3 { probe.track(CrashTestEvent(sequence: sequence)) }
    switch await probe.waitUntilPersisted() {
    case .persisted: print("STATUS persisted")
    case .heldInMemory(let count, let reason): print("STATUS held \(count) \(reason)")
    }
    for name in notices.lock.withLock({ notices.names }) { print("NOTICE \(name)") }
    if let counts = try? await probe.storeCounts() { print("PENDING \(counts.pending)") }
    await probe.shutdown()
    exit(0)
}
let configuration = DispatcherConfiguration(
    databaseURL: URL(fileURLWithPath: arguments[1]),
    batch: BatchConfiguration(overflowQueueSize: 20, deliverySize: 25, flushInterval: 0.02),
    strategies: drain ? [.manual] : [.boot, .interval, .overflow, .manual],
    retry: RetryPolicy(initialBackoff: 0.02, maximumBackoff: 0.2, minimumRequestInterval: 0, requestTimeout: 5),
    contract: DispatcherContract(globals: [GlobalSpec(name: "appVersion")]))
let client = TrackingClient(configuration: configuration, providers: [CollectorProvider(endpoint: endpoint)],
                            globals: StaticGlobals(["appVersion": .string("crash-test")]))

func output(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

if drain {
    for _ in 0..<200 {
        await client.flush()
        if let counts = try? await client.storeCounts(), counts.pending + counts.inFlight == 0 {
            output("DRAINED\n")
            exit(0)
        }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    output("NOT DRAINED\n")
    exit(1)
}

var sequence = 0
while true {
    var uuids: [String] = []
    for _ in 0..<7 {
        sequence += 1
        let event = CrashTestEvent(sequence: sequence)
        uuids.append(event.uuid.uuidString.lowercased())
        client.track(event)
    }
    // Only what is committed is promised.
    if await client.waitUntilPersisted() == .persisted { output(uuids.map { "P \($0)\n" }.joined()) }
    if sequence % 21 == 0 { _ = await client.flush() }
    try? await Task.sleep(nanoseconds: 2_000_000)
}
