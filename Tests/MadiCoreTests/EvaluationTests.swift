import Testing
import MadiCore
import MadiScenarios

@Suite("The evaluation's outcomes: right, wrong and missed, each as a prospect would feel it")
struct EvaluationTests {
    func report(_ yaml: String) -> Evaluation.Report {
        let (cases, problems) = Evaluation.parse(file: "cases.yaml", text: yaml)
        #expect(problems.isEmpty, "\(problems)")
        return Evaluation.run(Shipped.engine, cases, file: "cases.yaml", today: Shipped.today)
    }

    @Test func anAddressSaidInWordsAndAskedBackIsRightWhenItIsTheOneMeant() {
        let r = report("""
        - {step: email, lang: en, text: "my email is dave.k at hotmail dot com", expect: {answer: {email: "dave.k@hotmail.com"}}}
        - {step: email, lang: en, text: "my email is dave.k at hotmail dot com", expect: {answer: {email: "dave.j@hotmail.com"}}}
        - {step: email, lang: en, text: "dave.k@hotmail.com", expect: {answer: {email: "dave.k@hotmail.com"}}}
        - {step: email, lang: en, text: "let me think about it", expect: {answer: {email: "dave.k@hotmail.com"}}}
        """)
        #expect(r.items.map(\.outcome) == [.right, .wrong, .right, .missed])
        #expect(r.items[0].got == "email asked back: dave.k@hotmail.com")
        #expect(r.items[2].got == "dave.k@hotmail.com")
    }

    @Test func anOptionIsRightWrongOrMissed() {
        let r = report("""
        - {step: goal, lang: en, text: "automate my work", expect: {answer: "automate"}}
        - {step: goal, lang: en, text: "automate my work", expect: {answer: "build"}}
        - {step: goal, lang: en, text: "hmm", expect: {answer: "build"}}
        """)
        #expect(r.items.map(\.outcome) == [.right, .wrong, .missed])
        #expect((r.right, r.wrong, r.missed) == (1, 1, 1))
    }

    @Test func aFileWrittenOnADayReadsItsMonthsFromThatDay() {
        // "en janvier" is as soon as possible at the end of December, further than that in November.
        let message = "- {step: start_when, lang: fr, text: \"en janvier\", expect: {answer: soon}}"
        let dated = report("today: 2026-12-26\nmessages:\n" + message)
        #expect(dated.items.map(\.outcome) == [.right])
        let (cases, _) = Evaluation.parse(file: "cases.yaml", text: message)
        let undated = Evaluation.run(Shipped.engine, cases, file: "cases.yaml", today: Day(year: 2026, month: 11, day: 21)!)
        #expect(undated.items.map(\.got) == ["start_when.quarter"])
    }

    @Test func aBadDayOrAnUnknownKeyIsNamed() {
        let (_, problems) = Evaluation.parse(file: "cases.yaml", text: "today: 7 décembre\nmessages: []\nsteps: 1")
        let text = problems.map(\.description).joined(separator: "\n")
        #expect(text.contains("today must be YYYY-MM-DD"))
        #expect(text.contains("steps"))
    }

    @Test func anAnswerNamedToChangeIsAChangeOfMindAndOneNamedToGoBackToIsABack() {
        let r = report("""
        - {step: recommend, lang: en, text: "wait i want to change my answer about my job", expect: {intent: change_mind}}
        - {step: recommend, lang: en, text: "can i go back to my job answer", expect: {intent: back}}
        """)
        #expect(r.items.map(\.outcome) == [.right, .right], "\(r.items.map(\.got))")
    }

    @Test func wordsSpeltAsInAChatCountAsTheWordsTheyStandFor() {
        let r = report("""
        - {step: email, lang: en, text: "what will u do with it", expect: {faq: privacy}}
        - {step: team_level, lang: fr, text: "des devs python pr la plupart", expect: {answer: technical}}
        """)
        #expect(r.items.map(\.outcome) == [.right, .right], "\(r.items.map(\.got))")
    }
}
