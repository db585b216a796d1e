import Foundation
import MadiCore

/// Leads kept in memory (tests, `madi test`, benchmarks). Same e-mail (in any case) and course: updated;
/// a draft that `replaces` a lead of the same e-mail moves it to its course, as `Store` does.
public final class MemoryLeadSink: LeadSink, @unchecked Sendable {
    private let lock = NSLock()
    private var leads: [(id: String, draft: LeadDraft)] = []
    /// "e-mail key course" → position in `leads` (see `LeadDraft.emailKey`).
    private var index: [String: Int] = [:]
    private var failures = 0

    public init() {}

    /// The next `count` saves fail, as a full or read-only disk would.
    public func failNext(_ count: Int = 1) {
        lock.lock(); defer { lock.unlock() }
        failures += count
    }

    public var all: [LeadDraft] {
        lock.lock(); defer { lock.unlock() }
        return leads.map(\.draft)
    }

    public func save(_ draft: LeadDraft) -> Result<String, LeadSaveError> {
        lock.lock(); defer { lock.unlock() }
        if failures > 0 {
            failures -= 1
            return .failure(LeadSaveError(code: "store_unavailable", message: "the lead store is unavailable"))
        }
        let key = LeadDraft.emailKey(draft.email) + " " + draft.course
        // The consent taken back: the lead saved then is marked withdrawn, as the store does.
        if draft.withdrawn == true {
            guard let i = leads.firstIndex(where: { $0.id == draft.replaces }) else {
                return .failure(LeadSaveError(code: "lead_not_found", message: "the lead to withdraw is not in the store"))
            }
            leads[i].draft.withdrawn = true
            leads[i].draft.questions = draft.questions
            if draft.erase == true { leads[i].draft.erase = true }
            // (The address's other leads are withdrawn with it, as the store does.)
            let address = LeadDraft.emailKey(leads[i].draft.email)
            for j in leads.indices where j != i && LeadDraft.emailKey(leads[j].draft.email) == address { leads[j].draft.withdrawn = true }
            return .success(leads[i].id)
        }
        // The course or the address changed after signing up: the lead saved then moves, as the
        // store does, unless one for that course and address exists already.
        if index[key] == nil, let replaced = draft.replaces, let i = leads.firstIndex(where: { $0.id == replaced }) {
            index = index.filter { $0.value != i }
            index[key] = i
        }
        if let i = index[key] {
            // Another conversation's questions are added to those kept, as the store does.
            var updated = draft
            if draft.replaces == nil {
                let kept = leads[i].draft.questions
                updated.questions = Array((kept + draft.questions.filter { !kept.contains($0) }).prefix(10))
            }
            leads[i].draft = updated
            return .success(leads[i].id)
        }
        let id = "lead-\(leads.count + 1)"
        index[key] = leads.count
        leads.append((id, draft))
        return .success(id)
    }
}
