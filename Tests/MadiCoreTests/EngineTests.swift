import Foundation
import MadiScenarios
import Testing
@testable import MadiCore

@Suite("Engine")
struct EngineTests {
    let engine = Shipped.engine

    @Test func startIntroducesAndOffersTheQuestions() {
        let t = engine.start(language: nil, today: Shipped.today)
        #expect(t.session.language == "fr")
        #expect(t.session.step == "welcome")
        #expect(t.reply.asked)
        #expect(t.reply.options.map(\.id) == ["start", "browse"])
        #expect(t.reply.messages.first?.contains("Madi") == true)
        #expect(t.effects.isEmpty)
    }

    /// An answer and a side question in one message: the answer to the question comes first, then
    /// the next question (at the welcome, and at a question).
    @Test func aSideQuestionIsAnsweredBeforeTheNextQuestion() {
        for (language, text) in [("en", "i want to automate my work, how much is it?"), ("fr", "je veux automatiser mon boulot, c'est combien ?")] {
            var t = engine.start(language: language, today: Shipped.today)
            for message in language == "fr" ? ["oui", text] : [text] { t = engine.step(t.session, .text(message)) }
            #expect(t.session.step == "usage")
            let messages = t.reply.messages
            let price = messages.firstIndex { $0.contains("490") }
            let question = messages.firstIndex { $0 == engine.content.strings.text("usage.prompt", language) }
            #expect(price != nil && question != nil && price! < question!, "\(messages)")
        }
    }

    @Test func unknownLanguageFallsBackToTheDefault() {
        #expect(engine.start(language: "de", today: Shipped.today).session.language == "fr")
    }

    @Test func stepIsPure() {
        let t = engine.start(language: "en", today: Shipped.today)
        let a = engine.step(t.session, .text("automate"))
        let b = engine.step(t.session, .text("automate"))
        #expect(a.session == b.session)
        #expect(a.reply == b.reply)
    }

    @Test func sessionRoundTripsThroughJSON() throws {
        let t = play(["oui", "automatiser", "de temps en temps"])
        let data = try JSONEncoder().encode(t.session)
        let back = try JSONDecoder().decode(Session.self, from: data)
        #expect(back == t.session)
        #expect(data.count < 1024)
        // The restored session goes on exactly as the original.
        #expect(engine.step(back, .text("freelance")).reply == engine.step(t.session, .text("freelance")).reply)
    }

    /// The course changed after signing up: the second save names the lead it replaces.
    @Test func aSecondSaveInTheConversationReplacesTheFirst() {
        var t = engine.step(play(["formations", "starter", "ana@orange.fr"]).session, .text("oui"))
        guard case let .saveLead(first)? = t.effects.first else { Issue.record("no saveLead effect"); return }
        #expect(first.replaces == nil)
        t = engine.step(t.session, .leadSaved(id: "L1"))
        t = engine.step(t.session, .text("je veux changer pour master"))
        #expect(t.session.step == "consent")
        t = engine.step(t.session, .text("oui"))
        guard case let .saveLead(second)? = t.effects.first else { Issue.record("no second saveLead effect"); return }
        #expect(second.course == "master")
        #expect(second.email == "ana@orange.fr")
        #expect(second.replaces == "L1")
    }

    @Test func consentYesAsksForASaveAndConfirmsOnlyAfterIt() {
        var t = play(["formations", "starter", "ana@orange.fr"])
        #expect(t.session.step == "consent")
        t = engine.step(t.session, .text("oui"))
        #expect(t.session.lead == .saving)
        #expect(t.reply.messages.isEmpty) // nothing is confirmed before the store answers
        guard case let .saveLead(draft)? = t.effects.first else { Issue.record("no saveLead effect"); return }
        #expect(draft.email == "ana@orange.fr")
        #expect(draft.course == "starter")
        #expect(draft.consentVersion == "2026-11-v2")
        let saved = engine.step(t.session, .leadSaved(id: "1"))
        #expect(saved.session.lead == .saved)
        #expect(saved.reply.messages.joined().contains("24 h"))
        let failed = engine.step(t.session, .leadFailed(reason: "store_read_only"))
        #expect(failed.session.lead == .failed)
        #expect(!failed.reply.messages.joined().contains("24 h"))
        // After a failure the consent step offers a retry, by its label too.
        #expect(failed.reply.options.map(\.label) == ["Réessayer", "Laisser tomber"])
        let retry = engine.step(failed.session, .text("réessayer"))
        #expect(retry.session.lead == .saving)
        let drop = engine.step(failed.session, .text("laisser tomber"))
        #expect(drop.session.lead == .declined, "\(drop.reply.messages) \(drop.session.step)")
    }

