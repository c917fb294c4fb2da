import FlyingSocks

/// A response body that fails when the server starts writing it: the server
/// then closes the connection mid-answer, which the client sees as a dropped
/// connection (the `drop` fault).
struct DroppedBody: AsyncBufferedSequence {
    typealias Element = UInt8

    struct Dropped: Error {}

    struct AsyncIterator: AsyncBufferedIteratorProtocol {
        typealias Buffer = [UInt8]
        mutating func next() async throws -> UInt8? { throw Dropped() }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw Dropped() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
