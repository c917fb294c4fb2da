import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TrackingCore
@testable import TrackingDispatcher

@Suite("Retry policy", .timeLimit(.minutes(10)))
struct RetryPolicyTests {
    @Test("Backoff doubles per failure up to the ceiling; jitter adds at most its fraction")
    func backoff() {
        let policy = RetryPolicy(initialBackoff: 2, maximumBackoff: 60, jitter: 0.25)
        #expect(policy.delay(afterFailures: 1, retryAfter: nil, random: 0) == 2)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0) == 4)
        #expect(policy.delay(afterFailures: 4, retryAfter: nil, random: 0) == 16)
        #expect(policy.delay(afterFailures: 10, retryAfter: nil, random: 0) == 60)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0.999) < 5)
        #expect(policy.delay(afterFailures: 2, retryAfter: nil, random: 0.5) == 4.5)
    }

    @Test("Retry-After wins when it asks for longer; seconds and HTTP dates both parse")
    func retryAfter() {
        let policy = RetryPolicy(initialBackoff: 2, jitter: 0)
        #expect(policy.delay(afterFailures: 1, retryAfter: 30, random: 0) == 30)
        #expect(policy.delay(afterFailures: 1, retryAfter: 1, random: 0) == 2)
        let now = ISO8601Timestamp.date(from: "2026-11-22T12:00:00.000Z")!
        #expect(DeliveryVerdict.parseRetryAfter(" 120 ", now: now) == 120)
        #expect(DeliveryVerdict.parseRetryAfter("Sun, 22 Nov 2026 12:01:30 GMT", now: now) == 90)
        #expect(DeliveryVerdict.parseRetryAfter("soon", now: now) == nil)
    }
}
