import Foundation
import GRDB
import Testing
import MadiCore
@testable import MadiStore

@Suite("Lead store: group commit", .serialized)
struct GroupCommitTests {
    /// Another connection holds the write lock; one save starts its transaction and waits for
    /// the lock, the others queue behind it; once the lock is released they commit together.
    func heldWhile(_ path: String, count: Int, store: LeadStore, _ save: @escaping @Sendable (Int) -> Void) throws {
        let other = try DatabaseQueue(path: path)
        let release = DispatchSemaphore(value: 0)
        let holding = DispatchSemaphore(value: 0)
        Thread {
            try? other.inTransaction(.immediate) { _ in
                holding.signal()
                release.wait()
                return .commit
            }
        }.start()
        holding.wait()
        Thread { save(0) }.start()
        let deadline = Date().addingTimeInterval(20)
        while store.writingCount < 1, Date() < deadline { sched_yield() }
        for i in 1..<count { Thread { save(i) }.start() }
        while store.queuedCount < count - 1, Date() < deadline { sched_yield() }
        #expect(store.writingCount == 1)
        #expect(store.queuedCount == count - 1)
        release.signal()
    }

    @Test func savesThatArriveTogetherShareOneTransaction() throws {
        let path = tempPath()
        let store = LeadStore(path: path)
        try store.open()
        let results = Results()
        let done = DispatchGroup()
        for _ in 0..<50 { done.enter() }
        try heldWhile(path, count: 50, store: store) { i in
            results.add(store.save(draft("g\(i)@exemple.fr")))
            done.leave()
        }
        done.wait()
        #expect(results.all.count == 50)
        #expect(results.all.allSatisfy { if case .success = $0 { return true }; return false })
        #expect(store.commitStats.leads == 50)
        #expect(store.commitStats.transactions == 2, "the first save alone, then the 49 that queued behind it")
        #expect(try LeadStore(path: path).count() == 50)
    }

    /// Each save returns only once its group is committed: another connection sees the lead at once.
    @Test func aSaveReturnsOnlyOnceItsLeadIsCommitted() throws {
        let path = tempPath()
        let store = LeadStore(path: path)
        let reader = LeadStore(path: path)
        for i in 0..<20 {
            let id = try store.save(draft("c\(i)@exemple.fr")).get()
            #expect(try reader.lead(id: id)?.email == "c\(i)@exemple.fr")
        }
    }

    /// One lead that the database refuses fails alone; the others of its group are committed.
    @Test func oneFailingSaveDoesNotFailItsGroup() throws {
        let path = tempPath()
        let store = LeadStore(path: path)
        try store.open()
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON lead WHEN NEW.email = 'bad@exemple.fr'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let results = Results()
        let done = DispatchGroup()
        for _ in 0..<10 { done.enter() }
        try heldWhile(path, count: 10, store: store) { i in
            results.add(store.save(draft(i == 5 ? "bad@exemple.fr" : "ok\(i)@exemple.fr")))
            done.leave()
        }
        done.wait()
        let failures = results.all.compactMap { if case let .failure(e) = $0 { return e }; return nil }
        #expect(failures.count == 1)
        #expect(failures.first?.code == "store_error")
        #expect(try LeadStore(path: path).count() == 9)
        #expect(store.commitStats.transactions == 2)
    }
}

final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Result<String, LeadSaveError>] = []
    func add(_ r: Result<String, LeadSaveError>) { lock.lock(); items.append(r); lock.unlock() }
    var all: [Result<String, LeadSaveError>] { lock.lock(); defer { lock.unlock() }; return items }
}
