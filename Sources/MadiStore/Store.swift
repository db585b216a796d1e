import Foundation
import GRDB
import MadiCore

/// A lead as stored.
public struct StoredLead: Codable, Sendable, Equatable, FetchableRecord {
    public var id: String
    public var createdAt: String
    public var updatedAt: String
    public var email: String
    public var emailAscii: String?
    public var firstName: String?
    public var course: String
    public var recommendedCourse: String?
    /// JSON array of {step, value, label}.
    public var answers: String
    public var language: String
    public var source: String
    public var company: String?
    public var teamSize: Int?
    public var kind: String
    public var consentVersion: String
    public var consentedAt: String
    /// JSON array of the side questions Madi could not answer.
    public var questions: String
    /// When the prospect took the consent back after signing up (nobody writes to them); nil while
    /// the consent stands.
    public var withdrawnAt: String?
    /// When the prospect asked for their data to be erased (with or after a withdrawal): the team
    /// erases it. Nil otherwise.
    public var erasureRequestedAt: String?

    enum CodingKeys: String, CodingKey {
        case id, email, course, answers, language, source, company, kind
        case createdAt = "created_at", updatedAt = "updated_at", emailAscii = "email_ascii", firstName = "first_name"
        case recommendedCourse = "recommended_course", teamSize = "team_size", consentVersion = "consent_version"
        case consentedAt = "consented_at", questions, withdrawnAt = "withdrawn_at", erasureRequestedAt = "erasure_requested_at"
    }

    public var decodedAnswers: [LeadAnswer] {
        (try? JSONDecoder().decode([LeadAnswer].self, from: Data(answers.utf8))) ?? []
    }

    public var decodedQuestions: [String] {
        (try? JSONDecoder().decode([String].self, from: Data(questions.utf8))) ?? []
    }
}

/// Durable lead storage in SQLite: WAL, synchronous FULL, a busy timeout so that several `madi`
/// processes can write at once, the file created with mode 0600. A save returns only once the
/// transaction is committed.
public final class LeadStore: LeadSink, @unchecked Sendable {
    public let path: String
    let lock = NSLock()
    private var queue: DatabaseQueue?
    private let busyTimeout: TimeInterval
    let now: @Sendable () -> Date
    private let warn: @Sendable (String) -> Void