    @Test func noLeadWithoutEmailAndConsent() {
        let sink = MemoryLeadSink()
        _ = play(["formations", "starter", "pas-une-adresse", "oui"], leads: sink)
        _ = play(["formations", "starter", "ok@orange.fr", "non"], leads: sink)
        #expect(sink.all.isEmpty)
    }

    @Test func choosingAnUnknownOptionRepromptsWithoutMoving() {
        let t = engine.start(today: Shipped.today)
        let r = engine.step(t.session, .choose("nope"))
        #expect(r.session.step == "welcome")
        // (The id itself is not shown: a prospect clicking an old button would see it.)
        #expect(r.reply.messages.first == Shipped.content.strings.text("reprompt.unknown_option", "fr"))
        #expect(r.reply.messages.first?.contains("nope") == false)
        #expect(r.reply.asked)
    }

    @Test func languageSwitchKeepsAnswersAndRepeatsTheQuestion() {
        let t = play(["oui", "automatiser", "/lang en"])
        #expect(t.session.language == "en")
        #expect(t.session.answers["goal"]?.option == "automate")
        #expect(t.reply.messages.contains("How much do you use AI today?"))
        #expect(t.reply.options.first?.label == "I'm new to it, I hardly ever use it")
    }

    @Test func backFromTheRecommendationReopensTheLastQuestion() {
        let t = play(["oui", "1", "1", "1", "1", "/retour"])
        #expect(t.session.step == "start_when")
        #expect(t.session.answers["start_when"] == nil)
        #expect(t.reply.recommendation == nil)
    }

    @Test func restartKeepsLanguageAndSource() {
        let t = play(["yes", "automate", "/restart"], language: "en")
        #expect(t.session.step == "welcome")
        #expect(t.session.answers.isEmpty)
        #expect(t.session.language == "en")
        #expect(t.session.source == "test")
    }

    @Test func quitEndsAndLaterTextGetsTheEndHint() {
        var t = play(["/quitter"])
        #expect(t.session.done)
        t = play(["/quitter", "bonjour"])
        #expect(t.reply.messages.joined().contains("/recommencer"))
    }

    @Test func teamSizeOutOfRangeIsAskedAgain() {
        let t = play(["oui", "former mon équipe", "0"])
        #expect(t.session.step == "team_size")
        #expect(t.reply.messages.first == "Il me faut un nombre entre 1 et 500.")
    }

    @Test func recommendationViewCarriesTheFacts() {
        let t = play(["oui", "1", "1", "1", "1"])
        let r = t.reply.recommendation
        #expect(r?.course == "starter")
        #expect(r?.facts.price == 490)
        #expect(r?.facts.currency == "EUR")
        #expect(r?.facts.nextSession == "2026-12-08")
        #expect(r?.facts.priceText == "490 €")
        #expect(r?.reasons.count == 3)
    }

    /// The engine remembers recommendations and their sentences by their inputs: one engine that
    /// has seen every variant says, each time, what an engine that has seen none says.
    @Test func rememberedRecommendationsAreTheFreshOnes() {
        let shared = Engine(content: Shipped.content)
        let team = ["oui", "je voudrais former mon équipe", "cinq personnes, débutants", "dans les 3 mois"]
        let variants: [(String, String, [String])] = [
            ("fr", "2027-01-01", ["oui", "1", "1", "1", "1"]),
            ("en", "2027-01-01", ["yes", "1", "1", "1", "1"]),
            ("fr", "2030-01-01", ["oui", "1", "1", "1", "1"]),
            ("fr", "2027-01-01", ["oui", "3", "3", "4", "1"]),
            ("fr", "2027-01-01", team),
            ("fr", "2027-01-01", team.map { $0.replacingOccurrences(of: "cinq", with: "douze") }),
            ("en", "2027-01-01", team),
        ]
        func play(_ engine: Engine, _ lang: String, _ day: String, _ inputs: [String]) -> [Reply] {
            var t = engine.start(language: lang, today: Day(iso: day)!)
            var replies: [Reply] = []
            for i in inputs + ["/lang fr", "/lang en", "/retour", "1"] {
                t = engine.step(t.session, .text(i))
                replies.append(t.reply)
            }
            return replies
        }
        var texts: Set<String> = []
        for _ in 0..<2 {
            for (lang, day, inputs) in variants {
                let fresh = play(Engine(content: Shipped.content), lang, day, inputs)
                #expect(play(shared, lang, day, inputs) == fresh, "\(lang) \(day) \(inputs)")
                texts.insert(fresh.flatMap(\.messages).joined(separator: "\n"))
            }
        }
        #expect(texts.count == variants.count) // every variant says something different
    }

