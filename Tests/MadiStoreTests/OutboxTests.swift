import Foundation
import GRDB
import Testing
import MadiCore
import MadiEvents
@testable import MadiStore

@Suite("Outbox and events")
struct OutboxTests {
    @Test func aSavedLeadHasItsDeliveryInTheSameCommit() throws {
        let store = LeadStore(path: tempPath())
        var d = draft()
        d.questions = ["la salle a-t-elle des fenêtres ?"]
        let id = try store.save(d).get()
        let delivery = try #require(try store.delivery(leadId: id))
        #expect(delivery.state == .pending)
        #expect(delivery.revision == 1)
        #expect(delivery.attempts == 0)
        #expect(try store.lead(id: id)?.decodedQuestions == ["la salle a-t-elle des fenêtres ?"])
        // Saved again (new answers): a new revision to send, tries counted afresh.
        let claimed = try store.claimDue(limit: 10, lease: 30)
        #expect(claimed.map(\.0.leadId) == [id])
        try store.markFailed(claimed[0].0, status: 500, error: "HTTP 500", retryAt: Date().addingTimeInterval(3600))
        _ = try store.save(draft(company: "ACME")).get()
        let again = try #require(try store.delivery(leadId: id))
        #expect(again.revision == 2)
        #expect(again.attempts == 0)
        #expect(again.state == .pending)
    }

    @Test func aFailingOutboxInsertRollsTheLeadBack() throws {
        // The delivery table refuses rows: the lead must not be committed without one.
        let path = tempPath()
        let store = LeadStore(path: path)
        try store.open()
        let q = try DatabaseQueue(path: path)
        try q.write { db in
            try db.execute(sql: "CREATE TRIGGER no_outbox BEFORE INSERT ON delivery BEGIN SELECT RAISE(ABORT, 'outbox refused'); END")
        }
        let result = store.save(draft())
        #expect(throws: LeadSaveError.self) { try result.get() }
        #expect(try store.count() == 0)
    }

    @Test func aLeaseKeepsOtherSendersAwayUntilItRunsOut() throws {
        let path = tempPath()
        let clock = Clock()
        let a = LeadStore(path: path, now: clock.now)
        let b = LeadStore(path: path, now: clock.now)
        let id = try a.save(draft()).get()
        #expect(try a.claimDue(limit: 10, lease: 30).count == 1)
        #expect(try b.claimDue(limit: 10, lease: 30).isEmpty)
        clock.advance(31) // the first sender died mid-send
        let retaken = try b.claimDue(limit: 10, lease: 30)
        #expect(retaken.map(\.0.leadId) == [id])
        try b.markDelivered(retaken[0].0, status: 200)
        #expect(try b.delivery(leadId: id)?.state == .delivered)
        clock.advance(100)
        #expect(try a.claimDue(limit: 10, lease: 30).isEmpty)
    }

    @Test func aLeadUpdatedDuringItsSendStaysPending() throws {
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let sent = try store.claimDue(limit: 1, lease: 30)[0].0
        _ = try store.save(draft(company: "ACME")).get()
        try store.markDelivered(sent, status: 200)
        let d = try #require(try store.delivery(leadId: id))
        #expect(d.state == .pending)
        #expect(d.revision == 2)
        #expect(try store.claimDue(limit: 1, lease: 30).first?.0.revision == 2)
    }

    @Test func deadLettersAreListedAndSentAgainOnDemand() throws {
        let store = LeadStore(path: tempPath())
        let id = try store.save(draft()).get()
        let d = try store.claimDue(limit: 1, lease: 30)[0].0
        try store.markFailed(d, status: 400, error: "HTTP 400", retryAt: nil)
        #expect(try store.deliveries(failedOnly: true).map(\.leadId) == [id])
        #expect(try store.claimDue(limit: 1, lease: 30).isEmpty)
        #expect(try store.retryDead() == 1)
        #expect(try store.deliveries(failedOnly: true).isEmpty)
        #expect(try store.claimDue(limit: 1, lease: 30).count == 1)
    }

