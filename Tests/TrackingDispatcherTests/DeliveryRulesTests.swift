import Foundation
import Testing
import TrackingCore
@testable import TrackingDispatcher

/// The dispatcher's classifier follows the delivery protocol's rows
/// (`RuntimeConstants.deliveryRules`, generated from the shared table): every
/// row's statuses get the row's action, and every other status is retried.
@Suite("Delivery rules")
struct DeliveryRulesTests {
    /// The action a verdict stands for (answers without a body).
    static func action(of verdict: DeliveryVerdict) -> DeliveryAction {
        switch verdict {
        case .delivered, .verdicts: .accept
        case .rejected, .rejectedWithoutVerdict: .setAside
        case .pause: .pause
        case .split: .split
        case .retry: .retry
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("each row: its lowest, middle and highest status get its action",
          arguments: RuntimeConstants.deliveryRules)
    func rowIsFollowed(_ rule: DeliveryRule) {
        #expect(rule.lowestStatus <= rule.highestStatus)
        for status in Set([rule.lowestStatus, (rule.lowestStatus + rule.highestStatus) / 2, rule.highestStatus]) {
            let verdict = DeliveryVerdict.classify(.response(status: status, retryAfter: nil, body: Data()), now: Self.now)
            #expect(Self.action(of: verdict) == rule.action, "status \(status): \(verdict)")
        }
    }

    @Test("every status from 100 to 599: the first row that holds it, else the fallback (retry)")
    func everyStatusFollowsTheTable() {
        #expect(RuntimeConstants.deliveryFallbackAction == .retry)
        for status in 100...599 {
            let expected = RuntimeConstants.deliveryRules.first { ($0.lowestStatus...$0.highestStatus).contains(status) }?.action
                ?? RuntimeConstants.deliveryFallbackAction
            let verdict = DeliveryVerdict.classify(.response(status: status, retryAfter: nil, body: Data()), now: Self.now)
            #expect(Self.action(of: verdict) == expected, "status \(status): \(verdict)")
        }
    }

    @Test("a 404 (a wrong URL) keeps the events and retries them; so does no answer at all")
    func notFoundIsRetried() {
        #expect(RuntimeConstants.deliveryAction(forStatus: 404) == .retry)
        let verdict = DeliveryVerdict.classify(.response(status: 404, retryAfter: "7", body: Data("no such path".utf8)), now: Self.now)
        #expect(verdict == .retry(reason: "HTTP 404", retryAfter: 7))
        #expect(Self.action(of: DeliveryVerdict.classify(.failure("connection refused"), now: Self.now)) == .retry)
    }

    @Test("the rows' statuses are the ones the collector's verdicts and refusals use")
    func rowsNameTheProtocolsStatuses() {
        let byAction = Dictionary(grouping: RuntimeConstants.deliveryRules, by: \.action)
        #expect(byAction[.accept]?.map { $0.lowestStatus...$0.highestStatus } == [200...299])
        #expect(byAction[.setAside]?.map(\.lowestStatus) == [400])
        #expect(byAction[.pause]?.map(\.lowestStatus) == [401, 403])
        #expect(byAction[.split]?.map(\.lowestStatus) == [413])
        #expect(byAction[.retry] == nil)
        #expect(RuntimeConstants.retryAfterHeader == "Retry-After")
    }
}