    /// At yes/no, consent, recommendation and catalogue steps, an option is chosen by typing its
    /// label as shown, in each language, with or without a typo.
    @Test func everyOfferedOptionCanBeTypedByItsLabel() {
        let u = engine.understanding
        #expect(!engine.fixedOptionTable.isEmpty)
        for (key, fixed) in engine.fixedOptionTable {
            for o in fixed.views {
                let m = u.match(step: fixed.asChoice, u.prepare(o.label), phrases: fixed.phrases)
                #expect(m.choice == .option(o.id), "\(key): \(o.label)")
            }
        }
        let t = play(["oui", "1", "1", "1", "1"])
        #expect(t.session.step == "recommend")
        #expect(engine.step(t.session, .text("voir les formations")).session.step == "courses")
        #expect(engine.step(t.session, .text("non mrci")).session.step != "recommend")
    }

    /// The course facts written once per language are what `Facts` says on the day: before,
    /// on and after each session day, and after the last one.
    @Test func courseFactsTableSaysWhatFactsSays() {
        var checked = 0
        for lang in engine.content.languages {
            for course in engine.content.catalogue.courses {
                var days = [Day(iso: "2020-01-01")!, Day(iso: "2099-12-31")!]
                for d in course.sessionDays {
                    days += [d, Day(year: d.year, month: d.month, day: max(1, d.day - 1))!, Day(year: d.year, month: d.month, day: min(28, d.day + 1))!]
                }
                for today in days {
                    let plain = Facts(content: engine.content, language: lang, today: today).facts(course.id)
                    #expect(engine.courseFacts(course.id, lang, today: today) == plain, "\(lang) \(course.id) \(today)")
                    let params = Facts(content: engine.content, language: lang, today: today).courseParams(course)
                    #expect(engine.courseParams(course, lang, today: today) == params, "\(lang) \(course.id) \(today)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 12)
    }

    /// "is that full days?": the hours of each day, from the course's duration as written; a
    /// duration that gives no whole full days gets the plain duration answer.
    @Test func theLengthOfTheDaysComesFromTheDuration() throws {
        let entry = try #require(engine.content.faq.first { $0.id == "day_length" })
        let shipped = FAQAnswerer(content: engine.content, language: "en", today: Shipped.today)
        #expect(shipped.answer(entry, mentioned: ["master"], focus: nil) == "Master takes 5 days (35 hours): full days of 7 hours.")
        var files = Shipped.files
        files["catalogue.yaml"] = files["catalogue.yaml"]!.replacingOccurrences(of: "2 days (14 hours)", with: "2 days (8 hours)")
        let content = try ContentLoader.load(files: files).get()
        let short = FAQAnswerer(content: content, language: "en", today: Shipped.today)
        #expect(short.answer(entry, mentioned: ["starter"], focus: nil) == "Starter takes 2 days (8 hours).")
    }

    @Test func nextSessionDependsOnTheInjectedDay() {
        var t = engine.start(today: Day(iso: "2027-01-01")!)
        for i in ["oui", "1", "1", "1", "1"] { t = engine.step(t.session, .text(i)) }
        #expect(t.reply.recommendation?.facts.nextSession == "2027-01-19")
        var late = engine.start(today: Day(iso: "2030-01-01")!)
        for i in ["oui", "1", "1", "1", "1"] { late = engine.step(late.session, .text(i)) }
        #expect(late.reply.recommendation?.facts.nextSession == nil)
        #expect(late.reply.recommendation?.facts.nextSessionText == "dates à venir")
    }
}
