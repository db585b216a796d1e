import Crypto
import Foundation
import MadiCore
import MadiJSON
import MadiStore

/// The JSON a CRM receives for a lead (docs/WEBHOOK.md). `version` changes only when a field is
/// removed or changes meaning; new fields may appear in the same version.
public enum WebhookPayload {
    public static let version = 1

    public static func body(_ lead: StoredLead, revision: Int) -> [UInt8] {
        var l: [(String, JSON)] = [
            ("id", .string(lead.id)),
            ("revision", .number(Double(revision))),
            ("created_at", .string(lead.createdAt)),
            ("updated_at", .string(lead.updatedAt)),
            ("kind", .string(lead.kind)),
            ("email", .string(lead.email)),
            ("email_ascii", lead.emailAscii.map(JSON.string) ?? .null),
            ("first_name", lead.firstName.map(JSON.string) ?? .null),
            ("course", .string(lead.course)),
            ("recommended_course", lead.recommendedCourse.map(JSON.string) ?? .null),
            ("company", lead.company.map(JSON.string) ?? .null),
            ("team_size", lead.teamSize.map { JSON.number(Double($0)) } ?? .null),
            ("language", .string(lead.language)),
            ("source", .string(lead.source)),
            ("consent", .object([("version", .string(lead.consentVersion)), ("at", .string(lead.consentedAt)),
                                 ("withdrawn_at", lead.withdrawnAt.map(JSON.string) ?? .null),
                                 ("erasure_requested_at", lead.erasureRequestedAt.map(JSON.string) ?? .null)])),
        ]
        l.append(("answers", .array(lead.decodedAnswers.map {
            .object([("step", .string($0.step)), ("value", .string($0.value)), ("label", .string($0.label))])
        })))
        l.append(("questions", .array(lead.decodedQuestions.map(JSON.string))))
        let json = JSON.object([("version", .number(Double(version))), ("type", .string("lead.saved")), ("lead", .object(l))])
        var out: [UInt8] = []
        json.write(into: &out)
        return out
    }

    /// `sha256=` and the lowercase hex HMAC-SHA256 of the body under the secret.
    public static func signature(body: [UInt8], secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: body, using: SymmetricKey(data: Array(secret.utf8)))
        return "sha256=" + mac.map { String(format: "%02x", $0) }.joined()
    }

    /// The request's headers. The secret itself is never sent, only the signature.
    public static func headers(lead: StoredLead, revision: Int, attempt: Int, body: [UInt8], secret: String?) -> [String] {
        var h = [
            "Content-Type: application/json",
            "User-Agent: madi/\(MadiCoreVersion.value)",
            "Idempotency-Key: \(lead.id)",
            "X-Madi-Lead-Revision: \(revision)",
            "X-Madi-Delivery-Attempt: \(attempt)",
            "X-Madi-Payload-Version: \(version)",
        ]
        if let secret, !secret.isEmpty { h.append("X-Madi-Signature: " + signature(body: body, secret: secret)) }
        return h
    }
}

/// Where and how to deliver.
public struct WebhookConfig: Sendable {
    public var url: String
    /// From MADI_WEBHOOK_SECRET; never printed, logged or stored.
    public var secret: String?
    /// Tries before a delivery becomes a dead letter.
    public var maxAttempts = 10
    /// The first retry's delay (seconds); doubled at each try, up to `maxDelay`, with jitter.
    public var baseDelay = 2.0
    public var maxDelay = 3600.0
    /// The longest Retry-After honoured (seconds).
    public var maxRetryAfter = 3600.0
    public var connectTimeout = 5.0
    /// A whole try's deadline (seconds).
    public var timeout = 15.0
    /// How often pending deliveries are looked for even without a wake-up (leads saved by another
    /// process on the same database, say).
    public var poll = 30.0

    public init(url: String, secret: String?) {
        self.url = url
        self.secret = secret
    }

    /// The URL as it may be shown: scheme, host and port only (a path or query may hold a token).
    public var shownURL: String {
        guard let c = URLComponents(string: url), let host = c.host else { return "the webhook" }
        return "\(c.scheme ?? "http")://\(host)" + (c.port.map { ":\($0)" } ?? "")
    }
}

/// What one try came to.
public enum TryOutcome: Equatable, Sendable {
    case delivered(status: Int)
    /// Try again after `after` seconds, if any tries are left.
    case retry(status: Int?, error: String, after: Double?)
    /// Not worth trying again (a 4xx other than 408, 409, 425 and 429).
    case refused(status: Int, error: String)
}

/// Sends the outbox's due deliveries: at least once, each with the lead's id as its idempotency
/// key; exponential backoff with jitter, Retry-After honoured, a dead letter after
/// `maxAttempts`. Runs on its own thread: a conversation never waits for it.
public final class WebhookSender: @unchecked Sendable {
    public typealias Transport = @Sendable (_ url: String, _ headers: [String], _ body: [UInt8], _ config: WebhookConfig) -> TryOutcome

    let store: LeadStore
    let config: WebhookConfig
    let transport: Transport
    let log: @Sendable (String) -> Void
    let random: @Sendable () -> Double
    private let cond = NSCondition()
    private var woken = false
    private var stopped = false
    private var running = false
    private var stats = (delivered: 0, failed: 0, dead: 0)

    public init(store: LeadStore, config: WebhookConfig, transport: @escaping Transport = WebhookSender.curl,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.config = config
        self.transport = transport
        self.random = random
        self.log = log
    }

