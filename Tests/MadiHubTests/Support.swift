import Foundation
import MadiCore
import MadiTestSupport
import MadiHub

/// The shipped Dialogues, read once from the repository.
enum Shipped {
    static let content = ShippedDialogues.content
    static let engine = Engine(content: content)
    static let today = Day(iso: "2026-11-21")!
}

/// What a hub answered, in the order it answered.
final class Answers: @unchecked Sendable {
    private let lock = NSCondition()
    private(set) var events: [(tag: String, event: HubEvent)] = []

    func record(_ tag: String) -> @Sendable (HubEvent) -> Void {
        { event in
            self.lock.lock()
            self.events.append((tag, event))
            self.lock.broadcast()
            self.lock.unlock()
        }
    }

    /// Waits (on the event itself, up to 20 s) for the answer tagged `tag`.
    func wait(_ tag: String) -> HubEvent? {
        lock.lock(); defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(20)
        while true {
            if let e = events.first(where: { $0.tag == tag }) { return e.event }
            if !lock.wait(until: deadline) { return nil }
        }
    }

    var tags: [String] { lock.lock(); defer { lock.unlock() }; return events.map(\.tag) }
}

extension HubEvent {
    var code: String? { if case let .failure(_, f) = self { return f.code }; return nil }
    var message: String? { if case let .failure(_, f) = self { return f.message }; return nil }
    var step: String? { if case let .reply(_, _, r, _) = self { return r.step }; return nil }
    var session: String? {
        switch self {
        case .hello: return nil
        case let .reply(s, _, _, _), let .ended(s): return s
        case let .failure(s, _): return s
        }
    }
}

/// An LLM that holds each call until released, and notices cancellation.
final class HeldAssistant: Assistant, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var cancelledCalls = 0
    var cancelled: Int { lock.lock(); defer { lock.unlock() }; return cancelledCalls }

    func understand(_ request: UnderstandRequest, cancel: CancelFlag?) -> String? {
        entered.signal()
        while release.wait(timeout: .now() + 0.005) == .timedOut {
            if cancel?.isCancelled == true {
                lock.lock(); cancelledCalls += 1; lock.unlock()
                return nil
            }
        }
        return "automate"
    }

    func answer(_ request: AnswerRequest, cancel: CancelFlag?, onDelta: @escaping @Sendable (String) -> Void) -> String? { nil }
}

/// Sessions kept in memory, as a database would keep them.
final class MemorySessionStore: SessionStore, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: StoredSession] = [:]
    var all: [String: StoredSession] { lock.lock(); defer { lock.unlock() }; return kept }

    func loadAll() throws -> [StoredSession] { Array(all.values) }
    func save(_ id: String, _ session: Session, lastUsed: Double) {
        lock.lock(); kept[id] = StoredSession(id: id, session: session, lastUsed: lastUsed); lock.unlock()
    }
    func delete(_ id: String) { lock.lock(); kept[id] = nil; lock.unlock() }
}

/// A lead store that holds every save until released, answering through `done` as the real one
/// does (no thread waits meanwhile).
final class HeldLeads: LeadSink, @unchecked Sendable {
    private let lock = NSCondition()
    private var held: [@Sendable (Result<String, LeadSaveError>) -> Void] = []

    func save(_ draft: LeadDraft) -> Result<String, LeadSaveError> {
        let got = Got()
        save(draft) { got.put($0) }
        return got.take()
    }

    func save(_ draft: LeadDraft, done: @escaping @Sendable (Result<String, LeadSaveError>) -> Void) {
        lock.lock()
        held.append(done)
        lock.broadcast()
        lock.unlock()
    }

    /// Waits (on the saves themselves, up to 20 s) until `n` saves are held.
    func waitHeld(_ n: Int) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(20)
        while held.count < n { if !lock.wait(until: deadline) { return held.count >= n } }
        return true
    }

    func releaseAll() {
        lock.lock()
        let all = held
        held = []
        lock.unlock()
        for (i, done) in all.enumerated() { done(.success("lead-\(i + 1)")) }
    }

    private final class Got: @unchecked Sendable {
        let ready = DispatchSemaphore(value: 0)
        var value: Result<String, LeadSaveError>?
        func put(_ r: Result<String, LeadSaveError>) { value = r; ready.signal() }
        func take() -> Result<String, LeadSaveError> { ready.wait(); return value! }
    }
}

/// The threads of this process, from /proc.
func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}
