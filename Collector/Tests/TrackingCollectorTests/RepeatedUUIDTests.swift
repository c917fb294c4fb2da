import Foundation
import Testing
import TrackingCore
@testable import TrackingCollectorKit

/// The same uuid twice in one batch is stored once and reported once, with either storage.
@Suite("A uuid repeated in one batch", .timeLimit(.minutes(10)))
struct RepeatedUUIDTests {
    @Test("SQLite: stored once, answered once; a repeat of a stored uuid is one duplicate")
    func sqlite() async throws {
        try await Self.check(try await RunningCollector.start())
    }

    #if PostgreSQL
    @Test("PostgreSQL: stored once, answered once; a repeat of a stored uuid is one duplicate")
    func postgres() async throws {
        let url = try await PostgresTests.freshDatabase()
        try await Self.check(try await RunningCollector.start(storage: try await PostgresStorage(url: url, logger: PostgresTests.logger)))
    }
    #endif

    static func check(_ collector: RunningCollector) async throws {
        let twice = UUID().uuidString.lowercased(), once = UUID().uuidString.lowercased()
        let events = [exampleEvent(uuid: twice), exampleEvent(uuid: once), exampleEvent(uuid: twice.uppercased(), viewType: "Other")]
        let (status, _, answer) = try await collector.post("/v1/batch", batch(events))
        #expect(status == 200)
        #expect(answer?["accepted"] == .array([.string(twice), .string(once)]))
        #expect(answer?["duplicates"] == .array([]))
        let stored = try await collector.service.events()
        #expect(stored.map(\.uuid) == [twice, once])
        // The first of the repeats is the one kept.
        #expect(stored.first?.payload == exampleEvent(uuid: twice))
        #expect(try await collector.service.requestLog().map(\.accepted) == [2])

        // Sent again, twice in one batch: one duplicate, reported once.
        let (again, _, resent) = try await collector.post("/v1/batch", batch([exampleEvent(uuid: twice), exampleEvent(uuid: twice)]))
        #expect(again == 200)
        #expect(resent?["accepted"] == .array([.string(twice)]))
        #expect(resent?["duplicates"] == .array([.string(twice)]))
        let stats = try await collector.service.statistics()
        #expect(stats.events == 2)
        #expect(stats.duplicates == 1)
        await collector.stop()
    }
}
