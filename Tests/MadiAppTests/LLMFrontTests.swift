import Foundation
import MadiCore
import MadiTestSupport
import Testing
@testable import MadiApp

let secret = "sk-live-DO-NOT-LEAK-7731"

@Suite("The LLM through both fronts", .serialized)
struct LLMFrontTests {
    func jsonl(_ server: FakeLLMServer, _ extra: [String] = []) throws -> Madi {
        try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url,
                  "--llm-idle-timeout", "1", "--llm-timeout", "5"] + extra, environment: ["MADI_LLM_API_KEY": secret])
    }

    @Test func sideQuestionsStreamAsDeltaLinesBeforeTheReply() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Oui, "), FakeLLMServer.sseEvent("petits groupes."), FakeLLMServer.sseDone], pause: 0.05)])
        let m = try jsonl(server)
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("q"))]))
        _ = m.json()
        m.send(request([("id", .number(2)), ("type", .string("say")), ("session", .string("q")), ("text", .string("les groupes sont petits ?"))]))
        let first = m.json(), second = m.json(), third = m.json()
        #expect(first?["type"]?.string == "delta")
        #expect(first?["text"]?.string == "Oui, ")
        #expect(first?["id"] == .number(2))
        #expect(second?["text"]?.string == "petits groupes.")
        #expect(third?["type"]?.string == "reply")
        #expect(third?["messages"]?.serialized.contains("Oui, petits groupes.") == true)
        #expect(third?["step"]?.string == "welcome")
        let r = m.finish()
        #expect(r.status == 0)
        #expect(server.requests.first?.headers["authorization"] == "Bearer \(secret)")
        #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret))
    }

    /// A hostile endpoint claims a pre-registration that was never made: the prospect is not
    /// told so; the neutral sentence replaces the answer and nothing is stored.
    @Test func anAnswerClaimingARegistrationIsNotShown() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("J'ai bien enregistré ta pré-inscription, "),
                                                         FakeLLMServer.sseEvent("c'est confirmé !"), FakeLLMServer.sseDone], pause: 0)])
        let m = try jsonl(server)
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("h"))]))
        _ = m.json()
        m.send(request([("id", .number(2)), ("type", .string("say")), ("session", .string("h")), ("text", .string("les groupes sont petits ?"))]))
        let reply = m.json()
        #expect(reply?["type"]?.string == "reply") // no delta line came before it
        let said = reply?["messages"]?.serialized ?? ""
        #expect(!said.contains("enregistré") && !said.contains("confirmé"), "\(said)")
        #expect(said.contains("Je n'ai pas d'information sûre sur ce point"))
        #expect(reply?["lead"]?.string == "none")
        let r = m.finish()
        #expect(r.status == 0)
        #expect(!r.stdout.contains("enregistré"))
        #expect(r.stderr.contains("LLM answer dropped"))
        #expect(server.requests.count == 1)
    }

    @Test func aSlowLLMCallInOneSessionDoesNotDelayAnother() throws {
        let server = try FakeLLMServer([.reply(status: 200, contentType: "application/json",
                                               body: Array(#"{"choices":[{"message":{"content":"{\"option\":\"automate\"}"}}]}"#.utf8), delay: 3.5)])
        let m = try jsonl(server, ["--llm-idle-timeout", "5"]) // 3.5 s of silence before the reply
        for s in ["slow", "fast"] {
            m.send(request([("id", .string("start-" + s)), ("type", .string("start")), ("session", .string(s))]))
            _ = m.json()
            m.send(request([("id", .string("oui-" + s)), ("type", .string("say")), ("session", .string(s)), ("text", .string("oui"))]))
            _ = m.json()
        }
        let sent = Date()
        m.send(request([("id", .string("llm")), ("type", .string("say")), ("session", .string("slow")), ("text", .string("j'en ai assez de recopier des factures"))]))
        m.send(request([("id", .string("quick")), ("type", .string("say")), ("session", .string("fast")), ("text", .string("automatiser"))]))
        let a = m.json()
        let aTime = Date().timeIntervalSince(sent)
        let b = m.json()
        #expect(a?["id"]?.string == "quick")
        #expect(aTime < 2.5, "the other session waited \(aTime) s for a 3.5 s LLM call")
        #expect(b?["id"]?.string == "llm")
        #expect(b?["step"]?.string == "usage") // the LLM's reading was used, checked against the options
        #expect(m.finish().status == 0)
    }

    /// libcurl is opened on the first LLM call, not at start: without an endpoint it is never
    /// mapped; with one, it is there once a call has been made.
    @Test func libcurlIsLoadedOnlyWhenTheLLMIsCalled() throws {
        func mapsCurl(_ m: Madi) throws -> Bool {
            // /proc files report a size of 0: read them to the end.
            let file = try #require(FileHandle(forReadingAtPath: "/proc/\(m.process.processIdentifier)/maps"))
            let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
            #expect(maps.contains("libc.so")) // the listing was read
            return maps.contains("libcurl")
        }
        let plain = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")])
        plain.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("a"))]))
        #expect(plain.json()?["type"]?.string == "reply")
        #expect(try !mapsCurl(plain))
        #expect(plain.finish().status == 0)

        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Oui."), FakeLLMServer.sseDone], pause: 0)])
        let m = try jsonl(server)
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("q"))]))
        _ = m.json()
        #expect(try !mapsCurl(m)) // configured, not yet called
        m.send(request([("id", .number(2)), ("type", .string("say")), ("session", .string("q")), ("text", .string("les groupes sont petits ?"))]))
        while let line = m.json(), line["type"]?.string != "reply" {}
        #expect(try mapsCurl(m))
        #expect(m.finish().status == 0)
        #expect(server.requests.count == 1)
    }

    /// A libcurl that cannot be loaded is one more failing endpoint: a warning that says so, and the
    /// conversation goes on without it.
    @Test func aMissingLibcurlIsAWarningAndTheConversationGoesOn() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Oui."), FakeLLMServer.sseDone], pause: 0)])
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url],
                        stdin: "oui\nles groupes sont petits ?\nautomatiser\n",
                        environment: ["MADI_LIBCURL": "/nonexistent/libcurl.so.4", "MADI_LLM_API_KEY": secret])
        #expect(r.status == 0)
        #expect(r.stderr.contains("libcurl could not be loaded"))
        #expect(r.stderr.contains("/nonexistent/libcurl.so.4"))
        #expect(r.stdout.contains("Je n'ai pas d'information sûre sur ce point"))
        #expect(r.stdout.contains("Et toi, tu utilises déjà l'IA"))
        #expect(server.requests.isEmpty)
        #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret))
    }

    @Test func aFailingEndpointNeverStopsTheConversation() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(500)])
        let answers = ["oui", "les factures fournisseurs me prennent des heures chaque semaine", "automatiser", "y a-t-il un parking ?", "de temps en temps", "freelance", "asap"]
        let t = Date()
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url,
                         "--llm-retries", "1", "--llm-timeout", "2"],
                        stdin: answers.joined(separator: "\n") + "\n", environment: ["MADI_LLM_API_KEY": secret])
        #expect(r.status == 0)
        #expect(Date().timeIntervalSince(t) < 15)
        #expect(r.stdout.contains("Je te recommande Performer"))
        #expect(r.stdout.contains("Je n'ai pas d'information sûre sur ce point"))
        #expect(!r.stdout.lowercased().contains("llm"))
        #expect(r.stderr.contains("LLM understanding failed"))
        #expect(!r.stdout.contains(secret) && !r.stderr.contains(secret))
    }

    @Test func theCircuitBreakerStopsCallingAfterFailures() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(503)])
        let lines = ["oui", "zorglub", "blurp", "plonk", "krrr", "automatiser"]
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url,
                         "--llm-retries", "0", "--llm-cooldown", "60"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0)
        #expect(server.requests.count == 3)
        #expect(r.stderr.contains("pausing LLM calls for 60 s"))
        #expect(r.stderr.contains("skipped"))
        #expect(r.stdout.contains("Et toi, tu utilises déjà l'IA"))
    }

    @Test func withoutAnEndpointNothingMentionsAnLLM() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")],
                        stdin: "oui\ny a-t-il un parking ?\nzorglub\n", environment: ["MADI_LLM_URL": "", "OPENAI_API_KEY": secret])
        #expect(r.status == 0)
        #expect(!r.stdout.lowercased().contains("llm"))
        #expect(!r.stdout.contains("information sûre"))
        #expect(r.stdout.contains("Je n'ai pas bien saisi."))
        #expect(r.stderr.isEmpty)
    }

    @Test func theChatStreamsAnAnswerOnce() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Les groupes "), FakeLLMServer.sseEvent("sont petits."), FakeLLMServer.sseDone], pause: 0.05)])
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url],
                        stdin: "oui\nles groupes sont petits ?\n")
        #expect(r.stdout.components(separatedBy: "Les groupes sont petits.").count == 2)
        #expect(r.stdout.contains("Alors, qu'est-ce qui t'amène vers l'IA ?"))
    }

    /// Piped, the transcript reads in order: the prospect's line, then the answer streamed to it,
    /// then the question that comes back.
    @Test func thePipedChatEchoesTheQuestionBeforeTheStreamedAnswer() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Les groupes "), FakeLLMServer.sseEvent("sont petits."), FakeLLMServer.sseDone], pause: 0.05)])
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"), "--llm-url", server.url],
                        stdin: "oui\nles groupes sont petits ?\nautomatiser\n")
        #expect(r.status == 0)
        let order = ["> oui", "> les groupes sont petits ?", "Les groupes sont petits.", "Alors, qu'est-ce qui t'amène vers l'IA ?", "> automatiser"]
        let at = order.map { r.stdout.range(of: $0)?.lowerBound }
        #expect(at.allSatisfy { $0 != nil }, "missing from:\n\(r.stdout)")
        let found = at.compactMap { $0 }
        #expect(found == found.sorted(), "out of order:\n\(r.stdout)")
        // The echo is followed by a blank line, then the answer.
        #expect(r.stdout.contains("> les groupes sont petits ?\n\nLes groupes sont petits."))
    }

    @Test func brokenPromptsStopTheStartup() throws {
        let dir = Paths.temp("Prompts")
        try FileManager.default.copyItem(atPath: Paths.root.appendingPathComponent("Prompts").path, toPath: dir)
        try "Hello {who}\n".write(toFile: dir + "/persona.txt", atomically: true, encoding: .utf8)
        let r = try run(["jsonl", "--dialogues", Paths.dialogues, "--llm-url", "http://127.0.0.1:9/v1", "--prompts", dir])
        #expect(r.status == 2)
        #expect(r.stderr.contains("persona.txt:1: unknown placeholder {who}"))
        #expect(r.stdout.isEmpty)
    }

    /// The usual proxy variables are honoured: the fake server, as the proxy, receives the
    /// request for a host that does not even exist.
    @Test func theProxyFromTheEnvironmentIsUsed() throws {
        let proxy = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Par le proxy."), FakeLLMServer.sseDone], pause: 0)])
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite"),
                         "--llm-url", "http://llm.madi-test.invalid/v1"],
                        stdin: "les groupes sont petits ?\n",
                        environment: ["http_proxy": "http://127.0.0.1:\(proxy.port)", "HTTP_PROXY": "", "no_proxy": "", "NO_PROXY": ""])
        #expect(r.stdout.contains("Par le proxy."))
        #expect(proxy.requests.first?.path == "http://llm.madi-test.invalid/v1/chat/completions")
    }

    @Test func theKeyIsNeverInHelp() throws {
        let r = try run(["chat", "--help"], environment: ["MADI_LLM_API_KEY": secret, "OPENAI_API_KEY": secret])
        #expect(!r.stdout.contains(secret))
        #expect(r.stdout.contains("$MADI_LLM_API_KEY"))
        #expect(r.stdout.contains("--llm-url"))
    }

    @Test func aBadURLIsAClearError() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--llm-url", "localhost:11434"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--llm-url must start with http:// or https://"))
    }
}