    /// The real transport: libcurl (the project's HTTP client).
    public static let curl: Transport = { url, headers, body, config in
        switch HTTPPostBridge.send(url: url, headers: headers, body: body, connectTimeout: config.connectTimeout, timeout: config.timeout) {
        case let .success(r): return outcome(status: r.status, retryAfter: r.headers["retry-after"])
        case let .failure(e): return .retry(status: nil, error: e.message, after: nil)
        }
    }

    /// How a status reads: 2xx delivered; 408, 409, 425, 429 and 5xx (and anything else not
    /// understood) worth another try; other 4xx refused.
    public static func outcome(status: Int, retryAfter: String?, now: Date = Date()) -> TryOutcome {
        if (200...299).contains(status) { return .delivered(status: status) }
        if (400...499).contains(status), ![408, 409, 425, 429].contains(status) {
            return .refused(status: status, error: "HTTP \(status)")
        }
        return .retry(status: status, error: "HTTP \(status)", after: retryAfter.flatMap { parseRetryAfter($0, now: now) })
    }

    /// Retry-After as seconds ("120") or an HTTP date; nil when unreadable.
    public static func parseRetryAfter(_ value: String, now: Date = Date()) -> Double? {
        let v = value.trimmingCharacters(in: .whitespaces)
        if let s = Double(v), s >= 0, s.isFinite { return s }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        if let d = f.date(from: v) { return max(0, d.timeIntervalSince(now)) }
        return nil
    }

    /// The wait before try `attempt + 1` after `attempt` failed tries: base × 2^(attempt−1),
    /// capped, then a random half of it taken off (so that senders do not retry in step).
    public func backoff(afterAttempts attempt: Int) -> Double {
        let raw = min(config.maxDelay, config.baseDelay * pow(2, Double(max(0, attempt - 1))))
        return raw / 2 + raw / 2 * random()
    }

    /// Sends what is due now, until nothing is; the number of tries made.
    @discardableResult
    public func runOnce(limit: Int = .max) -> Int {
        var tries = 0
        while tries < limit {
            let due: [(Delivery, StoredLead)]
            do { due = try store.claimDue(limit: min(16, limit - tries), lease: config.timeout + 5) } catch {
                log("deliveries not read (\(error.code)): \(error.message)")
                return tries
            }
            if due.isEmpty { return tries }
            for (d, lead) in due {
                if isStopped { return tries }
                send(d, lead)
                tries += 1
            }
        }
        return tries
    }

    func send(_ d: Delivery, _ lead: StoredLead) {
        let attempt = d.attempts + 1
        let body = WebhookPayload.body(lead, revision: d.revision)
        let headers = WebhookPayload.headers(lead: lead, revision: d.revision, attempt: attempt, body: body, secret: config.secret)
        let outcome = transport(config.url, headers, body, config)
        do {
            switch outcome {
            case let .delivered(status):
                try store.markDelivered(d, status: status)
                count { $0.delivered += 1 }
                log("lead \(lead.id.prefix(8)) delivered to \(config.shownURL) (HTTP \(status), try \(attempt))")
            case let .refused(status, error):
                try store.markFailed(d, status: status, error: error, retryAt: nil)
                count { $0.dead += 1 }
                log("lead \(lead.id.prefix(8)) refused by \(config.shownURL) (\(error)): a dead letter; `madi deliver --retry-failed` sends it again")
            case let .retry(status, error, after):
                if attempt >= config.maxAttempts {
                    try store.markFailed(d, status: status, error: error, retryAt: nil)
                    count { $0.dead += 1 }
                    log("lead \(lead.id.prefix(8)) not delivered after \(attempt) tries (\(error)): a dead letter")
                } else {
                    let wait = after.map { min($0, config.maxRetryAfter) } ?? backoff(afterAttempts: attempt)
                    try store.markFailed(d, status: status, error: error, retryAt: Date().addingTimeInterval(wait))
                    count { $0.failed += 1 }
                    log("lead \(lead.id.prefix(8)): try \(attempt) failed (\(error)); next in \(String(format: "%.1f", wait)) s")
                }
            }
        } catch {
            // The lease runs out and the delivery is tried again: at least once.
            log("delivery state not stored (\(error.code)): \(error.message)")
        }
    }

    private func count(_ f: (inout (delivered: Int, failed: Int, dead: Int)) -> Void) {
        cond.lock(); f(&stats); cond.unlock()
    }

    /// Deliveries made, failed tries, dead letters, since the start.
    public var counts: (delivered: Int, failed: Int, dead: Int) { cond.lock(); defer { cond.unlock() }; return stats }

    private var isStopped: Bool { cond.lock(); defer { cond.unlock() }; return stopped }

    /// Sends in the background until `stop`: at once when woken (a lead saved), else when the
    /// next delivery falls due, else every `poll` seconds.
    public func start() {
        cond.lock()
        guard !running else { cond.unlock(); return }
        running = true
        cond.unlock()
        let t = Thread { [self] in loop() }
        t.name = "madi.webhook"
        t.start()
    }

    /// A lead was saved: look now.
    public func wake() {
        cond.lock()
        woken = true
        cond.signal()
        cond.unlock()
    }

    public func stop() {
        cond.lock()
        stopped = true
        cond.broadcast()
        cond.unlock()
    }

    private func loop() {
        while !isStopped {
            runOnce()
            var wait = config.poll
            if let next = try? store.nextDue() { wait = max(0.01, min(wait, next.timeIntervalSinceNow)) }
            cond.lock()
            let deadline = Date().addingTimeInterval(wait)
            while !woken, !stopped, cond.wait(until: deadline) {}
            woken = false
            cond.unlock()
        }
    }
}
