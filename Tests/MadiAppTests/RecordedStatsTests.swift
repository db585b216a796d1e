import Foundation
import MadiCore
import MadiEvents
import MadiScenarios
import MadiStore
import MadiTestSupport
import Testing
@testable import MadiApp

@Suite("madi stats on recorded events")
struct RecordedStatsTests {
    func tempStore() -> LeadStore {
        LeadStore(path: TestTemp.directory("madi-stats").appendingPathComponent("leads.sqlite").path)
    }

    /// `madi stats` (table, JSON, CSV, HTML) reads the same from events stamped as they are
    /// written (`Recorded.stamped`, what the fronts record) as from events stamped first.
    @Test func theReportIsTheSameFromEventsStampedAsTheyAreWritten() throws {
        let batches = try shippedConversationEvents(timestamp: LeadStore.timestamp)
        let before = tempStore(), after = tempStore()
        var questions: [Recorded] = []
        for (i, b) in batches.enumerated() where i % 50 == 0 {
            questions.append(.question(session: b.stamp.session, language: "fr", step: "goal", text: "une question \(i % 7)", at: b.stamp.at))
        }
        try before.append(batches.flatMap { b in b.events.map { Recorded.event($0.stamped(session: b.stamp.session, at: b.stamp.at, turn: b.stamp.turn)) } } + questions)
        try after.append(batches.flatMap { b in b.events.map { Recorded.stamped($0, b.stamp) } } + questions)
        for since in [nil, "2027-01-15T08:00:15.000Z"] as [String?] {
            let reports = try [before, after].map {
                StatsReport(events: try $0.events(since: since), questions: try $0.questions(since: since), since: since)
            }
            #expect(reports[0].conversations > 1_000 || since != nil)
            #expect(reports[0].table() == reports[1].table())
            #expect(try reports[0].json() == reports[1].json())
            #expect(reports[0].csv() == reports[1].csv())
            #expect(reports[0].html(generated: "now") == reports[1].html(generated: "now"))
        }
    }
}
