import Foundation
import MadiCore

/// Reads lines from a file descriptor with a length limit: an over-long line is skipped up to its
/// newline and reported once, never held in memory whole.
struct LineReader {
    enum Line: Equatable {
        case line([UInt8])
        /// A line over the limit, discarded to its end: its length and its first `headBytes` bytes.
        case tooLong(Int, head: [UInt8])
    }

    /// How much of an over-long line is kept, so that a front can show how it began.
    static let headBytes = 256

    let fd: Int32
    let maxBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = 0
    private var head: [UInt8] = []
    private var eof = false
    private var bomChecked = false
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// When readable, reading stops: the whole lines already read are still given, a partial
    /// last line is dropped (its bytes counted in `dropped`).
    let stopFd: Int32
    private(set) var stopped = false
    private(set) var dropped = 0

    init(fd: Int32, maxBytes: Int, stopFd: Int32 = -1) {
        self.fd = fd
        self.maxBytes = maxBytes
        self.stopFd = stopFd
    }

    /// The next line, or nil at end of input. A last line without a newline counts. Never holds
    /// more than `maxBytes` of a line plus one read's worth. An over-long line is discarded to its
    /// end (a newline or the end of input), whatever that end is: no part of it is ever read as a
    /// line of its own.
    mutating func next() -> Line? {
        while true {
            if let nl = buffer[start...].firstIndex(of: 0x0A) {
                var line = Array(buffer[start..<nl])
                start = nl + 1
                compact()
                if skipping > 0 {
                    let total = skipping + line.count
                    skipping = 0
                    return .tooLong(total, head: head)
                }
                if line.last == 0x0D { line.removeLast() }
                if line.count > maxBytes { return .tooLong(line.count, head: Array(line.prefix(Self.headBytes))) }
                return .line(line)
            }
            // No newline yet: drop what is pending if it is already too long, or if it is the
            // rest of a line already found too long.
            if skipping > 0 || buffer.count - start > maxBytes {
                if skipping == 0 { head = Array(buffer[start..<min(buffer.count, start + Self.headBytes)]) }
                skipping += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if eof {
                if stopped {
                    dropped += skipping + buffer.count - start
                    skipping = 0
                    buffer.removeAll(); start = 0
                    return nil
                }
                if skipping > 0 { let n = skipping; skipping = 0; return .tooLong(n, head: head) }
                if start < buffer.count {
                    var line = Array(buffer[start...])
                    buffer.removeAll(); start = 0
                    if line.last == 0x0D { line.removeLast() }
                    return .line(line)
                }
                return nil
            }
            if stopFd >= 0 {
                var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stopFd, events: Int16(POLLIN), revents: 0)]
                let r = poll(&fds, 2, -1)
                if r < 0 { if errno == EINTR { continue }; eof = true; continue }
                if fds[1].revents != 0 { stopped = true; eof = true; continue }
            }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                eof = true
            } else if n == 0 {
                eof = true
            } else {
                buffer.append(contentsOf: chunk[0..<n])
                if !bomChecked { skipByteOrderMark() }
            }
        }
    }

    /// A UTF-8 byte-order mark at the very start of the stream is skipped (it may arrive split).
    private mutating func skipByteOrderMark() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let k = min(3, buffer.count - start)
        if !buffer[start..<start + k].elementsEqual(bom[0..<k]) {
            bomChecked = true
        } else if k == 3 {
            start += 3
            bomChecked = true
        }
    }

    private mutating func compact() {
        if start > 65536 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

/// Writes whole lines to a file descriptor, one writer at a time, flushed per line.
final class LineWriter: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()

    init(fd: Int32) { self.fd = fd }

    func write(_ json: JSON) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        json.write(into: &bytes)
        bytes.append(0x0A)
        lock.lock(); defer { lock.unlock() }
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Foundation.write(fd, $0.baseAddress! + off, $0.count - off) }
            if n < 0 { if errno == EINTR { continue }; return }
            off += n
        }
        bytes.removeAll()
    }
}

public struct JSONLConfig: Sendable {
    /// Also the chat's default line limit.
    public static let defaultMaxLineBytes = 64 * 1024

    public var maxLineBytes = JSONLConfig.defaultMaxLineBytes
    public var maxSessions = 10_000
    public var ttl: Double = 1800
    public var source = "jsonl"
    /// Requests read but not yet answered, all sessions together. When that many are pending
    /// (a client that stops reading its replies, say), stdin is not read until one is answered.
    public var maxPending = 1024
    /// After SIGTERM or SIGINT: seconds to finish the requests already read before LLM calls in
    /// progress are cancelled (their turns then answer without the LLM).
    public var drainTimeout: Double = 10

