import Foundation
import MadiCore
import MadiJSON

/// The endpoint and how to talk to it. `description` never shows the key.
public struct LLMConfig: Sendable, CustomStringConvertible {
    /// e.g. https://api.openai.com/v1, http://localhost:11434/v1 (Ollama), http://localhost:8080/v1 (llama.cpp)
    public var baseURL: String
    public var model: String
    var apiKey: String?
    public var temperature: Double = 0.3
    public var maxTokens: Int = 300
    public var connectTimeout: Double = 3
    /// The deadline of one call: every attempt and every wait between attempts included.
    public var totalTimeout: Double = 20
    /// Longest silence: after the request is sent and before the reply begins, or between two
    /// chunks of a reply.
    public var idleTimeout: Double = 8
    /// Attempts per call, the first included. Only a request that did not reach the endpoint
    /// (no connection), a 429 or a 5xx is tried again.
    public var maxAttempts: Int = 3
    public var backoffBase: Double = 0.3
    public var maxResponseBytes: Int = 1 << 20
    public var maxAnswerChars: Int = 600
    public var poolSize: Int = 8
    public var breakerThreshold: Int = 3
    public var breakerCooldown: Double = 30

    public init(baseURL: String, model: String, apiKey: String?) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.model = model
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var hasKey: Bool { apiKey != nil }

    public var description: String {
        "\(baseURL) model \(model)\(apiKey == nil ? "" : " (API key set)")"
    }

    /// From the environment: MADI_LLM_API_KEY, else OPENAI_API_KEY.
    public static func apiKey(from environment: [String: String]) -> String? {
        for name in ["MADI_LLM_API_KEY", "OPENAI_API_KEY"] {
            if let v = environment[name], !v.isEmpty { return v }
        }
        return nil
    }

    /// Removes the key from any text before it is logged or shown.
    func redact(_ text: String) -> String {
        guard let apiKey, apiKey.count >= 4 else { return text }
        return text.replacingOccurrences(of: apiKey, with: "[redacted]")
    }
}

/// After `threshold` failures in a row, calls are skipped for `cooldown` seconds; then one call
/// is let through to test the endpoint again.
public final class CircuitBreaker: @unchecked Sendable {
    private let lock = NSLock()
    private let threshold: Int
    public let cooldown: Double
    private let now: @Sendable () -> Double
    private var failures = 0
    private var openUntil: Double = 0

    public init(threshold: Int, cooldown: Double, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.threshold = max(1, threshold)
        self.cooldown = cooldown
        self.now = now
    }

    public func allow() -> Bool {
        lock.lock(); defer { lock.unlock() }
        return now() >= openUntil
    }

    /// True when this failure opened the circuit.
    @discardableResult
    public func record(success: Bool) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if success { failures = 0; openUntil = 0; return false }
        failures += 1
        if failures >= threshold {
            failures = 0
            openUntil = now() + cooldown
            return true
        }
        return false
    }

    public var isOpen: Bool { !allow() }
}

/// Server-sent events as OpenAI-compatible servers stream them: `data:` lines, an empty line
/// ends an event, `data: [DONE]` ends the stream. Bytes may split anywhere, even inside a
/// multi-byte character: lines are decoded only once complete.
public struct SSEParser {
    private var pending: [UInt8] = []
    private var data: [String] = []
    public private(set) var done = false

    public init() {}

