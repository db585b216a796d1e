import Foundation
import MadiCore
import MadiStore
import MadiTestSupport
import Testing
@testable import MadiDelivery

func tempPath() -> String {
    TestTemp.directory("madi-delivery").appendingPathComponent("leads.sqlite").path
}

func draft(_ email: String = "ana@orange.fr", course: String = "starter") -> LeadDraft {
    LeadDraft(email: email, emailASCII: email, firstName: "Ana", course: course, recommendedCourse: course,
              answers: [LeadAnswer(step: "goal", value: "foundations", label: "Comprendre l'IA")], language: "fr",
              source: "test", company: nil, teamSize: nil, kind: "preregistration", consentVersion: "v1",
              questions: ["y a-t-il un parking ?"])
}

/// Waits for a condition (checked every few milliseconds) until `timeout`.
func eventually(_ timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(5_000)
    }
    return try condition()
}

let secret = "whsec_test"

func fast(_ url: String, attempts: Int = 5) -> WebhookConfig {
    var c = WebhookConfig(url: url, secret: secret)
    c.maxAttempts = attempts
    c.baseDelay = 0.01
    c.maxDelay = 0.05
    c.timeout = 2
    c.connectTimeout = 1
    return c
}

/// The receiver's checks: a known signature for every body.
func signed(_ r: FakeLLMServer.Request) -> Bool {
    r.headers["x-madi-signature"] == WebhookPayload.signature(body: Array(r.body.utf8), secret: secret)
}

