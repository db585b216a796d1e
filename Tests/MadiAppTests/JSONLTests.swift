import Foundation
import MadiCore
import MadiHub
import MadiJSON
import MadiScenarios
import Testing
@testable import MadiApp

func code(_ j: JSON?) -> String? { j?["error"]?["code"]?.string }

@Suite("JSON-lines mode through pipes")
struct JSONLTests {
    func server(_ extra: [String] = [], db: String = Paths.temp("leads.sqlite")) throws -> Madi {
        try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db] + extra)
    }

    @Test func aFullConversationToARecommendationAndALead() throws {
        let db = Paths.temp("leads.sqlite")
        let m = try server(db: db)
        m.send(request([("id", .number(1)), ("type", .string("hello"))]))
        let hello = m.json()
        #expect(hello?["protocol"] == .number(1))
        m.send(request([("id", .string("a")), ("type", .string("start")), ("language", .string("fr")),
                        ("context", .object([("source", .string("kiosk"))]))]))
        let start = m.json()
        #expect(start?["type"]?.string == "reply")
        let sid = start?["session"]?.string ?? ""
        #expect(start?["options"] == .array([.object([("id", .string("start")), ("label", .string("Oui, on y va !"))]),
                                              .object([("id", .string("browse")), ("label", .string("Voir directement les formations"))])]))
        var last: JSON?
        for (i, text) in ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible"].enumerated() {
            m.send(request([("id", .number(Double(10 + i))), ("type", .string("say")), ("session", .string(sid)), ("text", .string(text))]))
            last = m.json()
            #expect(last?["id"] == .number(Double(10 + i)))
        }
        #expect(last?["step"]?.string == "recommend")
        #expect(last?["recommendation"]?["course"]?.string == "performer")
        #expect(last?["recommendation"]?["facts"]?["price"] == .number(990))
        #expect(last?["recommendation"]?["reasons"]?.serialized.contains("Automatiser") == true)
        m.send(request([("id", .number(20)), ("type", .string("choose")), ("session", .string(sid)), ("option", .string("interested"))]))
        #expect(m.json()?["step"]?.string == "email")
        m.send(request([("id", .number(21)), ("type", .string("say")), ("session", .string(sid)), ("text", .string("sophie@atelier.fr"))]))
        #expect(m.json()?["step"]?.string == "consent")
        m.send(request([("id", .number(22)), ("type", .string("choose")), ("session", .string(sid)), ("option", .string("yes"))]))
        let done = m.json()
        #expect(done?["lead"]?.string == "saved")
        #expect(done?["done"] == .bool(true))
        m.send(request([("id", .number(23)), ("type", .string("end")), ("session", .string(sid))]))
        #expect(m.json()?["type"]?.string == "ended")
        let r = m.finish()
        #expect(r.status == 0)
        let export = try run(["leads", "export", "--format", "jsonl", "--leads-db", db])
        #expect(export.stdout.contains("\"email\":\"sophie@atelier.fr\""))
        #expect(export.stdout.contains("\"source\":\"kiosk\""))
        #expect(export.stdout.contains("\"course\":\"performer\""))
    }

    @Test func malformedInputGetsAnErrorLineAndTheStreamGoesOn() throws {
        let m = try server(["--max-line-bytes", "1024"])
        var cases: [(Data, String)] = [
            (Data("not json\n".utf8), "bad_json"),
            (Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A]), "invalid_utf8"),
            (Data("{\"id\":1,\"type\":\"hel\0lo\"}\n".utf8), "bad_json"),
            (Data("{\"id\":2,\"type\":7}\n".utf8), "wrong_type"),
            (Data("{\"id\":3,\"type\":\"say\",\"session\":\"s1\",\"text\":[1]}\n".utf8), "wrong_type"),
            (Data("{\"id\":4,\"type\":\"say\"}\n".utf8), "missing_field"),
            (Data("{\"id\":5,\"type\":\"dance\"}\n".utf8), "unknown_type"),
            (Data("{\"id\":6,\"type\":\"say\",\"session\":\"ghost\",\"text\":\"hi\"}\n".utf8), "unknown_session"),
            (Data("[1,2,3]\n".utf8), "bad_json"),
            (Data("{\"id\":7,\"type\":\"hello\"} trailing\n".utf8), "bad_json"),
            (Data("{\"v\":9,\"id\":8,\"type\":\"hello\"}\n".utf8), "unsupported_version"),
        ]
        cases.append((Data(repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024) + Data("\n".utf8), "line_too_long"))
        for (data, expected) in cases {
            m.send(data)
            let reply = m.json(timeout: 30)
            #expect(code(reply) == expected, "expected \(expected), got \(reply?.serialized ?? "nothing")")
        }
        m.send(request([("id", .number(99)), ("type", .string("hello"))]))
        #expect(m.json()?["id"] == .number(99))
        let r = m.finish()
        #expect(r.status == 0)
    }

    @Test func aTenMegabyteLineWithTheDefaultLimit() throws {
        let m = try server()
        m.send(Data(repeating: UInt8(ascii: "x"), count: 10 * 1024 * 1024) + Data("\n".utf8))
        #expect(code(m.json(timeout: 30)) == "line_too_long")
        m.send(request([("id", .number(1)), ("type", .string("hello"))]))
        #expect(m.json()?["type"]?.string == "hello")
        #expect(m.finish().status == 0)
    }

    @Test func twoInterleavedSessionsStayApart() throws {
        let m = try server()
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("a")), ("language", .string("fr"))]))
        m.send(request([("id", .number(2)), ("type", .string("start")), ("session", .string("b")), ("language", .string("en"))]))
        let script: [(String, String)] = [("a", "oui"), ("b", "yes"), ("a", "1"), ("b", "build apps"), ("a", "1"),
                                          ("b", "I code with APIs"), ("a", "1"), ("b", "developer"), ("a", "1"), ("b", "now")]
        for (i, (s, text)) in script.enumerated() {
            m.send(request([("id", .number(Double(10 + i))), ("type", .string("say")), ("session", .string(s)), ("text", .string(text))]))
        }
        var replies: [JSON] = []
        for _ in 0..<(2 + script.count) { if let j = m.json() { replies.append(j) } }
        #expect(replies.count == 12)
        func ids(_ s: String) -> [Double] { replies.filter { $0["session"]?.string == s }.compactMap { if case let .number(n)? = $0["id"] { return n }; return nil } }
        #expect(ids("a") == [1, 10, 12, 14, 16, 18]) // in order within a session
        #expect(ids("b") == [2, 11, 13, 15, 17, 19])
        let lastA = replies.last { $0["session"]?.string == "a" }
        let lastB = replies.last { $0["session"]?.string == "b" }
        #expect(lastA?["recommendation"]?["course"]?.string == "starter")
        #expect(lastA?["language"]?.string == "fr")
        #expect(lastB?["recommendation"]?["course"]?.string == "master")
        #expect(lastB?["language"]?.string == "en")
        #expect(m.finish().status == 0)
    }

    /// Through the front with an injected clock: no waiting for real time to pass.
    @Test func idleSessionsExpireAfterTheTTL() throws {
        let clock = ManualClock(5_000)
        let out = Paths.temp("ttl.jsonl")
        let fd = open(out, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        defer { close(fd) }
        var config = JSONLConfig()
        config.ttl = 0.3
        let server = JSONLServer(engine: Engine(content: try DialoguesDirectory.load(Paths.dialogues)), leads: MemoryLeadSink(),
                                 config: config, output: fd, clock: clock)
        server.handle(Array(#"{"id":1,"type":"start","session":"idle"}"#.utf8))
        server.handle(Array(#"{"id":2,"type":"start","session":"busy"}"#.utf8))
        clock.advance(by: 0.2)
        server.handle(Array(#"{"id":3,"type":"say","session":"busy","text":"oui"}"#.utf8)) // used: its idle time starts again
        clock.advance(by: 0.2) // "idle" has been idle 0.4 s, "busy" 0.2 s
        server.handle(Array(#"{"id":4,"type":"say","session":"idle","text":"oui"}"#.utf8))
        server.handle(Array(#"{"id":5,"type":"say","session":"busy","text":"automatiser"}"#.utf8))
        server.waitForPendingWork()
        let replies = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").compactMap { try? JSON.parse(Array($0.utf8)) }
        let expired = try #require(replies.first { $0["id"] == .number(4) })
        #expect(code(expired) == "unknown_session")
        #expect(expired["error"]?["message"]?.string?.contains("expired after 0.3 s idle") == true)
        #expect(replies.first { $0["id"] == .number(5) }?["step"]?.string == "usage")
        #expect(server.liveSessions == 1)
    }

    @Test func theSessionCapGivesAClearError() throws {
        let m = try server(["--max-sessions", "2"])
        for i in 1...3 { m.send(request([("id", .number(Double(i))), ("type", .string("start"))])) }
        let replies = (0..<3).compactMap { _ in m.json() }
        #expect(replies.filter { $0["type"]?.string == "reply" }.count == 2)
        let refused = replies.first { $0["type"]?.string == "error" }
        #expect(code(refused) == "too_many_sessions")
        #expect(refused?["id"] == .number(3))
        // Ending one frees a place.
        m.send(request([("id", .number(4)), ("type", .string("end")), ("session", .string("s1"))]))
        #expect(m.json()?["type"]?.string == "ended")
        m.send(request([("id", .number(5)), ("type", .string("start"))]))
        #expect(m.json()?["type"]?.string == "reply")
        #expect(m.finish().status == 0)
    }

    @Test func stateAndCommandsAndDuplicateSessions() throws {
        let m = try server()
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("x"))]))
        _ = m.json()
        m.send(request([("id", .number(2)), ("type", .string("start")), ("session", .string("x"))]))
        #expect(code(m.json()) == "session_exists")
        m.send(request([("id", .number(3)), ("type", .string("command")), ("session", .string("x")), ("command", .string("language")), ("language", .string("en"))]))
        let switched = m.json()
        #expect(switched?["language"]?.string == "en")
        m.send(request([("id", .number(4)), ("type", .string("command")), ("session", .string("x")), ("command", .string("courses"))]))
        #expect(m.json()?["step"]?.string == "courses")
        m.send(request([("id", .number(5)), ("type", .string("state")), ("session", .string("x"))]))
        let state = m.json()
        #expect(state?["step"]?.string == "courses")
        #expect(state?["messages"] == .array([]))
        m.send(request([("id", .number(6)), ("type", .string("command")), ("session", .string("x")), ("command", .string("fly"))]))
        #expect(code(m.json()) == "bad_value")
        #expect(m.finish().status == 0)
    }

    @Test func stdoutCarriesProtocolLinesOnlyAndEOFFinishesPendingWork() throws {
        var lines = [request([("id", .number(0)), ("type", .string("start")), ("session", .string("p"))])]
        for i in 1...30 { lines.append(request([("id", .number(Double(i))), ("type", .string("say")), ("session", .string("p")), ("text", .string(i % 2 == 0 ? "/retour" : "oui"))])) }
        lines.append("garbage")
        let r = try run(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--log-level", "debug"],
                        stdin: lines.joined(separator: "\n"))
        #expect(r.status == 0)
        #expect(r.lines.count == 32) // every request answered, including the last line without a newline
        for line in r.lines { #expect((try? JSON.parse(Array(line.utf8))) != nil, "not JSON: \(line)") }
        #expect(r.stderr.contains("serving JSON lines"))
    }
}
