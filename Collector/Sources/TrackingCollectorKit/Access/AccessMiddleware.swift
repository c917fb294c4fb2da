import Foundation
import Hummingbird
import HTTPTypes
import NIOCore

/// Enforces `CollectorAccess` on every request, before any route runs (unknown
/// paths included), in this order:
/// 1. `Host` must be an allowed name (`421`); `GET /health` is exempt, for load balancers.
/// 2. A request that changes state (any method but `GET`/`HEAD`) from a browser
///    page of another origin is refused (`403`): an `Origin` that is not the
///    collector's own, or `Sec-Fetch-Site: cross-site`/`same-site` without one.
///    Batches from `allowedOrigins` are the exception (CORS, preflight included).
/// 3. Credentials (`401`): the write key for batches and journey steps, the read
///    token for everything else; either as `Authorization: Bearer …`, the read
///    token also as the monitor's cookie, which `GET /?token=…` sets.
struct AccessMiddleware: RouterMiddleware {
    typealias Context = CollectorRequestContext

    let access: CollectorAccess
    /// The address the collector listens on (allowed in `Host` unless a wildcard).
    let listenHost: String
    /// Counted for `GET /stats`.
    let refusals: Locked<AccessRefusals>

    static let cookieName = "tracking-collector-token"
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let reads = request.method == .get || request.method == .head
        if path == "/health", reads { return try await next(request, context) }

        if let authority = request.head.authority, !access.allows(authority: authority, listeningOn: listenHost) {
            refusals.update { $0.host += 1 }
            return CollectorService.error(421, "this collector does not serve the host '\(authority.prefix(200))' (tracking-collector --allow-host)")
        }

        let isWrite = path == "/v1/batch" || path == "/v1/journey"
        let corsOrigin = request.headers[.origin].flatMap { path == "/v1/batch" && access.allowedOrigins.contains($0) ? $0 : nil }
        if request.method == .options {
            guard let corsOrigin else {
                refusals.update { $0.origin += 1 }
                return CollectorService.error(403, "cross-origin requests are refused")
            }
            return Self.withCORS(Response(status: .noContent), origin: corsOrigin, preflight: true)
        }
        if !reads, corsOrigin == nil, let refusal = Self.refuseCrossOrigin(request) {
            refusals.update { $0.origin += 1 }
            return refusal
        }

        if isWrite {
            if let key = access.writeKey {
                let secrets = [key] + (access.readToken.map { [$0] } ?? [])
                guard let offered = Self.bearer(of: request), secrets.contains(where: { Self.same(offered, $0) }) else {
                    refusals.update { $0.credentials += 1 }
                    return Self.withCORS(Self.unauthorized("a write key is required (Authorization: Bearer …)"), origin: corsOrigin)
                }
            }
        } else if let token = access.readToken {
            if path == "/", reads, let offered = request.uri.queryParameters["token"] {
                guard Self.same(String(offered), token) else {
                    refusals.update { $0.credentials += 1 }
                    return Self.unauthorizedPage()
                }
                // The token moves from the address into a cookie the browser sends to this origin only.
                return Response(status: .seeOther, headers: [
                    .location: "/", .cacheControl: "no-store",
                    .setCookie: "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict",
                ])
            }
            let presented = [Self.bearer(of: request), Self.cookie(of: request)].compactMap { $0 }
            guard presented.contains(where: { Self.same($0, token) }) else {
                refusals.update { $0.credentials += 1 }
                return path == "/" ? Self.unauthorizedPage() : Self.unauthorized("a token is required (Authorization: Bearer …)")
            }
        }
        return Self.withCORS(try await next(request, context), origin: corsOrigin)
    }

    /// A browser page of another origin: an `Origin` other than this collector's
    /// own (`null` included), or, without `Origin`, a `Sec-Fetch-Site` that says
    /// the request comes from another site. `Host` is already an allowed name, so
    /// a page that rebinds its DNS name to this address fails before this.
    static func refuseCrossOrigin(_ request: Request) -> Response? {
        let authority = request.head.authority ?? ""
        if let origin = request.headers[.origin] {
            guard origin == "http://\(authority)" || origin == "https://\(authority)" else {
                return CollectorService.error(403, "cross-origin requests are refused")
            }
        } else if let site = request.headers[secFetchSite]?.lowercased(), site == "cross-site" || site == "same-site" {
            return CollectorService.error(403, "cross-origin requests are refused")
        }
        return nil
    }

    static func bearer(of request: Request) -> String? {
        guard let value = request.headers[.authorization] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }

    static func cookie(of request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                    return String(parts[1]).trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// Compares secrets in time independent of where they differ.
    static func same(_ offered: String, _ secret: String) -> Bool {
        let a = Array(offered.utf8), b = Array(secret.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count { difference |= b[index] ^ (index < a.count ? a[index] : 0) }
        return difference == 0
    }

    static func unauthorized(_ message: String) -> Response {
        var response = CollectorService.error(401, message)
        response.headers[.wwwAuthenticate] = #"Bearer realm="tracking-collector""#
        return response
    }

    /// The monitor's page without a valid token: how to open it.
    static func unauthorizedPage() -> Response {
        let page = """
            <!doctype html><html lang="en"><meta charset="utf-8"><title>tracking-collector</title>
            <p>This collector needs a token to show its monitor: open <code>/?token=</code> followed by the token
            it was started with (<code>--token-file</code>).</p></html>
            """
        return Response(status: .unauthorized,
                        headers: [.contentType: "text/html; charset=utf-8", .wwwAuthenticate: #"Bearer realm="tracking-collector""#],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
    }

    static func withCORS(_ response: Response, origin: String?, preflight: Bool = false) -> Response {
        guard let origin else { return response }
        var response = response
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
        if preflight {
            response.headers[.accessControlAllowMethods] = "POST"
            response.headers[.accessControlAllowHeaders] = "Content-Type, Content-Encoding, Authorization, X-Request-ID"
            response.headers[.accessControlMaxAge] = "600"
        }
        return response
    }
}

/// Requests `AccessMiddleware` refused, by reason (`GET /stats`).
struct AccessRefusals: Sendable {
    var host = 0
    var origin = 0
    var credentials = 0
}
