import Foundation
import Logging
import Testing
import TrackingContract
import TrackingCore
import TrackingDispatcher
@testable import TrackingCollectorKit

/// Who may read, delete and write (docs/collector.md, "Access"), over raw
/// requests: what a browser cannot be made to send (a forged `Host`) and exact
/// statuses. `AccessBrowserTests` tries the same from a real browser.
@Suite("Access: hosts, tokens, write keys, origins", .timeLimit(.minutes(10)))
struct AccessTests {
    static let token = "read-token-0123456789abcdef"
    static let key = "write-key-0123456789abcdef"

    static func raw(_ collector: RunningCollector, _ method: String, _ path: String, _ headers: [String],
                    body: String? = nil) async throws -> RawHTTP.Answer {
        try await RawHTTP.request(port: collector.port, method, path, headers, body: body)
    }

    @Test("Only allowed Host names are served (421 otherwise): loopback names by default, more when configured; /health answers any")
    func hosts() async throws {
        let collector = try await RunningCollector.start()
        let port = collector.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST.:\(port)", "127.0.0.1"] {
            #expect(try await Self.raw(collector, "GET", "/stats", ["Host: \(host)"]).status == 200, "\(host)")
        }
        for host in ["evil.example", "evil.example:\(port)", "127.0.0.1.evil.example:\(port)", "localhost.evil.example",
                     "[::2]:\(port)", "collector.internal"] {
            let answer = try await Self.raw(collector, "GET", "/stats", ["Host: \(host)"])
            #expect(answer.status == 421, "\(host): \(answer.text.prefix(200))")
            #expect(answer.text.contains("--allow-host"))
        }
        #expect(try await Self.raw(collector, "GET", "/health", ["Host: evil.example"]).status == 200)
        #expect(try await collector.service.statistics().refusedHost == 6)
        await collector.stop()

        let named = try await RunningCollector.start { $0.access.allowedHosts.insert("collector.internal") }
        #expect(try await Self.raw(named, "GET", "/stats", ["Host: collector.internal:8787"]).status == 200)
        #expect(try await Self.raw(named, "GET", "/stats", ["Host: other.internal"]).status == 421)
        await named.stop()