    /// `MADI_LEADS_DB`, else `$XDG_DATA_HOME/madi/leads.sqlite`, else `~/.local/share/madi/leads.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let p = environment["MADI_LEADS_DB"], !p.isEmpty { return p }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return (data as NSString).appendingPathComponent("madi/leads.sqlite")
    }

    /// Does not touch the disk: the database is opened on first use, and again after a failure.
    /// `warn` is told when a lead file was readable by others (it is then made 0600).
    public init(path: String, busyTimeout: TimeInterval = 10, now: @escaping @Sendable () -> Date = Date.init,
                warn: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data("madi: warning: \($0)\n".utf8)) }) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.now = now
        self.warn = warn
    }

    /// Opens (creating and migrating) the database now; throws the store error if it cannot.
    public func open() throws(LeadSaveError) {
        lock.lock(); defer { lock.unlock() }
        _ = try database()
    }

    /// The open database (under `lock`), opened and migrated on first use.
    func database() throws(LeadSaveError) -> DatabaseQueue {
        if let queue { return queue }
        do {
            let fm = FileManager.default
            let dir = (path as NSString).deletingLastPathComponent
            if !dir.isEmpty, !fm.fileExists(atPath: dir) {
                try fm.createDirectory(atPath: dir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            try restrictFiles()
            var config = Configuration()
            config.journalMode = .wal
            config.busyMode = .timeout(busyTimeout)
            config.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
            }
            let q = try DatabaseQueue(path: path, configuration: config)
            try Self.migrator.migrate(q)
            queue = q
            return q
        } catch let e as LeadSaveError {
            throw e
        } catch {
            throw Self.map(error, path: path)
        }
    }

    /// Leads are personal data: the database and its -wal and -shm files are made 0600 before
    /// SQLite opens them, whatever the path (a symlink to a file not yet created is followed and
    /// the file created 0600; SQLite gives -wal and -shm the database's mode). A file found
    /// readable or writable by others is restricted, with a warning; if it cannot be, the
    /// warning says so.
    private func restrictFiles() throws(LeadSaveError) {
        let fd = Foundation.open(path, O_CREAT | O_RDONLY | O_CLOEXEC, 0o600)
        if fd < 0 {
            let e = errno
            throw LeadSaveError(code: e == EROFS || e == EACCES ? "store_read_only" : (e == ENOSPC ? "store_full" : "store_unavailable"),
                                message: "cannot create \(path): \(String(cString: strerror(e)))")
        }
        defer { close(fd) }
        restrict(fd: fd, name: path)
        for suffix in ["-wal", "-shm"] {
            let sidecar = Foundation.open(path + suffix, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
            guard sidecar >= 0 else { continue }
            restrict(fd: sidecar, name: path + suffix)
            close(sidecar)
        }
    }

    private func restrict(fd: Int32, name: String) {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return }
        let mode = st.st_mode & 0o7777
        guard mode & 0o077 != 0 else { return }
        let shown = String(mode, radix: 8)
        if fchmod(fd, mode & 0o700) == 0 {
            warn("the lead database file \(name) was readable by others (mode \(shown)); it is now 0\(String(mode & 0o700, radix: 8))")
        } else {
            warn("the lead database file \(name) is readable by others (mode \(shown)) and could not be restricted: \(String(cString: strerror(errno)))")
        }
    }

    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        m.registerMigration("v1: leads") { db in
            try db.execute(sql: """
                CREATE TABLE lead (
                    id TEXT PRIMARY KEY NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    email TEXT NOT NULL,
                    email_ascii TEXT,
                    first_name TEXT,
                    course TEXT NOT NULL,
                    recommended_course TEXT,
                    answers TEXT NOT NULL,
                    language TEXT NOT NULL,
                    source TEXT NOT NULL,
                    company TEXT,
                    team_size INTEGER,
                    kind TEXT NOT NULL,
                    consent_version TEXT NOT NULL,
                    consented_at TEXT NOT NULL,
                    UNIQUE (email, course)
                );
                CREATE INDEX lead_created_at ON lead (created_at);
                """)
        }
        m.registerMigration("v2: one lead per address in any case") { db in
            try migrateToEmailKey(db)
        }
        m.registerMigration("v3: delivery outbox, events, unanswered questions") { db in
            try migrateToFunnel(db)
        }
        m.registerMigration("v4: live sessions") { db in
            try db.execute(sql: """
                CREATE TABLE session (
                    id TEXT PRIMARY KEY NOT NULL,
                    value TEXT NOT NULL,
                    last_used REAL NOT NULL
                )
                """)
        }
        m.registerMigration("v5: consent withdrawn") { db in
            try db.execute(sql: "ALTER TABLE lead ADD COLUMN withdrawn_at TEXT")
            try db.execute(sql: "ALTER TABLE lead ADD COLUMN erasure_requested_at TEXT")
        }
        // v5 first added `withdrawn_at` alone: a database migrated by that build gets the erasure
        // column here (one migrated by the v5 above has it already).
        m.registerMigration("v6: erasure requests") { db in
            if try !db.columns(in: "lead").contains(where: { $0.name == "erasure_requested_at" }) {
                try db.execute(sql: "ALTER TABLE lead ADD COLUMN erasure_requested_at TEXT")
            }
        }
        return m
    }

    /// The columns of a lead, in table order (without `email_key`).
    static let columns = ["id", "created_at", "updated_at", "email", "email_ascii", "first_name", "course",
                          "recommended_course", "answers", "language", "source", "company", "team_size", "kind",
                          "consent_version", "consented_at"]

    /// v1 kept one lead per (email, course) with the address compared as typed, so that
    /// Lucas.Martin@… and lucas.martin@… were two leads. The table is rebuilt with an `email_key`
    /// (`LeadDraft.emailKey`, computed here rather than by SQLite's ASCII-only lower()) unique with
    /// the course; leads that now share a key are merged: the oldest one's id and creation time,
    /// the latest one's answers, address and consent, a company, team size or first name from the
    /// latest that has one.
    static func migrateToEmailKey(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE lead_v2 (
                id TEXT PRIMARY KEY NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                email TEXT NOT NULL,
                email_ascii TEXT,
                first_name TEXT,
                course TEXT NOT NULL,
                recommended_course TEXT,
                answers TEXT NOT NULL,
                language TEXT NOT NULL,
                source TEXT NOT NULL,
                company TEXT,
                team_size INTEGER,
                kind TEXT NOT NULL,
                consent_version TEXT NOT NULL,
                consented_at TEXT NOT NULL,
                email_key TEXT NOT NULL,
                UNIQUE (email_key, course)
            )
            """)
        var merged: [String: Row] = [:]
        var order: [String] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT * FROM lead ORDER BY created_at, id")
        while let row = try rows.next() {
            let email: String = row["email"]
            let course: String = row["course"]
            let key = LeadDraft.emailKey(email) + "\u{0}" + course
            guard let kept = merged[key] else {
                merged[key] = row.copy()
                order.append(key)
                continue
            }
            let (older, newer) = (kept["updated_at"] as String) <= (row["updated_at"] as String) ? (kept, row) : (row, kept)
            var values: [String: DatabaseValue] = [:]
            for c in columns { values[c] = newer[c] }
            values["id"] = kept["id"]
            values["created_at"] = kept["created_at"]
            for c in ["first_name", "company", "team_size"] where values[c]?.isNull ?? true { values[c] = older[c] }
            merged[key] = Row(values)
        }
        let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        let insert = try db.makeStatement(sql: "INSERT INTO lead_v2 (\(columns.joined(separator: ", ")), email_key) VALUES (\(placeholders))")
        for key in order {
            let row = merged[key]!
            let email: String = row["email"]
            try insert.execute(arguments: StatementArguments(columns.map { row[$0] as DatabaseValue } + [LeadDraft.emailKey(email).databaseValue]))
        }
        try db.execute(sql: """
            DROP TABLE lead;
            ALTER TABLE lead_v2 RENAME TO lead;
            CREATE INDEX lead_created_at ON lead (created_at);
            """)
    }

    /// True when the filesystem holding `path` has no room left (checked only after an error).
    static func diskFull(_ path: String) -> Bool {
        var st = statvfs()
        let dir = (path as NSString).deletingLastPathComponent
        guard statvfs(dir.isEmpty ? "." : dir, &st) == 0 else { return false }
        return st.f_bavail == 0 || (UInt64(st.f_bavail) * UInt64(st.f_frsize)) < 16 * 1024
    }

    static func map(_ error: Error, path: String) -> LeadSaveError {
        if let e = error as? DatabaseError {
            if e.resultCode == .SQLITE_FULL || (e.resultCode == .SQLITE_IOERR && diskFull(path)) {
                return LeadSaveError(code: "store_full", message: "the disk holding \(path) is full")
            }
            switch e.resultCode {
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
                return LeadSaveError(code: "store_read_only", message: "the lead database \(path) is read-only")
            case .SQLITE_IOERR:
                return LeadSaveError(code: "store_io", message: "disk I/O error on the lead database \(path)")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return LeadSaveError(code: "store_busy", message: "the lead database \(path) stayed locked too long")
            case .SQLITE_CANTOPEN:
                // A file or folder this process may not write reads as "cannot open" in WAL mode.
                let dir = (path as NSString).deletingLastPathComponent
                if access(path, W_OK) != 0 || access(dir.isEmpty ? "." : dir, W_OK) != 0 {
                    return LeadSaveError(code: "store_read_only", message: "the lead database \(path) is read-only")
                }
                return LeadSaveError(code: "store_unavailable", message: "cannot open the lead database \(path)")
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return LeadSaveError(code: "store_corrupt", message: "\(path) is not a sound lead database")
            default:
                return LeadSaveError(code: "store_error", message: "lead database error: \(e.message ?? "\(e.resultCode)")")
            }
        }
        return LeadSaveError(code: "store_error", message: "lead database error: \(error)")
    }

    /// "2026-11-22T15:04:05.123Z": UTC, milliseconds, as ISO8601DateFormatter writes it with
    /// fractional seconds. Written by hand: every event is stamped, and making a formatter costs
    /// tens of microseconds (checked against the formatter in the store's tests).
    public static func timestamp(_ d: Date) -> String {
        let ms = Int64((d.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(ms >= 0 ? ms / 1000 : (ms - 999) / 1000)
        let millis = Int(ms - Int64(seconds) * 1000)
        var t = tm()
        gmtime_r(&seconds, &t)
        let year = Int(t.tm_year) + 1900
        if (0...9999).contains(year) {
            // 24 bytes written in place: no string per field.
            return String(unsafeUninitializedCapacity: 24) { buf in
                func put(_ n: Int, _ width: Int, at i: Int) {
                    var n = n
                    for k in stride(from: i + width - 1, through: i, by: -1) { buf[k] = UInt8(n % 10) + 0x30; n /= 10 }
                }
                put(year, 4, at: 0); buf[4] = 0x2D
                put(Int(t.tm_mon) + 1, 2, at: 5); buf[7] = 0x2D
                put(Int(t.tm_mday), 2, at: 8); buf[10] = 0x54
                put(Int(t.tm_hour), 2, at: 11); buf[13] = 0x3A
                put(Int(t.tm_min), 2, at: 14); buf[16] = 0x3A
                put(Int(t.tm_sec), 2, at: 17); buf[19] = 0x2E
                put(millis, 3, at: 20); buf[23] = 0x5A
                return 24
            }
        }
        func pad(_ n: Int32, _ width: Int) -> String {
            let s = String(n)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        return pad(t.tm_year + 1900, 4) + "-" + pad(t.tm_mon + 1, 2) + "-" + pad(t.tm_mday, 2) + "T"
            + pad(t.tm_hour, 2) + ":" + pad(t.tm_min, 2) + ":" + pad(t.tm_sec, 2) + "." + pad(Int32(millis), 3) + "Z"
    }

    /// The same with the system's formatter (the plain version the one above is checked against).
    static func timestampWithFormatter(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: d)
    }

    /// Inserts, or updates the lead with the same e-mail (in any case: `LeadDraft.emailKey`) and
    /// course (its id and first time kept; the address becomes the one last typed). Returns once
    /// the lead is committed. Saves that arrive while a transaction is being committed wait for
    /// it and are committed together in the next one (a group commit: one fsync for the group),
    /// each answered only once its group is committed.
    public func save(_ draft: LeadDraft) -> Result<String, LeadSaveError> {
        let item = PendingSave(draft: draft.cleaned, done: nil)
        enqueue(item)
        item.committed.wait()
        return item.result!
    }

    /// The same, answered through `done` (on the shared thread pool) once the lead's group is
    /// committed: no thread waits meanwhile.
    public func save(_ draft: LeadDraft, done: @escaping @Sendable (Result<String, LeadSaveError>) -> Void) {
        enqueue(PendingSave(draft: draft.cleaned, done: done))
    }

    private func enqueue(_ item: PendingSave) {
        groupLock.lock()
        queued.append(item)
        if writer == nil {
            let t = Thread { [weak self] in self?.writeGroups() }
            t.name = "madi.leads"
            writer = t
            t.start()
        } else {
            groupLock.signal()
        }
        groupLock.unlock()
    }

    /// A save waiting for its group's commit: a thread waits on `committed`, or `done` is called.
    final class PendingSave: @unchecked Sendable {
        let draft: LeadDraft
        var result: Result<String, LeadSaveError>?
        let committed = DispatchSemaphore(value: 0)
        let done: (@Sendable (Result<String, LeadSaveError>) -> Void)?
        init(draft: LeadDraft, done: (@Sendable (Result<String, LeadSaveError>) -> Void)?) {
            self.draft = draft
            self.done = done
        }
        /// A waiting thread is woken; a `done` runs on the shared pool, so that the rest of each
        /// turn does not hold the writer from the next group.
        func answer() {
            guard let done, let result else { committed.signal(); return }
            DispatchQueue.global().async { done(result) }
        }
    }

    /// Guards `queued` and `writer`, and wakes the writer.
    private let groupLock = NSCondition()
    private var queued: [PendingSave] = []
    private var writer: Thread?
    /// Saves in the group being committed.
    private var writing = 0
    /// Groups and leads committed (what `madi jsonl` logs at exit; the benchmark's fsyncs per lead).
    private var stats = (transactions: 0, leads: 0)
    /// The largest group: bounded, so that one transaction stays short.
    static let maxGroup = 256

    /// The writer thread: takes every save queued, commits them in one transaction, answers
    /// each, and goes again; it ends when nothing has come for a while (the next save starts one).
    private func writeGroups() {
        while true {
            groupLock.lock()
            while queued.isEmpty {
                if !groupLock.wait(until: Date().addingTimeInterval(5)), queued.isEmpty {
                    writer = nil
                    groupLock.unlock()
                    return
                }
            }
            let group = Array(queued.prefix(Self.maxGroup))
            queued.removeFirst(group.count)
            writing = group.count
            groupLock.unlock()
            commit(group)
            groupLock.lock(); writing = 0; groupLock.unlock()
            for item in group { item.answer() }
        }
    }

    /// One transaction for the group. Each lead is written under a savepoint, so that one that
    /// fails alone (a constraint, say) is rolled back alone and the others still commit; if the
    /// commit itself fails, no lead of the group is stored and each gets the error.
    private func commit(_ group: [PendingSave]) {
        lock.lock(); defer { lock.unlock() }
        do {
            let q = try database()
            let time = Self.timestamp(now())
            var results: [Result<String, LeadSaveError>] = []
            try q.inTransaction(.immediate) { db in
                for item in group {
                    do {
                        var id = ""
                        try db.inSavepoint {
                            id = try Self.upsert(item.draft, time: time, db: db)
                            return .commit
                        }
                        results.append(.success(id))
                    } catch {
                        results.append(.failure((error as? LeadSaveError) ?? Self.map(error, path: path)))
                    }
                }
                return .commit
            }
            for (item, r) in zip(group, results) { item.result = r }
            stats.transactions += 1
            stats.leads += results.filter { if case .success = $0 { return true }; return false }.count
        } catch {
            let mapped = (error as? LeadSaveError) ?? Self.map(error, path: path)
            // A read-only or vanished file: reopen on the next try.
            if mapped.code != "store_busy", !(error is LeadSaveError) { queue = nil }
            for item in group { item.result = .failure(mapped) }
        }
    }

    /// Saves waiting for the writer (tests hold the writer and watch a group form).
    var queuedCount: Int { groupLock.lock(); defer { groupLock.unlock() }; return queued.count }
    var writingCount: Int { groupLock.lock(); defer { groupLock.unlock() }; return writing }

    /// Transactions and leads committed so far by `save`.
    public var commitStats: (transactions: Int, leads: Int) {
        lock.lock(); defer { lock.unlock() }
        return stats
    }

    static func upsert(_ draft: LeadDraft, time: String, db: Database) throws -> String {
        let answers = String(decoding: try JSONEncoder().encode(draft.answers), as: UTF8.self)
        let questions = String(decoding: try JSONEncoder().encode(draft.questions.map(Sanitize.line)), as: UTF8.self)
        let key = LeadDraft.emailKey(draft.email)
        let keeps = draft.keepsConsent == true
        // The consent taken back: the lead saved then is marked withdrawn, as it is otherwise.
        if draft.withdrawn == true, let replaced = draft.replaces {
            // (With the questions kept for the team: an erasure asked for goes with it.)
            try db.cachedStatement(sql: """
                UPDATE lead SET withdrawn_at = COALESCE(withdrawn_at, ?), updated_at = ?, questions = ?,
                    erasure_requested_at = CASE WHEN ? THEN COALESCE(erasure_requested_at, ?) ELSE erasure_requested_at END
                WHERE id = ?
                """).execute(arguments: [time, time, questions, draft.erase == true, time, replaced])
            guard db.changesCount > 0 else { throw LeadSaveError(code: "lead_not_found", message: "the lead to withdraw is not in the store") }
            try enqueueDelivery(db, leadId: replaced, time: time)
            // "l'équipe ne t'écrira pas": the address's other pre-registrations (other courses,
            // other conversations) are withdrawn with it.
            let others = try String.fetchAll(db.cachedStatement(sql: """
                SELECT id FROM lead WHERE email_key = (SELECT email_key FROM lead WHERE id = ?) AND id <> ? AND withdrawn_at IS NULL
                """), arguments: [replaced, replaced])
            for other in others {
                try db.cachedStatement(sql: "UPDATE lead SET withdrawn_at = ?, updated_at = ? WHERE id = ?").execute(arguments: [time, time, other])
                try enqueueDelivery(db, leadId: other, time: time)
            }
            return replaced
        }
        // The course or the address changed after signing up, in the same conversation: the lead
        // saved then moves to the new course and address (and is updated below), unless one for
        // them exists already.
        if let replaced = draft.replaces {
            try db.cachedStatement(sql: """
                UPDATE lead SET course = ?, email = ?, email_key = ? WHERE id = ? AND (email_key <> ? OR course <> ?)
                    AND NOT EXISTS (SELECT 1 FROM lead WHERE email_key = ? AND course = ?)
                """).execute(arguments: [draft.course, draft.email, key, replaced, key, draft.course, key, draft.course])
        }
        // Statements prepared once per connection (a group of 256 leads spent most of its time
        // preparing the same three statements again).
        try db.cachedStatement(sql: """
            INSERT INTO lead (id, created_at, updated_at, email, email_ascii, first_name, course,
                recommended_course, answers, language, source, company, team_size, kind, consent_version, consented_at,
                email_key, questions)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (email_key, course) DO UPDATE SET
                updated_at = excluded.updated_at, email = excluded.email, email_ascii = excluded.email_ascii,
                first_name = COALESCE(excluded.first_name, lead.first_name),
                recommended_course = excluded.recommended_course, answers = excluded.answers,
                language = excluded.language, source = excluded.source,
                company = COALESCE(excluded.company, lead.company),
                team_size = COALESCE(excluded.team_size, lead.team_size), kind = excluded.kind,
                consent_version = CASE WHEN ? THEN lead.consent_version ELSE excluded.consent_version END,
                consented_at = CASE WHEN ? THEN lead.consented_at ELSE excluded.consented_at END,
                questions = CASE WHEN ? THEN excluded.questions ELSE (
                    SELECT json_group_array(value) FROM (
                        SELECT value, min(n) AS n FROM (
                            SELECT value, key AS n FROM json_each(lead.questions)
                            UNION ALL SELECT value, 1000 + key FROM json_each(excluded.questions))
                        GROUP BY value ORDER BY n LIMIT 10)) END,
                withdrawn_at = CASE WHEN ? THEN lead.withdrawn_at END,
                erasure_requested_at = CASE WHEN ? THEN lead.erasure_requested_at END
            """).execute(arguments: [UUID().uuidString.lowercased(), time, time, draft.email, draft.emailASCII, draft.firstName,
                             draft.course, draft.recommendedCourse, answers, draft.language, draft.source,
                             draft.company, draft.teamSize, draft.kind, draft.consentVersion, time, key, questions,
                             keeps, keeps, draft.replaces != nil, keeps, keeps])
        let id = try String.fetchOne(db.cachedStatement(sql: "SELECT id FROM lead WHERE email_key = ? AND course = ?"),
                                     arguments: [key, draft.course]) ?? ""
        // The outbox: the lead and its delivery are committed together, so that no saved lead is
        // ever forgotten by the sender. An updated lead is a new revision to send.
        try enqueueDelivery(db, leadId: id, time: time)
        return id
    }

    /// Runs a read on the database, opening it if needed; errors become store errors.
    func read<T>(_ body: (Database) throws -> T) throws(LeadSaveError) -> T {
        lock.lock(); defer { lock.unlock() }
        do {
            return try database().read(body)
        } catch let e as LeadSaveError { throw e } catch { throw Self.map(error, path: path) }
    }

    public func list(since: String? = nil) throws(LeadSaveError) -> [StoredLead] {
        try read { db in
            if let since {
                return try StoredLead.fetchAll(db, sql: "SELECT * FROM lead WHERE created_at >= ? ORDER BY created_at, id", arguments: [since])
            }
            return try StoredLead.fetchAll(db, sql: "SELECT * FROM lead ORDER BY created_at, id")
        }
    }

    public func lead(id: String) throws(LeadSaveError) -> StoredLead? {
        try read { db in
            try StoredLead.fetchOne(db, sql: "SELECT * FROM lead WHERE id = ? OR id LIKE ? ORDER BY id LIMIT 2",
                                    arguments: [id, id + "%"])
        }
    }

    public func count() throws(LeadSaveError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM lead") ?? 0 }
    }

    /// `PRAGMA integrity_check`: "ok" when the database is sound.
    public func integrityCheck() throws(LeadSaveError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "" }
    }
}
