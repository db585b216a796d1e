import Foundation
import GRDB
import MadiCore

/// A lead's delivery to the CRM, as the outbox holds it.
public struct Delivery: Codable, Sendable, Equatable, FetchableRecord {
    public enum State: String, Codable, Sendable {
        /// Waiting for its next try (`nextAt`).
        case pending
        /// The CRM answered 2xx for the lead's latest revision.
        case delivered
        /// Every try failed: left for `madi deliver --retry-failed`.
        case dead
    }

    public var leadId: String
    /// 1 when the lead is first saved, one more each time it is saved again (updated).
    public var revision: Int
    public var state: State
    /// Tries made for this revision.
    public var attempts: Int
    public var nextAt: String
    public var leaseUntil: String?
    public var lastStatus: Int?
    public var lastError: String?
    public var createdAt: String
    public var updatedAt: String
    public var deliveredAt: String?

    enum CodingKeys: String, CodingKey {
        case revision, state, attempts
        case leadId = "lead_id", nextAt = "next_at", leaseUntil = "lease_until", lastStatus = "last_status"
        case lastError = "last_error", createdAt = "created_at", updatedAt = "updated_at", deliveredAt = "delivered_at"
    }
}

extension LeadStore {
    static func migrateToFunnel(_ db: Database) throws {
        // A database may already have the column (made by a build that kept questions alone).
        if try !db.columns(in: "lead").contains(where: { $0.name == "questions" }) {
            try db.execute(sql: "ALTER TABLE lead ADD COLUMN questions TEXT NOT NULL DEFAULT '[]'")
        }
        try db.execute(sql: """
            CREATE TABLE delivery (
                lead_id TEXT PRIMARY KEY NOT NULL REFERENCES lead (id) ON DELETE CASCADE,
                revision INTEGER NOT NULL,
                state TEXT NOT NULL,
                attempts INTEGER NOT NULL DEFAULT 0,
                next_at TEXT NOT NULL,
                lease_until TEXT,
                last_status INTEGER,
                last_error TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                delivered_at TEXT
            );
            CREATE INDEX delivery_due ON delivery (state, next_at);
            CREATE TABLE event (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                at TEXT NOT NULL,
                session_id TEXT NOT NULL,
                name TEXT NOT NULL,
                language TEXT,
                step TEXT,
                turn INTEGER NOT NULL DEFAULT 0,
                data TEXT NOT NULL
            );
            CREATE INDEX event_at ON event (at);
            CREATE INDEX event_session ON event (session_id);
            CREATE TABLE question (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                at TEXT NOT NULL,
                session_id TEXT NOT NULL,
                lead_id TEXT,
                language TEXT NOT NULL,
                step TEXT NOT NULL,
                text TEXT NOT NULL
            );
            CREATE INDEX question_at ON question (at);
            CREATE INDEX question_session ON question (session_id);
            """)
        // Leads saved before the outbox existed are delivered too.
        try db.execute(sql: """
            INSERT INTO delivery (lead_id, revision, state, attempts, next_at, created_at, updated_at)
            SELECT id, 1, 'pending', 0, updated_at, updated_at, updated_at FROM lead
            """)
    }

    static func enqueueDelivery(_ db: Database, leadId: String, time: String) throws {
        try db.cachedStatement(sql: """
            INSERT INTO delivery (lead_id, revision, state, attempts, next_at, created_at, updated_at)
            VALUES (?, 1, 'pending', 0, ?, ?, ?)
            ON CONFLICT (lead_id) DO UPDATE SET revision = delivery.revision + 1, state = 'pending', attempts = 0,
                next_at = excluded.next_at, updated_at = excluded.updated_at, last_error = NULL, last_status = NULL
            """).execute(arguments: [leadId, time, time, time])
    }

    /// Runs a write transaction, opening the database if needed; errors become store errors.
    func write<T>(_ body: (Database) throws -> T) throws(LeadSaveError) -> T {
        lock.lock(); defer { lock.unlock() }
        do {
            return try database().write(body)
        } catch let e as LeadSaveError { throw e } catch { throw Self.map(error, path: path) }
    }

