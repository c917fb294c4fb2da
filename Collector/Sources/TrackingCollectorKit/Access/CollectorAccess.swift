import Foundation

/// Who may read, delete and write (docs/collector.md, "Access").
///
/// - Every request must name an allowed host in `Host` (else `421`): a web page
///   that rebinds its own DNS name to the collector's address still sends its
///   own name, so it is refused.
/// - Reading, exporting, deleting, faults and the monitor need `readToken`
///   when one is set, and one must be set to listen on anything but loopback
///   (`CollectorService.start()` refuses otherwise).
/// - Batches and journey steps need `writeKey` (or the read token) when one is set.
/// - A browser's request that changes state from another origin is refused (`403`),
///   except batches from `allowedOrigins` (answered with CORS headers).
public struct CollectorAccess: Sendable {
    /// Host names (no port) a request may name in `Host`; `*` allows any. Loopback
    /// names by default; the address the collector listens on is always allowed
    /// (unless it is a wildcard such as `0.0.0.0`).
    public var allowedHosts: Set<String> = CollectorAccess.loopbackNames
    /// The secret for reading, exporting, deleting, faults and the monitor
    /// (`Authorization: Bearer …`, or the monitor's cookie); `nil`: open to
    /// whoever reaches a loopback address.
    public var readToken: String?
    /// The secret for `POST /v1/batch` and `POST /v1/journey`
    /// (`Authorization: Bearer …`); `nil`: writes need none.
    public var writeKey: String?
    /// Web origins (`https://shop.example`) whose pages may send batches.
    public var allowedOrigins: Set<String> = []

    /// Loopback names only, no secrets.
    public init() {}

    /// The names of this machine's loopback interface.
    public static let loopbackNames: Set<String> = ["localhost", "127.0.0.1", "::1"]

    /// Whether `host` (an address to listen on) is reachable from this machine only.
    public static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        return loopbackNames.contains(name) || name.hasPrefix("127.") || name == "[::1]"
    }

    /// The host name of a `Host` header value: `[::1]:8787` -> `::1`, `Name.:80` -> `name`.
    static func hostName(of authority: String) -> String {
        var name = Substring(authority.lowercased())
        if name.hasPrefix("[") {
            name = name.dropFirst().prefix(while: { $0 != "]" })
        } else if let colon = name.lastIndex(of: ":") {
            name = name[..<colon]
        }
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// Whether a request naming `authority` in `Host` is served, by a collector listening on `listenHost`.
    func allows(authority: String, listeningOn listenHost: String) -> Bool {
        if allowedHosts.contains("*") { return true }
        let name = Self.hostName(of: authority)
        if allowedHosts.contains(name) { return true }
        let listening = Self.hostName(of: listenHost.contains(":") && !listenHost.hasPrefix("[") ? "[\(listenHost)]" : listenHost)
        return name == listening && !["0.0.0.0", "::", ""].contains(listening)
    }
}

extension CollectorAccess {
    /// Refuses a configuration that would serve the network without a read
    /// token, or secrets a header or cookie cannot carry.
    func check(listeningOn host: String) throws(CollectorStartError) {
        if !Self.isLoopback(host), readToken == nil {
            throw CollectorStartError(message: "listening on \(host) serves other machines: give a read token (--token-file or TRACKING_COLLECTOR_TOKEN), or listen on 127.0.0.1")
        }
        for (name, secret) in [("read token", readToken), ("write key", writeKey)] {
            guard let secret else { continue }
            guard secret.count >= Self.minimumSecretLength else {
                throw CollectorStartError(message: "the \(name) is too short: at least \(Self.minimumSecretLength) characters")
            }
            guard secret.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !";,\"\\".unicodeScalars.contains($0) }) else {
                throw CollectorStartError(message: "the \(name) may hold printable ASCII only, no spaces, ';', ',', '\"' or '\\'")
            }
        }
    }

    /// Secrets shorter than this are refused.
    static let minimumSecretLength = 16
}
