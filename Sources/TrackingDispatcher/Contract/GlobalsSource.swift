import Foundation
import TrackingCore

/// Where the app's global values come from. Asked on the dispatcher's worker
/// (never on the caller of `track`), once per batch of tracked events, so it may
/// read settings but should be quick and thread-safe.
public protocol GlobalsSource: Sendable {
    /// Current values by wire name. A global the contract lists but this omits (or
    /// gives as `.null`) gets its default, or is left out of the payload when it has
    /// none, and flags the event incomplete. A value that breaks the contract is
    /// sent as given and reported as a violation of every event. `sessionId` may be
    /// omitted: the dispatcher supplies its own session (see `SessionTracker`).
    func currentGlobals() -> [String: JSONValue]
}

/// Fixed values (and a way to change them), for apps and tests.
public final class StaticGlobals: GlobalsSource, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    public func set(_ name: String, _ value: JSONValue?) {
        lock.lock(); defer { lock.unlock() }
        values[name] = value
    }

    public func currentGlobals() -> [String: JSONValue] {
        lock.lock(); defer { lock.unlock() }
        return values
    }
}

/// App version (the main bundle's `CFBundleShortVersionString`, when there is one),
/// OS version (`ProcessInfo`) and device model (`uname` machine). Combine with
/// your own values through `overrides`.
public struct DeviceGlobals: GlobalsSource {
    private let values: [String: JSONValue]

    public init(overrides: [String: JSONValue] = [:]) {
        var values: [String: JSONValue] = [:]
        if let version = Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String {
            values["appVersion"] = .string(version)
        }
        let os = ProcessInfo.processInfo.operatingSystemVersion
        values["osVersion"] = .string("\(os.majorVersion).\(os.minorVersion).\(os.patchVersion)")
        var info = utsname()
        uname(&info)
        let machine = withUnsafeBytes(of: &info.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if !machine.isEmpty { values["deviceModel"] = .string(machine) }
        self.values = values.merging(overrides) { _, new in new }
    }

    public func currentGlobals() -> [String: JSONValue] { values }
}
