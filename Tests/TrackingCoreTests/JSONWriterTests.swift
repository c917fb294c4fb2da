import Foundation
import Testing
import TrackingCore

@Suite struct JSONWriterTests {
    @Test func escapesStringsPerRFC8259() {
        var writer = JSONWriter()
        writer.value("a\"b\\c\nd\u{01}é😀")
        #expect(writer.string == #""a\"b\\c\nd\u0001é😀""#)
    }

    @Test func writesObjectsWithCommasInOrder() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("b"); writer.value(1)
        writer.key("a"); writer.beginArray(); writer.value(true); writer.null(); writer.endArray()
        writer.key("d"); writer.value(Decimal(string: "19.99")!)
        writer.endObject()
        #expect(writer.string == #"{"b":1,"a":[true,null],"d":19.99}"#)
    }

    @Test func formatsTimestampsInUTCWithMilliseconds() {
        let date = Date(timeIntervalSince1970: 1_795_176_000.123)
        #expect(ISO8601Timestamp.string(from: date) == "2026-11-20T12:00:00.123Z")
        #expect(ISO8601Timestamp.string(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Timestamp.date(from: "2026-11-20T12:00:00.123Z")?.timeIntervalSince1970 == 1_795_176_000.123)
        #expect(ISO8601Timestamp.date(from: "2026-02-30T00:00:00.000Z") == nil)
    }
}

/// What a generated event keeps of its encoder's buffer.
@Suite struct CompactedMembersTests {
    @Test func spareCapacityIsDroppedAndTheBytesKept() {
        var writer = JSONWriter(capacity: 1024)
        writer.rawMembers(#""event":"appBoot","kind":"systemAction""#)
        let bytes = writer.bytes
        #expect(bytes.capacity >= 1024)
        let kept = GeneratedCodeSupport.compacted(bytes)
        #expect(kept == bytes)
        #expect(kept.capacity < bytes.count + 64)
        // Nearly full buffers are kept as they are (no copy for a few spare bytes).
        let full = [UInt8](repeating: 0x20, count: 1000)
        #expect(GeneratedCodeSupport.compacted(full) == full)
    }
}
