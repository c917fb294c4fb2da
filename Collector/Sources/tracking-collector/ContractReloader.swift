import Dispatch
import Foundation

/// Calls `onChange` when the contract file changes (its modification time or size,
/// checked every second: portable, unlike file-system events) or when the process
/// receives SIGHUP.
final class ContractReloader: @unchecked Sendable {
    // @unchecked: `lastSeen` and the sources are touched only on `queue`.
    private let path: String?
    private let onChange: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "tracking-collector.reload")
    private var timer: DispatchSourceTimer?
    private var hangup: DispatchSourceSignal?
    private var lastSeen: (Date?, Int?)

    init(path: String?, onChange: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.onChange = onChange
        lastSeen = Self.stamp(path)
    }

    func start() {
        signal(SIGHUP, SIG_IGN)
        let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hangup.setEventHandler { [self] in
            lastSeen = Self.stamp(path)
            onChange("SIGHUP")
        }
        hangup.resume()
        self.hangup = hangup
        guard path != nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [self] in
            let now = Self.stamp(path)
            guard now.0 != lastSeen.0 || now.1 != lastSeen.1, now.0 != nil else { return }
            lastSeen = now
            onChange("file changed")
        }
        timer.resume()
        self.timer = timer
    }

    func stop() {
        queue.sync {
            timer?.cancel()
            hangup?.cancel()
        }
    }

    private static func stamp(_ path: String?) -> (Date?, Int?) {
        guard let path, let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return (nil, nil) }
        return (attributes[.modificationDate] as? Date, (attributes[.size] as? NSNumber)?.intValue)
    }
}

/// Waits for SIGINT or SIGTERM.
enum StopSignal {
    static func wait() async {
        let queue = DispatchQueue(label: "tracking-collector.signals")
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
        let once = Locked(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            for source in sources {
                source.setEventHandler {
                    guard once.update({ fired -> Bool in defer { fired = true }; return !fired }) else { return }
                    continuation.resume()
                }
                source.resume()
            }
        }
        sources.forEach { $0.cancel() }
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
