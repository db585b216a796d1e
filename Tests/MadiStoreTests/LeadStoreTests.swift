import Foundation
import GRDB
import MadiScenarios
import MadiTestSupport
import Testing
import MadiCore
@testable import MadiStore

func tempPath(_ name: String = "leads.sqlite") -> String {
    TestTemp.directory("madi-store").appendingPathComponent(name).path
}

func draft(_ email: String = "ana@orange.fr", course: String = "starter", company: String? = nil) -> LeadDraft {
    LeadDraft(email: email, emailASCII: email, firstName: nil, course: course, recommendedCourse: course,
              answers: [LeadAnswer(step: "goal", value: "foundations", label: "Comprendre l'IA")], language: "fr",
              source: "test", company: company, teamSize: company == nil ? nil : 5,
              kind: company == nil ? "preregistration" : "quote", consentVersion: "v1")
}

@Suite("Lead store")
struct LeadStoreTests {
    @Test func aLeadSurvivesAReopen() throws {
        let path = tempPath()
        let id = try LeadStore(path: path).save(draft()).get()
        let again = LeadStore(path: path)
        let leads = try again.list()
        #expect(leads.count == 1)
        #expect(leads[0].id == id)
        #expect(leads[0].email == "ana@orange.fr")
        #expect(leads[0].decodedAnswers.first?.value == "foundations")
        #expect(leads[0].consentVersion == "v1")
    }

    @Test func sameEmailAndCourseUpdatesInsteadOfDuplicating() throws {
        let path = tempPath()
        let clock = Clock()
        let store = LeadStore(path: path, now: clock.now)
        let first = try store.save(draft()).get()
        clock.advance(60)
        let second = try store.save(draft(company: "ACME")).get()
        #expect(first == second)
        let leads = try store.list()
        #expect(leads.count == 1)
        #expect(leads[0].createdAt != leads[0].updatedAt)
        #expect(leads[0].createdAt == LeadStore.timestamp(Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(leads[0].company == "ACME")
        // Another course is another lead.
        _ = try store.save(draft(course: "master")).get()
        #expect(try store.count() == 2)
    }

    /// The same prospect signing up again for the same course in another conversation: the
    /// questions kept the first time stay, the new ones are added after them, once each; the
    /// memory sink keeps them the same way.
    @Test func anotherConversationAddsItsQuestionsToThoseKept() throws {
        let store = LeadStore(path: tempPath())
        let memory = MemoryLeadSink()
        var first = draft()
        first.questions = ["tarif étudiant ?", "le soir ou le week-end ?"]
        var second = draft()
        second.questions = ["le soir ou le week-end ?", "une session en septembre ?"]
        for sink in [store as LeadSink, memory] {
            _ = try sink.save(first).get()
            _ = try sink.save(second).get()
        }
        let expected = ["tarif étudiant ?", "le soir ou le week-end ?", "une session en septembre ?"]
        #expect(try store.list()[0].decodedQuestions == expected)
        #expect(memory.all[0].questions == expected)
        // The same conversation saving again (its lead named in `replaces`) gives its whole list.
        let id = try store.save(second).get()
        var again = draft()
        again.questions = ["une session en septembre ?"]
        again.replaces = id
        _ = try store.save(again).get()
        #expect(try store.list()[0].decodedQuestions == ["une session en septembre ?"])
    }

    /// A course changed after signing up, in the same conversation: the lead moves to the new
    /// course (same id, one lead); when a lead for that course exists already, that one is updated
    /// and the first is left as it was.
    @Test func aLeadReplacedInItsConversationMovesToTheNewCourse() throws {
        let store = LeadStore(path: tempPath())
        let first = try store.save(draft()).get()
        var change = draft(course: "performer")
        change.replaces = first
        #expect(try store.save(change).get() == first)
        var leads = try store.list()
        #expect(leads.count == 1)
        #expect(leads[0].course == "performer")

        let master = try store.save(draft(course: "master")).get()
        var again = draft(course: "master")
        again.replaces = first
        #expect(try store.save(again).get() == master)
        leads = try store.list()
        #expect(leads.count == 2)
        #expect(Set(leads.map(\.course)) == ["performer", "master"])
        // The address changed after signing up ("oops, it's zoe@free.fr"): the lead moves to it.
        var other = draft("zoe@free.fr", course: "performer")
        other.replaces = first
        #expect(try store.save(other).get() == first)
        leads = try store.list()
        #expect(leads.count == 2)
        #expect(leads.first { $0.id == first }?.email == "zoe@free.fr")
        #expect(try store.lead(id: master)?.email == "ana@orange.fr")
    }