    public init() {}
}

/// The JSON-lines front: many sessions multiplexed on one stream. Requests of one session run
/// in order on that session's queue; sessions run concurrently, so a slow effect in one never
/// holds up another. Bad input gets an error line and the stream goes on.
public final class JSONLServer: @unchecked Sendable {
    /// A live session: its value, and its pending requests (a mailbox drained in order by one
    /// thread at a time). Idle, it holds no queue or thread: a few hundred bytes.
    final class Box {
        var session: Session?
        var lastUsed: Double
        /// Guarded by the server's lock.
        var pending: [@Sendable () -> Void] = []
        var draining = false
        /// Cancels this session's LLM call when the session ends (only with an LLM).
        let cancel: CancelFlag?
        init(now: Double, cancellable: Bool) {
            lastUsed = now
            cancel = cancellable ? CancelFlag() : nil
        }
    }

    let engine: Engine
    let leads: LeadSink
    let assistant: Assistant?
    let config: JSONLConfig
    let today: @Sendable () -> Day
    let clock: @Sendable () -> Double
    let writer: LineWriter
    /// Told as sessions start, turn and end (events, CRM delivery).
    let funnel: Funnel?
    private let lock = NSLock()
    private var sessions: [String: Box] = [:]
    private var counter = 0
    private let group = DispatchGroup()
    /// One per request read and not yet answered (see `JSONLConfig.maxPending`).
    private let slots: DispatchSemaphore
    /// When the table was last swept for idle sessions; a full table's refusals sweep at most
    /// once a second, never once per refusal.
    private var lastSweep: Double
    private var sweepsDone = 0
    /// Sweeps done (tests check that refusals do not each pay for one).
    var sweeps: Int { lock.lock(); defer { lock.unlock() }; return sweepsDone }

