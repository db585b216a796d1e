import Foundation
import Hummingbird
import Logging
import MadiCore
import MadiHub
import MadiJSON
import MadiProtocol
import NIOCore
import ServiceLifecycle

/// What `madi serve` is told by its flags.
public struct HTTPConfig: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Largest request body, in bytes (413 `body_too_large` beyond).
    public var maxBodyBytes = 64 * 1024
    /// Largest request head (request line and headers), in bytes.
    public var maxHeaderBytes = 16 * 1024
    /// Requests per second per client address (a token bucket), and the burst it allows; 0: no limit.
    public var rateLimit: Double = 20
    public var rateBurst: Double = 40
    /// When set, /v1 and /metrics need `Authorization: Bearer <token>`.
    public var apiToken: String?
    /// Origins allowed to call the API from a browser (CORS); empty: none but the page's own.
    public var corsOrigins: [String] = []
    /// After SIGTERM: seconds for turns in flight to finish before LLM calls are cancelled.
    public var drainTimeout: Double = 10
    /// The web chat and the OpenAPI document.
    public var webDirectory: String?
    public var openAPIPath: String?

    public init() {}
}

/// The request context: the client's address (rate limiting, access logs) and the body limit.
public struct MadiContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    public let client: String
    nonisolated(unsafe) static var bodyLimit = 64 * 1024

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    public var maxUploadSize: Int { Self.bodyLimit }
}

/// An error as the API answers it: the protocol's stable code, a message, an HTTP status.
struct APIError: Error {
    var status: HTTPResponse.Status
    var failure: ProtocolV1.Failure
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        failure = ProtocolV1.Failure(code, message)
        self.headers = headers
    }

    /// The HTTP status that fits a protocol error code.
    static func status(for code: String) -> HTTPResponse.Status {
        switch code {
        case "unknown_session", "not_found": return .notFound
        case "session_exists": return .conflict
        case "too_many_sessions", "overloaded", "not_ready": return .serviceUnavailable
        case "body_too_large", "line_too_long": return .contentTooLarge
        case "unauthorized": return .unauthorized
        case "rate_limited": return .tooManyRequests
        case "method_not_allowed": return .methodNotAllowed
        case "unsupported_media_type": return .unsupportedMediaType
        default: return .badRequest
        }
    }
}

/// Madi over HTTP: protocol v1's requests and replies as resources, over the same hub as JSON lines.
public struct HTTPFront: Sendable {
    public let hub: SessionHub
    public let config: HTTPConfig
    public let metrics: Metrics
    /// Whether the store answers (/readyz).
    let ready: @Sendable () -> Bool
    let logger: Logger

    public init(hub: SessionHub, config: HTTPConfig, metrics: Metrics, ready: @escaping @Sendable () -> Bool) {
        self.hub = hub
        self.config = config
        self.metrics = metrics
        self.ready = ready
        var logger = Logger(label: "madi.http")
        logger.logLevel = .warning
        self.logger = logger
    }

    static let json: HTTPFields = [.contentType: "application/json; charset=utf-8"]

    static func response(_ status: HTTPResponse.Status, _ body: JSON, headers: HTTPFields = [:]) -> Response {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        body.write(into: &bytes)
        bytes.append(0x0A)
        var h = json
        h.append(contentsOf: headers)
        return Response(status: status, headers: h, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func errorResponse(_ e: APIError, session: String? = nil) -> Response {
        response(e.status, ProtocolV1.error(id: .null, session: session, e.failure), headers: e.headers)
    }

    /// The router: the API, the operators' endpoints, the page.
    public func router() -> Router<MadiContext> {
        MadiContext.bodyLimit = config.maxBodyBytes
        let router = Router(context: MadiContext.self)
        router.add(middleware: AccessLog(metrics: metrics))
        router.add(middleware: ErrorBody())
        router.add(middleware: CORS(origins: config.corsOrigins))
        router.add(middleware: RateLimit(perSecond: config.rateLimit, burst: config.rateBurst))
        router.add(middleware: BearerAuth(token: config.apiToken, protectedPrefixes: ["/v1/", "/metrics"]))

        router.get("healthz") { _, _ in Self.response(.ok, .object([("status", .string("ok"))])) }
        router.get("readyz") { _, _ in
            let ok = await Task.detached { ready() }.value
            return ok ? Self.response(.ok, .object([("status", .string("ready"))]))
                : Self.errorResponse(APIError(.serviceUnavailable, "not_ready", "the lead store does not answer"))
        }
        router.get("metrics") { _, _ in
            metrics.sessionsLive.set(Double(hub.liveSessions))
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                            body: .init(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer())))
        }

        let v1 = router.group("v1")
        v1.get("hello") { _, _ in
            Self.response(.ok, ProtocolV1.hello(id: .null, languages: hub.engine.content.languages, version: MadiCoreVersion.value))
        }
        v1.post("sessions") { request, context in
            let (id, object) = try await Self.body(request, context: context)
            let kind = try Self.decode(object, type: "start", session: nil)
            guard case .start = kind else {
                throw APIError(.badRequest, "bad_value", "POST /v1/sessions starts a session: 'type' is \"start\" or absent")
            }
            return try await self.run(kind, id: id, request: request, created: true)
        }
        v1.post("sessions/:id/messages") { request, context in
            let sid = try context.parameters.require("id")
            let (id, object) = try await Self.body(request, context: context)
            guard object["type"] != nil else {
                throw APIError(.badRequest, "missing_field", "'type' is required (say, choose, command)")
            }
            let kind = try Self.decode(object, type: nil, session: sid)
            switch kind {
            case .say, .choose, .command: break
            default:
                throw APIError(.badRequest, "bad_value", "a message is of type say, choose or command; use GET or DELETE /v1/sessions/{id} for state and end")
            }
            return try await self.run(kind, id: id, request: request, created: false)
        }
        v1.get("sessions/:id") { request, context in
            let sid = try context.parameters.require("id")
            return try await self.run(.state(session: sid), id: .null, request: request, created: false)
        }
        v1.delete("sessions/:id") { request, context in
            let sid = try context.parameters.require("id")
            return try await self.run(.end(session: sid), id: .null, request: request, created: false)
        }

        let page = StaticFiles(web: config.webDirectory, openAPI: config.openAPIPath)
        router.get("/") { _, _ in try page.response("index.html") }
        router.get("chat.js") { _, _ in try page.response("chat.js") }
        router.get("chat.css") { _, _ in try page.response("chat.css") }
        router.get("openapi.yaml") { _, _ in try page.openAPI() }
        return router
    }

