import Foundation
import MadiCore
import MadiScenarios
import MadiTestSupport
import Testing
@testable import MadiEvents

/// The shipped Dialogues, read once from the repository.
enum Shipped {
    static let content = ShippedDialogues.content
    static let engine = Engine(content: content)
    static let today = Day(iso: "2026-11-21")!
}

/// Plays a conversation through `Conversation.turn` and collects every turn's events.
struct Player {
    let engine = Shipped.engine
    let deriver = EventDeriver(content: Shipped.content)
    let leads = MemoryLeadSink()
    var session: Session
    var events: [Event]
    var questions: [String] = []

    init(language: String = "fr") {
        let t = Conversation.start(Shipped.engine, language: language, source: "test", today: Shipped.today)
        session = t.session
        events = EventDeriver(content: Shipped.content).started(t.session, reply: t.reply)
    }

    @discardableResult
    mutating func say(_ text: String) -> [Event] { play(.text(text)) }

    @discardableResult
    mutating func play(_ input: Input) -> [Event] {
        let before = session
        var failure: String?
        let t = Conversation.turn(engine, before, input, leads: leads, onSaveError: { failure = $0.code })
        session = t.session
        let e = deriver.events(before: before, after: t.session, reply: t.reply, input: input, leadError: failure)
        questions += EventDeriver.newQuestions(before: before, after: t.session)
        events += e
        return e
    }

    var names: [String] { events.map(\.name) }
    func named(_ n: String) -> [Event] { events.filter { $0.name == n } }
}

@Suite("Events")
struct EventsTests {
    @Test func aConversationToALeadRecordsEveryFunnelStep() throws {
        var p = Player()
        p.say("oui")
        p.say("je veux structurer mes bases")
        p.say("je suis étudiant et je débute")
        p.say("plus tard")
        p.say("1") // interested
        p.say("lucas.martin@gmail.com")
        p.say("oui")
        #expect(p.session.lead == .saved)
        for name in [EventName.sessionStarted, EventName.questionAnswered, EventName.recommendationShown,
                     EventName.preregistrationStarted, EventName.emailGiven, EventName.consentGiven, EventName.leadSaved] {
            #expect(p.names.contains(name), "missing \(name) in \(p.names)")
        }
        // In that order along the funnel.
        let order = [EventName.sessionStarted, EventName.recommendationShown, EventName.preregistrationStarted,
                     EventName.consentGiven, EventName.leadSaved].map { n in p.names.firstIndex(of: n)! }
        #expect(order == order.sorted())
        let rec = try #require(p.named(EventName.recommendationShown).first)
        #expect(rec["course"] == .string("starter"))
        #expect(rec["quote"] == .bool(false))
        #expect(rec["language"] == .string("fr"))
        let lead = try #require(p.named(EventName.leadSaved).first)
        #expect(lead["lead_id"] == .string("lead-1"))
        #expect(lead["course"] == .string("starter"))
        #expect(p.named(EventName.recommendationShown).count == 1)
    }

    @Test func aNoteKeptAfterSigningUpSavesTheLeadAgainWithoutANewLeadOrConsent() throws {
        var p = Player()
        for text in ["oui", "je veux structurer mes bases", "je suis étudiant et je débute", "plus tard", "1",
                     "lucas.martin@gmail.com", "oui"] { p.say(text) }
        #expect(p.session.lead == .saved)
        let e = p.say("vous pouvez dire à l'équipe que je suis dispo le mardi ?")
        #expect(p.session.lead == .saved)
        #expect(p.leads.all.count == 1)
        #expect(p.leads.all.first?.questions.contains { $0.contains("dispo le mardi") } == true)
        #expect(!e.contains { $0.name == EventName.leadSaved || $0.name == EventName.consentGiven }, "\(e.map(\.name))")
        #expect(p.named(EventName.leadSaved).count == 1)
    }

