import Foundation
import MadiCore
import MadiJSON
import MadiProtocol

/// Limits and defaults of a hub; every front exposes them as flags.
public struct HubConfig: Sendable {
    /// Most live sessions at once; a `start` beyond gets `too_many_sessions`.
    public var maxSessions = 10_000
    /// Seconds after which an idle session expires.
    public var ttl: Double = 1800
    /// Requests handed over and not yet answered, all sessions together. A front that waits for a
    /// slot (`Admission.wait`) is held there; one that does not is refused (`overloaded`).
    public var maxPending = 1024
    /// Source recorded with leads when a session gives none.
    public var source = "jsonl"
    /// Session ids nobody can guess ("s-" and 128 random bits) rather than counted ("s1", "s2"):
    /// over HTTP a session's id is all that proves whose conversation it is.
    public var unguessableIds = false

    public init() {}
}

/// Told as sessions start, turn and end (the funnel's events, the CRM sender): called on the
/// session's thread, after the turn; it must not wait for anything slow.
public protocol HubObserver: Sendable {
    func started(_ session: String, _ turn: Turn)
    func turned(_ session: String, before: Session, input: Input, turn: Turn, leadError: String?)
    func ended(_ session: String, reason: HubEnding)
}

/// Why a session stopped.
public enum HubEnding: String, Sendable {
    /// Idle for longer than the TTL.
    case expired
    /// Ended by the client (an `end` request).
    case quit
    /// The process stopped with the session live.
    case shutdown
}

/// What the hub answers to a request: exactly one of these per request handed over.
public enum HubEvent: Sendable {
    case hello(languages: [String], version: String)
    case reply(session: String, language: String, Reply, leadError: LeadSaveError?)
    case ended(session: String)
    case failure(session: String?, ProtocolV1.Failure)
}

/// Live sessions, for every front (JSON lines, HTTP): the registry, the order of each session's
/// requests, idle expiry, the caps on sessions and pending requests, and cancellation of a
/// session's LLM call. A front decodes its wire format into a `ProtocolV1.Kind`, hands it over
/// with `submit`, and encodes the `HubEvent` it gets back.
///
/// Requests of one session run in order, one at a time, on a thread of their own while they run;
/// sessions run at once, so a slow LLM call or lead save in one never holds up another. Idle, a
/// session holds its value and a few fields: no queue, no thread.
public final class SessionHub: @unchecked Sendable {
    /// A live session: its value, and its pending requests (a mailbox drained in order by one
    /// thread at a time).
    final class Box: @unchecked Sendable {
        let id: String
        var session: Session?
        var lastUsed: Double
        /// Guarded by the hub's lock.
        /// Each request's work, called with what to call once it is answered.
        var pending: [@Sendable (_ finished: @escaping @Sendable () -> Void) -> Void] = []
        var draining = false
        /// Cancels this session's LLM call when the session ends (only with an LLM).
        let cancel: CancelFlag?
        init(id: String, now: Double, cancellable: Bool) {
            self.id = id
            lastUsed = now
            cancel = cancellable ? CancelFlag() : nil
        }
    }

    /// How `submit` behaves when `maxPending` requests already wait.
    public enum Admission: Sendable {
        /// Wait for a slot (a front whose reader should stop reading: JSON lines).
        case wait
        /// Refuse at once with `overloaded` (a front that must not block its thread: HTTP).
        case refuse
    }

    public let engine: Engine
    public let leads: LeadSink
    public let assistant: Assistant?
    public let config: HubConfig
    let today: @Sendable () -> Day
    public let clock: HubClock
    /// Told of each session's value after each of its turns, and of its end (see `SessionStore`).
    let store: SessionStore?
    /// Told as sessions start, turn and end.
    let observer: HubObserver?

    /// Guards the table and the count of pending requests; a front waiting for a slot waits on it.
    private let lock = NSCondition()
    private var sessions: [String: Box] = [:]
    private var counter = 0
    private let group = DispatchGroup()
    /// Requests handed over and not yet answered (see `HubConfig.maxPending`).
    private var pending = 0
    /// Whether a front waits for a slot (`Admission.wait`): it is woken once half the slots are
    /// free again, not at each answer (a reader far ahead would be woken once a request).
    private var admissionWaiters = 0
    /// When the table was last swept for idle sessions; a full table's refusals sweep at most
    /// once a second, never once per refusal.
    private var lastSweep: Double
    private var sweepsDone = 0
    private var sweeper: DispatchSourceTimer?

    public init(engine: Engine, leads: LeadSink, assistant: Assistant? = nil, config: HubConfig = HubConfig(),
                today: @escaping @Sendable () -> Day, clock: HubClock = SystemClock(), store: SessionStore? = nil,
                observer: HubObserver? = nil) {
        self.observer = observer
        self.engine = engine
        self.leads = leads
        self.assistant = assistant
        self.config = config
        self.today = today
        self.clock = clock
        self.store = store
        lastSweep = clock.now()
    }