        let any = try await RunningCollector.start { $0.access.allowedHosts = ["*"] }
        #expect(try await Self.raw(any, "GET", "/stats", ["Host: anything.example"]).status == 200)
        await any.stop()
    }

    @Test("DNS rebinding: a foreign Host with a matching Origin cannot delete, read or write (421); nothing is deleted")
    func rebinding() async throws {
        let collector = try await RunningCollector.start()
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        let site = "rebind.attacker.example:\(collector.port)"
        let headers = ["Host: \(site)", "Origin: http://\(site)"]
        #expect(try await Self.raw(collector, "DELETE", "/events", headers).status == 421)
        #expect(try await Self.raw(collector, "GET", "/events", headers).status == 421)
        #expect(try await Self.raw(collector, "GET", "/monitor/snapshot", headers).status == 421)
        #expect(try await Self.raw(collector, "GET", "/", headers).status == 421)
        let forged = try await Self.raw(collector, "POST", "/v1/batch", headers + ["Content-Type: text/plain"],
                                        body: batch([exampleEvent()]))
        #expect(forged.status == 421)
        #expect(try await collector.service.events().count == 1)
        await collector.stop()
    }

    @Test("A browser's cross-origin writes are refused (403): text/plain batch, Origin null, Sec-Fetch-Site without Origin; nothing stored")
    func crossOrigin() async throws {
        let collector = try await RunningCollector.start()
        let host = "Host: 127.0.0.1:\(collector.port)"
        for extra in [["Origin: http://evil.example", "Content-Type: text/plain"],
                      ["Origin: null", "Content-Type: text/plain"],
                      ["Origin: http://127.0.0.1:1", "Content-Type: application/json"],
                      ["Sec-Fetch-Site: cross-site", "Content-Type: text/plain"],
                      ["Sec-Fetch-Site: same-site", "Content-Type: text/plain"]] {
            let answer = try await Self.raw(collector, "POST", "/v1/batch", [host] + extra, body: batch([exampleEvent()]))
            #expect(answer.status == 403, "\(extra): \(answer.text.prefix(200))")
        }
        let deletion = try await Self.raw(collector, "DELETE", "/events", [host, "Origin: http://localhost:\(collector.port)"])
        #expect(deletion.status == 403)
        #expect(try await collector.service.events().isEmpty)
        #expect(try await collector.service.statistics().refusedOrigin == 6)
        // The collector's own origin, a same-origin fetch, and a client that is no browser are served.
        for extra in [["Origin: http://127.0.0.1:\(collector.port)"], ["Sec-Fetch-Site: same-origin"], []] {
            let answer = try await Self.raw(collector, "POST", "/v1/batch", [host, "Content-Type: text/plain"] + extra,
                                            body: batch([exampleEvent()]))
            #expect(answer.status == 200, "\(extra): \(answer.text.prefix(200))")
        }
        #expect(try await collector.service.events().count == 3)
        await collector.stop()
    }

    @Test("An allowed origin's pages may send batches (CORS preflight and answer), nothing else; other origins may not")
    func allowedOrigin() async throws {
        let collector = try await RunningCollector.start { $0.access.allowedOrigins = ["https://shop.example"] }
        let host = "Host: 127.0.0.1:\(collector.port)"
        let preflight = try await Self.raw(collector, "OPTIONS", "/v1/batch",
                                           [host, "Origin: https://shop.example", "Access-Control-Request-Method: POST",
                                            "Access-Control-Request-Headers: content-type"])
        #expect(preflight.status == 204)
        #expect(preflight.text.lowercased().contains("access-control-allow-origin: https://shop.example"))
        #expect(preflight.text.lowercased().contains("access-control-allow-methods: post"))
        let sent = try await Self.raw(collector, "POST", "/v1/batch",
                                      [host, "Origin: https://shop.example", "Content-Type: application/json"],
                                      body: batch([exampleEvent()]))
        #expect(sent.status == 200)
        #expect(sent.text.lowercased().contains("access-control-allow-origin: https://shop.example"))
        let other = try await Self.raw(collector, "OPTIONS", "/v1/batch", [host, "Origin: https://evil.example",
                                                                           "Access-Control-Request-Method: POST"])
        #expect(other.status == 403)
        #expect(!other.text.lowercased().contains("access-control-allow-origin"))
        #expect(try await Self.raw(collector, "DELETE", "/events", [host, "Origin: https://shop.example"]).status == 403)
        #expect(try await Self.raw(collector, "OPTIONS", "/events", [host, "Origin: https://shop.example"]).status == 403)
        #expect(try await collector.service.events().count == 1)
        await collector.stop()
    }

    @Test("With a read token, reading, exporting, deleting, faults and the monitor need it (401); /health and batches do not")
    func readToken() async throws {
        let collector = try await RunningCollector.start {
            $0.access.readToken = Self.token
            $0.enableFaults = true
        }
        let host = "Host: 127.0.0.1:\(collector.port)"
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 200)
        for path in ["/events", "/rejected", "/requests", "/stats", "/monitor/snapshot", "/monitor/stream", "/monitor.js", "/nowhere"] {
            let missing = try await Self.raw(collector, "GET", path, [host])
            #expect(missing.status == 401, "\(path)")
            #expect(missing.text.lowercased().contains("www-authenticate: bearer"), "\(path)")
            #expect(try await Self.raw(collector, "GET", path, [host, "Authorization: Bearer \(Self.token)x"]).status == 401)
            #expect(try await Self.raw(collector, "GET", path, [host, "Authorization: Basic \(Self.token)"]).status == 401)
        }
        for path in ["/events", "/rejected", "/requests", "/stats", "/monitor/snapshot", "/monitor.js"] {
            #expect(try await Self.raw(collector, "GET", path, [host, "Authorization: Bearer \(Self.token)"]).status == 200, "\(path)")
        }
        #expect(try await Self.raw(collector, "GET", "/health", [host]).status == 200)
        #expect(try await Self.raw(collector, "POST", "/faults", [host, "Content-Type: application/json"], body: "[]").status == 401)
        #expect(try await Self.raw(collector, "DELETE", "/events", [host]).status == 401)
        #expect(try await collector.service.events().count == 1)

        // The monitor: the token once in the address, then a cookie for this origin only.
        let page = try await Self.raw(collector, "GET", "/", [host])
        #expect(page.status == 401 && page.text.contains("needs a token"))
        #expect(try await Self.raw(collector, "GET", "/?token=wrong-token-0123456789", [host]).status == 401)
        let login = try await Self.raw(collector, "GET", "/?token=\(Self.token)", [host])
        #expect(login.status == 303)
        let headers = login.text.lowercased()
        #expect(headers.contains("location: /\r\n"))
        #expect(headers.contains("set-cookie: tracking-collector-token=\(Self.token); path=/; httponly; samesite=strict"))
        let withCookie = try await Self.raw(collector, "GET", "/", [host, "Cookie: theme=dark; tracking-collector-token=\(Self.token)"])
        #expect(withCookie.status == 200 && withCookie.text.contains("<table id=\"events\">"))
        #expect(try await Self.raw(collector, "GET", "/events", [host, "Cookie: tracking-collector-token=\(Self.token)"]).status == 200)

        let deleted = try await Self.raw(collector, "DELETE", "/events", [host, "Authorization: Bearer \(Self.token)"])
        #expect(deleted.status == 200)
        #expect(try await collector.service.events().isEmpty)
        #expect(try await collector.service.statistics().refusedCredentials == 8 * 3 + 4)
        await collector.stop()
    }

    @Test("Listening beyond loopback needs a read token (the collector refuses to start); secrets must be long and sendable")
    func refusesToStart() async throws {
        var configuration = CollectorConfiguration()
        configuration.host = "0.0.0.0"
        let service = CollectorService(configuration: configuration, storage: try SQLiteStorage(path: nil), contract: .example)
        do {
            try await service.start()
            Issue.record("started on 0.0.0.0 without a read token")
            await service.stop()
        } catch let error as CollectorStartError {
            #expect(error.message.contains("read token"))
        }
        var access = CollectorAccess()
        #expect(throws: Never.self) { try access.check(listeningOn: "127.0.0.1") }
        #expect(throws: CollectorStartError.self) { try access.check(listeningOn: "192.168.1.20") }
        #expect(throws: CollectorStartError.self) { try access.check(listeningOn: "::") }
        access.readToken = Self.token
        #expect(throws: Never.self) { try access.check(listeningOn: "0.0.0.0") }
        access.writeKey = "short"
        #expect(throws: CollectorStartError.self) { try access.check(listeningOn: "127.0.0.1") }
        access.writeKey = "a key with spaces in it"
        #expect(throws: CollectorStartError.self) { try access.check(listeningOn: "127.0.0.1") }
        access.writeKey = Self.key
        #expect(throws: Never.self) { try access.check(listeningOn: "127.0.0.1") }
        #expect(CollectorAccess.isLoopback("127.0.0.2") && CollectorAccess.isLoopback("::1") && CollectorAccess.isLoopback("localhost"))
        #expect(!CollectorAccess.isLoopback("0.0.0.0") && !CollectorAccess.isLoopback("10.0.0.1"))
    }

    @Test("A write key: batches and journey steps need it (401); the dispatcher sends it and delivers, without it delivery pauses")
    func writeKey() async throws {
        let collector = try await RunningCollector.start {
            $0.access.writeKey = Self.key
            $0.access.readToken = Self.token
        }
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()])).0 == 401)
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()]),
                                         headers: ["Authorization": "Bearer wrong-key-0123456789ab"]).0 == 401)
        #expect(try await collector.post("/v1/journey", #"{"steps":[]}"#).0 == 401)
        #expect(try await collector.service.events().isEmpty)
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()]),
                                         headers: ["Authorization": "Bearer \(Self.key)", "Content-Type": "application/json"]).0 == 200)
        // The read token may write too (who may delete everything may add to it).
        #expect(try await collector.post("/v1/batch", batch([exampleEvent()]),
                                         headers: ["Authorization": "Bearer \(Self.token)", "Content-Type": "application/json"]).0 == 200)

        // End to end: the dispatcher's CollectorProvider and journey reports carry the key.
        let (withKey, _) = Self.client(collector, headers: ["Authorization": "Bearer \(Self.key)"])
        let delivered = JourneyMonitorTests.WishlistView()
        withKey.track(delivered)
        #expect(await withKey.waitUntilPersisted() == .persisted)
        #expect(await withKey.flush().delivered == 1)
        let reporter = try #require(withKey.journey.reporter)
        await reporter.waitUntilIdle()
        await withKey.shutdown()
        #expect(reporter.statistics.sentSteps > 0 && reporter.statistics.lostSteps == 0)
        #expect(try await collector.service.events(uuid: delivered.uuid.lowercasedString).count == 1)

        let (withoutKey, provider) = Self.client(collector, headers: [:])
        withoutKey.track(JourneyMonitorTests.WishlistView())
        #expect(await withoutKey.waitUntilPersisted() == .persisted)
        #expect(await withoutKey.flush().delivered == 0)
        #expect(await provider.isPaused)
        await withoutKey.shutdown()
        #expect(try await collector.service.events().count == 3)
        await collector.stop()
    }

    /// A dispatcher sending to `collector` with these extra headers on batches and journey reports.
    static func client(_ collector: RunningCollector, headers: [String: String]) -> (TrackingClient, CollectorProvider) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("access-\(UUID().uuidString)")
        var configuration = DispatcherConfiguration(
            databaseURL: directory.appendingPathComponent("events.sqlite"), strategies: [.manual],
            retry: RetryPolicy(initialBackoff: 600, jitter: 0, minimumRequestInterval: 0, requestTimeout: 5),
            contract: DispatcherContract(descriptor: Omnitracking.descriptor), reportViolationsLoudly: false)
        configuration.journeyReporting = JourneyReporting(endpoint: URL(string: "/v1/journey", relativeTo: collector.base)!.absoluteURL,
                                                          headers: headers)
        var logger = Logger(label: "access")
        logger.logLevel = .critical
        let provider = CollectorProvider(endpoint: collector.batchURL, headers: headers)
        let client = TrackingClient(configuration: configuration, providers: [provider],
                                    globals: StaticGlobals(["appVersion": .string("4.2.0"), "osVersion": .string("18.1"),
                                                            "deviceModel": .string("iPhone17,1")]),
                                    logger: logger)
        return (client, provider)
    }
}

extension RawHTTP {
    /// One request over a raw socket, with exactly these headers (and `Connection: close`):
    /// what URLSession will not send as given (a forged `Host`, `Origin: null`, `Sec-Fetch-Site`).
    static func request(port: Int, _ method: String, _ path: String, _ headers: [String],
                        body: String? = nil) async throws -> Answer {
        var lines = headers + ["Connection: close"]
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        return try await exchange(port: port, HostileInputTests.head("\(method) \(path) HTTP/1.1", lines, body: body ?? ""))
    }
}
