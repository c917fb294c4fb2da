import Foundation
import TrackingCore
import TrackingDispatcher

/// Collects the contract violations a `TrackingClient` reports during a test.
/// Pass ``onNotice`` as the client's `onNotice` handler, then check with
/// `expectNoContractViolations(_:)`.
public final class ContractViolationMonitor: @unchecked Sendable {
    /// One event that broke the contract, as the dispatcher reported it.
    public struct Report: Sendable, Hashable, CustomStringConvertible {
        public var event: String
        public var uuid: String
        public var violations: [Violation]
        public var description: String { "\(event) \(uuid): \(violations.map(\.description).joined(separator: "; "))" }
    }

    private let lock = NSLock()
    private var collected: [Report] = []

    public init() {}

    /// The handler to give the client (it keeps every other notice to itself).
    public var onNotice: @Sendable (DispatcherNotice) -> Void {
        { [self] notice in
            if case .violations(let uuid, let event, let violations) = notice {
                lock.withLock { collected.append(Report(event: event, uuid: uuid, violations: violations)) }
            }
        }
    }

    /// The violations reported so far.
    public var reports: [Report] { lock.withLock { collected } }
}
