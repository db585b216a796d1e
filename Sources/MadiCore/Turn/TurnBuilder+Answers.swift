import MadiText

/// Answers as they are recorded: an option taken at the current step, answers to later questions
/// noted from the same message, where the answers lead, and the lead they make.
extension TurnBuilder {
    /// Takes an option id (from the list, a number, a synonym or an explicit choice); what it does
    /// is the step kind's (`StepBehaviour.answer`).
    mutating func answer(choice id: String, said: String?) {
        guard let step = current else { return }
        step.kind.behaviour.answer(id, step, &self)
    }

    /// Records answers to later questions that the input names exactly.
    /// `whole`: the message before a matched phrase was masked in `input`, for the team size
    /// (masking "mon équipe" in "mon équipe de 12" would hide what says the 12 are people).
    /// `learnt`: clauses read by the classifier count too (only with an answer to this question:
    /// without one, a vague message — "bof, un peu de tout" — must not answer a later question).
    /// Where "plus vite" ends when it says faster, not as soon as possible ("au plus vite", "le plus vite").
    /// (Nor "vite fait", quickly done: "2-3 scripts avec l'api mais vite fait".)
    static func fasterAt(_ w: [String]) -> Int? {
        w.indices.dropFirst().first { i in
            (w[i - 1] == "plus" && w[i] == "vite" && (i < 2 || !["le", "au"].contains(w[i - 2]))) || (w[i - 1] == "vite" && w[i] == "fait")
        }
    }

    mutating func notePrefills(_ input: PreparedInput, except stepId: String, whole: PreparedInput? = nil, learnt: Bool = true,
                               only: Set<String>? = nil) {
        // ("c'est pour faire mes devis plus vite": faster work, no start as soon as possible; "au
        // plus vite", "le plus vite possible" still are.)
        var input = input
        if Self.fasterAt(input.tokenStrings) != nil {
            var words: [Substring] = input.raw.split(separator: " ")
            if let i = Self.fasterAt(words.map { TextFold.fold(String($0)) }) {
                words.removeSubrange((i - 1)...i)
                input = u.prepare(words.joined(separator: " "))
            }
        }
        // A prefill needs a phrase of at least 5 letters said exactly, or a count and who it counts
        // ("12 devs"): shorter inputs have none.
        let short = input.tokens.reduce(0, { $0 + $1.count }) < Understanding.prefillMinChars
        if short, input.tokens.count < 2 { return }
        var candidates = u.prefillSteps.filter { $0 != stepId && s.answers[$0] == nil && only?.contains($0) != false }
        // ("c'est pas pour moi c'est pour le stagiaire il doit apprendre les bases", "not for me, for
        // my boss": what follows is said of the one the course is for, not of the prospect.)
        if case let w = (whole ?? input).tokenStrings, [["pas", "pour", "moi"], ["pas", "pr", "moi"], ["not", "for", "me"]].contains(where: { Understanding.holds(w, $0) }) {
            candidates.removeAll(where: u.personalSteps.contains)
        }
        // "mes petits-enfants utilisent ChatGPT tout le temps et moi je n'y comprends rien": what is
        // said of someone else answers no question about the prospect alone (`personal`): those
        // are read without it.
        if only == nil, case let personal = Set(candidates.filter(u.personalSteps.contains)), !personal.isEmpty,
           let own = u.withoutOthers(whole ?? input) {
            candidates.removeAll { personal.contains($0) }
            notePrefills(own, except: stepId, learnt: learnt, only: personal)
        }
        // The team size said, read once for both uses below. (The reader and the words are bound
        // first: a function that used `self` here would copy the turn each time it is called.)
        var sizeRead: QuantityReader.Found??
        let quantities = u.quantities, said = whole ?? input
        func sizeSaid() -> QuantityReader.Found? {
            if sizeRead == nil { sizeRead = .some(quantities.teamSize(said, anyNumber: false)) }
            return sizeRead!
        }
        // "12 devs", "genre 6-7 devs": the word that says who is counted names an option of the
        // question about the team that follows its size, however short, as it would there.
        if only == nil, let sizeStep = engine.fieldSteps["team_size"], let level = content.step(sizeStep).flatMap({ resolve($0.next) }),
           candidates.contains(level), s.prefills[level] == nil, let found = sizeSaid(),
           let (step, option) = u.countedOption(said, after: found.span, stepIds: [level]), !u.saysMixed(said) {
            s.prefills[step] = option
            note(step, option, .synonym)
            candidates.removeAll { $0 == step }
        }
        guard !short else { return }
        // ("there are 7 of us. half are beginners, the rest use chatgpt daily": a team's level said
        // as a mix is asked, not noted as one of them.)
        if u.saysMixed(whole ?? input), let sizeStep = engine.fieldSteps["team_size"],
           let level = content.step(sizeStep).flatMap({ resolve($0.next) }), candidates.contains(level) {
            candidates.removeAll { $0 == level }
            if let step = content.step(level), let pair = mixedOptions(whole ?? input, step) {
                s.mixedPending = Session.MixedSaid(step: level, pair: pair, said: (whole ?? input).raw)
            }
        }
        // The words that answered the current question (masked in `input`).
        let answered = whole.map { w in zip(w.tokenStrings, input.tokenStrings).filter { $0.1 == "\u{0}" }.map(\.0) } ?? []
        for (step, option) in u.prefills(input, stepIds: candidates) {
            s.prefills[step] = option
            note(step, option, .synonym)
        }
        // Clauses that plainly answer a later question ("automate my work, asap if possible").
        let open = candidates.filter { s.prefills[$0] == nil }
        if !learnt {
            // The clauses that name a later option, nothing else.
            for clause in u.clauses(input.raw) {
                if let (step, option) = u.wholeClauseOption(u.prepare(clause), stepIds: open), s.prefills[step] == nil {
                    s.prefills[step] = option
                    note(step, option, .synonym)
                }
            }
        } else if !open.isEmpty {
            for (step, option) in u.clausePrefills(input.raw, stepIds: open, content: content, memo: memo, skipping: answered, current: stepId) where s.prefills[step] == nil {
                s.prefills[step] = option
                note(step, option, .learnt)
            }
        }
        // Sentences that name a later question's option with one of its cues ("on veut démarrer asap").
        for (step, option) in u.cuedOptions(input.raw, stepIds: candidates.filter { s.prefills[$0] == nil }, skipping: answered) {
            s.prefills[step] = option
            note(step, option, .synonym)
        }
        // A start month said with a cue ("Starting in Feb would be ideal"): its option, and the
        // month kept to be said with it.
        // (Read as that option already, by its words: the month goes with it.)
        if let start = startStep, candidates.contains(start.id),
           u.hasCue(start.id, whole ?? input), let (month, number, option) = monthOption(whole ?? input, start),
           s.prefills[start.id] == nil || s.prefills[start.id] == option.id {
            if s.prefills[start.id] == nil { note(start.id, option.id, .synonym) }
            s.prefills[start.id] = option.id
            s.prefillMonth = Session.MonthSaid(number: number, name: month)
        }
        // A team size said with its people ("mon équipe de 5 personnes", "my 8 people").
        if only == nil, let sizeStep = engine.fieldSteps["team_size"], sizeStep != stepId, s.answers[sizeStep] == nil,
           let found = sizeSaid() {
            s.prefillQuantity = found.quantity
            note(sizeStep, String(found.quantity.value), .quantity)
        }
    }

