/// The catalogue: `next:` when a course is chosen, `no:` for "help me choose" (or back to the
/// question left, `TurnBuilder`'s `s.resume`), `decline:` for "none of these".
public struct CoursesStep: Sendable {
    public init() {}
}

extension CoursesStep: StepBehaviour {
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        turn.flush()
        repeatStep(step, &turn)
    }

    static func ask(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say(step.prompt.isEmpty ? "courses.prompt" : step.prompt)
    }

    static func hasShortForm(_ step: Step, _ turn: TurnBuilder) -> Bool { true }

    static var hasFixedOptions: Bool { true }

    /// The variant: the prospect came from a question, and goes back to it rather than to the guide.
    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] {
        func t(_ key: String, _ params: [String: String] = [:]) -> String { content.strings.text(key, lang, params) }
        var list = content.catalogue.courses.map { OptionView(id: $0.id, label: t("option.course", ["name": $0.name])) }
        list.append(OptionView(id: "guide", label: t(variant ? "option.resume" : "option.guide")))
        if step.decline != nil { list.append(OptionView(id: "none", label: t("option.none_of_these"))) }
        return list
    }

    static func variant(_ step: Step, _ turn: TurnBuilder) -> Bool { turn.s.resume != nil }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        if let course = turn.content.catalogue.course(id) {
            // "Va pour Master !", once.
            let ack = turn.t("recommend.other_course", ["name": course.name])
            if !turn.out.contains(ack) { turn.out.append(ack) }
            turn.s.chosenCourse = id
            turn.s.lead = .collecting
            // ("I'd like my team of 8 nurses to get the basics, so probably Starter": a team said
            // on the catalogue's way, where no question of the team is asked, is kept with the
            // message for the team's proposal, and said so.)
            if turn.teamSize == nil, turn.content.strings.has("courses.team_kept", turn.lang),
               let size = turn.u.quantities.teamSize(turn.lastInput, anyNumber: false), size.aboutPeople, size.quantity.low >= 2,
               !turn.u.quantities.saysSelfOnly(turn.lastInput),
               // (A team to train said: not "mes 5 collègues verront plus tard", "with my 3 kids".)
               turn.lastInput.tokenStrings.contains(where: ["team", "equipe", "staff", "salaries", "collaborateurs", "employees", "agents"].contains),
               !turn.lastInput.tokenStrings.contains(where: ["deja", "already", "later", "tard", "suivi", "took", "done"].contains) {
                turn.keepQuestion(turn.lastInput.raw)
                turn.say("courses.team_kept", ["team": turn.t("noted.team_size", ["team": turn.quantityText(size.quantity)])])
            }
            turn.advance(step, turn.resolve(step.next))
        } else if id == "none" {
            turn.s.resume = nil
            turn.s.lead = .none
            turn.advance(step, turn.resolve(step.decline ?? step.no))
        } else {
            let target = turn.s.resume ?? turn.resolve(step.no)
            turn.s.resume = nil
            turn.advance(step, target)
        }
    }

    static func repeatStep(_ step: Step, _ turn: inout TurnBuilder) {
        turn.sayCatalogue()
        turn.ask()
    }

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        missingWays(step, [(step.next, "next", "when a course is chosen"), (step.no, "no", "for 'help me choose'")])
    }

    static func exampleLabels(_ step: Step, _ content: Content) -> [(label: String, what: String)] {
        (content.catalogue.courses.map(\.id) + ["guide"] + (step.decline != nil ? ["none"] : [])).map {
            (step.id + "." + $0, "step '\(step.id)'")
        }
    }
}

extension TurnBuilder {
    mutating func sayCatalogue() {
        say("courses.intro")
        let recommended = recommendation()?.course
        for course in content.catalogue.courses {
            var p = engine.courseParams(course, lang, today: sessionsFrom(course))
            p["order"] = String(content.catalogue.rank(course.id) + 1)
            p["facts"] = t("course.facts", p)
            var card = t("courses.card", p)
            if course.id == recommended { card += " " + t("courses.recommended") }
            out.append(card)
        }
        if content.catalogue.exampleValues { say("catalogue.example_note") }
    }
}