    /// Reads a JSON object body (the id kept exactly as written).
    static func body(_ request: Request, context: MadiContext) async throws -> (JSON, JSON) {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch let e as HTTPResponseError where e.status == .contentTooLarge {
            throw APIError(.contentTooLarge, "body_too_large", "the body is over \(context.maxUploadSize) bytes")
        }
        let bytes = Array(buffer.readableBytesView)
        if bytes.isEmpty { return (.null, .object([])) }
        if let type = request.headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw APIError(.unsupportedMediaType, "unsupported_media_type", "send the request as application/json")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw APIError(.badRequest, "invalid_utf8", "the body is not valid UTF-8")
        }
        let value: JSON
        let idText: String?
        do { (value, idText) = try JSON.parseKeepingText(bytes, of: "id") } catch {
            throw APIError(.badRequest, "bad_json", "invalid JSON: \(error)")
        }
        guard case .object = value else {
            throw APIError(.badRequest, "bad_json", "a request is a JSON object, got \(value.typeName)")
        }
        var id = JSON.null
        if let raw = value["id"] {
            switch raw {
            case .string, .null: id = raw
            case .number: id = idText.map(JSON.numberText) ?? raw
            default: throw APIError(.badRequest, "wrong_type", "'id' must be a string or a number, got \(raw.typeName)")
            }
        }
        return (id, value)
    }

    /// The same request object as a JSON line, its type and session given by the route.
    static func decode(_ object: JSON, type: String?, session: String?) throws -> ProtocolV1.Kind {
        guard case var .object(pairs) = object else { throw APIError(.badRequest, "bad_json", "a request is a JSON object") }
        if let session {
            if let given = object["session"], given != .string(session) {
                throw APIError(.badRequest, "bad_value", "'session' in the body differs from the path's")
            }
            pairs.removeAll { $0.0 == "session" }
            pairs.append(("session", .string(session)))
        }
        if let type, object["type"] == nil { pairs.append(("type", .string(type))) }
        switch ProtocolV1.decodeRequest(.object(pairs)) {
        case let .success(kind): return kind
        case let .failure(f): throw APIError(APIError.status(for: f.code), f.code, f.message)
        }
    }

    /// Hands a request to the hub and answers with what it says: one JSON object, or with
    /// `Accept: text/event-stream`, Server-Sent Events (`delta` events, then `reply` or `error`).
    func run(_ kind: ProtocolV1.Kind, id: JSON, request: Request, created: Bool) async throws -> Response {
        let started = ContinuousClock.now
        let wantsStream = (request.headers[.accept] ?? "").contains("text/event-stream")
        let metrics = self.metrics
        let isTurn: Bool = { if case .start = kind { return false }; if case .end = kind { return false }; if case .state = kind { return false }; return true }()
        if wantsStream {
            let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
            hub.submit(kind, admission: .refuse, delta: { sid, text in
                let line = JSON.object([("v", .number(1)), ("id", id), ("type", .string("delta")), ("session", .string(sid)),
                                        ("text", .string(text))])
                continuation.yield(Self.event("delta", line))
            }, reply: { event in
                let body = ProtocolV1.encode(event, id: id)
                if case .failure = event { continuation.yield(Self.event("error", body)) } else { continuation.yield(Self.event("reply", body)) }
                Self.observe(event, metrics: metrics, since: started, turn: isTurn)
                continuation.finish()
            })
            return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                            body: .init(asyncSequence: stream))
        }
        let event: HubEvent = await withCheckedContinuation { done in
            hub.submit(kind, admission: .refuse, reply: { event in done.resume(returning: event) })
        }
        Self.observe(event, metrics: metrics, since: started, turn: isTurn)
        let body = ProtocolV1.encode(event, id: id)
        switch event {
        case let .failure(_, f):
            var headers: HTTPFields = [:]
            if f.code == "too_many_sessions" || f.code == "overloaded" { headers[.retryAfter] = "1" }
            return Self.response(APIError.status(for: f.code), body, headers: headers)
        case let .reply(session, _, _, _) where created:
            return Self.response(.created, body, headers: [.location: "/v1/sessions/\(session)"])
        default:
            return Self.response(.ok, body)
        }
    }

    static func observe(_ event: HubEvent, metrics: Metrics, since: ContinuousClock.Instant, turn: Bool) {
        guard case let .reply(_, _, reply, leadError) = event else { return }
        if turn {
            metrics.turns.increment()
            metrics.replyLatency.record(ContinuousClock.now - since)
        }
        _ = (reply, leadError) // leads are counted by the sink (Metrics.CountingLeads)
    }

    static func event(_ name: String, _ body: JSON) -> ByteBuffer {
        var bytes = Array("event: \(name)\ndata: ".utf8)
        body.write(into: &bytes)
        bytes += Array("\n\n".utf8)
        return ByteBuffer(bytes: bytes)
    }
}
