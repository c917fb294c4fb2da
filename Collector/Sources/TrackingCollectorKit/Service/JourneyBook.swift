/// The app's half of each event, as a debug dispatcher reported it to
/// `POST /v1/journey`: the last `capacity` steps, in memory on the instance that
/// received them (a debugging aid; see docs/collector.md).
final class JourneyBook: Sendable {
    private let steps = Locked<[String]>([])
    let capacity: Int

    init(capacity: Int = 20_000) { self.capacity = capacity }

    func append(_ items: [String]) {
        steps.update { list in
            list += items
            if list.count > capacity { list.removeFirst(list.count - capacity) }
        }
    }

    var all: [String] { steps.get() }

    func clear() { steps.set([]) }
}