    /// The recorder writes events as JSON by hand: it must read back as the same events, and
    /// be what JSONEncoder (sorted keys) writes wherever JSONEncoder does not escape "/".
    @Test func eventsAsJSONReadBackAndMatchTheEncoder() throws {
        var p = Player()
        for text in ["oui", "je veux automatiser mon travail", "c'est combien ?", "5", "soon", "1", "a@b.fr", "oui"] { p.say(text) }
        let tricky = ["quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{01}\u{1F}ctl", "é ü 日本 🙂", "a/b", ""]
        var all = p.events.map { $0.stamped(session: "s1", at: "2026-11-22T10:00:00.000Z", turn: 3) }
        for (i, t) in tricky.enumerated() {
            all.append(Event("side_question", ["text\(i)": .string(t), "n": .int(-i), "flag": .bool(i % 2 == 0), t: .int(i)]))
        }
        #expect(all.count > tricky.count + 5)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for e in all {
            let back = try JSONDecoder().decode(Event.self, from: Data(e.json.utf8))
            #expect(back == e, "\(e.json)")
            let reference = String(decoding: try encoder.encode(e), as: UTF8.self)
            if !reference.contains("\\/") { #expect(e.json == reference) }
        }
    }

    @Test func answersSayHowTheyWereUnderstood() throws {
        var p = Player()
        p.say("1")
        let byNumber = try #require(p.named(EventName.questionAnswered).first)
        #expect(byNumber["how"] == .string("number"))
        #expect(byNumber["option"] == .string("start"))
        #expect(byNumber["step"] == .string("welcome"))
        let e = p.say("automatiser")
        let goal = try #require(e.first { $0.name == EventName.questionAnswered })
        #expect(goal["step"] == .string("goal"))
        #expect(goal["option"] == .string("automate"))
        #expect(["label", "synonym", "learnt"].contains(goal["how"]?.string ?? ""))
    }

    @Test func noEventCarriesTheAddressOrTheProspectsWords() throws {
        var p = Player()
        p.say("voir directement les formations")
        p.say("performer")
        p.say("pas une adresse du tout")
        p.say("claire.secret@exemple-agence.fr")
        p.say("oui")
        #expect(p.session.lead == .saved)
        let data = try JSONEncoder().encode(p.events)
        let text = String(decoding: data, as: UTF8.self)
        #expect(!text.contains("claire"))
        #expect(!text.contains("exemple-agence"))
        #expect(!text.contains("adresse"))
        // The address itself is noted as text, with no value.
        let given = p.named(EventName.questionAnswered).filter { $0["how"] == .string("text") }
        #expect(given.allSatisfy { $0["option"] == nil })
    }

    @Test func aRefusedAddressCarriesItsReasonAndCountsAsAReprompt() throws {
        var p = Player()
        p.say("voir directement les formations")
        p.say("performer")
        let e = p.say("claire@")
        let refused = try #require(e.first { $0.name == EventName.emailRefused })
        #expect(refused["reason"]?.string?.isEmpty == false)
        #expect(refused["step"] == .string("email"))
        #expect(e.contains { $0.name == EventName.reprompted && $0["step"] == .string("email") })
        #expect(p.session.email == nil)
    }

    @Test func aMissIsARepromptAtItsStep() throws {
        var p = Player()
        p.say("oui")
        let e = p.say("zzkq wpxv")
        let r = try #require(e.first { $0.name == EventName.reprompted })
        #expect(r["step"] == .string("goal"))
        #expect(r["misses"] == .int(1))
        #expect(!e.contains { $0.name == EventName.questionAnswered })
    }

    @Test func sideQuestionsSayWhoAnswered() throws {
        var p = Player()
        p.say("oui")
        let faq = p.say("c'est combien ?")
        let side = try #require(faq.first { $0.name == EventName.sideQuestion })
        #expect(side["answered_by"] == .string("faq"))
        #expect(side["faq_id"]?.string?.isEmpty == false)
        #expect(p.questions.isEmpty)
    }

