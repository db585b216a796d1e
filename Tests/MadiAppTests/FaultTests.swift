import Foundation
import MadiCore
import MadiHub
import MadiJSON
import MadiScenarios
import MadiTestSupport
import Testing
@testable import MadiApp

/// What Madi promises under faults: a client that stops reading, a full session table, a stop
/// signal with requests in flight.
@Suite("JSON-lines front under faults", .serialized)
struct FaultTests {
    /// A client that sends 50,000 requests and reads nothing: Madi stops reading stdin once
    /// --max-pending requests wait, holds a bounded amount, and answers every one once read.
    @Test func aClientThatStopsReadingIsNotReadEither() throws {
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--max-pending", "64"],
                         holdOutput: true)
        var data = Data(request([("id", .number(0)), ("type", .string("start")), ("session", .string("a"))]).utf8) + Data([0x0A])
        let count = 50_000
        for i in 1...count {
            data += Data(#"{"id":\#(i),"type":"state","session":"a"}"#.utf8) + Data([0x0A])
        }
        let written = DispatchSemaphore(value: 0)
        let all = data
        Thread { m.send(all); written.signal() }.start()
        // Without back-pressure Madi reads all 2 MB within a few milliseconds; with it, the writer
        // stays blocked for as long as nobody reads the replies.
        #expect(written.wait(timeout: .now() + 3) == .timedOut, "Madi read every request while its replies went unread")
        let read = try #require(m.procValue("io", "rchar"))
        #expect(read < 1_000_000, "Madi read \(read) of \(data.count) bytes with its replies unread")
        m.readOutput()
        var ids: [Int] = []
        while let j = m.json(timeout: 60) {
            if case let .number(n)? = j["id"] { ids.append(Int(n)) } else if case let .numberText(t)? = j["id"] { ids.append(Int(t) ?? -1) }
            if ids.count == count + 1 { break }
        }
        #expect(ids == Array(0...count))
        #expect(written.wait(timeout: .now() + 30) == .success)
        let peak = try #require(m.procValue("status", "VmHWM")) // KiB
        #expect(m.finish().status == 0)
        #expect(peak < 80 * 1024, "peak resident size \(peak / 1024) MiB")
    }