@Suite("Webhook delivery")
struct DeliveryTests {
    @Test func theSignatureIsHMACSHA256OverTheBody() {
        #expect(WebhookPayload.signature(body: Array("The quick brown fox jumps over the lazy dog".utf8), secret: "key")
            == "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8")
        #expect(WebhookPayload.signature(body: Array(#"{"version":1}"#.utf8), secret: "whsec_test")
            == "sha256=ae6248941ee5c3c35337566d1fae2bde7eef9cbc8c4d0fa9dbac142b7941b345")
    }

    @Test func thePayloadCarriesTheLeadAndItsVersion() throws {
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let lead = try #require(try store.lead(id: id))
        let body = WebhookPayload.body(lead, revision: 2)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        #expect(json["version"] as? Int == 1)
        #expect(json["type"] as? String == "lead.saved")
        let l = try #require(json["lead"] as? [String: Any])
        #expect(l["id"] as? String == id)
        #expect(l["revision"] as? Int == 2)
        #expect(l["email"] as? String == "ana@orange.fr")
        #expect(l["course"] as? String == "starter")
        #expect((l["consent"] as? [String: Any])?["version"] as? String == "v1")
        #expect((l["answers"] as? [[String: Any]])?.first?["value"] as? String == "foundations")
        #expect(l["questions"] as? [String] == ["y a-t-il un parking ?"])
        let headers = WebhookPayload.headers(lead: lead, revision: 2, attempt: 1, body: body, secret: secret)
        #expect(headers.contains("Idempotency-Key: \(id)"))
        #expect(!headers.joined().contains(secret))
    }

    @Test func failuresAreRetriedWithTheSameKeyUntilTheCRMTakesTheLead() throws {
        let crm = try FakeLLMServer([.hangUp, FakeLLMServer.status(500), FakeLLMServer.status(429, retryAfter: "0"),
                                     .reply(status: 200, contentType: "application/json", body: Array("{}".utf8))])
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let sender = WebhookSender(store: store, config: fast(crm.url + "/leads"))
        sender.start()
        defer { sender.stop() }
        #expect(eventually { (try? store.delivery(leadId: id))??.state == .delivered })
        let got = crm.requests
        #expect(got.count == 4)
        #expect(got.allSatisfy { $0.method == "POST" && $0.path == "/v1/leads" })
        #expect(Set(got.map { $0.headers["idempotency-key"] }) == [id])
        #expect(got.map { $0.headers["x-madi-delivery-attempt"] } == ["1", "2", "3", "4"])
        #expect(got.allSatisfy(signed))
        let d = try #require(try store.delivery(leadId: id))
        #expect(d.attempts == 4)
        #expect(d.lastStatus == 200)
    }

    @Test func aStalledCRMEndsTheTryAtItsDeadline() throws {
        let crm = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: [], delay: 5),
                                     .reply(status: 204, contentType: "application/json", body: [])])
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        var config = fast(crm.url)
        config.timeout = 0.5
        let sender = WebhookSender(store: store, config: config)
        let start = Date()
        // (One try: with a retry delay of milliseconds, a loaded machine could make the next one
        // due within the same run.)
        sender.runOnce(limit: 1)
        #expect(Date().timeIntervalSince(start) < 3)
        let d = try #require(try store.delivery(leadId: id))
        #expect(d.state == .pending)
        #expect(d.attempts == 1)
        #expect(d.lastError?.contains("no reply") == true || d.lastError?.contains("deadline") == true)
        #expect(eventually { sender.runOnce(); return (try? store.delivery(leadId: id))??.state == .delivered })
    }

    @Test func aRefusalIsADeadLetterAtOnceAndCanBeSentAgain() throws {
        let crm = try FakeLLMServer([FakeLLMServer.status(401), .reply(status: 200, contentType: "application/json", body: [])])
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let sender = WebhookSender(store: store, config: fast(crm.url))
        sender.runOnce()
        #expect(try store.deliveries(failedOnly: true).map(\.leadId) == [id])
        #expect(try store.delivery(leadId: id)?.lastError == "HTTP 401")
        #expect(try store.retryDead() == 1)
        sender.runOnce()
        #expect(try store.delivery(leadId: id)?.state == .delivered)
        #expect(crm.requests.count == 2)
    }

    @Test func afterTheLastTryTheDeliveryIsADeadLetter() throws {
        let crm = try FakeLLMServer([FakeLLMServer.status(503)])
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let sender = WebhookSender(store: store, config: fast(crm.url, attempts: 3))
        #expect(eventually { sender.runOnce(); return (try? store.delivery(leadId: id))??.state == .dead })
        #expect(crm.requests.count == 3)
        #expect(try store.delivery(leadId: id)?.attempts == 3)
    }

    @Test func anUnreachableCRMIsRetried() throws {
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let sender = WebhookSender(store: store, config: fast("http://127.0.0.1:\(FakeLLMServer.closedPort())/"))
        sender.runOnce(limit: 1) // (one try: the next is due within milliseconds)
        let d = try #require(try store.delivery(leadId: id))
        #expect(d.state == .pending)
        #expect(d.lastStatus == nil)
        #expect(d.lastError?.contains("connection") == true)
    }

    @Test func retryAfterIsHonoured() throws {
        let crm = try FakeLLMServer([FakeLLMServer.status(429, retryAfter: "120")])
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        WebhookSender(store: store, config: fast(crm.url)).runOnce()
        let d = try #require(try store.delivery(leadId: id))
        let next = try #require(LeadStore.parseTimestamp(d.nextAt))
        #expect(next.timeIntervalSinceNow > 100)
        #expect(next.timeIntervalSinceNow <= 121)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(WebhookSender.parseRetryAfter("7", now: now) == 7)
        #expect(WebhookSender.parseRetryAfter("Fri, 15 Jan 2027 08:00:30 GMT", now: Date(timeIntervalSince1970: 1_800_000_000)) != nil)
        #expect(WebhookSender.parseRetryAfter("soon", now: now) == nil)
    }

    @Test func backoffDoublesWithinItsCapAndJitter() {
        var c = WebhookConfig(url: "http://x", secret: nil)
        c.baseDelay = 2
        c.maxDelay = 60
        let low = WebhookSender(store: LeadStore(path: tempPath()), config: c, random: { 0 })
        let high = WebhookSender(store: LeadStore(path: tempPath()), config: c, random: { 0.999999 })
        #expect(low.backoff(afterAttempts: 1) == 1)
        #expect(abs(high.backoff(afterAttempts: 1) - 2) < 0.001)
        #expect(low.backoff(afterAttempts: 3) == 4)
        #expect(abs(high.backoff(afterAttempts: 20) - 60) < 0.001)
        #expect(WebhookSender.outcome(status: 404, retryAfter: nil) == .refused(status: 404, error: "HTTP 404"))
        #expect(WebhookSender.outcome(status: 408, retryAfter: nil) == .retry(status: 408, error: "HTTP 408", after: nil))
    }

    @Test func theSenderNeverHoldsASave() throws {
        // The CRM stalls every try: saves still return at once.
        let crm = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: [], delay: 3)])
        let store = LeadStore(path: tempPath())
        _ = try store.save(draft("first@orange.fr")).get()
        let sender = WebhookSender(store: store, config: fast(crm.url))
        sender.start()
        defer { sender.stop() }
        #expect(eventually { crm.requests.count == 1 })
        let start = Date()
        for i in 0..<20 { _ = try store.save(draft("p\(i)@orange.fr")).get() }
        #expect(Date().timeIntervalSince(start) < 1.5)
    }
}
