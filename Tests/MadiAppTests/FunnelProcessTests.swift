import Foundation
import MadiCore
import MadiJSON
import MadiStore
import MadiTestSupport
import Testing
@testable import MadiApp

/// Waits for a condition (checked every few milliseconds) until `timeout`.
func eventually(_ timeout: Double = 20, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}

let webhookSecret = "whsec_5ecret-never-shown"

func validSignature(_ r: FakeLLMServer.Request) -> Bool {
    r.headers["x-madi-signature"] == MadiDeliverySignature.sign(Array(r.body.utf8), webhookSecret)
}

/// One conversation to a saved lead, as JSON-lines requests.
func leadConversation(_ session: String, _ email: String) -> [String] {
    [request([("id", .number(1)), ("type", .string("start")), ("session", .string(session))]),
     request([("id", .number(2)), ("type", .string("say")), ("session", .string(session)), ("text", .string("voir directement les formations"))]),
     request([("id", .number(3)), ("type", .string("say")), ("session", .string(session)), ("text", .string("starter"))]),
     request([("id", .number(4)), ("type", .string("say")), ("session", .string(session)), ("text", .string(email))]),
     request([("id", .number(5)), ("type", .string("say")), ("session", .string(session)), ("text", .string("oui"))])]
}

@Suite("Funnel and CRM through madi jsonl", .serialized)
struct FunnelProcessTests {
    @Test func aSavedLeadReachesTheCRMSignedAndTheFunnelIsRecorded() throws {
        let crm = try FakeLLMServer([FakeLLMServer.status(500),
                                     .reply(status: 200, contentType: "application/json", body: Array("{}".utf8))])
        let db = Paths.temp("leads.sqlite")
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db, "--webhook-url", crm.url + "/hook?token=abc",
                          "--log-level", "info"], environment: ["MADI_WEBHOOK_SECRET": webhookSecret])
        for line in leadConversation("a", "lucas.martin@gmail.com") { m.send(line) }
        var replies: [JSON] = []
        for _ in 0..<5 { if let j = m.json() { replies.append(j) } }
        #expect(replies.last?["lead"] == .string("saved"))
        // Retried after the 500 (about a second of backoff), with the same key, signed.
        #expect(eventually { crm.requests.count >= 2 })
        let got = crm.requests
        #expect(got.allSatisfy(validSignature))
        #expect(Set(got.compactMap { $0.headers["idempotency-key"] }).count == 1)
        #expect(got.last?.body.contains("lucas.martin@gmail.com") == true)
        let served = m.finish()
        #expect(served.status == 0)
        // stdout: protocol lines only; the secret and the URL's token nowhere.
        for line in served.lines { #expect((try? JSON.parse(Array(line.utf8))) != nil, "not a protocol line: \(line)") }
        #expect(!served.stdout.contains(webhookSecret) && !served.stderr.contains(webhookSecret))
        #expect(!served.stderr.contains("token=abc"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db)) + ((try? Data(contentsOf: URL(fileURLWithPath: db + "-wal"))) ?? Data())
        #expect(bytes.range(of: Data(webhookSecret.utf8)) == nil)

        let store = LeadStore(path: db)
        let leads = try store.list()
        #expect(leads.count == 1)
        #expect(try store.delivery(leadId: leads[0].id)?.state == .delivered)
        let names = try store.events().map(\.name)
        for n in ["session_started", "catalogue_shown", "course_chosen", "preregistration_started", "email_given",
                  "consent_given", "lead_saved", "session_ended"] {
            #expect(names.contains(n), "no \(n) in \(names)")
        }
        let events = try store.events()
        #expect(Set(events.compactMap { $0["session_id"]?.string }).count == 1)
        let raw = String(decoding: try JSONEncoder().encode(events), as: UTF8.self)
        #expect(!raw.contains("lucas"))

        // The stats command reads them.
        let stats = try run(["stats", "--leads-db", db, "--format", "json"])
        #expect(stats.status == 0)
        let report = try JSONDecoder().decode(StatsReportShape.self, from: Data(stats.stdout.utf8))
        #expect(report.conversations == 1)
        #expect(report.funnel.last?.count == 1)
        let deliveries = try run(["leads", "deliveries", "--leads-db", db])
        #expect(deliveries.stdout.contains("delivered"))
    }

    /// A question kept without a lead (the prospect refused) keeps no phone number.
    @Test func aKeptQuestionKeepsNoContactWithoutALead() throws {
        let db = Paths.temp("leads.sqlite")
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db])
        let said = ["voir directement les formations", "starter", "vous pouvez m'appeler plutôt ? 06 12 34 56 78", "non merci"]
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("p"))]))
        for (i, text) in said.enumerated() {
            m.send(request([("id", .number(Double(i + 2))), ("type", .string("say")), ("session", .string("p")), ("text", .string(text))]))
        }
        for _ in 0...said.count { _ = m.json() }
        #expect(m.finish().status == 0)
        let store = LeadStore(path: db)
        #expect(try store.list().isEmpty)
        let questions = try store.questions().map(\.text)
        #expect(questions.contains { $0.contains("[phone]") }, "\(questions)")
        #expect(!questions.contains { $0.contains("56 78") })
    }

    @Test func everyLeadSavedBeforeASIGKILLIsDeliveredAtLeastOnce() throws {
        // The CRM answers slowly, so that sends are in flight when madi is killed.
        let crm = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: Array("{}".utf8), delay: 0.15)])
        let db = Paths.temp("leads.sqlite")
        let args = ["--leads-db", db, "--webhook-url", crm.url, "--webhook-timeout", "1"]
        let env = ["MADI_WEBHOOK_SECRET": webhookSecret]
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues] + args, environment: env)
        let total = 40
        for i in 0..<total { for line in leadConversation("s\(i)", "prospect\(i)@orange.fr") { m.send(line) } }
        // Killed once some leads are confirmed and some sent, mid-stream.
        var saved = 0
        while saved < 15, let j = m.json(timeout: 20) { if j["lead"] == .string("saved") { saved += 1 } }
        #expect(saved == 15)
        #expect(eventually { crm.requests.count >= 1 })
        m.kill(SIGKILL)
        _ = m.finish(timeout: 10)
        let store = LeadStore(path: db)
        let leads = try store.list()
        #expect(leads.count >= 15) // every confirmed lead is stored
        let before = crm.requests.count
        // A one-off run sends what the killed process had not (leases of sends cut short run out).
        let deliver = try run(["deliver", "--wait"] + args, environment: env)
        #expect(deliver.status == 0, "\(deliver.stdout)\(deliver.stderr)")
        let received = Set(crm.requests.filter(validSignature).compactMap { $0.headers["idempotency-key"] })
        for l in leads { #expect(received.contains(l.id), "lead \(l.id) never delivered") }
        #expect(try store.deliveries().allSatisfy { $0.state == .delivered })
        #expect(crm.requests.count >= leads.count)
        #expect(crm.requests.count > before || before >= leads.count)
    }

    @Test func deadLettersAreListedAndSentAgain() throws {
        let crm = try FakeLLMServer([FakeLLMServer.status(422), .reply(status: 200, contentType: "application/json", body: [])])
        let db = Paths.temp("leads.sqlite")
        let store = LeadStore(path: db)
        var d = LeadDraft(email: "ana@orange.fr", emailASCII: nil, firstName: nil, course: "starter", recommendedCourse: "starter",
                          answers: [], language: "fr", source: "t", company: nil, teamSize: nil, kind: "preregistration", consentVersion: "v1")
        d.questions = []
        let id = try store.save(d).get()
        let first = try run(["deliver", "--leads-db", db, "--webhook-url", crm.url])
        #expect(first.status == 1)
        #expect(first.stdout.contains("1 dead"))
        let failed = try run(["leads", "deliveries", "--failed", "--leads-db", db])
        #expect(failed.stdout.contains(String(id.prefix(8))))
        #expect(failed.stdout.contains("HTTP 422"))
        #expect(first.stderr.contains("MADI_WEBHOOK_SECRET is not set"))
        let again = try run(["deliver", "--retry-failed", "--leads-db", db, "--webhook-url", crm.url])
        #expect(again.status == 0)
        #expect(try store.delivery(leadId: id)?.state == .delivered)
        #expect(try run(["leads", "deliveries", "--failed", "--leads-db", db]).lines.count == 1) // the header only
    }
}

/// The JSON report's shape, as a consumer reads it.
struct StatsReportShape: Decodable {
    struct Stage: Decodable { var stage: String; var count: Int }
    var conversations: Int
    var funnel: [Stage]
}

enum MadiDeliverySignature {
    /// HMAC-SHA256, computed by openssl: a check independent of the code under test.
    static func sign(_ body: [UInt8], _ secret: String) -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        p.arguments = ["dgst", "-sha256", "-hmac", secret, "-hex"]
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        try? p.run()
        input.fileHandleForWriting.write(Data(body))
        try? input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        return "sha256=" + (out.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "")
    }
}
