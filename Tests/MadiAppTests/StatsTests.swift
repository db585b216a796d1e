import Foundation
import MadiEvents
import MadiStore
import Testing
@testable import MadiApp

@Suite("madi stats")
struct StatsTests {
    /// A conversation's events, at one second per turn from a start time.
    func conversation(_ id: String, _ names: [String], language: String = "fr", course: String = "starter",
                      repromptStep: String = "goal", start: Double = 1_800_000_000) -> [Event] {
        names.enumerated().map { i, n in
            var p: [String: EventValue] = ["language": .string(language), "step": .string(n == EventName.reprompted ? repromptStep : "x")]
            if [EventName.recommendationShown, EventName.leadSaved].contains(n) { p["course"] = .string(course) }
            if n == EventName.sideQuestion { p["answered_by"] = .string("none") }
            return Event(n, p).stamped(session: id, at: LeadStore.timestamp(Date(timeIntervalSince1970: start + Double(i) * 10)), turn: i)
        }
    }

    let full = [EventName.sessionStarted, EventName.questionAnswered, EventName.recommendationShown,
                EventName.preregistrationStarted, EventName.emailGiven, EventName.consentGiven, EventName.leadSaved,
                EventName.sessionEnded]

    @Test func theFunnelCountsConversationsPerStageWithDropOff() {
        var events: [Event] = []
        for i in 0..<4 { events += conversation("lead\(i)", full, language: i == 0 ? "en" : "fr") }
        events += conversation("gone", [EventName.sessionStarted, EventName.questionAnswered, EventName.reprompted,
                                         EventName.reprompted, EventName.sessionAbandoned])
        events += conversation("refused", [EventName.sessionStarted, EventName.questionAnswered, EventName.recommendationShown,
                                            EventName.preregistrationStarted, EventName.emailGiven, EventName.consentRefused,
                                            EventName.sessionEnded], course: "master")
        events += conversation("open", [EventName.sessionStarted, EventName.questionAnswered, EventName.recommendationShown,
                                         EventName.preregistrationStarted])
        events.append(Event(EventName.eventsDropped, ["count": .int(3)]).stamped(session: "", at: "2027-01-01T00:00:00.000Z", turn: 0))
        let r = StatsReport(events: events, questions: [], since: nil)
        #expect(r.conversations == 7)
        #expect(r.funnel.map(\.count) == [7, 7, 6, 6, 5, 4, 4])
        #expect(r.funnel[2].dropOff.map { abs($0 - 1.0 / 7) < 1e-9 } == true)
        #expect(r.funnel[0].dropOff == nil)
        // 6 started, 4 saved, 1 refused, 1 still open: 1 abandoned out of 5 decided.
        #expect(r.preregistration.started == 6)
        #expect(r.preregistration.open == 1)
        #expect(r.preregistration.abandoned == 1)
        #expect(r.preregistration.abandonmentRate == 0.2)
        #expect(r.leads.first == StatsReport.ByCourse(course: "starter", language: "fr", count: 3))
        #expect(r.recommendations.contains(StatsReport.ByCourse(course: "master", language: "fr", count: 1)))
        #expect(r.reprompts.first?.step == "goal")
        #expect(r.reprompts.first?.reprompts == 2)
        #expect(r.medianTurnsToLead == 6)
        #expect(r.medianSecondsToLead == 60)
        #expect(r.eventsDropped == 3)
        #expect(r.table().contains("above the 10.0% target"))
    }

    @Test func unansweredQuestionsAreGroupedMostFrequentFirst() {
        let q = { (t: String) in StoredQuestion(at: "2027-01-01T00:00:00.000Z", sessionId: "s", leadId: nil, language: "fr", step: "goal", text: t) }
        let r = StatsReport(events: [], questions: [q("Y a-t-il un parking ?"), q("y a t il un parking"), q("y a-t-il un PARKING?"),
                                                    q("Les repas sont-ils inclus ?")], since: nil)
        #expect(r.unanswered.map(\.count) == [3, 1])
        #expect(r.unanswered[0].text.lowercased().contains("parking"))
        #expect(r.preregistration.abandonmentRate == nil)
    }

    @Test func csvAndHTMLAreSafeAndSelfContained() {
        let q = StoredQuestion(at: "2027-01-01T00:00:00.000Z", sessionId: "s", leadId: nil, language: "fr", step: "goal",
                               text: "=HYPERLINK(\"x\") <script>alert(1)</script>")
        let r = StatsReport(events: conversation("a", full), questions: [q], since: "2026-11-01T00:00:00.000Z")
        let csv = r.csv()
        #expect(csv.contains("unanswered,\"'=HYPERLINK(\"\"x\"\")"))
        let html = r.html(generated: "now")
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;"))
        #expect(html.contains("<svg"))
        #expect(!html.contains("src=") && !html.contains("href=") && !html.contains("@import"))
    }
}
