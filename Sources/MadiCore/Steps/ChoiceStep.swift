/// A choice: options picked by number, label or synonym; their weights score the courses.
public struct ChoiceStep: Sendable {
    public let options: [AnswerOption]
    /// This step states what the prospect aims at (used for the goal shown on the ladder).
    public let aspiration: Bool
    /// A step that steers the conversation (welcome) rather than asks about the prospect: its
    /// answer is not recorded with the lead nor shown in `madi paths`.
    public let navigation: Bool
    /// Answers to this step may be picked up from what the prospect says at other steps.
    public let prefill: Bool
    /// Words that say a clause is about this question ("commencer", "start" for when to start):
    /// in a clause holding one, this step's short synonyms answer it early ("on veut démarrer
    /// asap"), where alone they would be too short to be trusted.
    public let cues: LocalizedList
    /// `prefill: cued`: answered at other steps by one word only in a sentence holding one of its
    /// cues ("je l'utilise souvent", not "c'est souvent du vent"); phrases of several words count
    /// anywhere ("just browsing for now").
    public let prefillNeedsCue: Bool
    /// Words right before an option's phrase that make it someone else's ("my manager", "mon
    /// patron": not the prospect's job).
    public let notAfter: LocalizedList
    /// `personal: true`: about the prospect alone; what a clause says of someone else ("mes
    /// petits-enfants utilisent ChatGPT tout le temps": `relatives` or `people` after a
    /// possessive) answers it neither there nor early.
    public let personal: Bool

    public init(options: [AnswerOption], aspiration: Bool = false, navigation: Bool = false, prefill: Bool = false,
                cues: LocalizedList = [:], prefillNeedsCue: Bool = false, notAfter: LocalizedList = [:], personal: Bool = false) {
        self.options = options
        self.aspiration = aspiration
        self.navigation = navigation
        self.prefill = prefill
        self.cues = cues
        self.prefillNeedsCue = prefillNeedsCue
        self.notAfter = notAfter
        self.personal = personal
    }

    init(_ keys: StepKeys) {
        self.init(options: keys.options, aspiration: keys.aspiration, navigation: keys.navigation, prefill: keys.prefill,
                  cues: keys.cues, prefillNeedsCue: keys.prefillNeedsCue, notAfter: keys.notAfter, personal: keys.personal)
    }
}

extension Step {
    public var choice: ChoiceStep? {
        if case let .choice(c) = detail { return c }
        return nil
    }
}

extension ChoiceStep: StepBehaviour {
    /// An answer said earlier (a prefill) is taken as the prospect arrives, and said in one line.
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        if usePrefill, let pre = turn.s.prefills[step.id], let option = step.option(pre) {
            if turn.s.prefillsSaid?.contains(step.id + "=" + pre) == true {
                turn.s.prefillsSaid?.removeAll { $0.hasPrefix(step.id + "=") } // (said back already)
            } else {
                turn.prefilled.append(noteText(option, turn))
            }
            turn.appliedPrefills.append(step.id)
            // (The month said early goes with the option it picked, not another one read since.)
            let said = step.id == turn.startStep?.id ? turn.s.prefillMonth : nil
            if said != nil { turn.s.prefillMonth = nil }
            let month = said.flatMap { turn.monthOption($0.number, step)?.2.id == pre ? $0 : nil }
            turn.setAnswer(step.id, Answer(option: pre, number: month?.number, text: month?.name))
            turn.s.prefills[step.id] = nil
            turn.advance(step, turn.resolve(option.next ?? step.next))
            return
        }
        // A team's level said earlier as a mix: asked as such.
        if let mixed = turn.s.mixedPending, mixed.step == step.id, mixed.pair.allSatisfy({ step.option($0) != nil }) {
            turn.s.mixedPending = nil
            turn.s.clarifyMixed = mixed.said
            turn.flush()
            turn.askClarify(mixed.pair, step)
            return
        }
        turn.ask()
    }

    static func options(_ step: Step, _ turn: TurnBuilder) -> [OptionView] {
        turn.engine.choiceViews[step.id]?[turn.lang] ?? views(step, turn.content, turn.lang)
    }

    /// The options as shown in a language.
    static func views(_ step: Step, _ content: Content, _ lang: String) -> [OptionView] {
        step.options.map { OptionView(id: $0.id, label: $0.label[lang] ?? $0.label[content.defaultLanguage] ?? $0.id) }
    }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        guard let option = step.option(id) else { return }
        let detail = turn.choiceDetail, day = turn.choiceDay
        turn.choiceDetail = nil
        turn.choiceDay = nil
        turn.setAnswer(step.id, Answer(option: id, number: detail?.number, text: detail?.text, day: detail?.number == nil ? nil : day))
        turn.s.prefills[step.id] = nil
        turn.advance(step, turn.resolve(option.next ?? step.next))
    }

    /// A later question's answer as noted: in the prospect's terms (its `reason`, "tu es
    /// freelance"), else its label quoted.
    static func noteText(_ option: AnswerOption, _ turn: TurnBuilder) -> String {
        // ("im retired", "je cherche du boulot": the situation said, rather than the option's
        // general reason, when the strings have it: `reason.<option>.<situation>`.)
        for (situation, words) in situations where turn.lastInput.tokenStrings.contains(where: words.contains) {
            let key = "reason.\(option.id).\(situation)"
            if turn.content.strings.has(key, turn.lang) { return turn.t(key) }
        }
        if let reason = option.reason[turn.lang] ?? option.reason[turn.content.defaultLanguage] { return reason }
        return turn.t("format.quote", ["answer": option.label[turn.lang] ?? option.id])
    }

    static let situations: [(String, Set<String>)] = [
        ("retired", ["retraite", "retraitee", "retraites", "retraitees", "retired", "retiree", "pensioner", "pension"]),
        ("career_change", ["reconversion", "reconvertir", "reconvertis", "reconvertit", "career", "careers"]),
        ("job_seeker", ["chomage", "chomeur", "chomeuse", "unemployed", "jobless", "laid", "hunting", "between", "recherche", "cherche"]),
    ]

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        step.options.filter { $0.next == nil && step.next == nil }.map {
            ($0.line, "step '\(step.id)': option '\($0.id)' leads nowhere (no 'next' on the option or the step)")
        }
    }

    static func exampleLabels(_ step: Step, _ content: Content) -> [(label: String, what: String)] {
        step.options.map { (step.id + "." + $0.id, "step '\(step.id)' option '\($0.id)'") }
    }

    static func pathWays(_ step: Step) -> PathWays {
        .answers(step.options.map { (step.navigation ? nil : $0.id, $0.next ?? step.next) })
    }
}