    @Test func leadsSavedBeforeTheOutboxAreQueuedByTheMigration() throws {
        let path = tempPath()
        let q = try DatabaseQueue(path: path)
        // A v2 database with one lead.
        try LeadStore.migrator.migrate(q, upTo: "v2: one lead per address in any case")
        try q.write { db in
            try db.execute(sql: """
                INSERT INTO lead (id, created_at, updated_at, email, course, answers, language, source, kind, consent_version, consented_at, email_key)
                VALUES ('old', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'a@b.fr', 'starter', '[]', 'fr', 't', 'preregistration', 'v1', '2026-01-01T00:00:00.000Z', 'a@b.fr')
                """)
        }
        let store = LeadStore(path: path)
        #expect(try store.delivery(leadId: "old")?.state == .pending)
        #expect(try store.lead(id: "old")?.decodedQuestions == [])
    }

    @Test func eventsAndQuestionsAreWrittenInTheBackgroundAndPruned() throws {
        let store = LeadStore(path: tempPath())
        let recorder = EventRecorder(store: store)
        let old = Event("session_started", ["language": .string("fr"), "step": .string("welcome")])
            .stamped(session: "c1", at: "2020-01-01T00:00:00.000Z", turn: 0)
        let now = LeadStore.timestamp(Date())
        let recent = Event("session_started", ["language": .string("en"), "step": .string("welcome")])
            .stamped(session: "c2", at: now, turn: 0)
        recorder.record([.event(old), .event(recent),
                         .question(session: "c2", language: "en", step: "goal", text: "do you\u{1B}[31m have parking?", at: now),
                         .leadOfSession(session: "c2", lead: "L1")])
        #expect(recorder.flush(timeout: 10))
        #expect(try store.events().count == 2)
        #expect(try store.events(since: "2026-01-01").map { $0["session_id"] } == [.string("c2")])
        let q = try store.questions()
        #expect(q.map(\.text) == ["do you have parking?"])
        #expect(q.first?.leadId == "L1")
        let pruned = try store.pruneEvents(before: Date().addingTimeInterval(-86400))
        #expect(pruned.events == 1)
        #expect(try store.events().count == 1)
        recorder.close()
    }

    @Test func aFullBufferDropsAndCountsWhatDoesNotFit() throws {
        // A store that cannot be written: everything waits in the buffer, the rest is dropped.
        let dir = tempPath("ro")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let store = LeadStore(path: dir) // a directory: never opens
        var config = EventRecorder.Config()
        config.capacity = 10
        config.batch = 5
        let warnings = Warnings()
        let recorder = EventRecorder(store: store, config: config, warn: warnings.add)
        let e = Event("reprompted").stamped(session: "c", at: LeadStore.timestamp(Date()), turn: 1)
        let start = Date()
        for _ in 0..<25 { recorder.record([.event(e)]) }
        #expect(Date().timeIntervalSince(start) < 1) // recording never waits for the database
        // The buffer holds 10; the writer may have one batch of 5 off it, trying the store, so at
        // least 25 - 10 - 5 are dropped as they come (the rest of the 15 when that try fails).
        #expect(recorder.dropped >= 25 - config.capacity - config.batch)
        #expect(recorder.flush(timeout: 0.3) == false)
        recorder.close(timeout: 0.1)
        #expect(warnings.all.contains { $0.contains("could not be recorded") })
    }

    @Test func dropsAreRecordedOnceWritingWorksAgain() throws {
        let store = LeadStore(path: tempPath())
        var config = EventRecorder.Config()
        config.capacity = 3
        config.batch = 100
        config.interval = 60 // nothing is written before the flush
        let recorder = EventRecorder(store: store, config: config)
        let e = Event("reprompted").stamped(session: "c", at: LeadStore.timestamp(Date()), turn: 1)
        recorder.record(Array(repeating: .event(e), count: 5))
        #expect(recorder.dropped == 2)
        #expect(recorder.flush(timeout: 10))
        let names = try store.events().map(\.name)
        #expect(names.filter { $0 == "reprompted" }.count == 3)
        let dropped = try store.events().first { $0.name == EventName.eventsDropped }
        #expect(dropped?["count"] == .int(2))
        recorder.close()
    }
}

final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    var add: @Sendable (String) -> Void { { [self] m in lock.lock(); list.append(m); lock.unlock() } }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