    /// Takes up to `limit` deliveries due now, each leased for `lease` seconds so that another
    /// sender (another `madi` process on the same database) leaves them alone meanwhile. A lease
    /// that ran out (a sender killed mid-send) makes the delivery due again.
    public func claimDue(limit: Int, lease: Double) throws(LeadSaveError) -> [(Delivery, StoredLead)] {
        let now = Date()
        let time = Self.timestamp(self.now())
        let until = Self.timestamp(self.now().addingTimeInterval(lease))
        _ = now
        return try write { db in
            let due = try Delivery.fetchAll(db, sql: """
                SELECT * FROM delivery WHERE state = 'pending' AND next_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
                ORDER BY next_at LIMIT ?
                """, arguments: [time, time, limit])
            var out: [(Delivery, StoredLead)] = []
            for var d in due {
                guard let lead = try StoredLead.fetchOne(db, sql: "SELECT * FROM lead WHERE id = ?", arguments: [d.leadId]) else {
                    try db.execute(sql: "DELETE FROM delivery WHERE lead_id = ?", arguments: [d.leadId])
                    continue
                }
                try db.execute(sql: "UPDATE delivery SET lease_until = ? WHERE lead_id = ?", arguments: [until, d.leadId])
                d.leaseUntil = until
                out.append((d, lead))
            }
            return out
        }
    }

    /// The CRM took the revision sent. A lead saved again meanwhile stays pending (its new
    /// revision is still to send).
    public func markDelivered(_ d: Delivery, status: Int) throws(LeadSaveError) {
        let time = Self.timestamp(now())
        try write { db in
            try db.execute(sql: """
                UPDATE delivery SET state = CASE WHEN revision = ? THEN 'delivered' ELSE state END,
                    attempts = CASE WHEN revision = ? THEN attempts + 1 ELSE attempts END,
                    delivered_at = ?, last_status = ?, last_error = NULL, lease_until = NULL, updated_at = ?
                WHERE lead_id = ?
                """, arguments: [d.revision, d.revision, time, status, time, d.leadId])
        }
    }

    /// A failed try: due again at `retryAt`, or dead when nil. The error is stored as given (it
    /// names a status or a connection failure, never a secret).
    public func markFailed(_ d: Delivery, status: Int?, error: String, retryAt: Date?) throws(LeadSaveError) {
        let time = Self.timestamp(now())
        try write { db in
            try db.execute(sql: """
                UPDATE delivery SET attempts = attempts + 1, last_status = ?, last_error = ?, lease_until = NULL,
                    updated_at = ?, state = CASE WHEN revision = ? THEN ? ELSE state END,
                    next_at = CASE WHEN revision = ? THEN ? ELSE next_at END
                WHERE lead_id = ?
                """, arguments: [status, Sanitize.line(error), time, d.revision, retryAt == nil ? "dead" : "pending",
                                 d.revision, retryAt.map(Self.timestamp) ?? time, d.leadId])
        }
    }

    /// Every delivery (or only the dead ones), oldest first.
    public func deliveries(failedOnly: Bool = false) throws(LeadSaveError) -> [Delivery] {
        try read { db in
            try Delivery.fetchAll(db, sql: "SELECT * FROM delivery" + (failedOnly ? " WHERE state = 'dead'" : "")
                + " ORDER BY created_at, lead_id")
        }
    }

    public func delivery(leadId: String) throws(LeadSaveError) -> Delivery? {
        try read { db in try Delivery.fetchOne(db, sql: "SELECT * FROM delivery WHERE lead_id = ?", arguments: [leadId]) }
    }

    /// Dead letters made due again, their tries counted from zero; how many.
    @discardableResult
    public func retryDead() throws(LeadSaveError) -> Int {
        let time = Self.timestamp(now())
        return try write { db in
            try db.execute(sql: "UPDATE delivery SET state = 'pending', attempts = 0, next_at = ?, lease_until = NULL, updated_at = ? WHERE state = 'dead'",
                           arguments: [time, time])
            return db.changesCount
        }
    }

    /// When the earliest pending delivery falls due (nil when none is pending).
    public func nextDue() throws(LeadSaveError) -> Date? {
        let s = try read { db in
            try String.fetchOne(db, sql: "SELECT MIN(MAX(next_at, COALESCE(lease_until, ''))) FROM delivery WHERE state = 'pending'")
        }
        return s.flatMap(Self.parseTimestamp)
    }

    public static func parseTimestamp(_ s: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: s) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: s)
    }
}
