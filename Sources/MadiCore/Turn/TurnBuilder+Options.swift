/// What Madi shows: the options, the recommendation, the catalogue, the end message.
extension TurnBuilder {
    func options(for step: Step?) -> [OptionView] {
        guard let step, !s.done else { return [] }
        if let pair = s.clarify {
            let all = allOptions(step)
            let picked = pair.compactMap { id in all.first { $0.id == id } }
            if picked.count == pair.count { return picked }
        }
        return allOptions(step)
    }

    func allOptions(_ step: Step) -> [OptionView] {
        switch step.kind {
        case .choice:
            return engine.choiceViews[step.id]?[lang] ?? step.options.map {
                OptionView(id: $0.id, label: $0.label[lang] ?? $0.label[content.defaultLanguage] ?? $0.id)
            }
        case .yesNo, .consent, .recommend, .courses:
            return fixed(step).views
        case .email:
            guard let suggestion = s.emailSuggestion, let pending = s.emailPending else { return [] }
            return [OptionView(id: "yes", label: t("option.use_suggestion", ["suggestion": suggestion])),
                    OptionView(id: "no", label: t("option.keep_mine", ["email": pending.normalized]))]
        case .number, .text, .end:
            return []
        }
    }

    /// A yes/no, consent, recommendation or catalogue step's options as the session stands.
    func fixed(_ step: Step) -> Engine.FixedOptions {
        let variant: Bool
        switch step.kind {
        case .consent: variant = s.lead == .failed
        case .recommend: variant = isQuote(step)
        case .courses: variant = s.resume != nil
        default: variant = false
        }
        if let hit = engine.tables.fixedOptions[.init(step: step.id, language: lang, variant: variant)] { return hit }
        return .init(content, step, lang, variant: variant) // a language the content does not list
    }

    func view(_ rec: Recommendation) -> RecommendationView {
        RecommendationView(
            course: rec.course, facts: Facts(content: content, language: lang, today: s.today).facts(rec.course),
            reasons: reasonLabels(rec), goal: rec.goal, quote: quoteRequested)
    }

    func reasonLabels(_ rec: Recommendation) -> [String] {
        rec.reasons.compactMap { content.step($0.step)?.option($0.option)?.label[lang] }
    }

    mutating func sayRecommendation(_ rec: Recommendation, _ step: Step) {
        out.append(contentsOf: recommendationText(rec, team: isQuote(step) ? teamQuantity : nil))
    }

    func recommendationText(_ rec: Recommendation, team: Quantity?) -> [String] {
        let f = Facts(content: content, language: lang, today: s.today)
        guard let course = content.catalogue.course(rec.course) else { return [] }
        var base = f.courseParams(course)
        var lines: [String] = []
        if let team {
            base["team"] = quantityText(team)
            lines.append(t("recommend.team_title", base))
            lines.append(t("course.facts_team", base))
        } else {
            lines.append(t("recommend.title", base))
            lines.append(t("course.facts", base))
        }
        let reasons = reasonTexts(rec)
        if !reasons.isEmpty {
            let list = reasons.count == 1 ? reasons[0]
                : reasons.dropLast().joined(separator: t("format.list_separator")) + t("format.and") + reasons.last!
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

    mutating func sayCatalogue() {
        let f = Facts(content: content, language: lang, today: s.today)
        say("courses.intro")
        let recommended = recommendation()?.course
        for course in content.catalogue.courses {
            var p = f.courseParams(course)
            p["order"] = String(content.catalogue.rank(course.id) + 1)
            p["facts"] = t("course.facts", p)
            var card = t("courses.card", p)
            if course.id == recommended { card += " " + t("courses.recommended") }
            out.append(card)
        }
        if content.catalogue.exampleValues { say("catalogue.example_note") }
    }

    /// A team size in words: "de 5 personnes", "d'une dizaine de personnes", "de 20 à 25 personnes".
    func quantityText(_ q: Quantity) -> String {
        if q.isRange { return t("quantity.range", ["low": String(q.low), "high": String(q.high)]) }
        if q.approximate {
            if let w = q.word, content.strings.has("quantity.word." + w, lang) { return t("quantity.word." + w) }
            return t("quantity.about", ["n": String(q.value)])
        }
        return q.value == 1 ? t("quantity.one") : t("quantity.exact", ["n": String(q.value)])
    }

    /// A later question's answer as noted: in the prospect's terms (its `reason`, "tu es
    /// freelance"), else its label quoted.
    func noteText(_ step: Step, _ option: AnswerOption) -> String {
        if let reason = option.reason[lang] ?? option.reason[content.defaultLanguage] { return reason }
        return t("format.quote", ["answer": option.label[lang] ?? option.id])
    }

    /// The end message: for a team's quote request, its own wording when the content has one.
    func endKey(_ step: Step) -> String {
        if s.lead == .saved, quoteRequested, content.strings.has(step.prompt + ".quote", lang) { return step.prompt + ".quote" }
        return step.prompt
    }

    mutating func endParams() -> [String: String] {
        var p: [String: String] = ["email": s.email?.normalized ?? ""]
        if let id = leadCourse(), let c = content.catalogue.course(id) { p["course"] = c.name }
        if let q = teamQuantity { p["team"] = quantityText(q) }
        return p
    }
}
