import Foundation
import TrackingCore

/// The contract a collector checks events against, swapped whole when the
/// contract file changes (or on SIGHUP); a batch uses the one it started with.
public struct LoadedContract: Sendable {
    /// The contract's name and version, for the banner and the monitor.
    public var name: String
    public var version: String
    /// The descriptor events are validated with; `nil` checks the envelope only.
    public var descriptor: ContractDescriptor?

    /// A contract for the collector.
    public init(name: String, version: String, descriptor: ContractDescriptor?) {
        self.name = name
        self.version = version
        self.descriptor = descriptor
    }

    var checker: EventChecker {
        guard let descriptor else { return EventChecker() }
        return EventChecker(contractValidator: { descriptor.validate(payload: $0) })
    }
}

/// A value behind a lock, for state shared by request handlers.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    @discardableResult
    func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
