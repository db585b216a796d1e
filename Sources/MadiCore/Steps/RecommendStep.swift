/// The recommendation: the course the answers lead to, why, and the ladder; `next:` when the
/// prospect is interested, `no:` when not; "see the courses" opens the catalogue.
public struct RecommendStep: Sendable {
    /// When this holds, the lead is a quote request for a team.
    public let quoteWhen: Condition?

    public init(quoteWhen: Condition? = nil) { self.quoteWhen = quoteWhen }

    init(_ keys: StepKeys) { self.init(quoteWhen: keys.quoteWhen) }
}

extension Step {
    public var recommend: RecommendStep? {
        if case let .recommend(r) = detail { return r }
        return nil
    }
}

extension RecommendStep: StepBehaviour {
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        turn.s.lead = .none
        turn.flush()
        repeatStep(step, &turn)
    }

    static func ask(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say(turn.isQuote(step) ? "recommend.ask_quote" : "recommend.ask")
    }

    static func hasShortForm(_ step: Step, _ turn: TurnBuilder) -> Bool { false }

    static var hasFixedOptions: Bool { true }

    /// The variant: a team's quote request.
    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] {
        func t(_ key: String) -> String { content.strings.text(key, lang) }
        return [
            OptionView(id: "interested", label: t(variant ? "option.quote" : "option.interested")),
            OptionView(id: "courses", label: t("option.see_courses")),
            OptionView(id: "no", label: t("option.no_thanks")),
        ]
    }

    static func variant(_ step: Step, _ turn: TurnBuilder) -> Bool { turn.isQuote(step) }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        if id != "interested" { turn.s.courseInView = nil }
        switch id {
        case "interested":
            turn.s.chosenCourse = nil
            // (After "tell me about performer" and its card, "yes" is for Performer; a course named
            // with the yes, "je reste sur performer", is the one said.)
            if let other = turn.s.courseInView, turn.u.mentionedCourses(turn.lastInput).isEmpty { turn.choose(course: other) }
            turn.s.courseInView = nil
            turn.s.lead = .collecting
            turn.advance(step, turn.resolve(step.next))
        case "courses":
            if let courses = turn.content.firstStep(ofKind: .courses) { turn.s.resume = nil; turn.advance(step, courses.id) }
        default:
            turn.advance(step, turn.resolve(step.no))
        }
    }

    static func repeatStep(_ step: Step, _ turn: inout TurnBuilder) {
        if let rec = turn.recommendation() { turn.sayRecommendation(rec, step) }
        turn.ask()
    }

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        missingWays(step, [(step.next, "next", "when interested"), (step.no, "no", "for 'no thanks'")])
    }

    static func exampleLabels(_ step: Step, _ content: Content) -> [(label: String, what: String)] {
        ["interested", "courses", "no"].map { (step.id + "." + $0, "step '\(step.id)'") }
    }

    static func pathWays(_ step: Step) -> PathWays { .recommendation }
}

extension TurnBuilder {
    func isQuote(_ step: Step) -> Bool {
        guard let cond = step.recommend?.quoteWhen else { return false }
        return holds(cond)
    }

    var quoteRequested: Bool {
        engine.quoteSteps.contains { isQuote($0) }
    }

    mutating func sayRecommendation(_ rec: Recommendation, _ step: Step) {
        s.courseInView = nil
        out.append(contentsOf: recommendationText(rec, team: isQuote(step) ? teamQuantity : nil))
    }

    /// Why the course fits, as one phrase ("tu débutes avec l'IA et tu es étudiant·e"); nil without reasons.
    func reasonList(_ rec: Recommendation) -> String? {
        let reasons = reasonTexts(rec)
        guard let last = reasons.last else { return nil }
        guard reasons.count > 1 else { return last }
        // ("tu veux automatiser ton travail et gagner du temps, et tu utilises l'IA…": a comma
        // before the last "et" when a reason holds one of its own.)
        let and = t("format.and")
        var comma = ""
        if reasons.dropLast().contains(where: { $0.contains(and) }) {
            comma = t("format.list_separator")
            while comma.last?.isWhitespace == true { comma.removeLast() }
        }
        return reasons.dropLast().joined(separator: t("format.list_separator")) + comma + and + last
    }

    func recommendationText(_ rec: Recommendation, team: Quantity?) -> [String] {
        let f = Facts(content: content, language: lang, today: s.today)
        guard let course = content.catalogue.course(rec.course) else { return [] }
        // The next session from the month the prospect would start, when they said one.
        var base = engine.courseParams(course, lang, today: sessionsFrom(course))
        var lines: [String] = []
        if let team {
            base["team"] = quantityText(team)
            lines.append(t("recommend.team_title", base))
            lines.append(t("course.facts_team", base))
        } else {
            lines.append(t("recommend.title", base))
            lines.append(t("course.facts", base))
        }
        // ("pas avant avril" when the course has no session from April: said, not left to the date shown.)
        if let month = noSessionFrom(course), content.strings.has("recommend.none_from", lang) {
            lines.append(t("recommend.none_from", ["name": course.name, "month": month]))
        }
        if let list = reasonList(rec) {
            lines.append(t("recommend.why", ["reasons": list, "name": course.name]))
        }
        lines.append(t("recommend.ladder", ["ladder": f.ladder(here: rec.course, goal: rec.goal, team: team != nil)]))
        if content.catalogue.exampleValues { lines.append(t("catalogue.example_note")) }
        return lines
    }

    /// Why this course, in the prospect's own terms: each answer's `reason`, else its label quoted.
    /// An answer that only nudged the score ("tu es salarié·e", worth one point) is said only when
    /// nothing weighed more: a reason is what decided.
    func reasonTexts(_ rec: Recommendation) -> [String] {
        let options = rec.reasons.compactMap { r in content.step(r.step)?.option(r.option) }
        let strong = options.filter { ($0.weights[rec.course] ?? 0) >= 2 }
        return (strong.isEmpty ? options : strong).compactMap { o in
            if let reason = o.reason[lang] ?? o.reason[content.defaultLanguage] { return reason }
            return o.label[lang].map { t("format.quote", ["answer": $0]) }
        }
    }

    /// The recommendation as the reply shows it.
    func view(_ rec: Recommendation) -> RecommendationView {
        RecommendationView(
            course: rec.course, facts: engine.courseFacts(rec.course, lang, today: content.catalogue.course(rec.course).map { sessionsFrom($0) } ?? s.today),
            reasons: reasonLabels(rec), goal: rec.goal, quote: quoteRequested)
    }

    func reasonLabels(_ rec: Recommendation) -> [String] {
        rec.reasons.compactMap { content.step($0.step)?.option($0.option)?.label[lang] }
    }
}