    func resolve(_ next: Next?) -> String? {
        guard let next else { return nil }
        for rule in next.rules where holds(rule.when) { return rule.goto }
        return nil
    }

    func holds(_ condition: Condition) -> Bool {
        condition.allSatisfy { step, options in
            guard let chosen = s.answers[step]?.option else { return false }
            return options.contains(chosen)
        }
    }

    // MARK: - The lead

    var teamSize: Int? {
        engine.fieldSteps["team_size"].flatMap { s.answers[$0]?.number }
    }

    var teamQuantity: Quantity? {
        engine.fieldSteps["team_size"].flatMap { id in
            s.answers[id].flatMap { a in a.quantity ?? a.number.map { Quantity(low: $0) } }
        }
    }

    func fieldText(_ field: String) -> String? {
        engine.fieldSteps[field].flatMap { s.answers[$0]?.text }
    }

    mutating func leadCourse() -> String? { s.chosenCourse ?? recommendation()?.course ?? s.courseContext }

    func leadAnswers() -> [LeadAnswer] {
        engine.visited(s).compactMap { id -> LeadAnswer? in
            guard let step = content.step(id), step.isQuestion, !step.navigation,
                  let a = s.answers[id] else { return nil }
            if let o = a.option, let option = step.option(o) {
                // "Dans les trois prochains mois (janvier)": a month said is kept with the answer.
                let label = option.label[lang] ?? o
                return LeadAnswer(step: id, value: o, label: a.text.map { label + " (" + $0 + ")" } ?? label)
            }
            // ("entre 25 et 30 profs": the range said is kept beside the top it is sized on.)
            if let n = a.number, let q = a.quantity, q.isRange {
                return LeadAnswer(step: id, value: String(n), label: "\(q.low)–\(q.high)")
            }
            if let n = a.number { return LeadAnswer(step: id, value: String(n), label: String(n)) }
            if let text = a.text { return LeadAnswer(step: id, value: text, label: text) }
            return nil
        }
    }

    /// The lead of this conversation drafted again, with the consent question's version: an update
    /// after signing up (a note, a correction, a new address, a withdrawal).
    mutating func resavedDraft() -> LeadDraft? {
        guard let consent = content.firstStep(ofKind: .consent) else { return nil }
        return leadDraft(consentVersion: consent.consent?.version ?? "")
    }

    mutating func leadDraft(consentVersion: String) -> LeadDraft? {
        guard let email = s.email, let course = leadCourse() else { return nil }
        let answers = leadAnswers()
        let quote = quoteRequested
        var draft = LeadDraft(
            email: email.normalized, emailASCII: email.ascii, firstName: s.firstName ?? fieldText("first_name"),
            course: course, recommendedCourse: recommendation()?.course,
            answers: answers, language: lang, source: s.source,
            company: quote ? fieldText("company") : nil, teamSize: quote ? teamSize : nil,
            kind: quote ? "quote" : "preregistration", consentVersion: consentVersion, questions: s.questions)
        draft.replaces = s.leadId
        return draft
    }
}
