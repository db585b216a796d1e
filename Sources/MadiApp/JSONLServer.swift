import Foundation
import MadiCore
import MadiHub
import MadiJSON
import MadiProtocol

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

/// Writes whole lines to a file descriptor, at once: a line is never held back waiting for more.
/// Lines that come while another is being written are written together by the thread already
/// writing, in one system call (a burst of replies costs a few writes, not one each). At most
/// `maxBuffered` bytes wait: past that, a thread with a line waits for the writer, so a client
/// that stops reading holds the sessions back instead of filling memory.
final class LineWriter: @unchecked Sendable {
    private let fd: Int32
    private let cond = NSCondition()
    private var buffered: [UInt8] = []
    private var spare: [UInt8] = []
    private var writing = false
    let maxBuffered: Int
    /// System calls made, for tests and figures.
    var writes: Int { cond.lock(); defer { cond.unlock() }; return batches }
    private var batches = 0
    /// A thread is writing (for tests).
    var isWriting: Bool { cond.lock(); defer { cond.unlock() }; return writing }
    /// Called once, after the first line is written.
    private var afterFirstWrite: (@Sendable () -> Void)?

    func afterFirstWrite(_ f: @escaping @Sendable () -> Void) {
        cond.lock(); afterFirstWrite = f; cond.unlock()
    }

    init(fd: Int32, maxBuffered: Int = 256 * 1024) {
        self.fd = fd
        self.maxBuffered = maxBuffered
    }

    func write(_ json: JSON) {
        var line: [UInt8] = []
        line.reserveCapacity(1024)
        json.write(into: &line)
        line.append(0x0A)
        cond.lock()
        while writing, buffered.count >= maxBuffered { cond.wait() }
        buffered += line
        guard !writing else { cond.unlock(); return } // the writer takes it with its next batch
        writing = true
        while !buffered.isEmpty {
            swap(&buffered, &spare)
            batches += 1
            cond.unlock()
            writeAll(spare)
            spare.removeAll(keepingCapacity: spare.capacity <= 4 * maxBuffered)
            cond.lock()
            cond.broadcast()
        }
        writing = false
        let first = afterFirstWrite
        afterFirstWrite = nil
        cond.unlock()
        first?()
    }

    private func writeAll(_ bytes: [UInt8]) {
        var off = 0
        while off < bytes.count {
            let n = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + off, $0.count - off) }
            if n < 0 { if errno == EINTR { continue }; return }
            off += n
        }
    }
}

public struct JSONLConfig: Sendable {
    /// Also the chat's default line limit.
    public static let defaultMaxLineBytes = 64 * 1024

    public var maxLineBytes = JSONLConfig.defaultMaxLineBytes
    /// Sessions: caps, TTL, pending requests, the source of leads (see `HubConfig`).
    public var hub = HubConfig()
    /// After SIGTERM or SIGINT: seconds to finish the requests already read before LLM calls in
    /// progress are cancelled (their turns then answer without the LLM).
    public var drainTimeout: Double = 10

    public var maxSessions: Int { get { hub.maxSessions } set { hub.maxSessions = newValue } }
    public var ttl: Double { get { hub.ttl } set { hub.ttl = newValue } }
    public var source: String { get { hub.source } set { hub.source = newValue } }
    /// Requests read but not yet answered, all sessions together. When that many are pending
    /// (a client that stops reading its replies, say), stdin is not read until one is answered.
    public var maxPending: Int { get { hub.maxPending } set { hub.maxPending = newValue } }

    public init() {}
}

/// The JSON-lines front: many sessions multiplexed on one stream, over a `SessionHub`. It reads
/// lines, decodes each into a request, hands it to the hub (waiting for a pending slot: a client
/// that stops reading stops being read), and writes what the hub answers as one line. Bad input
/// gets an error line and the stream goes on.
public final class JSONLServer: @unchecked Sendable {
    public let hub: SessionHub
    let config: JSONLConfig
    let writer: LineWriter

    public init(hub: SessionHub, config: JSONLConfig, output: Int32 = 1) {
        self.hub = hub
        self.config = config
        self.writer = LineWriter(fd: output)
        Log.routeHubLogs()
    }

    public convenience init(engine: Engine, leads: LeadSink, assistant: Assistant? = nil, config: JSONLConfig, output: Int32 = 1,
                            today: @escaping @Sendable () -> Day = todayUTC, clock: HubClock = SystemClock(),
                            observer: HubObserver? = nil) {
        self.init(hub: SessionHub(engine: engine, leads: leads, assistant: assistant, config: config.hub, today: today,
                                  clock: clock, observer: observer),
                  config: config, output: output)
    }

    /// `f` runs once the first reply has been written (work that can wait until then: the first
    /// reply is what a driving process waits for at start-up).
    public func afterFirstReply(_ f: @escaping @Sendable () -> Void) {
        writer.afterFirstWrite(f)
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
        let hub = self.hub
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
                        DispatchQueue.global().asyncAfter(deadline: .now() + bound) { hub.cancelAll() }
                        DispatchQueue.global().asyncAfter(deadline: .now() + bound + 3) {
                            Log.log(.error, "signal \(sig): \(hub.pendingCount) request(s) left unanswered after \(SessionHub.seconds(bound + 3)) s")
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
        hub.startSweeping()
        defer { hub.stopSweeping() }
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
        guard reader.stopped else {
            hub.waitForIdle()
            return .endOfInput
        }
        let sig = caught.value
        Log.log(.info, "signal \(sig): stopped reading; finishing \(hub.pendingCount) pending request(s)"
            + (reader.dropped > 0 ? "; an incomplete last line of \(reader.dropped) bytes was dropped" : ""))
        if hub.waitForIdle(timeout: config.drainTimeout) { return .drained(signal: sig) }
        Log.log(.warning, "still \(hub.pendingCount) request(s) after \(SessionHub.seconds(config.drainTimeout)) s: cancelling LLM calls in progress")
        hub.cancelAll()
        if hub.waitForIdle(timeout: 2) { return .drained(signal: sig) }
        return .unfinished(signal: sig, pending: hub.pendingCount)
    }

    /// Waits until every request handled so far is answered.
    func waitForPendingWork() { hub.waitForIdle() }

    /// Decodes one line, hands it to the hub (waiting for a pending slot), and writes the answer.
    func handle(_ bytes: [UInt8]) {
        let (id, result) = ProtocolV1.decode(bytes)
        switch result {
        case let .failure(f):
            writer.write(ProtocolV1.error(id: id, f))
        case let .success(request):
            let writer = self.writer
            hub.submit(request.kind, admission: .wait,
                       delta: { sid, text in
                           writer.write(.object([("v", .number(1)), ("id", id), ("type", .string("delta")),
                                                 ("session", .string(sid)), ("text", .string(text))]))
                       },
                       reply: { event in writer.write(ProtocolV1.encode(event, id: id)) })
        }
    }

    var sweeps: Int { hub.sweeps }
    public var liveSessions: Int { hub.liveSessions }
}

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
