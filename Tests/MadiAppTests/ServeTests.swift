import Foundation
import MadiCore
import MadiJSON
import MadiStore
import MadiTestSupport
import Testing
@testable import MadiApp

/// `madi serve` on a loopback port, driven by curl.
final class Served: @unchecked Sendable {
    let m: Madi
    let base: String
    let db: String

    init(_ extra: [String] = [], db: String = Paths.temp("serve.sqlite"), environment: [String: String] = [:]) throws {
        self.db = db
        m = try Madi(["serve", "--dialogues", Paths.dialogues, "--leads-db", db, "--port", "0", "--log-level", "info"] + extra,
                     environment: environment)
        m.readOutput()
        guard let err = m.waitForStderr("serving HTTP on http://127.0.0.1:"),
              let r = err.range(of: #"(?<=serving HTTP on )http://127\.0\.0\.1:\d+"#, options: .regularExpression) else {
            throw ServeError.notListening(m.stderrSoFar)
        }
        base = String(err[r])
    }

    enum ServeError: Error { case notListening(String) }

    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
        var json: JSON? { try? JSON.parse(Array(body.utf8)) }
        var code: String? { json?["error"]?["code"]?.string }
    }

    /// One request through curl; the status, the headers (lower-cased names) and the body.
    func call(_ method: String, _ path: String, _ body: String? = nil, headers: [String] = []) throws -> Answer {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var args = ["-sS", "-N", "-D", "-", "-X", method, base + path, "--max-time", "30"]
        if let body {
            if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) { args += ["-H", "Content-Type: application/json"] }
            args += ["--data-binary", body]
        }
        for h in headers { args += ["-H", h] }
        p.arguments = args
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let head = text[..<split.lowerBound].split(separator: "\r\n")
        let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let c = line.firstIndex(of: ":") else { continue }
            fields[line[..<c].lowercased()] = line[line.index(after: c)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: fields, body: String(text[split.upperBound...]))
    }

    func say(_ sid: String, _ text: String) throws -> Answer {
        try call("POST", "/v1/sessions/\(sid)/messages", request([("type", .string("say")), ("text", .string(text))]))
    }

    func stop(_ sig: Int32 = SIGTERM) -> Run {
        m.kill(sig)
        return m.finish()
    }
}

@Suite("madi serve over HTTP", .serialized)
struct ServeTests {
    static let persona = ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible"]