    deinit { sweeper?.cancel() }

    // MARK: Requests

    /// Hands a request over. `reply` is called exactly once: at once for what needs no turn
    /// (`hello`, an unknown session, a full table), else on the session's thread once the turn
    /// is done. `delta` gets the pieces of a streamed LLM answer, on the same thread, before the
    /// reply. Returns false when the request was refused for want of a pending slot (`reply`
    /// then got `overloaded`).
    @discardableResult
    public func submit(_ kind: ProtocolV1.Kind, admission: Admission = .wait,
                       delta: (@Sendable (_ session: String, _ text: String) -> Void)? = nil,
                       reply: @escaping @Sendable (HubEvent) -> Void) -> Bool {
        switch kind {
        case .hello:
            reply(.hello(languages: engine.content.languages, version: MadiCoreVersion.value))
            return true
        case let .start(requested, language, context):
            if let language, !engine.content.languages.contains(language) {
                reply(.failure(session: nil, badLanguage(language)))
                return true
            }
            let now = clock.now()
            lock.lock()
            if sessions.count >= config.maxSessions, now - lastSweep >= 1 { sweepLocked(now) }
            if let requested, let existing = sessions[requested], !expired(existing, now) {
                lock.unlock()
                reply(.failure(session: requested, ProtocolV1.Failure("session_exists", "session '\(requested)' is already live")))
                return true
            }
            if let requested { sessions[requested] = nil } // expired
            guard sessions.count < config.maxSessions else {
                lock.unlock()
                reply(.failure(session: nil, ProtocolV1.Failure(
                    "too_many_sessions", "\(config.maxSessions) sessions are live; end one or wait for idle ones to expire")))
                return true
            }
            var sid = requested ?? ""
            while sid.isEmpty || (requested == nil && sessions[sid] != nil) {
                counter += 1
                if config.unguessableIds {
                    var rng = SystemRandomNumberGenerator()
                    sid = "s-" + [rng.next(), rng.next()].map { (n: UInt64) in
                        let hex = String(n, radix: 16)
                        return String(repeating: "0", count: 16 - hex.count) + hex
                    }.joined()
                } else {
                    sid = "s\(counter)" // never one a client chose and still uses
                }
            }
            let chosen = sid
            let box = Box(id: chosen, now: now, cancellable: assistant != nil)
            sessions[chosen] = box
            lock.unlock()
            let source = context.source.map(Sanitize.line).flatMap { $0.isEmpty ? nil : $0 } ?? Sanitize.line(config.source)
            let day = today()
            let withAssistant = assistant != nil
            let accepted = enqueue(box, admission: admission) { [engine, store, observer] finished in
                defer { finished() }
                let turn = Conversation.start(engine, language: language, source: source, today: day,
                                              course: context.course, firstName: context.firstName, assistant: withAssistant)
                box.session = turn.session
                store?.save(chosen, turn.session, lastUsed: box.lastUsed)
                observer?.started(chosen, turn)
                reply(.reply(session: chosen, language: turn.session.language, turn.reply, leadError: nil))
            }
            if !accepted {
                lock.lock()
                if sessions[chosen] === box { sessions[chosen] = nil }
                lock.unlock()
                reply(.failure(session: nil, overloaded))
            }
            return accepted
        case let .end(sid):
            let now = clock.now()
            lock.lock()
            let box = sessions.removeValue(forKey: sid)
            lock.unlock()
            guard let box, !expired(box, now) else {
                reply(.failure(session: sid, unknown(sid)))
                return true
            }
            box.cancel?.cancel() // an LLM call of this session stops now
            // An end is never refused for want of a slot: it frees a place.
            _ = enqueue(box, admission: .wait) { [store, observer] finished in
                defer { finished() }
                box.session = nil
                store?.delete(sid)
                observer?.ended(sid, reason: .quit)
                reply(.ended(session: sid))
            }
            return true
        case let .say(sid, _), let .choose(sid, _), let .command(sid, _), let .state(sid):
            let now = clock.now()
            lock.lock()
            var box = sessions[sid]
            if let b = box, expired(b, now) { sessions[sid] = nil; box = nil }
            box?.lastUsed = now
            lock.unlock()
            guard let box else {
                reply(.failure(session: sid, unknown(sid)))
                return true
            }
            let accepted = enqueue(box, admission: admission) { [self] finished in
                self.turn(box, kind, delta: delta) { event in
                    reply(event)
                    finished()
                }
            }
            if !accepted { reply(.failure(session: sid, overloaded)) }
            return accepted
        }
    }

