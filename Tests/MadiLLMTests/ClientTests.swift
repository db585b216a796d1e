import Foundation
import MadiCore
import MadiJSON
import MadiTestSupport
import Testing
@testable import MadiLLM

final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    var joined: String { all.joined() }
}

func config(_ url: String, key: String? = "sk-test-SECRET-4242") -> LLMConfig {
    _ = loopbackWithoutProxy
    var c = LLMConfig(baseURL: url, model: "test-model", apiKey: key)
    c.connectTimeout = 1
    c.totalTimeout = 5
    c.idleTimeout = 1
    c.backoffBase = 0.05
    c.maxResponseBytes = 1 << 20
    return c
}

func client(_ url: String, _ log: Lines = Lines(), configure: (inout LLMConfig) -> Void = { _ in }) -> ChatClient {
    _ = loopbackWithoutProxy
    var c = config(url)
    configure(&c)
    return ChatClient(config: c, log: { log.add($0) })
}

let hello = [ChatMessage(role: "user", content: "hello")]

/// The fake servers are on loopback: never through a proxy this machine may have configured.
let loopbackWithoutProxy: Void = { setenv("no_proxy", "127.0.0.1,localhost", 1) }()

func elapsed(_ body: () -> Void) -> Double {
    let t = Date()
    body()
    return Date().timeIntervalSince(t)
}

@Suite("LLM client against a loopback server", .serialized)
struct ClientTests {
    @Test func normalReplySendsModelMessagesAndKey() throws {
        let server = try FakeLLMServer([FakeLLMServer.completion("Bonjour !")])
        let log = Lines()
        let result = client(server.url, log).complete(hello)
        #expect(result == .success("Bonjour !"))
        let r = try #require(server.requests.first)
        #expect(r.method == "POST")
        #expect(r.path == "/v1/chat/completions")
        #expect(r.headers["authorization"] == "Bearer sk-test-SECRET-4242")
        let body = try JSON.parse(Array(r.body.utf8))
        #expect(body["model"]?.string == "test-model")
        #expect(body["stream"] == .bool(false))
        #expect(body["messages"] == .array([.object([("role", .string("user")), ("content", .string("hello"))])]))
        #expect(!log.joined.contains("SECRET"))
    }