    /// SIGTERM while a client reads no reply and the pending requests are full: the drain cannot
    /// answer them, and still ends within --drain-timeout + 3 s, saying so, with status 1.
    @Test func theDrainIsBoundedWhenNoReplyCanBeWritten() throws {
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--max-pending", "16",
                          "--drain-timeout", "0.5"], holdOutput: true)
        var data = Data(request([("id", .number(0)), ("type", .string("start")), ("session", .string("a"))]).utf8) + Data([0x0A])
        for i in 1...20_000 { data += Data(#"{"id":\#(i),"type":"state","session":"a"}"#.utf8) + Data([0x0A]) }
        let all = data
        let written = DispatchSemaphore(value: 0)
        Thread { m.send(all); written.signal() }.start()
        #expect(written.wait(timeout: .now() + 3) == .timedOut) // Madi has stopped reading
        let stopped = Date()
        m.kill(SIGTERM)
        while m.process.isRunning, Date().timeIntervalSince(stopped) < 30 { usleep(20_000) }
        let took = Date().timeIntervalSince(stopped)
        #expect(!m.process.isRunning)
        #expect(took < 8, "the drain took \(took) s")
        m.readOutput()
        let r = m.finish()
        #expect(r.status == 1)
        #expect(r.stderr.contains("left unanswered"))
    }

    /// A full table: refusals do not each sweep the table for idle sessions; once the clock has
    /// moved past the TTL, the next start sweeps and gets a place.
    @Test func aFullSessionTableRefusesWithoutSweepingEachTime() throws {
        let content = try DialoguesDirectory.load(Paths.dialogues)
        let now = ManualClock(1_000)
        let out = Paths.temp("out.jsonl")
        let fd = open(out, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        defer { close(fd) }
        var config = JSONLConfig()
        config.maxSessions = 300
        config.ttl = 60
        let server = JSONLServer(engine: Engine(content: content), leads: MemoryLeadSink(), config: config, output: fd,
                                 clock: now)
        func start(_ sid: String) { server.handle(Array(#"{"id":"\#(sid)","type":"start","session":"\#(sid)"}"#.utf8)) }
        for i in 0..<300 { start("s\(i)") }
        for i in 0..<3000 { start("x\(i)") }
        #expect(server.liveSessions == 300)
        #expect(server.sweeps == 0)
        now.set(1_000 + 61) // every session is now idle past the TTL
        start("late")
        #expect(server.sweeps == 1)
        #expect(server.liveSessions == 1)
        for i in 0..<100 { start("y\(i)") } // room again, no sweep needed
        #expect(server.sweeps == 1)
        server.waitForPendingWork()
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains(#""code":"too_many_sessions""#) }.count == 3000)
        #expect(lines.contains { $0.contains(#""id":"late","type":"reply""#) })
    }

    func llm(_ server: FakeLLMServer, _ extra: [String]) throws -> Madi {
        try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", extra.first!, "--llm-url", server.url] + extra.dropFirst(),
                 environment: ["MADI_LLM_API_KEY": secret])
    }

    static let understood = FakeLLMServer.Behaviour.reply(
        status: 200, contentType: "application/json",
        body: Array(#"{"choices":[{"message":{"content":"{\"option\":\"automate\"}"}}]}"#.utf8), delay: 1.5)

    /// The requests of a conversation through to a lead, the third one waiting on the LLM.
    func conversation(_ sid: String) -> String {
        let says = ["oui", "j'en ai assez de recopier des factures", "de temps en temps", "freelance", "dès que possible"]
        var lines = [request([("id", .number(0)), ("type", .string("start")), ("session", .string(sid))])]
        for (i, t) in says.enumerated() {
            lines.append(request([("id", .number(Double(i + 1))), ("type", .string("say")), ("session", .string(sid)), ("text", .string(t))]))
        }
        lines.append(request([("id", .number(10)), ("type", .string("choose")), ("session", .string(sid)), ("option", .string("interested"))]))
        lines.append(request([("id", .number(11)), ("type", .string("say")), ("session", .string(sid)), ("text", .string("ana@atelier.fr"))]))
        lines.append(request([("id", .number(12)), ("type", .string("choose")), ("session", .string(sid)), ("option", .string("yes"))]))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Waits for the fake endpoint to receive `n` calls (the LLM call is then in progress).
    func waitForCalls(_ server: FakeLLMServer, _ n: Int) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while server.requests.count < n { if Date() > deadline { return false }; usleep(5_000) }
        return true
    }

    @Test func sigtermFinishesAndAnswersWhatWasReadAndCommitsTheLead() throws {
        let server = try FakeLLMServer([Self.understood])
        let db = Paths.temp("l.sqlite")
        let m = try llm(server, [db, "--llm-timeout", "20", "--llm-idle-timeout", "10", "--log-level", "info"])
        m.send(conversation("t"))
        #expect(waitForCalls(server, 1))
        m.kill(SIGTERM) // an LLM call in progress, six requests queued behind it
        var replies: [JSON] = []
        while let j = m.json(timeout: 20) { replies.append(j) }
        let r = m.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(replies.map { $0["id"] } == [0, 1, 2, 3, 4, 5, 10, 11, 12].map { JSON.number(Double($0)) })
        #expect(replies[2]["step"]?.string == "usage") // the LLM's answer was waited for
        #expect(replies.last?["lead"]?.string == "saved")
        #expect(r.stderr.contains("stopped reading; finishing"))
        let count = try run(["leads", "count", "--leads-db", db])
        #expect(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    /// A stalled endpoint does not hold the drain past --drain-timeout: the call is cancelled
    /// and its turn answers without the LLM.
    @Test func sigintDrainIsBoundedWhenTheLLMStalls() throws {
        let server = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: [], delay: 60)])
        let m = try llm(server, [Paths.temp("l.sqlite"), "--llm-timeout", "60", "--llm-idle-timeout", "60", "--drain-timeout", "0.5"])
        m.send(conversation("i"))
        #expect(waitForCalls(server, 1))
        let stopped = Date()
        m.kill(SIGINT)
        var replies: [JSON] = []
        while let j = m.json(timeout: 20) { replies.append(j) }
        let r = m.finish()
        let took = Date().timeIntervalSince(stopped)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(took < 10, "the drain took \(took) s")
        #expect(replies.count == 9)
        #expect(replies[2]["step"]?.string == "goal") // asked again: the LLM call was cancelled
        #expect(r.stderr.contains("cancelling LLM calls in progress"))
    }
}