    /// Runs one request of a live session, on its thread, and answers through `answer` (on the
    /// lead store's side when the turn saved a lead: no thread waits for the commit).
    private func turn(_ box: Box, _ kind: ProtocolV1.Kind, delta: (@Sendable (String, String) -> Void)?,
                      answer: @escaping @Sendable (HubEvent) -> Void) {
        let sid = box.id
        guard let session = box.session else { return answer(.failure(session: sid, unknown(sid))) }
        let input: Input
        switch kind {
        case let .say(_, text): input = .text(text)
        case let .choose(_, option): input = .choose(option)
        case let .command(_, c):
            if case let .language(l) = c, !engine.content.languages.contains(l) {
                return answer(.failure(session: sid, badLanguage(l)))
            }
            input = .command(c)
        case .state:
            store?.save(sid, session, lastUsed: box.lastUsed) // its idle time starts again after a restart too
            return answer(.reply(session: sid, language: session.language, engine.view(session), leadError: nil))
        default:
            return answer(.failure(session: sid, ProtocolV1.Failure("bad_value", "not a turn")))
        }
        Conversation.turn(engine, session, input, leads: leads, assistant: assistant, cancel: box.cancel,
                          onDelta: { piece in delta?(sid, Sanitize.streamPiece(piece)) },
                          offload: Self.offload) { [store, observer] turn, saveError in
            if let e = saveError { HubLog.warning("lead store failed for session \(sid): \(e.code): \(e.message)") }
            box.session = turn.session
            store?.save(sid, turn.session, lastUsed: box.lastUsed)
            observer?.turned(sid, before: session, input: input, turn: turn, leadError: saveError?.code)
            answer(.reply(session: sid, language: turn.session.language, turn.reply, leadError: saveError))
        }
    }

    private var overloaded: ProtocolV1.Failure {
        ProtocolV1.Failure("overloaded", "\(config.maxPending) requests are waiting for their reply; try again shortly")
    }

    private func badLanguage(_ l: String) -> ProtocolV1.Failure {
        ProtocolV1.Failure("bad_value", "unknown language '\(l)' (\(engine.content.languages.joined(separator: ", ")))")
    }

    /// The error for a session id that is not live.
    public func unknown(_ sid: String) -> ProtocolV1.Failure {
        ProtocolV1.Failure("unknown_session",
                           "no live session '\(sid)' (never started, ended, or expired after \(Self.seconds(config.ttl)) s idle)")
    }

    /// A duration as people write it: "1800", "0.3".
    public static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    // MARK: Mailboxes

    /// Queues work for a session. Its requests run in order, one at a time; sessions run at
    /// once, on the shared pool (`workers`). A session waiting for a slow LLM call or for its
    /// lead's commit holds no thread of that pool, so never another session's turn.
    private func enqueue(_ box: Box, admission: Admission,
                         _ work: @escaping @Sendable (_ finished: @escaping @Sendable () -> Void) -> Void) -> Bool {
        let most = max(1, config.maxPending)
        lock.lock()
        switch admission {
        case .wait: // back-pressure: at most maxPending requests wait for their reply
            while pending >= most {
                admissionWaiters += 1
                lock.wait()
                admissionWaiters -= 1
            }
        case .refuse:
            if pending >= most { lock.unlock(); return false }
        }
        group.enter()
        pending += 1
        box.pending.append(work)
        let start = !box.draining
        box.draining = true
        lock.unlock()
        if start { Self.workers.async { self.drain(box) } }
        return true
    }

    /// Turns run on the shared pool, about as many threads as cores. What would hold a thread
    /// long runs elsewhere: an LLM call on a thread of its own (`offload`), a lead's commit on the
    /// store's writer, and the turn goes on when it is done.
    private static let workers = DispatchQueue(label: "madi.sessions", attributes: .concurrent)
    private static let offload: @Sendable (_ call: @escaping @Sendable () -> Void) -> Void = { call in
        DispatchQueue(label: "madi.llm").async(execute: call)
    }

    /// Runs the session's requests in order. A request answered later (a lead being committed)
    /// lets go of the thread; its answer starts the session's next request on a new one.
    private func drain(_ box: Box) {
        while true {
            lock.lock()
            if box.pending.isEmpty {
                box.draining = false
                box.pending = [] // idle, a session keeps no room for requests
                lock.unlock()
                return
            }
            let work = box.pending.removeFirst()
            lock.unlock()
            let handover = Handover()
            work { [self] in
                lock.lock()
                pending -= 1
                if admissionWaiters > 0, pending <= max(1, config.maxPending) / 2 { lock.broadcast() }
                lock.unlock()
                group.leave()
                // Answered after `work` returned: this thread has moved on; go on from here.
                if handover.finishedLater() { Self.workers.async { self.drain(box) } }
            }
            if !handover.returned() { return } // the answer will carry on
        }
    }

