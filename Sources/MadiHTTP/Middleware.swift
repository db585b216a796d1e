import Foundation
import Hummingbird
import MadiCore
import MadiJSON
import NIOCore

/// One JSON line per request on stderr: time, client, method, path, status, duration. Never a
/// header (the bearer token stays out of logs), never a body.
struct AccessLog: RouterMiddleware {
    typealias Context = MadiContext
    let metrics: Metrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            write(request, context, status: 500, since: started)
            throw error
        }
        write(request, context, status: response.status.code, since: started)
        return response
    }

    func write(_ request: Request, _ context: Context, status: Int, since: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - since
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        let line = JSON.object([
            ("time", .string(Self.timestamp())), ("level", .string("info")), ("msg", .string("request")),
            ("client", .string(context.client)), ("method", .string(request.method.rawValue)),
            ("path", .string(Sanitize.line(request.uri.path))), ("status", .number(Double(status))),
            ("ms", .number((ms * 100).rounded() / 100)),
        ])
        var bytes: [UInt8] = []
        line.write(into: &bytes)
        bytes.append(0x0A)
        _ = bytes.withUnsafeBytes { Foundation.write(2, $0.baseAddress, $0.count) }
    }

    static func timestamp() -> String {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        var tm = tm()
        var secs = t.tv_sec
        gmtime_r(&secs, &tm)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                      tm.tm_hour, tm.tm_min, tm.tm_sec, t.tv_nsec / 1_000_000)
    }
}

/// Errors as the API answers them: the protocol's `error` object with its stable code, whatever
/// threw it (a route, the router's own 404 and 405, a body over the limit).
struct ErrorBody: RouterMiddleware {
    typealias Context = MadiContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let e as APIError {
            return HTTPFront.errorResponse(e)
        } catch let e as HTTPResponseError {
            let code: String
            switch e.status {
            case .notFound: code = "not_found"
            case .methodNotAllowed: code = "method_not_allowed"
            case .contentTooLarge: code = "body_too_large"
            default: code = "bad_request"
            }
            let message = (e as? HTTPError)?.body
                ?? (code == "not_found" ? "no such resource: \(Sanitize.line(request.uri.path))" : e.status.reasonPhrase)
            return HTTPFront.errorResponse(APIError(e.status, code, message))
        }
    }
}

/// Cross-origin calls from the listed origins only (none by default: the page is same-origin).
struct CORS: RouterMiddleware {
    typealias Context = MadiContext
    let origins: Set<String>
    init(origins: [String]) { self.origins = Set(origins) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let origin = request.headers[.origin], origins.contains(origin) || origins.contains("*") else {
            return try await next(request, context)
        }
        if request.method == .options {
            return Response(status: .noContent, headers: [
                .accessControlAllowOrigin: origin, .vary: "Origin",
                .accessControlAllowMethods: "GET, POST, DELETE, OPTIONS",
                .accessControlAllowHeaders: "Authorization, Content-Type, Accept",
                .accessControlMaxAge: "600",
            ])
        }
        var response = try await next(request, context)
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
        return response
    }
}

/// A token bucket per client address: `perSecond` requests a second on average, `burst` at once.
/// Beyond, 429 `rate_limited` with Retry-After.
struct RateLimit: RouterMiddleware {
    typealias Context = MadiContext
    let buckets: Buckets?
    init(perSecond: Double, burst: Double) { buckets = perSecond > 0 ? Buckets(rate: perSecond, burst: max(1, burst)) : nil }

    final class Buckets: @unchecked Sendable {
        let rate: Double, burst: Double
        private let lock = NSLock()
        private var table: [String: (tokens: Double, at: Double)] = [:]
        private var lastPrune = 0.0
        init(rate: Double, burst: Double) { self.rate = rate; self.burst = burst }

        /// Seconds to wait before a token is there, or 0 when one was taken.
        func take(_ client: String, now: Double) -> Double {
            lock.lock(); defer { lock.unlock() }
            if now - lastPrune > 60 {
                table = table.filter { now - $0.value.at < burst / rate + 1 } // full again: forget it
                lastPrune = now
            }
            var b = table[client] ?? (burst, now)
            b.tokens = min(burst, b.tokens + (now - b.at) * rate)
            b.at = now
            if b.tokens >= 1 {
                b.tokens -= 1
                table[client] = b
                return 0
            }
            table[client] = b
            return (1 - b.tokens) / rate
        }
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let buckets, request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
        let wait = buckets.take(context.client, now: Date().timeIntervalSince1970)
        guard wait == 0 else {
            throw APIError(.tooManyRequests, "rate_limited", "too many requests from this address; retry in \(Int(wait.rounded(.up))) s",
                           headers: [.retryAfter: String(Int(wait.rounded(.up)))])
        }
        return try await next(request, context)
    }
}

/// With a token configured, the listed paths need `Authorization: Bearer <token>`. The token is
/// compared in constant time and never logged.
struct BearerAuth: RouterMiddleware {
    typealias Context = MadiContext
    let token: [UInt8]?
    let protectedPrefixes: [String]
    init(token: String?, protectedPrefixes: [String]) {
        self.token = token.flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        self.protectedPrefixes = protectedPrefixes
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token, request.method != .options, protectedPrefixes.contains(where: { request.uri.path.hasPrefix($0) }) else {
            return try await next(request, context)
        }
        let given = Array((request.headers[.authorization] ?? "").utf8)
        let prefix = Array("Bearer ".utf8)
        var diff = given.count == prefix.count + token.count ? 0 : 1
        if diff == 0 {
            for (a, b) in zip(given, prefix + token) { diff |= Int(a ^ b) }
        }
        guard diff == 0 else {
            throw APIError(.unauthorized, "unauthorized", "a valid bearer token is required",
                           headers: [.wwwAuthenticate: "Bearer realm=\"madi\""])
        }
        return try await next(request, context)
    }
}