    /// An update with no consent asked (a note, a corrected size or address) keeps the consent's
    /// version and time; a new consent (a course changed, consent asked again) replaces them.
    @Test func anUpdateWithoutConsentKeepsTheConsentTime() throws {
        let clock = Clock()
        let store = LeadStore(path: tempPath(), now: clock.now)
        let id = try store.save(draft()).get()
        let given = try #require(try store.lead(id: id)).consentedAt
        clock.advance(60)
        var note = draft(company: "ACME")
        note.replaces = id
        note.keepsConsent = true
        note.consentVersion = "v2"
        #expect(try store.save(note).get() == id)
        var lead = try #require(try store.lead(id: id))
        #expect(lead.consentedAt == given)
        #expect(lead.consentVersion == "v1")
        #expect(lead.updatedAt != given)
        #expect(lead.company == "ACME")
        clock.advance(60)
        var again = draft()
        again.replaces = id
        again.consentVersion = "v2"
        _ = try store.save(again).get()
        lead = try #require(try store.lead(id: id))
        #expect(lead.consentedAt == lead.updatedAt)
        #expect(lead.consentVersion == "v2")
    }

    /// The consent taken back after signing up: the same lead, marked withdrawn, sent again to the
    /// CRM; a new consent in the same conversation clears the mark.
    @Test func aWithdrawnLeadIsMarkedAndANewConsentClearsIt() throws {
        let clock = Clock()
        let store = LeadStore(path: tempPath(), now: clock.now)
        let id = try store.save(draft()).get()
        #expect(try store.delivery(leadId: id)?.revision == 1)
        clock.advance(30)
        var withdrawal = draft()
        withdrawal.replaces = id
        withdrawal.withdrawn = true
        withdrawal.questions = ["supprimez mes données"]
        withdrawal.erase = true
        #expect(try store.save(withdrawal).get() == id)
        var lead = try #require(try store.lead(id: id))
        #expect(lead.withdrawnAt == LeadStore.timestamp(clock.now()))
        #expect(lead.updatedAt == lead.withdrawnAt)
        #expect(lead.decodedQuestions == ["supprimez mes données"])
        #expect(lead.erasureRequestedAt == lead.withdrawnAt)
        #expect(try store.count() == 1)
        #expect(try store.delivery(leadId: id)?.revision == 2) // the CRM hears of it
        var again = draft()
        again.replaces = id
        #expect(try store.save(again).get() == id)
        lead = try #require(try store.lead(id: id))
        #expect(lead.withdrawnAt == nil)
        #expect(lead.erasureRequestedAt == nil) // (a new consent supersedes the request)
        // A withdrawal for a lead that is not there fails, and stores nothing.
        var stray = draft("kim@proton.me")
        stray.replaces = "no-such-lead"
        stray.withdrawn = true
        #expect(throws: LeadSaveError.self) { try store.save(stray).get() }
        #expect(try store.count() == 1)
    }

