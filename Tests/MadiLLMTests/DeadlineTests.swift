import Foundation
import MadiCore
import MadiTestSupport
import Testing
@testable import MadiLLM

/// One deadline per call, every try included; only what did not reach the endpoint, a 429 or a
/// 5xx is tried again; the log says what happened.
@Suite("LLM call deadline and retries")
struct DeadlineTests {
    static let stalled = FakeLLMServer.Behaviour.reply(status: 200, contentType: "application/json",
                                                       body: Array(#"{"choices":[{"message":{"content":"trop tard"}}]}"#.utf8), delay: 30)

    /// The endpoint reads the request and says nothing: one try, ended by the idle timeout, and
    /// named as such (it was "connection timed out", then tried twice more).
    @Test func aStalledEndpointIsAskedOnceAndTheLogSaysSo() throws {
        let server = try FakeLLMServer([Self.stalled])
        let log = Lines()
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url, log) { $0.totalTimeout = 6; $0.idleTimeout = 1 }.complete(hello) }
        #expect(result == .failure(.noReply(1)))
        #expect(server.requests.count == 1)
        #expect(t < 4, "took \(t) s")
        if case let .failure(e)? = result {
            #expect(e.description == "the request was sent; no reply came for 1 s")
        }
        #expect(log.all.isEmpty) // no retry was logged
    }

    /// With a long idle timeout the call's deadline ends it, whatever the per-try timeouts.
    @Test func theCallsDeadlineBoundsAStalledTurn() throws {
        let server = try FakeLLMServer([Self.stalled])
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url) { $0.totalTimeout = 2; $0.idleTimeout = 20; $0.connectTimeout = 3 }.complete(hello) }
        #expect(result == .failure(.timeout(2)))
        #expect(server.requests.count == 1)
        #expect(t < 3.5, "a 2 s deadline took \(t) s")
    }

    /// Waiting for a pooled connection counts against the deadline too, and a request left with
    /// too little of it is not sent.
    @Test func waitingForAFreeConnectionCountsAgainstTheDeadline() throws {
        let server = try FakeLLMServer([Self.stalled])
        let c = client(server.url) { $0.poolSize = 1; $0.totalTimeout = 1.5; $0.idleTimeout = 20 }
        let results = Locked<[Result<String, LLMError>]>([])
        let group = DispatchGroup()
        let t = elapsed {
            for i in 0..<2 {
                group.enter()
                Thread { let r = c.complete(hello); results.update { $0.append(r) }; group.leave() }.start()
                // The second call starts once the first holds the only connection.
                if i == 0 { while server.requests.isEmpty { usleep(2_000) } }
            }
            group.wait()
        }
        #expect(t < 3, "two calls with a 1.5 s deadline took \(t) s")
        #expect(results.get().contains(.failure(.noFreeConnection(1.5))))
        #expect(results.get().contains(.failure(.timeout(1.5))))
        #expect(server.requests.count == 1)
    }

    /// 5xx are retried, but never past the deadline: the waits and the tries fit in it.
    @Test func retriesStayWithinTheDeadline() throws {
        let server = try FakeLLMServer([FakeLLMServer.status(503, retryAfter: "1")])
        var result: Result<String, LLMError>?
        let t = elapsed { result = client(server.url) { $0.totalTimeout = 2.5; $0.maxAttempts = 10 }.complete(hello) }
        guard case .failure(.budgetExhausted)? = result else { Issue.record("got \(String(describing: result))"); return }
        #expect(t < 2.5, "took \(t) s against a 2.5 s deadline")
        #expect(server.requests.count == 2) // 0 s, then 1 s; a third at 2 s would leave no time to answer
    }

    /// A connection that closes after the request was sent is not sent again (the endpoint may
    /// have it, and bill it).
    @Test func aRequestThatMayHaveArrivedIsNotSentAgain() throws {
        let server = try FakeLLMServer([.hangUp])
        var result: Result<String, LLMError>?
        _ = elapsed { result = client(server.url).complete(hello) }
        guard case .failure(let e)? = result else { Issue.record("got \(String(describing: result))"); return }
        #expect(!e.retryable, "\(e)")
        #expect(server.connectionCount == 1)
    }

    /// Refused connections reached nothing: they are retried.
    @Test func aRefusedConnectionIsRetried() {
        let url = "http://127.0.0.1:\(FakeLLMServer.closedPort())/v1"
        let log = Lines()
        var result: Result<String, LLMError>?
        _ = elapsed { result = client(url, log).complete(hello) }
        guard case .failure(.budgetExhausted)? = result else { Issue.record("got \(String(describing: result))"); return }
        #expect(log.all.count == 2) // two retries logged
        #expect(log.joined.contains("connection failed"))
    }
}

final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ v: T) { value = v }
    func get() -> T { lock.lock(); defer { lock.unlock() }; return value }
    func update(_ f: (inout T) -> Void) { lock.lock(); f(&value); lock.unlock() }
}