    /// Whether a request's work answered before it returned (then the draining thread goes on)
    /// or after (then its answer goes on).
    private final class Handover: @unchecked Sendable {
        private let lock = NSLock()
        private var finished = false
        private var left = false
        /// Called by the answer: true when the work had already returned.
        func finishedLater() -> Bool {
            lock.lock(); defer { lock.unlock() }
            finished = true
            return left
        }
        /// Called when the work returns: true when it was already answered.
        func returned() -> Bool {
            lock.lock(); defer { lock.unlock() }
            left = true
            return finished
        }
    }

    /// Requests handed over and not yet answered.
    public var pendingCount: Int {
        lock.lock(); defer { lock.unlock() }
        return pending
    }

    /// Waits until every request handed over so far is answered; false if `timeout` passed first.
    @discardableResult
    public func waitForIdle(timeout: Double? = nil) -> Bool {
        guard let timeout else { group.wait(); return true }
        return group.wait(timeout: .now() + timeout) == .success
    }

    /// Cancels every live session's LLM call in progress (draining after a stop signal).
    public func cancelAll() {
        lock.lock()
        let boxes = Array(sessions.values)
        lock.unlock()
        for b in boxes { b.cancel?.cancel() }
    }

    /// Takes back the sessions `store` kept (a restart): those still within their TTL become
    /// live again, the others are deleted from it. Returns how many are live.
    @discardableResult
    public func resume() throws -> Int {
        guard let store else { return 0 }
        let now = clock.now()
        var stale: [String] = []
        lock.lock()
        for kept in try store.loadAll() {
            guard now - kept.lastUsed <= config.ttl, sessions.count < config.maxSessions else { stale.append(kept.id); continue }
            let box = Box(id: kept.id, now: kept.lastUsed, cancellable: assistant != nil)
            box.session = kept.session
            sessions[kept.id] = box
        }
        let live = sessions.count
        lock.unlock()
        for id in stale { store.delete(id) }
        return live
    }

    // MARK: Expiry

    private func expired(_ box: Box, _ now: Double) -> Bool { now - box.lastUsed > config.ttl }

    /// Drops sessions idle for longer than the TTL (a session past it is refused even before a
    /// sweep drops it).
    public func sweep() {
        let now = clock.now()
        lock.lock()
        sweepLocked(now)
        lock.unlock()
    }

    private func sweepLocked(_ now: Double) {
        var expiredIds: [String] = []
        for (k, box) in sessions where expired(box, now) { expiredIds.append(k) }
        for k in expiredIds { sessions[k] = nil }
        lastSweep = now
        sweepsDone += 1
        if !expiredIds.isEmpty {
            HubLog.debug("expired \(expiredIds.count) idle session(s)")
            if let store { for k in expiredIds { store.delete(k) } }
            if let observer { for k in expiredIds { observer.ended(k, reason: .expired) } }
        }
    }

    /// Sweeps every TTL/4 (at most every 30 s) of real time until `stopSweeping`.
    public func startSweeping() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        let period = max(0.05, min(config.ttl / 4, 30))
        timer.schedule(deadline: .now() + period, repeating: period)
        timer.setEventHandler { [weak self] in self?.sweep() }
        timer.resume()
        lock.lock()
        sweeper?.cancel()
        sweeper = timer
        lock.unlock()
    }

    public func stopSweeping() {
        lock.lock()
        sweeper?.cancel()
        sweeper = nil
        lock.unlock()
    }

    /// Sweeps done (tests check that refusals do not each pay for one).
    public var sweeps: Int { lock.lock(); defer { lock.unlock() }; return sweepsDone }

    public var liveSessions: Int {
        lock.lock(); defer { lock.unlock() }
        return sessions.count
    }

    /// Whether a session is live now (not ended, not past its TTL).
    public func isLive(_ sid: String) -> Bool {
        let now = clock.now()
        lock.lock(); defer { lock.unlock() }
        return sessions[sid].map { !expired($0, now) } ?? false
    }
}

/// Where the hub's warnings go: set by the program (stderr by default).
public enum HubLog {
    nonisolated(unsafe) public static var sink: @Sendable (_ level: Int, _ message: String) -> Void = { level, message in
        guard level >= 2 else { return }
        FileHandle.standardError.write(Data("madi: warning: \(message)\n".utf8))
    }
    static func debug(_ m: String) { sink(0, m) }
    static func warning(_ m: String) { sink(2, m) }
}

extension ProtocolV1 {
    /// A hub's answer as a protocol object (a JSON line, an HTTP body).
    public static func encode(_ event: HubEvent, id: JSON) -> JSON {
        switch event {
        case let .hello(languages, version): return hello(id: id, languages: languages, version: version)
        case let .reply(session, language, reply, leadError):
            return self.reply(id: id, session: session, language: language, reply, leadError: leadError)
        case let .ended(session): return ended(id: id, session: session)
        case let .failure(session, f): return error(id: id, session: session, f)
        }
    }
}