    @Test func aConversationToASavedLeadOverHTTP() throws {
        let s = try Served()
        let hello = try s.call("GET", "/v1/hello")
        #expect(hello.status == 200)
        #expect(hello.json?["protocol"] == .number(1))
        let start = try s.call("POST", "/v1/sessions", #"{"id":"a1","language":"fr","context":{"source":"site"}}"#)
        #expect(start.status == 201)
        let sid = try #require(start.json?["session"]?.string)
        #expect(start.headers["location"] == "/v1/sessions/\(sid)")
        #expect(start.json?["id"]?.string == "a1")
        #expect(start.json?["step"]?.string == "welcome")
        var last: JSON?
        for text in Self.persona { last = try s.say(sid, text).json }
        #expect(last?["recommendation"]?["course"]?.string == "performer")
        let chosen = try s.call("POST", "/v1/sessions/\(sid)/messages", #"{"id":7,"type":"choose","option":"interested"}"#)
        #expect(chosen.json?["step"]?.string == "email")
        #expect(chosen.json?["id"] == .number(7))
        #expect(try s.say(sid, "lea@atelier.fr").json?["step"]?.string == "consent")
        let saved = try s.call("POST", "/v1/sessions/\(sid)/messages", #"{"type":"choose","option":"yes"}"#)
        #expect(saved.json?["lead"]?.string == "saved")
        let state = try s.call("GET", "/v1/sessions/\(sid)")
        #expect(state.status == 200)
        #expect(state.json?["messages"] == .array([]))
        #expect(state.json?["lead"]?.string == "saved")
        let ended = try s.call("DELETE", "/v1/sessions/\(sid)")
        #expect(ended.status == 200)
        #expect(ended.json?["type"]?.string == "ended")
        let gone = try s.call("GET", "/v1/sessions/\(sid)")
        #expect(gone.status == 404)
        #expect(gone.code == "unknown_session")
        let r = s.stop()
        #expect(r.status == 0, "\(r.stderr)")
        let stored = try LeadStore(path: s.db).list()
        #expect(stored.map(\.email) == ["lea@atelier.fr"])
        #expect(stored.first?.source == "site")
        // Access logs: one JSON line per request on stderr.
        let logs = r.stderr.split(separator: "\n").filter { $0.contains(#""msg":"request""#) }
        #expect(logs.count == 13)
        #expect(logs.allSatisfy { (try? JSON.parse(Array($0.utf8)))?["status"] != nil })
    }

    @Test func errorsCarryTheProtocolsCodesWithFittingStatuses() throws {
        let s = try Served(["--max-sessions", "1", "--max-body-bytes", "1024"])
        func expect(_ a: Serve.Answer, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(a.status == status, "\(a.body)", sourceLocation: sourceLocation)
            #expect(a.code == code, "\(a.body)", sourceLocation: sourceLocation)
        }
        expect(try s.call("GET", "/v1/sessions/ghost"), 404, "unknown_session")
        expect(try s.call("POST", "/v1/sessions/ghost/messages", #"{"type":"say","text":"hi"}"#), 404, "unknown_session")
        expect(try s.call("POST", "/v1/sessions", "not json"), 400, "bad_json")
        expect(try s.call("POST", "/v1/sessions", #"{"language":"de"}"#), 400, "bad_value")
        expect(try s.call("POST", "/v1/sessions", #"{"session":"bad id!"}"#), 400, "bad_value")
        expect(try s.call("POST", "/v1/sessions", #"{"v":2}"#), 400, "unsupported_version")
        expect(try s.call("POST", "/v1/sessions", String(repeating: " ", count: 2048) + "{}"), 413, "body_too_large")
        expect(try s.call("POST", "/v1/sessions", "{}", headers: ["Content-Type: text/plain"]), 415, "unsupported_media_type")
        expect(try s.call("GET", "/v1/nothing-here"), 404, "not_found")
        let first = try s.call("POST", "/v1/sessions", #"{"session":"x"}"#)
        #expect(first.status == 201)
        expect(try s.call("POST", "/v1/sessions", #"{"session":"x"}"#), 409, "session_exists")
        let full = try s.call("POST", "/v1/sessions", "{}")
        expect(full, 503, "too_many_sessions")
        #expect(full.headers["retry-after"] == "1")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"text":"hi"}"#), 400, "missing_field")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"type":"say","text":[1]}"#), 400, "wrong_type")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"type":"dance"}"#), 400, "unknown_type")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"type":"state"}"#), 400, "bad_value")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"type":"say","session":"y","text":"oui"}"#), 400, "bad_value")
        expect(try s.call("POST", "/v1/sessions/x/messages", #"{"type":"command","command":"language","language":"xx"}"#), 400, "bad_value")
        #expect(try s.say("x", "oui").json?["step"]?.string == "goal") // the session is unharmed
        #expect(s.stop().status == 0)
    }

    @Test func aBearerTokenGuardsTheAPIAndIsNeverLogged() throws {
        let token = "tok-\(UUID().uuidString)"
        let s = try Served(environment: ["MADI_API_TOKEN": token])
        let refused = try s.call("GET", "/v1/hello")
        #expect(refused.status == 401)
        #expect(refused.code == "unauthorized")
        #expect(try s.call("GET", "/v1/hello", headers: ["Authorization: Bearer wrong"]).status == 401)
        #expect(try s.call("GET", "/metrics").status == 401)
        #expect(try s.call("GET", "/v1/hello", headers: ["Authorization: Bearer \(token)"]).status == 200)
        #expect(try s.call("GET", "/healthz").status == 200)
        #expect(try s.call("GET", "/readyz").status == 200)
        let r = s.stop()
        #expect(r.status == 0)
        #expect(!r.stderr.contains(token))
        #expect(r.stderr.contains("bearer token required"))
    }

    @Test func aClientOverItsRateGets429() throws {
        let s = try Served(["--rate-limit", "0.5", "--rate-burst", "2"])
        #expect(try s.call("GET", "/v1/hello").status == 200)
        #expect(try s.call("GET", "/v1/hello").status == 200)
        let limited = try s.call("GET", "/v1/hello")
        #expect(limited.status == 429)
        #expect(limited.code == "rate_limited")
        #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 >= 1)
        #expect(try s.call("GET", "/healthz").status == 200) // operators' endpoints are not limited
        #expect(s.stop().status == 0)
    }

    @Test func corsAnswersTheListedOriginsOnly() throws {
        let s = try Served(["--cors-origin", "https://shop.example"])
        let pre = try s.call("OPTIONS", "/v1/sessions", headers: ["Origin: https://shop.example", "Access-Control-Request-Method: POST"])
        #expect(pre.status == 204)
        #expect(pre.headers["access-control-allow-origin"] == "https://shop.example")
        #expect(pre.headers["access-control-allow-headers"]?.contains("Authorization") == true)
        let ok = try s.call("GET", "/v1/hello", headers: ["Origin: https://shop.example"])
        #expect(ok.headers["access-control-allow-origin"] == "https://shop.example")
        let other = try s.call("GET", "/v1/hello", headers: ["Origin: https://evil.example"])
        #expect(other.headers["access-control-allow-origin"] == nil)
        #expect(s.stop().status == 0)
    }

    @Test func anLLMAnswerStreamsAsServerSentEvents() throws {
        let llm = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Oui, "), FakeLLMServer.sseEvent("les groupes sont petits."),
                                                      FakeLLMServer.sseDone], pause: 0.05)])
        let s = try Served(["--llm-url", llm.url], environment: ["MADI_LLM_API_KEY": "sk-never-shown"])
        let started = try s.call("POST", "/v1/sessions", "{}")
        let sid = try #require(started.json?["session"]?.string)
        let streamed = try s.call("POST", "/v1/sessions/\(sid)/messages", #"{"id":5,"type":"say","text":"les groupes sont petits ?"}"#,
                                  headers: ["Accept: text/event-stream"])
        #expect(streamed.status == 200)
        #expect(streamed.headers["content-type"] == "text/event-stream")
        let events = streamed.body.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let names = events.compactMap { $0.split(separator: "\n").first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) } }
        #expect(names.first == "delta")
        #expect(names.last == "reply")
        #expect(names.dropLast().allSatisfy { $0 == "delta" })
        let data = events.map { e in e.split(separator: "\n").first { $0.hasPrefix("data: ") }.map { String($0.dropFirst(6)) } ?? "" }
        let text = data.dropLast().compactMap { try? JSON.parse(Array($0.utf8)) }.compactMap { $0["text"]?.string }.joined()
        #expect(text.contains("les groupes sont petits"))
        let reply = try #require(try? JSON.parse(Array((data.last ?? "").utf8)))
        #expect(reply["id"] == .number(5))
        #expect(reply["messages"]?.serialized.contains("les groupes sont petits") == true)
        let metrics = try s.call("GET", "/metrics").body
        #expect(metrics.contains(#"madi_llm_calls_total{call="answer",outcome="ok"} 1"#))
        let r = s.stop()
        #expect(r.status == 0)
        #expect(!r.stderr.contains("sk-never-shown"))
    }

    /// Over HTTP a session's id is its only key: ids Madi gives cannot be guessed from another one
    /// (a visitor could otherwise post into the next visitor's conversation).
    @Test func sessionIdsCannotBeGuessed() throws {
        let s = try Served()
        let ids = try (0..<3).map { _ in try #require(try s.call("POST", "/v1/sessions", "{}").json?["session"]?.string) }
        #expect(Set(ids).count == 3)
        for id in ids {
            #expect(id.hasPrefix("s-") && id.count == 34 && id.dropFirst(2).allSatisfy(\.isHexDigit), "\(id)")
        }
        #expect(try s.say("s1", "sorry typo, my email is someone@example.org").status == 404)
        #expect(s.stop().status == 0)
    }

    @Test func metricsCountTurnsLatencySessionsAndLeads() throws {
        let s = try Served()
        let sid = try #require(try s.call("POST", "/v1/sessions", "{}").json?["session"]?.string)
        for text in Self.persona + ["je suis intéressé", "noe@atelier.fr", "oui"] { _ = try s.say(sid, text) }
        let m = try s.call("GET", "/metrics")
        #expect(m.status == 200)
        #expect(m.body.contains("madi_turns_total 8"))
        #expect(m.body.contains("madi_reply_seconds_count 8"))
        #expect(m.body.contains("madi_sessions_live 1"))
        #expect(m.body.contains("madi_leads_saved_total 1"))
        #expect(m.body.contains("madi_leads_failed_total 0"))
        #expect(s.stop().status == 0)
    }

    /// SIGKILL mid-conversation: a new server on the same database goes on where it was.
    @Test func liveConversationsSurviveAKill() throws {
        let db = Paths.temp("survive.sqlite")
        let first = try Served(db: db)
        #expect(try first.call("POST", "/v1/sessions", #"{"session":"keep","language":"en"}"#).status == 201)
        for text in ["yes", "build apps", "I code with APIs"] { _ = try first.say("keep", text) }
        let before = try first.call("GET", "/v1/sessions/keep").json
        #expect(before?["step"]?.string == "profile")
        // The value is written just after the turn: wait until the database has it, then kill.
        let deadline = Date().addingTimeInterval(20)
        while (try? SessionTable(leads: LeadStore(path: db)).loadAll().first { $0.id == "keep" }?.session.step) != "profile", Date() < deadline {
            usleep(20_000)
        }
        _ = first.stop(SIGKILL)
        let second = try Served(db: db)
        let after = try second.call("GET", "/v1/sessions/keep")
        #expect(after.status == 200)
        #expect(after.json?["step"]?.string == "profile")
        #expect(after.json?["language"]?.string == "en")
        #expect(try second.say("keep", "developer").json?["step"]?.string == "start_when")
        #expect(second.stop().status == 0)
    }

    /// SIGTERM while a turn waits on the LLM: the server stops accepting, the turn is answered,
    /// its reply reaches the client, and the process exits 0.
    @Test func sigtermFinishesTheTurnsInFlight() throws {
        let understood = FakeLLMServer.Behaviour.reply(
            status: 200, contentType: "application/json",
            body: Array(#"{"choices":[{"message":{"content":"{\"option\":\"automate\"}"}}]}"#.utf8), delay: 1.5)
        let llm = try FakeLLMServer([understood])
        let s = try Served(["--llm-url", llm.url])
        let sid = try #require(try s.call("POST", "/v1/sessions", "{}").json?["session"]?.string)
        _ = try s.say(sid, "oui")
        let answer = Locked<Served.Answer?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread { answer.set(try? s.say(sid, "j'en ai assez de recopier des factures")); done.signal() }.start()
        let deadline = Date().addingTimeInterval(20)
        while llm.requests.isEmpty, Date() < deadline { usleep(5_000) } // the LLM call is in progress
        s.m.kill(SIGTERM)
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(answer.get()?.status == 200)
        #expect(answer.get()?.json?["step"]?.string == "usage")
        let r = s.m.finish()
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func thePageAndTheOpenAPIDocumentAreServed() throws {
        let s = try Served()
        let page = try s.call("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.body.contains(#"<script src="/chat.js"></script>"#))
        #expect(try s.call("GET", "/chat.js").headers["content-type"]?.hasPrefix("text/javascript") == true)
        let spec = try s.call("GET", "/openapi.yaml")
        #expect(spec.status == 200)
        #expect(spec.body.hasPrefix("openapi: 3.1"))
        #expect(s.stop().status == 0)
    }
}

typealias Serve = Served