    /// The consent taken back withdraws every pre-registration of the address (another course,
    /// another conversation), each sent again to the CRM; another address's stays. The memory
    /// sink does the same.
    @Test func aWithdrawalCoversEveryLeadOfTheAddress() throws {
        let store = LeadStore(path: tempPath())
        let memory = MemoryLeadSink()
        for sink in [store as LeadSink, memory] {
            let starter = try sink.save(draft("Sophie@example.fr")).get()
            _ = try sink.save(draft("sophie@example.fr", course: "master")).get()
            _ = try sink.save(draft("kim@proton.me", course: "master")).get()
            var withdrawal = draft("sophie@example.fr")
            withdrawal.replaces = starter
            withdrawal.withdrawn = true
            _ = try sink.save(withdrawal).get()
        }
        let leads = try store.list()
        #expect(leads.count == 3)
        for lead in leads {
            #expect((lead.withdrawnAt != nil) == (lead.email.lowercased() == "sophie@example.fr"))
            if lead.withdrawnAt != nil { #expect(try store.delivery(leadId: lead.id)?.revision == 2) }
        }
        #expect(memory.all.map { $0.withdrawn == true } == [true, true, false])
    }

    @Test func theSameAddressInAnotherCaseIsTheSameLead() throws {
        let clock = Clock()
        let store = LeadStore(path: tempPath(), now: clock.now)
        let first = try store.save(draft("Lucas.Martin@gmail.com")).get()
        clock.advance(60)
        let second = try store.save(draft("lucas.martin@gmail.com", company: "ACME")).get()
        #expect(first == second)
        var leads = try store.list()
        #expect(leads.count == 1)
        // The address kept is the one last typed, as typed (normalised), not the comparison key.
        #expect(leads[0].email == "lucas.martin@gmail.com")
        #expect(leads[0].company == "ACME")
        _ = try store.save(draft("LUCAS.MARTIN@GMAIL.COM")).get()
        leads = try store.list()
        #expect(leads.count == 1)
        #expect(leads[0].email == "LUCAS.MARTIN@GMAIL.COM")
        // Beyond ASCII too (SQLite's lower() would not fold É).
        let e1 = try store.save(draft("ÉLODIE@exemple.fr")).get()
        let e2 = try store.save(draft("élodie@exemple.fr")).get()
        #expect(e1 == e2)
        // Another course, or another address, is another lead.
        _ = try store.save(draft("lucas.martin@gmail.com", course: "master")).get()
        _ = try store.save(draft("lucas.martin2@gmail.com")).get()
        #expect(try store.count() == 4)
    }

    @Test func theMemorySinkComparesAddressesInAnyCaseToo() throws {
        let sink = MemoryLeadSink()
        let a = try sink.save(draft("Lucas.Martin@gmail.com")).get()
        let b = try sink.save(draft("lucas.martin@gmail.com")).get()
        let c = try sink.save(draft("lucas.martin@gmail.com", course: "master")).get()
        #expect(a == b)
        #expect(a != c)
        #expect(sink.all.map(\.email) == ["lucas.martin@gmail.com", "lucas.martin@gmail.com"])
    }

    @Test func aVersionOneDatabaseIsMigratedAndItsCaseDuplicatesMerged() throws {
        let path = tempPath()
        // A database as v1 left it: two leads for one person and course, told apart by case only.
        let q = try DatabaseQueue(path: path)
        try LeadStore.migrator.migrate(q, upTo: "v1: leads")
        func insert(_ id: String, _ email: String, course: String, created: String, updated: String, company: String?) throws {
            try q.write { db in
                try db.execute(sql: """
                    INSERT INTO lead (id, created_at, updated_at, email, email_ascii, first_name, course, recommended_course,
                        answers, language, source, company, team_size, kind, consent_version, consented_at)
                    VALUES (?, ?, ?, ?, ?, NULL, ?, ?, '[]', 'fr', 'chat', ?, NULL, 'preregistration', 'v1', ?)
                    """, arguments: [id, created, updated, email, email, course, course, company, updated])
            }
        }
        try insert("old", "Lucas.Martin@gmail.com", course: "starter", created: "2026-11-01T10:00:00.000Z",
                   updated: "2026-11-01T10:00:00.000Z", company: "ACME")
        try insert("new", "lucas.martin@gmail.com", course: "starter", created: "2026-11-02T10:00:00.000Z",
                   updated: "2026-11-03T10:00:00.000Z", company: nil)
        try insert("other", "lucas.martin@gmail.com", course: "master", created: "2026-11-02T11:00:00.000Z",
                   updated: "2026-11-02T11:00:00.000Z", company: nil)
        try q.close()

        let store = LeadStore(path: path)
        let leads = try store.list()
        #expect(leads.map(\.id) == ["old", "other"])
        let merged = try #require(leads.first)
        #expect(merged.createdAt == "2026-11-01T10:00:00.000Z") // the first time kept
        #expect(merged.updatedAt == "2026-11-03T10:00:00.000Z") // the latest data
        #expect(merged.email == "lucas.martin@gmail.com")
        #expect(merged.company == "ACME") // not lost to the newer lead that had none
        #expect(try store.integrityCheck() == "ok")
        // After the migration a save in yet another case updates the merged lead.
        #expect(try store.save(draft("LUCAS.martin@gmail.com")).get() == "old")
        #expect(try store.count() == 2)
        // The index over creation times is still there.
        let indexes = try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'lead'")
        }
        #expect(indexes.contains("lead_created_at"))
    }

