import MadiCore

/// A live session as kept across restarts.
public struct StoredSession: Sendable, Equatable {
    public var id: String
    public var session: Session
    /// The hub's clock reading when the session was last used.
    public var lastUsed: Double

    public init(id: String, session: Session, lastUsed: Double) {
        self.id = id
        self.session = session
        self.lastUsed = lastUsed
    }
}

/// Where a hub keeps its sessions' values so that a restarted process resumes them. Narrow on
/// purpose: SQLite today, another database tomorrow. Calls come from sessions' threads; a
/// session's calls come in its order.
public protocol SessionStore: Sendable {
    /// Every session kept (the hub drops those past their TTL).
    func loadAll() throws -> [StoredSession]
    /// After each turn: the session's value now.
    func save(_ id: String, _ session: Session, lastUsed: Double)
    /// The session ended or expired.
    func delete(_ id: String)
}