    @Test func anUnknownSideQuestionFromTheLLMPathIsKeptOutsideEvents() throws {
        // The LLM had no answer: the question is "unknown" and its text is kept for the team.
        let engine = Shipped.engine
        let deriver = EventDeriver(content: Shipped.content)
        let start = engine.start(language: "fr", source: "t", today: Shipped.today, assistant: true)
        var s = start.session
        s = engine.step(s, .text("oui")).session
        var before = s
        s.pending = .answer(question: "la salle a-t-elle des fenêtres ?")
        before = s
        let t = engine.step(s, .answered(text: nil))
        let e = deriver.events(before: before, after: t.session, reply: t.reply)
        let side = try #require(e.first { $0.name == EventName.sideQuestion })
        #expect(side["answered_by"] == .string("none"))
        #expect(EventDeriver.newQuestions(before: before, after: t.session) == ["la salle a-t-elle des fenêtres ?"])
        let answered = engine.step(s, .answered(text: "Oui, une grande."))
        let e2 = deriver.events(before: before, after: answered.session, reply: answered.reply)
        #expect(e2.first { $0.name == EventName.sideQuestion }?["answered_by"] == .string("llm"))
    }

    @Test func languageSwitchNamesBothLanguages() throws {
        var p = Player()
        let e = p.say("/lang en")
        let sw = try #require(e.first { $0.name == EventName.languageSwitched })
        #expect(sw["from"] == .string("fr"))
        #expect(sw["to"] == .string("en"))
        #expect(sw["language"] == .string("en"))
    }

    @Test func consentRefusedAndQuitAreRecorded() throws {
        var p = Player()
        p.say("voir directement les formations")
        p.say("starter")
        p.say("ana@orange.fr")
        let e = p.say("non")
        #expect(e.contains { $0.name == EventName.consentRefused })
        #expect(!e.contains { $0.name == EventName.leadSaved })
        var q = Player()
        q.say("oui")
        let quit = q.say("/quit")
        let a = try #require(quit.first { $0.name == EventName.sessionAbandoned })
        #expect(a["reason"] == .string("quit"))
        #expect(a["step"] == .string("goal"))
        // A session already over is not abandoned afterwards.
        #expect(q.deriver.ended(q.session, reason: .expired).isEmpty)
    }

    @Test func anExpiredSessionIsAbandonedAtItsStep() throws {
        var p = Player()
        p.say("oui")
        let e = p.deriver.ended(p.session, reason: .expired)
        #expect(e.count == 1)
        #expect(e[0]["reason"] == .string("expired"))
        #expect(e[0]["step"] == .string("goal"))
    }

    @Test func aFailedSaveIsRecordedWithTheStoresCode() throws {
        var p = Player()
        p.say("voir directement les formations")
        p.say("starter")
        p.say("ana@orange.fr")
        p.leads.failNext()
        let e = p.say("oui")
        let f = try #require(e.first { $0.name == EventName.leadFailed })
        #expect(f["reason"] == .string("store_unavailable"))
        #expect(e.contains { $0.name == EventName.consentGiven })
        let retry = p.say("réessayer")
        #expect(retry.contains { $0.name == EventName.leadSaved })
    }

    @Test func theWireShapeIsTheAnalyticsServicesShape() throws {
        let e = Event("question_answered", ["option": .string("start"), "how": .string("number")])
            .stamped(session: "s1", at: "2026-11-21T10:00:00.000Z", turn: 3)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(e)) as! [String: Any]
        #expect(json["eventName"] as? String == "question_answered")
        let params = try #require(json["eventParams"] as? [String: Any])
        #expect(params["session_id"] as? String == "s1")
        #expect(params["turn"] as? Int == 3)
        #expect(params["timestamp"] as? String == "2026-11-21T10:00:00.000Z")
        #expect(try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(e)) == e)
    }
}