    @Test func noKeyNoAuthorizationHeader() throws {
        let server = try FakeLLMServer([FakeLLMServer.completion("ok")])
        let c = ChatClient(config: config(server.url, key: nil))
        #expect(c.complete(hello) == .success("ok"))
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test func streamingSplitsAnywhereEvenInsideACharacter() throws {
        // Events split across writes, one line split mid-way, "é" and "🙂" split between their bytes.
        let all = FakeLLMServer.sseEvent("Bonjour, ") + FakeLLMServer.sseEvent("ça va ? ") + FakeLLMServer.sseEvent("Très 🙂 bien") + FakeLLMServer.sseDone
        var pieces: [[UInt8]] = []
        var i = 0
        for size in [7, 13, 1, 29, 3, 40, 2, 1, 1, 1, 5, 64, 9, 100, 300] where i < all.count {
            pieces.append(Array(all[i..<min(all.count, i + size)]))
            i += size
        }
        if i < all.count { pieces.append(Array(all[i...])) }
        let server = try FakeLLMServer([.stream(pieces: pieces, pause: 0.01)])
        let deltas = Lines()
        let result = client(server.url).complete(hello, onDelta: { deltas.add($0); return true })
        #expect(result == .success("Bonjour, ça va ? Très 🙂 bien"))
        #expect(deltas.all == ["Bonjour, ", "ça va ? ", "Très 🙂 bien"])
        #expect(try JSON.parse(Array(server.requests[0].body.utf8))["stream"] == .bool(true))
    }

    @Test func aSlowStreamUnderTheIdleTimeoutSucceeds() throws {
        let pieces = (0..<5).map { FakeLLMServer.sseEvent("mot\($0) ") } + [FakeLLMServer.sseDone]
        let server = try FakeLLMServer([.stream(pieces: pieces, pause: 0.4)])
        let result = client(server.url).complete(hello, onDelta: { _ in true })
        #expect(result == .success("mot0 mot1 mot2 mot3 mot4 "))
    }

    @Test func aStalledStreamEndsAtTheIdleTimeout() throws {
        let server = try FakeLLMServer([.stall(first: FakeLLMServer.sseEvent("Je "), seconds: 8)])
        let deltas = Lines()
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url).complete(hello, onDelta: { deltas.add($0); return true }) }
        #expect(result == .failure(.idleTimeout))
        #expect(deltas.all == ["Je "])
        #expect(t < 5, "took \(t) s for a 1 s idle timeout against an 8 s stall")
        #expect(server.requests.count == 1) // a stream already shown is not retried
    }

    @Test func a500ThenSuccessIsRetried() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(500), FakeLLMServer.completion("enfin")])
        let log = Lines()
        #expect(client(server.url, log).complete(hello) == .success("enfin"))
        #expect(server.requests.count == 2)
        #expect(log.joined.contains("HTTP 500"))
    }

    @Test func a429WaitsForRetryAfter() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(429, retryAfter: "1"), FakeLLMServer.completion("ok")])
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url).complete(hello) }
        #expect(result == .success("ok"))
        #expect(t >= 1.0, "retried after \(t) s despite Retry-After: 1")
        #expect(t < 3)
    }

    @Test func retriesAreBoundedInCountAndTime() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(503)])
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url).complete(hello) }
        guard case .failure(.budgetExhausted)? = result else { Issue.record("got \(String(describing: result))"); return }
        #expect(server.requests.count == 3)
        #expect(t < 2)
        // A Retry-After beyond the budget is not waited for.
        let slow = try FakeLLMServer([FakeLLMServer.status(429, retryAfter: "120")])
        let t2 = elapsed { result = client(slow.url).complete(hello) }
        #expect(slow.requests.count == 1)
        #expect(t2 < 2)
    }

    @Test func malformedJSONIsABadResponse() throws {
        let server = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: Array("{\"choices\": [".utf8))])
        #expect(client(server.url).complete(hello) == .failure(.badResponse("not JSON")))
        let empty = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: Array("{\"choices\": []}".utf8))])
        #expect(client(empty.url).complete(hello) == .failure(.badResponse("no choices[0].message.content")))
    }

    @Test func aStreamCutInTheMiddleFails() throws {
        let server = try FakeLLMServer([.stream(pieces: [FakeLLMServer.sseEvent("Le début "), Array("data: {\"choi".utf8)], pause: 0.05, cut: true)])
        let deltas = Lines()
        let result = client(server.url).complete(hello, onDelta: { deltas.add($0); return true })
        guard case .failure = result else { Issue.record("a cut stream succeeded: \(result)"); return }
        #expect(deltas.all == ["Le début "])
    }

    @Test func aTenMegabyteReplyIsCapped() throws {
        let huge = Array(#"{"choices":[{"message":{"content":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20) + Array(#""}}]}"#.utf8)
        let server = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: huge)])
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url).complete(hello) }
        #expect(result == .failure(.tooLarge(1 << 20)))
        #expect(t < 3)
    }

    @Test func aLongStreamStopsAtTheReader() throws {
        let pieces = (0..<2000).map { _ in FakeLLMServer.sseEvent("blabla ") }
        let server = try FakeLLMServer([.stream(pieces: pieces, pause: 0)])
        var count = 0
        let result = client(server.url).complete(hello, onDelta: { _ in count += 1; return count < 10 })
        #expect(count == 10)
        guard case let .success(text) = result else { Issue.record("\(result)"); return }
        #expect(text.count <= 80)
    }

    @Test func wrongContentTypeIsRefused() throws {
        let server = try FakeLLMServer([.reply(status: 200, contentType: "text/html", body: Array("<html>hi</html>".utf8))])
        #expect(client(server.url).complete(hello) == .failure(.wrongContentType("text/html")))
        let stream = try FakeLLMServer([.reply(status: 200, contentType: "application/json", body: Array("{}".utf8))])
        #expect(client(stream.url).complete(hello, onDelta: { _ in true }) == .failure(.wrongContentType("application/json")))
    }

    @Test func connectionRefusedIsRetriedThenGivesUpQuickly() {
        let url = "http://127.0.0.1:\(FakeLLMServer.closedPort())/v1"
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(url).complete(hello) }
        guard case .failure(.budgetExhausted)? = result else { Issue.record("got \(String(describing: result))"); return }
        #expect(t < 2)
    }

    @Test func cancellationStopsACallInProgress() throws {
        let server = try FakeLLMServer([.stall(first: FakeLLMServer.sseEvent("Je "), seconds: 8)])
        let flag = CancelFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { flag.cancel() }
        var result: Result<String, LLMError>?
        let t = elapsed {
            result = client(server.url) { $0.idleTimeout = 5 }.complete(hello, cancel: flag, onDelta: { _ in true })
        }
        #expect(result == .failure(.cancelled))
        #expect(t < 4, "a cancel after 0.3 s took \(t) s against a 5 s idle timeout")
    }

    @Test func connectionsAreReused() throws {
        let server = try FakeLLMServer([FakeLLMServer.completion("un")])
        let c = client(server.url) { $0.poolSize = 1 }
        for _ in 0..<3 { #expect(c.complete(hello) == .success("un")) }
        #expect(server.requests.count == 3)
        #expect(server.connectionCount == 1)
    }

    @Test func manyCallsWaitAtOnce() throws {
        let server = try FakeLLMServer([.reply(status: 200, contentType: "application/json",
                                               body: Array(#"{"choices":[{"message":{"content":"lent"}}]}"#.utf8), delay: 1.0)])
        let c = client(server.url) { $0.poolSize = 4; $0.idleTimeout = 3 } // the 1 s before the reply is silence
        let group = DispatchGroup()
        let ok = Lines()
        let t = elapsed {
            for _ in 0..<4 {
                group.enter()
                Thread { if c.complete(hello) == .success("lent") { ok.add("ok") }; group.leave() }.start()
            }
            group.wait()
        }
        #expect(ok.all.count == 4)
        #expect(t < 3, "4 calls of 1 s took \(t) s: they did not run at once")
    }

    @Test func sseParserHandlesCommentsCRLFAndAMissingFinalBlankLine() {
        var p = SSEParser()
        var events = p.feed(Array(": keep-alive\r\ndata: {\"a\":1}\r\n\r\ndata: first\ndata: second\n\n".utf8))
        #expect(events == ["{\"a\":1}", "first\nsecond"])
        events = p.feed(Array("data: last".utf8))
        #expect(events.isEmpty)
        #expect(p.finish() == ["last"])
        var d = SSEParser()
        _ = d.feed(Array("data: [DONE]\n\n".utf8))
        #expect(d.done)
    }

    @Test func retryAfterAsAnHTTPDate() {
        let soon = Date().addingTimeInterval(30)
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "GMT")
        f.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        let v = ChatClient.parseRetryAfter(f.string(from: soon)) ?? -1
        #expect(v > 25 && v <= 30)
        #expect(ChatClient.parseRetryAfter("2") == 2)
        #expect(ChatClient.parseRetryAfter("soon") == nil)
    }

    @Test func configNeverShowsTheKey() {
        let c = LLMConfig(baseURL: "https://api.example.com/v1/", model: "m", apiKey: "sk-abcdef")
        #expect(c.description == "https://api.example.com/v1 model m (API key set)")
        #expect(c.redact("error with sk-abcdef inside") == "error with [redacted] inside")
        #expect(LLMConfig.apiKey(from: ["OPENAI_API_KEY": "b"]) == "b")
        #expect(LLMConfig.apiKey(from: ["MADI_LLM_API_KEY": "a", "OPENAI_API_KEY": "b"]) == "a")
        #expect(LLMConfig.apiKey(from: ["MADI_LLM_API_KEY": ""]) == nil)
    }
}