    @Test func aDatabaseWhoseV5HadNoErasureColumnTakesLeadsAgain() throws {
        let path = tempPath()
        // A database migrated by the first build of v5, which added `withdrawn_at` alone.
        let q = try DatabaseQueue(path: path)
        try LeadStore.migrator.migrate(q, upTo: "v4: live sessions")
        try q.write { db in
            try db.execute(sql: "ALTER TABLE lead ADD COLUMN withdrawn_at TEXT")
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v5: consent withdrawn')")
        }
        try q.close()
        let store = LeadStore(path: path)
        let id = try store.save(draft("ana@example.com")).get()
        #expect(try store.list().map(\.id) == [id])
        #expect(try store.integrityCheck() == "ok")
        // A database the current v5 migrated is left as it is.
        let fresh = tempPath()
        let current = LeadStore(path: fresh)
        _ = try current.save(draft()).get()
        #expect(try current.count() == 1)
    }

    @Test func fileIsPrivateAndJournaledSafely() throws {
        let path = tempPath()
        let store = LeadStore(path: path)
        _ = try store.save(draft()).get()
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try store.integrityCheck() == "ok")
        let header = try Data(contentsOf: URL(fileURLWithPath: path)).prefix(20)
        #expect(header[18] == 2 && header[19] == 2) // WAL mode is recorded in the file header
    }

    @Test func anUnwritableLocationFailsHonestlyAndCanBeRetried() {
        // /sys refuses new files even to root; a non-root user cannot write there either.
        let store = LeadStore(path: "/sys/madi-\(UUID().uuidString).sqlite")
        guard case let .failure(e) = store.save(draft()) else { Issue.record("a save was reported in /sys"); return }
        #expect(e.code == "store_read_only")
        #expect(e.message.contains("/sys/madi-"))
        guard case .failure = store.save(draft()) else { Issue.record("second try succeeded"); return }
    }

    @Test func aMissingDirectoryIsCreated() throws {
        let base = tempPath("unused")
        let path = (base as NSString).deletingLastPathComponent + "/a/b/leads.sqlite"
        _ = try LeadStore(path: path).save(draft()).get()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(LeadStore.defaultPath(environment: ["MADI_LEADS_DB": "/x/y.db"]) == "/x/y.db")
        #expect(LeadStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"]) == "/data/madi/leads.sqlite")
        #expect(LeadStore.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/madi/leads.sqlite")
    }

    @Test func sinceFiltersByCreationTime() throws {
        let clock = Clock()
        let store = LeadStore(path: tempPath(), now: clock.now)
        _ = try store.save(draft("a@orange.fr")).get()
        clock.advance(86_400 * 2)
        _ = try store.save(draft("b@orange.fr")).get()
        let cutoff = LeadStore.timestamp(Date(timeIntervalSince1970: 1_800_000_000 + 86_400))
        #expect(try store.list(since: cutoff).map(\.email) == ["b@orange.fr"])
    }
}

final class Clock: @unchecked Sendable {
    private var t: Double = 1_800_000_000
    private let lock = NSLock()
    var now: @Sendable () -> Date { { [self] in lock.lock(); defer { lock.unlock() }; return Date(timeIntervalSince1970: t) } }
    func advance(_ s: Double) { lock.lock(); t += s; lock.unlock() }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test func handWrittenTimestampsMatchTheFormatter() {
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_795_000_000.123),
                     Date(timeIntervalSince1970: 951_782_400.999), Date(timeIntervalSince1970: 4_102_444_799.5)]
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 { // dates from 1970 to 2100, at random milliseconds
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            dates.append(Date(timeIntervalSince1970: Double(x % 4_102_444_800_000) / 1000))
        }
        for d in dates {
            #expect(LeadStore.timestamp(d) == LeadStore.timestampWithFormatter(d), "\(d.timeIntervalSince1970)")
        }
    }
}
