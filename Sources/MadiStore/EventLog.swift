import Foundation
import GRDB
import GRDBSQLite
import MadiCore
import MadiEvents

/// What the recorder writes: an event, an unanswered question's text (kept apart from events),
/// or the lead a session's questions belong to.
public enum Recorded: Sendable, Equatable {
    case event(Event)
    /// `event(e.stamped(session:at:turn:))`, stored the same, stamped only as it is written.
    case stamped(Event, EventStamp)
    case question(session: String, language: String, step: String, text: String, at: String)
    case leadOfSession(session: String, lead: String)
}

/// An unanswered question as stored (`madi stats` groups them).
public struct StoredQuestion: Sendable, Equatable, FetchableRecord, Codable {
    public var at: String
    public var sessionId: String
    public var leadId: String?
    public var language: String
    public var step: String
    public var text: String

    public init(at: String, sessionId: String, leadId: String?, language: String, step: String, text: String) {
        self.at = at
        self.sessionId = sessionId
        self.leadId = leadId
        self.language = language
        self.step = step
        self.text = text
    }

    enum CodingKeys: String, CodingKey {
        case at, language, step, text
        case sessionId = "session_id", leadId = "lead_id"
    }
}

extension LeadStore {
    /// Writes a batch in one transaction.
    public func append(_ items: [Recorded]) throws(LeadSaveError) {
        guard !items.isEmpty else { return }
        try write { db in
            let insert = try db.cachedStatement(sql: "INSERT INTO event (at, session_id, name, language, step, turn, data) VALUES (?, ?, ?, ?, ?, ?, ?)")
            var data: [UInt8] = []
            data.reserveCapacity(512)
            for item in items {
                switch item {
                case let .event(e):
                    let data = e.json
                    try insert.execute(arguments: [e["timestamp"]?.string ?? Self.timestamp(now()), e["session_id"]?.string ?? "",
                                                   e.name, e["language"]?.string, e["step"]?.string, e["turn"]?.int ?? 0, data])
                case let .stamped(e, stamp):
                    // The same row as `.event(e.stamped(…))`, bound straight from the event.
                    data.removeAll(keepingCapacity: true)
                    e.writeJSON(stampedWith: stamp, into: &data)
                    try Self.insertEvent(insert, db, at: stamp.at, session: stamp.session, name: e.name,
                                         language: e["language"]?.string, step: e["step"]?.string, turn: stamp.turn, data: data)
                case let .question(session, language, step, text, at):
                    try db.execute(sql: "INSERT INTO question (at, session_id, language, step, text) VALUES (?, ?, ?, ?, ?)",
                                   arguments: [at, session, language, step, Sanitize.line(text)])
                case let .leadOfSession(session, lead):
                    try db.execute(sql: "UPDATE question SET lead_id = ? WHERE session_id = ?", arguments: [lead, session])
                }
            }
        }
    }

    /// One row of `event` through SQLite's own binding (no argument array, no copy of the JSON
    /// into a string); the statement is reset and its bindings cleared before it returns.
    static func insertEvent(_ insert: Statement, _ db: Database, at: String, session: String, name: String,
                            language: String?, step: String?, turn: Int, data: [UInt8]) throws {
        let stmt = insert.sqliteStatement
        defer {
            sqlite3_reset(stmt)
            sqlite3_clear_bindings(stmt)
        }
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        func text(_ index: Int32, _ value: String?) -> Int32 {
            guard var value else { return sqlite3_bind_null(stmt, index) }
            return value.withUTF8 { utf8 in
                guard let base = utf8.baseAddress, !utf8.isEmpty else { return sqlite3_bind_text(stmt, index, "", 0, transient) }
                return base.withMemoryRebound(to: CChar.self, capacity: utf8.count) {
                    sqlite3_bind_text(stmt, index, $0, Int32(utf8.count), transient)
                }
            }
        }
        var code = text(1, at)
        if code == SQLITE_OK { code = text(2, session) }
        if code == SQLITE_OK { code = text(3, name) }
        if code == SQLITE_OK { code = text(4, language) }
        if code == SQLITE_OK { code = text(5, step) }
        if code == SQLITE_OK { code = sqlite3_bind_int64(stmt, 6, Int64(turn)) }
        if code == SQLITE_OK {
            // Bound without a copy: the bytes stay put until the row is written.
            code = data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_text(stmt, 7, "", 0, transient) }
                let c = sqlite3_bind_text(stmt, 7, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
                return c == SQLITE_OK ? sqlite3_step(stmt) : c
            }
        }
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: db.lastErrorMessage, sql: insert.sql)
        }
    }

    /// Deletes events and questions recorded before `date`; how many of each.
    @discardableResult
    public func pruneEvents(before date: Date) throws(LeadSaveError) -> (events: Int, questions: Int) {
        let cut = Self.timestamp(date)
        return try write { db in
            try db.execute(sql: "DELETE FROM event WHERE at < ?", arguments: [cut])
            let e = db.changesCount
            try db.execute(sql: "DELETE FROM question WHERE at < ?", arguments: [cut])
            return (e, db.changesCount)
        }
    }

    /// Events recorded on or after `since` (an ISO 8601 time or date), oldest first.
    public func events(since: String? = nil) throws(LeadSaveError) -> [Event] {
        let rows = try read { db in
            try String.fetchAll(db, sql: "SELECT data FROM event WHERE at >= ? ORDER BY at, id", arguments: [since ?? ""])
        }
        let decoder = JSONDecoder()
        return rows.compactMap { try? decoder.decode(Event.self, from: Data($0.utf8)) }
    }

    public func questions(since: String? = nil) throws(LeadSaveError) -> [StoredQuestion] {
        try read { db in
            try StoredQuestion.fetchAll(db, sql: "SELECT at, session_id, lead_id, language, step, text FROM question WHERE at >= ? ORDER BY at, id",
                                        arguments: [since ?? ""])
        }
    }
}