    /// Feeds bytes; returns the data of each completed event.
    public mutating func feed(_ bytes: [UInt8]) -> [String] {
        var events: [String] = []
        pending.append(contentsOf: bytes)
        var start = 0
        while let nl = pending[start...].firstIndex(of: 0x0A) {
            var line = Array(pending[start..<nl])
            start = nl + 1
            if line.last == 0x0D { line.removeLast() }
            if line.isEmpty {
                if !data.isEmpty { events.append(data.joined(separator: "\n")); data = [] }
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix(":") { continue } // a comment, often a keep-alive
            if text.hasPrefix("data:") {
                var value = text.dropFirst(5)
                if value.first == " " { value = value.dropFirst() }
                if value == "[DONE]" { done = true; continue }
                data.append(String(value))
            }
        }
        pending.removeFirst(start)
        return events
    }

    /// At the end of the stream: the last event when it had no closing empty line.
    public mutating func finish() -> [String] {
        var events = feed([0x0A])
        if !data.isEmpty { events.append(data.joined(separator: "\n")); data = [] }
        return events
    }
}

public struct ChatMessage: Sendable {
    public var role: String
    public var content: String
    public init(role: String, content: String) {
        self.role = role
        self.content = content
    }
}

/// An OpenAI-compatible `POST {base}/chat/completions` client on libcurl: plain and streamed
/// replies, bounded retries with exponential backoff and jitter honouring Retry-After.
public final class ChatClient: @unchecked Sendable {
    public let config: LLMConfig
    let pool: CurlPool
    let log: @Sendable (String) -> Void
    let sleep: @Sendable (Double) -> Void
    let random: @Sendable () -> Double

    public init(config: LLMConfig, log: @escaping @Sendable (String) -> Void = { _ in },
                sleep: @escaping @Sendable (Double) -> Void = { usleep(UInt32(max(0, $0) * 1_000_000)) },
                random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.config = config
        pool = CurlPool(size: config.poolSize)
        self.log = log
        self.sleep = sleep
        self.random = random
    }

    func requestBody(_ messages: [ChatMessage], stream: Bool, temperature: Double?, maxTokens: Int?) -> [UInt8] {
        let json = JSON.object([
            ("model", .string(config.model)),
            ("messages", .array(messages.map { .object([("role", .string($0.role)), ("content", .string($0.content))]) })),
            ("temperature", .number(temperature ?? config.temperature)),
            ("max_tokens", .number(Double(maxTokens ?? config.maxTokens))),
            ("stream", .bool(stream)),
        ])
        return Array(json.serialized.utf8)
    }

    var headers: [String] {
        var h = ["Content-Type: application/json", "Expect:"]
        if let key = config.apiKey { h.append("Authorization: Bearer \(key)") }
        return h
    }

    /// The assistant's reply. With `onDelta`, the reply is streamed and each piece passed on as
    /// it arrives; `onDelta` returns false to stop reading (enough text).
    public func complete(_ messages: [ChatMessage], temperature: Double? = nil, maxTokens: Int? = nil,
                         cancel: CancelFlag? = nil, onDelta: ((String) -> Bool)? = nil) -> Result<String, LLMError> {
        let deadline = Date().addingTimeInterval(config.totalTimeout)
        let body = requestBody(messages, stream: onDelta != nil, temperature: temperature, maxTokens: maxTokens)
        var attempt = 0
        while true {
            attempt += 1
            var streamed = false
            let remaining = deadline.timeIntervalSinceNow
            let (result, retryAfter) = once(body: body, cancel: cancel, remaining: remaining,
                                            onDelta: onDelta.map { f in { streamed = true; return f($0) } })
            switch result {
            case .success: return result
            case let .failure(error):
                // A reply already shown in part is not asked again; nor is a request the endpoint
                // may have received and not answered (it may be working on it, and bill it).
                guard error.retryable, !streamed, attempt < max(1, config.maxAttempts), cancel?.isCancelled != true else {
                    return attempt > 1 && error.retryable ? .failure(.budgetExhausted(error.description)) : .failure(error)
                }
                let backoff = config.backoffBase * pow(2, Double(attempt - 1))
                var wait = backoff * (0.5 + random() / 2) // jitter
                if let retryAfter { wait = max(wait, retryAfter) }
                // Another attempt needs time to connect and be answered before the deadline.
                guard deadline.timeIntervalSinceNow - wait > min(1, config.totalTimeout / 4) else {
                    return .failure(.budgetExhausted(error.description))
                }
                log("LLM call failed (\(error)); retry \(attempt) in \(String(format: "%.2f", wait)) s")
                sleep(wait)
            }
        }
    }

