// Built with the package trait PostgreSQL only (Collector/Package.swift).
#if PostgreSQL
import ContractGenCore
import Foundation
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// Arrivals with PostgreSQL storage (in the PostgresTests suite: CI runs it under
/// `scripts/with-test-postgres.sh`).
extension PostgresTests {
    @Test("Arrivals: counts, versions, violations, unknown and rejected events as with SQLite")
    func arrivalCounts() async throws {
        let url = try await Self.freshDatabase()
        try await ArrivalsTests.checkCounts(try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger)))
    }

    @Test("Arrivals: ?since= keeps the UTC days from the given one on")
    func arrivalWindow() async throws {
        let url = try await Self.freshDatabase()
        try await ArrivalsTests.checkWindow(try await PostgresStorage(url: url, logger: Self.logger))
    }

    @Test("Arrivals: two instances on one database, batches sent to both at once and re-sent to the other, add up exactly")
    func arrivalsOfTwoInstances() async throws {
        let url = try await Self.freshDatabase()
        let a = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let b = try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: Self.logger))
        let ports = [a.port, b.port]
        // Four senders, 15 batches each of 20 events over the same three names (so both
        // instances add to the same rows at once); every other batch is sent again to the other instance.
        let senders = 4, batches = 15
        try await withThrowingTaskGroup(of: Void.self) { group in
            for sender in 0..<senders {
                group.addTask {
                    for turn in 0..<batches {
                        var events: [String] = []
                        for index in 0..<20 {
                            switch index % 4 {
                            case 0: events.append(ArrivalsTests.unknownEvent())
                            case 1: events.append(exampleEvent(extra: #","appVersion":"5.\#(sender)""#))
                            default: events.append(exampleEvent(extra: #","appVersion":"5.\#(sender)","colour":"red""#))
                            }
                        }
                        let body = Array(batch(events).utf8)
                        let port = ports[(sender + turn) % 2]
                        let accepted = try #require(await Self.post(body, port: port), "a batch was not stored")
                        #expect(accepted.count == 20)
                        if turn % 2 == 0 {
                            let again = try #require(await Self.post(body, port: ports[(sender + turn + 1) % 2]))
                            #expect(again.count == 20)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let perSender = batches * 15
        for collector in [a, b] {
            let report = try #require(try await ArrivalsTests.report(collector).report)
            let wishlist = try #require(ArrivalsTests.entry(report, "wishlistPageView"))
            #expect(wishlist.count == senders * perSender)
            #expect(wishlist.contractVersions == ["1.3.0": senders * perSender])
            #expect(wishlist.appVersions == Dictionary(uniqueKeysWithValues: (0..<senders).map { ("5.\($0)", perSender) }))
            #expect(wishlist.violations["unknownField"] == senders * batches * 10)
            let unknown = try #require(ArrivalsTests.entry(report, "legacyCheckout"))
            #expect(unknown.count == senders * batches * 5)
            #expect(unknown.violations["unknownEvent"] == senders * batches * 5)
            // The stored rows agree.
            #expect(try await collector.service.statistics().events == senders * batches * 20)
        }
        await a.stop()
        await b.stop()
    }
}
#endif