/// Writes events in the background, in batches, never slowing or failing a turn: `record`
/// only appends to a bounded buffer. When the buffer is full (the database stalled, say), what
/// does not fit is dropped and counted; the count is logged and recorded as an
/// `events_dropped` event once writing works again.
public final class EventRecorder: @unchecked Sendable {
    public struct Config: Sendable {
        /// Items held at most while waiting to be written (a few hundred bytes each).
        public var capacity = 50_000
        /// Items written per transaction at most (one commit, one fsync, per batch).
        public var batch = 2_000
        /// The same while leads wait for their commit, which waits for the batch being written
        /// (2,000 events held a group of leads up to 90 ms).
        public var batchBeforeLeads = 100
        /// Longest wait before a partial batch is written (seconds).
        public var interval = 0.5
        public init() {}
    }

    let store: LeadStore
    let config: Config
    let warn: @Sendable (String) -> Void
    private let cond = NSCondition()
    private var buffer: [Recorded] = []
    private var writing = 0
    private var droppedTotal = 0
    private var droppedUnreported = 0
    private var written = 0
    private var stopped = false
    private var thread: Thread?

    public init(store: LeadStore, config: Config = Config(), warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.store = store
        self.config = config
        self.warn = warn
        let t = Thread { [weak self] in self?.loop() }
        t.name = "madi.events"
        thread = t
        t.start()
    }

    /// Never blocks on the database.
    public func record(_ items: [Recorded]) {
        guard !items.isEmpty else { return }
        cond.lock()
        let room = max(0, config.capacity - buffer.count)
        if items.count > room {
            droppedTotal += items.count - room
            droppedUnreported += items.count - room
        }
        if room > 0 { buffer.append(contentsOf: items.prefix(room)) }
        if buffer.count >= config.batch { cond.signal() }
        cond.unlock()
    }

    /// Items dropped since the start.
    public var dropped: Int { cond.lock(); defer { cond.unlock() }; return droppedTotal }
    /// Items written since the start.
    public var writtenCount: Int { cond.lock(); defer { cond.unlock() }; return written }

    /// Waits until everything recorded so far is written (or `timeout` passes); false on timeout.
    @discardableResult
    public func flush(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        cond.lock(); defer { cond.unlock() }
        cond.broadcast()
        while !buffer.isEmpty || writing > 0 {
            if !cond.wait(until: deadline) { return false }
        }
        return true
    }

    /// Writes what is left (within `timeout`), then stops the writer; what could not be written
    /// is reported.
    public func close(timeout: Double = 5) {
        flush(timeout: timeout)
        cond.lock()
        stopped = true
        let left = buffer.count
        let dropped = droppedTotal + left
        cond.broadcast()
        cond.unlock()
        if dropped > 0 { warn("\(dropped) event(s) could not be recorded") }
    }

    private func loop() {
        var failures = 0
        while true {
            cond.lock()
            while buffer.isEmpty, !stopped { cond.wait(until: Date().addingTimeInterval(config.interval)) }
            if stopped { cond.unlock(); return }
            var items = Array(buffer.prefix(store.queuedCount > 0 ? config.batchBeforeLeads : config.batch))
            buffer.removeFirst(items.count)
            let drops = droppedUnreported
            droppedUnreported = 0
            writing += 1
            cond.unlock()
            if drops > 0 {
                items.append(.event(Event(EventName.eventsDropped, ["count": .int(drops)])
                    .stamped(session: "", at: LeadStore.timestamp(Date()), turn: 0)))
            }
            var ok = true
            do { try store.append(items) } catch {
                ok = false
                failures += 1
                warn("events not recorded (\(error.code)): \(error.message)")
            }
            cond.lock()
            writing -= 1
            if ok {
                written += items.count
                failures = 0
            } else {
                // Kept for another try when there is room; what does not fit is dropped.
                let room = max(0, config.capacity - buffer.count)
                let kept = items.filter {
                    switch $0 {
                    case let .event(e), let .stamped(e, _): return e.name != EventName.eventsDropped
                    default: return true
                    }
                }
                let lost = max(0, kept.count - room)
                buffer.insert(contentsOf: kept.prefix(room), at: 0)
                droppedTotal += lost
                droppedUnreported += lost + drops
            }
            cond.broadcast()
            cond.unlock()
            if !ok { Thread.sleep(forTimeInterval: min(5, 0.1 * Double(1 << min(failures, 6)))) }
        }
    }
}