    /// One attempt; on an HTTP error, the Retry-After it gave (seconds or an HTTP date).
    private func once(body: [UInt8], cancel: CancelFlag?, remaining: Double, onDelta: ((String) -> Bool)?) -> (Result<String, LLMError>, Double?) {
        let url = config.baseURL + "/chat/completions"
        guard remaining > 0.01 else { return (.failure(.timeout(config.totalTimeout)), nil) }
        let timeouts = Timeouts(connect: min(config.connectTimeout, remaining), total: remaining, idle: config.idleTimeout,
                                deadline: config.totalTimeout)
        var parser = SSEParser()
        var text = ""
        var streamError: LLMError?
        var finished = false
        var stoppedEarly = false
        var handler: (([UInt8]) -> Bool)?
        if let onDelta {
            handler = { bytes in
                for event in parser.feed(bytes) {
                    if Self.finishReason(event) != nil { finished = true }
                    guard let piece = Self.deltaContent(event) else {
                        if event.contains("\"error\"") { streamError = .badResponse("the stream reported an error"); return false }
                        continue
                    }
                    if piece.isEmpty { continue }
                    text += piece
                    if !onDelta(piece) { stoppedEarly = true; return false }
                }
                return !parser.done
            }
        }
        let result = Curl.post(pool: pool, url: url, headers: headers, body: body, timeouts: timeouts,
                               maxBytes: config.maxResponseBytes, cancel: cancel, onData: handler)
        switch result {
        case let .failure(e):
            return (.failure(e), nil)
        case let .success(response):
            guard (200...299).contains(response.status) else {
                return (.failure(.http(response.status, Self.errorMessage(response.body))),
                        response.headers["retry-after"].flatMap(Self.parseRetryAfter))
            }
            let type = response.headers["content-type"]?.lowercased() ?? ""
            if let onDelta {
                guard type.hasPrefix("text/event-stream") else { return (.failure(.wrongContentType(type)), nil) }
                for event in parser.finish() {
                    if Self.finishReason(event) != nil { finished = true }
                    if let piece = Self.deltaContent(event), !piece.isEmpty { text += piece; _ = onDelta(piece) }
                }
                if let streamError { return (.failure(streamError), nil) }
                // A stream ends with [DONE] (or a finish_reason); anything else was cut short.
                guard parser.done || finished || stoppedEarly else {
                    return (.failure(.badResponse("the stream ended before it was complete")), nil)
                }
                return (.success(text), nil)
            }
            guard type.contains("json") else { return (.failure(.wrongContentType(type)), nil) }
            guard let json = try? JSON.parse(response.body) else { return (.failure(.badResponse("not JSON")), nil) }
            guard case let .array(choices)? = json["choices"], let first = choices.first,
                  let content = first["message"]?["content"]?.string else {
                return (.failure(.badResponse("no choices[0].message.content")), nil)
            }
            return (.success(content), nil)
        }
    }

    static func finishReason(_ event: String) -> String? {
        guard let json = try? JSON.parse(Array(event.utf8)), case let .array(choices)? = json["choices"] else { return nil }
        return choices.first?["finish_reason"]?.string
    }

    static func deltaContent(_ event: String) -> String? {
        guard let json = try? JSON.parse(Array(event.utf8)), case let .array(choices)? = json["choices"] else { return nil }
        return choices.first?["delta"]?["content"]?.string ?? ""
    }

    static func errorMessage(_ body: [UInt8]) -> String {
        guard let json = try? JSON.parse(Array(body.prefix(4096))) else { return "" }
        return Sanitize.line(String((json["error"]?["message"]?.string ?? json["error"]?.string ?? "").prefix(200)))
    }

    static func parseRetryAfter(_ value: String) -> Double? {
        if let s = Double(value.trimmingCharacters(in: .whitespaces)) { return max(0, s) }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        if let d = f.date(from: value) { return max(0, d.timeIntervalSinceNow) }
        return nil
    }
}
