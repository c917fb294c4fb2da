import Foundation
import Testing
@testable import TrackingCollectorKit

/// The ids of batches sent without `X-Request-ID`, and the log line's time.
@Suite("Request ids and the batch log line")
struct RequestIDsTests {
    @Test("Ids are uppercase uuid text, each different, in this collector and across two")
    func unique() {
        let first = RequestIDs(), second = RequestIDs()
        let ids = (0..<5_000).map { _ in first.make() } + (0..<5_000).map { _ in second.make() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(100) + ids.suffix(100) {
            #expect(UUID(uuidString: id)?.uuidString == id)
        }
        #expect(RequestIDs.text(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210) == "01234567-89AB-CDEF-FEDC-BA9876543210")
        #expect(RequestIDs.text(high: .max, low: 0) == "FFFFFFFF-FFFF-FFFF-0000-000000000000")
    }

    @Test("The time taken, in tenths of a millisecond, rounded", arguments: [
        (Duration.zero, "0.0 ms"), (.microseconds(49), "0.0 ms"), (.microseconds(50), "0.1 ms"),
        (.microseconds(3_449), "3.4 ms"), (.microseconds(3_450), "3.5 ms"), (.milliseconds(12_345), "12345.0 ms"),
        (.seconds(2) + .microseconds(999_960), "3000.0 ms"),
    ])
    func milliseconds(_ elapsed: Duration, _ text: String) {
        #expect(CollectorService.milliseconds(elapsed) == text)
    }
}
