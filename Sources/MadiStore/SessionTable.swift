import Foundation
import GRDB
import MadiCore

/// Live sessions' values in the lead database (table `session`), so that a restarted server
/// resumes its conversations. Writes are queued and committed in groups by a thread of their own,
/// the latest value of each session only; a turn never waits for them. `flush` waits until what
/// was queued is committed (at shutdown).
public final class SessionTable: @unchecked Sendable {
    public let path: String
    private let db: DatabaseQueue
    private let cond = NSCondition()
    private var queued: [String: (value: String?, lastUsed: Double)] = [:]
    private var order: [String] = []
    private var writing = false
    private var stopped = false

    /// Opens (creating and migrating) the database through `leads`, which owns its files' modes.
    public init(leads: LeadStore) throws(LeadSaveError) {
        try leads.open()
        path = leads.path
        do {
            var config = Configuration()
            config.busyMode = .timeout(10)
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            db = try DatabaseQueue(path: leads.path, configuration: config)
        } catch { throw LeadStore.map(error, path: leads.path) }
        let t = Thread { [weak self] in self?.writeLoop() }
        t.name = "madi.sessions"
        t.start()
    }

    public struct Row: Sendable, Equatable {
        public var id: String
        public var session: Session
        public var lastUsed: Double
    }

    public func loadAll() throws -> [Row] {
        let rows = try db.read { db in try GRDB.Row.fetchAll(db, sql: "SELECT id, value, last_used FROM session") }
        let decoder = JSONDecoder()
        return rows.compactMap { r in
            let text: String = r["value"]
            guard let s = try? decoder.decode(Session.self, from: Data(text.utf8)) else { return nil }
            return Row(id: r["id"], session: s, lastUsed: r["last_used"])
        }
    }

    public func save(_ id: String, _ session: Session, lastUsed: Double) {
        guard let data = try? JSONEncoder().encode(session) else { return }
        enqueue(id, String(decoding: data, as: UTF8.self), lastUsed)
    }

    public func delete(_ id: String) { enqueue(id, nil, 0) }

    private func enqueue(_ id: String, _ value: String?, _ lastUsed: Double) {
        cond.lock()
        if queued.updateValue((value, lastUsed), forKey: id) == nil { order.append(id) }
        cond.broadcast()
        cond.unlock()
    }

    /// Waits until every value queued so far is committed.
    public func flush() {
        cond.lock()
        while !queued.isEmpty || writing { cond.wait() }
        cond.unlock()
    }

    private func writeLoop() {
        while true {
            cond.lock()
            while queued.isEmpty { cond.wait() }
            let batch = order.map { ($0, queued[$0]!) }
            queued.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            writing = true
            cond.unlock()
            do {
                try db.write { db in
                    for (id, item) in batch {
                        if let value = item.value {
                            try db.execute(sql: "INSERT INTO session (id, value, last_used) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET value = excluded.value, last_used = excluded.last_used",
                                           arguments: [id, value, item.lastUsed])
                        } else {
                            try db.execute(sql: "DELETE FROM session WHERE id = ?", arguments: [id])
                        }
                    }
                }
            } catch {
                FileHandle.standardError.write(Data("madi: warning: session values not stored: \(LeadStore.map(error, path: path))\n".utf8))
            }
            cond.lock()
            writing = false
            cond.broadcast()
            cond.unlock()
        }
    }
}