    public init(engine: Engine, leads: LeadSink, assistant: Assistant? = nil, config: JSONLConfig, output: Int32 = 1,
                today: @escaping @Sendable () -> Day = todayUTC,
                clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }, funnel: Funnel? = nil) {
        self.funnel = funnel
        self.engine = engine
        self.leads = leads
        self.assistant = assistant
        self.config = config
        self.writer = LineWriter(fd: output)
        self.today = today
        self.clock = clock
        slots = DispatchSemaphore(value: max(1, config.maxPending))
        lastSweep = clock()
    }

    /// How `run` ended.
    public enum Ending: Equatable, Sendable {
        /// End of input: every request read was answered.
        case endOfInput
        /// A stop signal: reading stopped, every request read was answered.
        case drained(signal: Int32)
        /// A stop signal, and some requests were still unanswered at the bound.
        case unfinished(signal: Int32, pending: Int)
    }

    /// Serves until end of input, then finishes pending work and returns. With `stopSignals`,
    /// the first of them stops reading: the requests already read are finished and answered
    /// (LLM calls still running after `drainTimeout` are cancelled, and their turns answer
    /// without the LLM), then `run` returns. A second signal exits at once.
    @discardableResult
    public func run(input: Int32 = 0, stopSignals: [Int32] = []) -> Ending {
        var stopPipe: [Int32] = [-1, -1]
        var sources: [DispatchSourceSignal] = []
        let caught = Caught()
        if !stopSignals.isEmpty, pipe(&stopPipe) == 0 {
            for sig in stopSignals {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                let wake = stopPipe[1]
                source.setEventHandler {
                    if caught.first(sig) {
                        var b: UInt8 = 1
                        _ = write(wake, &b, 1)
                        // The bound holds even when the reader cannot get back to its loop (a
                        // client that reads no reply keeps it waiting for a free slot).
                        let bound = self.config.drainTimeout
                        DispatchQueue.global().asyncAfter(deadline: .now() + bound) { self.cancelAll() }
                        DispatchQueue.global().asyncAfter(deadline: .now() + bound + 3) {
                            Log.log(.error, "signal \(sig): \(self.pendingCount) request(s) left unanswered after \(Self.seconds(bound + 3)) s")
                            exit(1)
                        }
                    } else {
                        Log.log(.warning, "signal \(sig) again: exiting without finishing")
                        exit(128 + sig)
                    }
                }
                source.resume()
                sources.append(source)
            }
        }
        defer {
            for s in sources { s.cancel() }
            if stopPipe[0] >= 0 { close(stopPipe[0]); close(stopPipe[1]) }
        }
        var reader = LineReader(fd: input, maxBytes: config.maxLineBytes, stopFd: stopPipe[0])
        let sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        let period = max(0.05, min(config.ttl / 4, 30))
        sweeper.schedule(deadline: .now() + period, repeating: period)
        sweeper.setEventHandler { [weak self] in self?.sweep() }
        sweeper.resume()
        while let item = reader.next() {
            switch item {
            case let .tooLong(n, _):
                writer.write(ProtocolV1.error(id: .null, ProtocolV1.Failure(
                    "line_too_long", "the line has \(n) bytes; the limit is \(config.maxLineBytes)")))
            case let .line(bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue } // blank lines are ignored
                handle(bytes)
            }
        }
        sweeper.cancel()
        guard reader.stopped else {
            group.wait()
            return .endOfInput
        }
        let sig = caught.value
        let pending = pendingCount
        Log.log(.info, "signal \(sig): stopped reading; finishing \(pending) pending request(s)"
            + (reader.dropped > 0 ? "; an incomplete last line of \(reader.dropped) bytes was dropped" : ""))
        if group.wait(timeout: .now() + config.drainTimeout) == .success { return .drained(signal: sig) }
        Log.log(.warning, "still \(pendingCount) request(s) after \(Self.seconds(config.drainTimeout)) s: cancelling LLM calls in progress")
        cancelAll()
        if group.wait(timeout: .now() + 2) == .success { return .drained(signal: sig) }
        return .unfinished(signal: sig, pending: pendingCount)
    }

    /// Waits until every request handled so far is answered.
    func waitForPendingWork() { group.wait() }

    /// Requests read and not yet answered.
    var pendingCount: Int {
        lock.lock(); defer { lock.unlock() }
        return pending
    }

    private var pending = 0

    /// Cancels every live session's LLM call in progress (draining after a stop signal).
    private func cancelAll() {
        lock.lock()
        let boxes = Array(sessions.values)
        lock.unlock()
        for b in boxes { b.cancel?.cancel() }
    }

    func handle(_ bytes: [UInt8]) {
        let (id, result) = ProtocolV1.decode(bytes)
        let request: ProtocolV1.Request
        switch result {
        case let .failure(f):
            writer.write(ProtocolV1.error(id: id, f))
            return
        case let .success(r): request = r
        }
        switch request.kind {
        case .hello:
            writer.write(ProtocolV1.hello(id: id, languages: engine.content.languages, version: MadiCoreVersion.value))
        case let .start(requested, language, context):
            if let language, !engine.content.languages.contains(language) {
                writer.write(ProtocolV1.error(id: id, ProtocolV1.Failure(
                    "bad_value", "unknown language '\(language)' (\(engine.content.languages.joined(separator: ", ")))")))
                return
            }
            let now = clock()
            lock.lock()
            if sessions.count >= config.maxSessions, now - lastSweep >= 1 { sweepLocked(now) }
            if let requested, sessions[requested] != nil {
                lock.unlock()
                writer.write(ProtocolV1.error(id: id, session: requested, ProtocolV1.Failure("session_exists", "session '\(requested)' is already live")))
                return
            }
            guard sessions.count < config.maxSessions else {
                lock.unlock()
                writer.write(ProtocolV1.error(id: id, ProtocolV1.Failure(
                    "too_many_sessions", "\(config.maxSessions) sessions are live; end one or wait for idle ones to expire")))
                return
            }
            var sid = requested ?? ""
            while sid.isEmpty || (requested == nil && sessions[sid] != nil) {
                counter += 1
                sid = "s\(counter)" // never one a client chose and still uses
            }
            let chosen = sid
            let box = Box(now: now, cancellable: assistant != nil)
            sessions[chosen] = box
            lock.unlock()
            let source = context.source.map(Sanitize.line).flatMap { $0.isEmpty ? nil : $0 } ?? Sanitize.line(config.source)
            let day = today()
            let withAssistant = assistant != nil
            dispatch(box) { [engine, writer, self] in
                let turn = Conversation.start(engine, language: language, source: source, today: day,
                                              course: context.course, firstName: context.firstName, assistant: withAssistant)
                box.session = turn.session
                self.funnel?.started(chosen, turn)
                writer.write(ProtocolV1.reply(id: id, session: chosen, language: turn.session.language, turn.reply))
            }
        case let .end(sid):
            lock.lock()
            let box = sessions.removeValue(forKey: sid)
            lock.unlock()
            guard let box else { return unknown(id, sid) }
            box.cancel?.cancel() // an LLM call of this session stops now
            funnel?.ended(sid, reason: .quit)
            dispatch(box) { [writer] in
                box.session = nil
                writer.write(ProtocolV1.ended(id: id, session: sid))
            }
        case let .say(sid, _), let .choose(sid, _), let .command(sid, _), let .state(sid):
            let now = clock()
            lock.lock()
            let box = sessions[sid]
            box?.lastUsed = now
            lock.unlock()
            guard let box else { return unknown(id, sid) }
            dispatch(box) { [self] in self.turn(id: id, sid: sid, box: box, kind: request.kind) }
        }
    }

    func turn(id: JSON, sid: String, box: Box, kind: ProtocolV1.Kind) {
        guard let session = box.session else { return unknown(id, sid) }
        let input: Input
        switch kind {
        case let .say(_, text): input = .text(text)
        case let .choose(_, option): input = .choose(option)
        case let .command(_, c):
            if case let .language(l) = c, !engine.content.languages.contains(l) {
                writer.write(ProtocolV1.error(id: id, session: sid, ProtocolV1.Failure(
                    "bad_value", "unknown language '\(l)' (\(engine.content.languages.joined(separator: ", ")))")))
                return
            }
            input = .command(c)
        case .state:
            writer.write(ProtocolV1.reply(id: id, session: sid, language: session.language, engine.view(session)))
            return
        default: return
        }
        var saveError: LeadSaveError?
        let writer = self.writer
        let turn = Conversation.turn(engine, session, input, leads: leads, assistant: assistant, cancel: box.cancel,
                                     onDelta: { piece in
                                         writer.write(.object([("v", .number(1)), ("id", id), ("type", .string("delta")),
                                                               ("session", .string(sid)), ("text", .string(Sanitize.streamPiece(piece)))]))
                                     },
                                     onSaveError: { e in
            saveError = e
            Log.log(.warning, "lead store failed for session \(sid): \(e.code): \(e.message)")
        })
        box.session = turn.session
        funnel?.turn(sid, before: session, input: input, turn: turn, leadError: saveError?.code)
        writer.write(ProtocolV1.reply(id: id, session: sid, language: turn.session.language, turn.reply, leadError: saveError))
    }

    /// A duration as people write it: "1800", "0.3".
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    func unknown(_ id: JSON, _ sid: String) {
        writer.write(ProtocolV1.error(id: id, session: sid, ProtocolV1.Failure(
            "unknown_session", "no live session '\(sid)' (never started, ended, or expired after \(Self.seconds(config.ttl)) s idle)")))
    }

    /// Queues work for a session. Its requests run in order, one at a time; sessions run at
    /// once. The draining queue is a fresh serial one (never a shared, thread-limited one): a
    /// session blocked on a slow LLM call holds one thread, never another session's turn.
    func dispatch(_ box: Box, _ work: @escaping @Sendable () -> Void) {
        slots.wait() // back-pressure: at most maxPending requests wait for their reply
        group.enter()
        lock.lock()
        pending += 1
        box.pending.append(work)
        let start = !box.draining
        box.draining = true
        lock.unlock()
        if start { DispatchQueue(label: "madi.session").async { self.drain(box) } }
    }

    private func drain(_ box: Box) {
        while true {
            lock.lock()
            if box.pending.isEmpty {
                box.draining = false
                lock.unlock()
                return
            }
            let work = box.pending.removeFirst()
            lock.unlock()
            work()
            lock.lock()
            pending -= 1
            lock.unlock()
            slots.signal()
            group.leave()
        }
    }

    /// Drops sessions idle for longer than the TTL.
    func sweep() {
        let now = clock()
        lock.lock()
        sweepLocked(now)
        lock.unlock()
    }

    private func sweepLocked(_ now: Double) {
        var expired: [String] = []
        for (k, box) in sessions where now - box.lastUsed > config.ttl { expired.append(k) }
        for k in expired { sessions[k] = nil; funnel?.ended(k, reason: .expired) }
        lastSweep = now
        sweepsDone += 1
        if !expired.isEmpty { Log.log(.debug, "expired \(expired.count) idle session(s)") }
    }

    public var liveSessions: Int {
        lock.lock(); defer { lock.unlock() }
        return sessions.count
    }
}

extension JSONLServer.Box: @unchecked Sendable {}

/// The first stop signal caught.
private final class Caught: @unchecked Sendable {
    private let lock = NSLock()
    private var sig: Int32 = 0
    /// True for the first signal only.
    func first(_ s: Int32) -> Bool {
        lock.lock(); defer { lock.unlock() }
        if sig != 0 { return false }
        sig = s
        return true
    }
    var value: Int32 { lock.lock(); defer { lock.unlock() }; return sig }
}
