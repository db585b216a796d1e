import Foundation
import Testing
import MadiCore
@testable import MadiStore

func tempPath(_ name: String = "leads.sqlite") -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("madi-store-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir.appendingPathComponent(name).path
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
