import Foundation
import MadiEmail
import Synchronization

/// The coaching conversation as a pure function: `step(session, input) -> (session, reply,
/// effects)`. No I/O, no clock, no randomness: the day comes in the session, effects go out.
public struct Engine: Sendable {
    public let content: Content
    /// The matcher index and the classifier, built once, when first needed: greeting a prospect
    /// does not need them, understanding an answer does. A front may build them ahead with
    /// `prepare()` (the chat does, on another thread, while the prospect reads the welcome).
    private let index: Once<Understanding>
    public var understanding: Understanding { index.value }

    /// Builds what understanding a message needs, if not built yet.
    public func prepare() { _ = index.value }
    let recommendSteps: [String]
    /// The recommend steps with a quote condition (a team's request).
    let quoteSteps: [Step]
    /// The step that fills each lead field ("team_size", "company", "first_name").
    let fieldSteps: [String: String]
    /// Each choice step's options as shown, per language.
    let choiceViews: [String: [String: [OptionView]]]

    public init(content: Content) {
        self.content = content
        index = Once { Understanding(content) }
        recommendSteps = content.recommendSteps
        quoteSteps = content.steps.filter { $0.kind == .recommend && $0.quoteWhen != nil }
        var fields: [String: String] = [:]
        for step in content.steps { if let f = step.field, fields[f] == nil { fields[f] = step.id } }
        fieldSteps = fields
        var views: [String: [String: [OptionView]]] = [:]
        for step in content.steps where step.kind == .choice {
            for lang in content.languages {
                views[step.id, default: [:]][lang] = step.options.map {
                    OptionView(id: $0.id, label: $0.label[lang] ?? $0.label[content.defaultLanguage] ?? $0.id)
                }
            }
        }
        choiceViews = views
        tables = Tables(content)
    }

    /// Sentences and options written once, as the engine is made.
    struct Tables: Sendable {
        /// Each step's question as asked, per language (its only parameters are the step's bounds).
        let prompts: [String: [String: String]]
        let fixedOptions: [OptionKey: FixedOptions]

        init(_ content: Content) {
            var fixed: [OptionKey: FixedOptions] = [:]
            for step in content.steps where Engine.hasFixedOptions(step.kind) {
                for lang in content.languages {
                    for variant in [false, true] {
                        fixed[OptionKey(step: step.id, language: lang, variant: variant)] =
                            FixedOptions(content, step, lang, variant: variant)
                    }
                }
            }
            fixedOptions = fixed
            var prompts: [String: [String: String]] = [:]
            for step in content.steps {
                for lang in content.languages { prompts[step.id, default: [:]][lang] = Engine.promptText(content, step, lang) }
            }
            self.prompts = prompts
        }
    }
    let tables: Tables
    var fixedOptionTable: [OptionKey: FixedOptions] { tables.fixedOptions }

    static func promptText(_ content: Content, _ step: Step, _ lang: String) -> String {
        content.strings.text(step.prompt, lang, ["min": step.min.map(String.init) ?? "", "max": step.max.map(String.init) ?? ""])
    }

    /// The options of a yes/no, consent, recommendation or catalogue step depend only on the step,
    /// the language and one variant (a retry, a quote, a return to the questions): built once.
    struct OptionKey: Hashable {
        let step: String
        let language: String
        let variant: Bool
    }
    struct FixedOptions: Sendable {
        let views: [OptionView]
        /// The step as a choice among these options, and their phrases, for the matcher.
        let asChoice: Step
        let phrases: [Understanding.OptionPhrases]

        init(_ content: Content, _ step: Step, _ lang: String, variant: Bool) {
            views = Engine.fixedOptions(content, step, lang, variant: variant)
            asChoice = Engine.choiceStep(step, views, lang)
            phrases = Understanding.phrases(of: asChoice)
        }
    }

    static func hasFixedOptions(_ kind: StepKind) -> Bool {
        switch kind {
        case .yesNo, .consent, .recommend, .courses: return true
        default: return false
        }
    }

    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] {
        func t(_ key: String, _ params: [String: String] = [:]) -> String { content.strings.text(key, lang, params) }
        switch step.kind {
        case .yesNo:
            return [OptionView(id: "yes", label: t("option.yes")), OptionView(id: "no", label: t("option.no"))]
        case .consent:
            if variant { // the save failed: retry or cancel
                return [OptionView(id: "yes", label: t("option.retry")), OptionView(id: "no", label: t("option.cancel"))]
            }
            return [OptionView(id: "yes", label: t("option.consent_yes")), OptionView(id: "no", label: t("option.consent_no"))]
        case .recommend:
            return [
                OptionView(id: "interested", label: t(variant ? "option.quote" : "option.interested")),
                OptionView(id: "courses", label: t("option.see_courses")),
                OptionView(id: "no", label: t("option.no_thanks")),
            ]
        case .courses:
            var list = content.catalogue.courses.map { OptionView(id: $0.id, label: t("option.course", ["name": $0.name])) }
            list.append(OptionView(id: "guide", label: t(variant ? "option.resume" : "option.guide")))
            if step.decline != nil { list.append(OptionView(id: "none", label: t("option.none_of_these"))) }
            return list
        default:
            return []
        }
    }

    /// A non-choice step's options as a choice step, so that numbers and labels work alike.
    static func choiceStep(_ step: Step, _ options: [OptionView], _ lang: String) -> Step {
        Step(id: step.id, kind: step.kind, prompt: step.prompt, options: options.map {
                 AnswerOption(id: $0.id, label: [lang: $0.label], synonyms: [:], weights: [:], cap: nil, next: nil, line: nil)
             },
             next: step.next, yes: step.yes, no: step.no, min: step.min, max: step.max, field: step.field,
             aspiration: step.aspiration, navigation: step.navigation, prefill: step.prefill,
             quoteWhen: step.quoteWhen, consentVersion: step.consentVersion, decline: step.decline, line: step.line)
    }

    /// A new session: Madi introduces itself and offers the questions.
    public func start(language: String? = nil, source: String = "chat", today: Day,
                      course: String? = nil, firstName: String? = nil, assistant: Bool = false) -> Turn {
        let lang = language.flatMap { content.languages.contains($0) ? $0 : nil } ?? content.defaultLanguage
        var s = Session(language: lang, step: content.start, source: source, today: today)
        s.assistant = assistant
        s.courseContext = course.flatMap { content.catalogue.course($0) != nil ? $0 : nil }
        s.firstName = firstName.map(Sanitize.line).flatMap { $0.isEmpty ? nil : String($0.prefix(80)) }
        var t = TurnBuilder(engine: self, session: s)
        t.enter(content.start)
        return t.finish()
    }

    public func step(_ session: consuming Session, _ input: Input) -> Turn {
        var t = TurnBuilder(engine: self, session: session)
        t.handle(input)
        return t.finish()
    }

    /// The session's state as a reply, without Madi saying anything.
    public func view(_ session: Session) -> Reply {
        let t = TurnBuilder(engine: self, session: session)
        return t.finish().reply
    }

    /// The recommendation for the session's answers, once the questions led to one.
    public func recommendation(for session: Session) -> Recommendation? {
        guard recommendSteps.contains(where: { id in id == session.step || session.history.contains(id) }) else { return nil }
        if let kept = session.recommendation { return kept }
        let key = choiceKey(session)
        return Recommender.recommend(content, answers: stride(from: 0, to: key.count, by: 2).map { (key[$0], key[$0 + 1]) })
    }

    /// The choice answers in the order they were given, flat: step, option, step, option...
    func choiceKey(_ s: Session) -> [String] {
        var key: [String] = []
        for id in visited(s) {
            if let o = s.answers[id]?.option, content.step(id)?.kind == .choice { key.append(id); key.append(o) }
        }
        return key
    }

    /// The steps the session went through, each once, in order, the current one last.
    /// (A history is a handful of steps: a linear check beats hashing each id into a set.)
    func visited(_ s: Session) -> [String] {
        var ids: [String] = []
        ids.reserveCapacity(s.history.count + 1)
        for id in s.history where !ids.contains(id) { ids.append(id) }
        if !ids.contains(s.step) { ids.append(s.step) }
        return ids
    }
}

/// One turn under construction.
struct TurnBuilder {
    let engine: Engine
    var s: Session
    var out: [String] = []
    var effects: [Effect] = []
    var asked = false
    var quitting = false
    /// What this turn understood (answers noted, side question, intent).
    var trace = Trace()
    /// The message being read.
    var lastInput = PreparedInput("")
    /// Answers to later questions taken from this message, said in one line before the next question.
    var prefilled: [String] = []
    /// Lines said before the next question (a side question's answer).
    var preface: [String] = []
    /// The classifier's scores of this turn's messages.
    let memo = ScoreMemo()
    /// An e-mail address found in the message.
    var messageAddress: String?

    init(engine: Engine, session: consuming Session) {
        self.engine = engine
        s = session
    }

    var content: Content { engine.content }

    /// The recommendation for the session as it is now, computed once and kept in the session.
    mutating func recommendation() -> Recommendation? {
        if let kept = s.recommendation { return kept }
        let r = engine.recommendation(for: s)
        s.recommendation = r
        return r
    }

    /// Every change of an answer goes through here: the recommendation made from the old
    /// answers is forgotten.
    mutating func setAnswer(_ step: String, _ answer: Answer?) {
        s.answers[step] = answer
        s.recommendation = nil
    }
    var u: Understanding { engine.understanding }
    var lang: String { s.language }
    var current: Step? { content.step(s.step) }

    func t(_ key: String, _ params: [String: String] = [:]) -> String {
        content.strings.text(key, lang, params)
    }

    mutating func say(_ key: String, _ params: [String: String] = [:]) { out.append(t(key, params)) }

    consuming func finish() -> Turn {
        flush()
        var r = Reply()
        r.trace = trace
        r.messages = out
        r.step = s.step
        r.options = options(for: current)
        r.asked = asked
        r.lead = s.lead
        r.done = s.done
        r.quit = quitting
        if let rec = recommendation() { r.recommendation = view(rec) }
        return Turn(session: s, reply: r, effects: effects)
    }

    // MARK: - Input

    mutating func handle(_ input: Input) {
        switch input {
        case let .leadSaved(id):
            guard s.lead == .saving else { return }
            s.lead = .saved
            _ = id
            if let step = current, let target = resolve(step.yes) { go(to: target, from: step.id) }
        case .leadFailed:
            guard s.lead == .saving else { return }
            s.lead = .failed
            say("save.failed")
            asked = true
        case let .command(c):
            command(c)
        case let .choose(id):
            guard options(for: current).contains(where: { $0.id == id }) else {
                say("reprompt.unknown_option", ["option": Sanitize.line(id)])
                ask()
                return
            }
            if let step = current { note(step.id, id, .label) }
            s.clarify = nil
            answer(choice: id, said: nil)
        case let .text(raw):
            text(raw)
        case let .understood(option):
            guard case let .understand(said)? = s.pending else { return }
            s.pending = nil
            // The proposal counts only if it is one of this step's options.
            if let option, let step = current, step.kind == .choice, step.option(option) != nil {
                note(step.id, option, .llm)
                answer(choice: option, said: said)
            } else {
                miss(PreparedInput(said))
            }
        case let .answered(text):
            guard case let .answer(question)? = s.pending else { return }
            s.pending = nil
            if let text, !text.isEmpty {
                trace.side = "llm"
                out.append(text)
            } else {
                trace.side = "unknown"
                keepQuestion(question)
                say("llm.no_answer")
            }
            if !s.done, current?.kind != .end {
                ask(again: true)
            }
        }
    }

    /// Takes an option id (from the list, a number, a synonym or an explicit choice).
    mutating func answer(choice id: String, said: String?) {
        guard let step = current else { return }
        switch step.kind {
        case .choice:
            guard let option = step.option(id) else { return }
            setAnswer(step.id, Answer(option: id))
            s.prefills[step.id] = nil
            advance(step, resolve(option.next ?? step.next))
        case .yesNo:
            setAnswer(step.id, Answer(option: id))
            advance(step, resolve(id == "yes" ? step.yes : step.no))
        case .consent:
            if id == "yes" {
                guard let draft = leadDraft(consentVersion: step.consentVersion ?? "") else {
                    say("save.incomplete"); return
                }
                s.lead = .saving
                effects.append(.saveLead(draft))
            } else {
                s.lead = .declined
                advance(step, resolve(step.no))
            }
        case .recommend:
            switch id {
            case "interested":
                s.chosenCourse = nil
                s.lead = .collecting
                advance(step, resolve(step.next))
            case "courses":
                if let courses = content.firstStep(ofKind: .courses) { s.resume = nil; advance(step, courses.id) }
            default:
                advance(step, resolve(step.no))
            }
        case .courses:
            if content.catalogue.course(id) != nil {
                s.chosenCourse = id
                s.lead = .collecting
                advance(step, resolve(step.next))
            } else if id == "none" {
                s.resume = nil
                s.lead = .none
                advance(step, resolve(step.decline ?? step.no))
            } else {
                let target = s.resume ?? resolve(step.no)
                s.resume = nil
                advance(step, target)
            }
        case .email:
            guard let pending = s.emailPending else { return }
            if id == "yes", let suggestion = s.emailSuggestion, case let .valid(addr) = EmailValidator.validate(suggestion) {
                s.email = addr
            } else {
                s.email = pending
            }
            s.emailPending = nil
            s.emailSuggestion = nil
            advance(step, resolve(step.next))
        case .number, .text, .end:
            break
        }
    }

    mutating func email(_ raw: String, _ step: Step) {
        s.emailSuggestion = nil
        s.emailPending = nil
        switch EmailValidator.validate(raw) {
        case let .valid(addr):
            if let suggestion = EmailSuggester.suggest(addr.normalized) {
                s.emailPending = addr
                s.emailSuggestion = suggestion
                say("email.suggest", ["suggestion": suggestion])
                asked = true
            } else {
                s.email = addr
                advance(step, resolve(step.next))
            }
        case let .invalid(problem):
            say("email.invalid." + problem.key, problem.params)
            say("email.reprompt")
        }
    }

    // MARK: - Moving between steps

    /// Leaves `step` for `target`, remembering it for `back`.
    mutating func advance(_ step: Step, _ target: String?) {
        guard let target else { return }
        go(to: target, from: step.id)
    }

    mutating func go(to target: String, from: String) {
        if s.history.last != from { s.history.append(from) }
        s.misses = 0
        enter(target)
    }

    /// Arrives at a step and says what it says there.
    mutating func enter(_ id: String, usePrefill: Bool = true) {
        guard let step = content.step(id) else { return }
        s.step = id
        s.misses = 0
        switch step.kind {
        case .choice:
            if usePrefill, let pre = s.prefills[id], let option = step.option(pre) {
                prefilled.append(noteText(step, option))
                setAnswer(id, Answer(option: pre))
                s.prefills[id] = nil
                advance(step, resolve(option.next ?? step.next))
                return
            }
            ask()
        case .recommend:
            s.lead = .none
            flush()
            if let rec = recommendation() { sayRecommendation(rec, step) }
            ask()
        case .courses:
            flush()
            sayCatalogue()
            ask()
        case .end:
            flush()
            out.append(t(endKey(step), endParams()))
            s.done = true
        case .consent:
            if s.lead == .failed { s.lead = .collecting }
            ask()
        case .number where usePrefill && s.prefillQuantity != nil && s.answers[id] == nil:
            let q = s.prefillQuantity!
            s.prefillQuantity = nil
            if let lo = step.min, let hi = step.max, !(lo...hi).contains(q.value) { ask(); return }
            prefilled.append(t("noted.team_size", ["team": quantityText(q)]))
            setAnswer(id, Answer(number: q.value, text: nil, quantity: q))
            advance(step, resolve(step.next))
        case .email where usePrefill && s.prefillEmail != nil:
            let address = s.prefillEmail!
            s.prefillEmail = nil
            s.emailPending = nil; s.emailSuggestion = nil
            email(address, step) // checked as if typed now: an invalid one is said, and asked again
        case .number, .text, .yesNo, .email:
            if step.kind == .email { s.emailPending = nil; s.emailSuggestion = nil }
            ask()
        }
    }

    /// Says what was noted from this message and the side question's answer, before what comes next.
    mutating func flush() {
        if !prefilled.isEmpty {
            let list = prefilled.count == 1 ? prefilled[0]
                : prefilled.dropLast().joined(separator: t("format.list_separator")) + t("format.and") + prefilled.last!
            out.append(t("ack.prefilled", ["answer": list]))
            prefilled = []
        }
        if !preface.isEmpty { out += preface; preface = [] }
    }

    /// (Re)asks the current question; `again`: in its short form, when the prospect saw it already.
    mutating func ask(again: Bool = false) {
        flush()
        guard let step = current, step.kind != .end else { return }
        if s.done { say("end.hint"); return }
        if again, step.kind != .recommend, step.kind != .courses, !(step.kind == .email && s.emailSuggestion != nil),
           content.strings.has(step.prompt + ".again", lang) || content.strings.has(step.prompt + ".again", content.defaultLanguage) {
            say(step.prompt + ".again")
            asked = true
            return
        }
        switch step.kind {
        case .recommend:
            let quote = isQuote(step)
            say(quote ? "recommend.ask_quote" : "recommend.ask")
        case .courses:
            say("courses.prompt")
        case .consent where s.lead == .failed:
            break // save.failed already asks
        case .email where s.emailSuggestion != nil:
            say("email.suggest", ["suggestion": s.emailSuggestion ?? ""])
        default:
            out.append(engine.tables.prompts[step.id]?[lang] ?? Engine.promptText(content, step, lang))
        }
        asked = true
    }

    mutating func miss(_ input: PreparedInput) {
        trace.missed = true
        s.misses += 1
        if s.misses >= 2 {
            say("reprompt.list")
            ask()
        } else if let step = current {
            switch step.kind {
            case .number: say("reprompt.number", ["min": step.min.map(String.init) ?? "1", "max": step.max.map(String.init) ?? "…"])
            case .consent: say("consent.reprompt"); asked = true
            case .yesNo: say("reprompt.yes_no"); asked = true
            case .text: say("reprompt.text")
            default:
                say("reprompt.short")
                ask(again: true)
            }
        }
    }

    /// Records answers to later questions that the input names exactly.
    mutating func notePrefills(_ input: PreparedInput, except stepId: String) {
        // A prefill needs a phrase of at least 5 letters said exactly: shorter inputs have none.
        guard input.tokens.reduce(0, { $0 + $1.count }) >= Understanding.prefillMinChars else { return }
        let candidates = u.prefillSteps.filter { $0 != stepId && s.answers[$0] == nil }
        for (step, option) in u.prefills(input, stepIds: candidates) {
            s.prefills[step] = option
            note(step, option, .synonym)
        }
        // Clauses that plainly answer a later question ("automate my work, asap if possible").
        let open = candidates.filter { s.prefills[$0] == nil }
        if !open.isEmpty {
            for (step, option) in u.clausePrefills(input.raw, stepIds: open, content: content, memo: memo) where s.prefills[step] == nil {
                s.prefills[step] = option
                note(step, option, .learnt)
            }
        }
        // A team size said with its people ("mon équipe de 5 personnes", "my 8 people").
        if let sizeStep = engine.fieldSteps["team_size"], sizeStep != stepId, s.answers[sizeStep] == nil,
           let found = u.quantities.teamSize(input, anyNumber: false) {
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

    func isQuote(_ step: Step) -> Bool {
        guard let cond = step.quoteWhen else { return false }
        return holds(cond)
    }

    var quoteRequested: Bool {
        engine.quoteSteps.contains { isQuote($0) }
    }

    // MARK: - Commands

    mutating func command(_ c: Command) {
        switch c {
        case .back:
            if s.lead == .saving { say("save.pending"); return }
            guard let previous = s.history.popLast() else {
                say("back.nothing")
                ask()
                return
            }
            setAnswer(previous, nil)
            s.prefills[previous] = nil
            setAnswer(s.step, nil)
            if s.lead == .saved || s.lead == .declined { s.lead = .none }
            s.done = false
            say("back.ok")
            enter(previous, usePrefill: false)
        case .restart:
            let fresh = Session(language: s.language, step: content.start, source: s.source, today: s.today)
            let (course, name) = (s.courseContext, s.firstName)
            s = fresh
            s.courseContext = course
            s.firstName = name
            say("restart.ok")
            enter(content.start)
        case let .language(code):
            guard content.languages.contains(code) else {
                say("language.unknown", ["languages": content.languages.joined(separator: ", ")])
                return
            }
            s.language = code
            say("language.switched")
            if s.done { say("end.hint") } else { repeatCurrent() }
        case .courses:
            guard let courses = content.firstStep(ofKind: .courses) else { return }
            if s.step == courses.id { sayCatalogue(); ask(); return }
            if s.lead == .saving { say("save.pending"); return }
            if let step = current, step.isQuestion { s.resume = step.id }
            s.done = false
            go(to: courses.id, from: s.step)
        case .help:
            say("help.text")
            if !s.done { ask(again: true) }
        case .quit:
            say("quit.bye")
            s.done = true
            quitting = true
        }
    }

    /// Says the current step again (after a language switch).
    mutating func repeatCurrent() {
        guard let step = current else { return }
        switch step.kind {
        case .recommend:
            if let rec = recommendation() { sayRecommendation(rec, step) }
            ask()
        case .courses:
            sayCatalogue()
            ask()
        default:
            ask()
        }
    }

    // MARK: - The assistant (optional)

    /// Asks which option a free text means; only at choice steps (never e-mail or consent).
    mutating func askAssistant(understanding text: String) -> Bool {
        guard s.assistant, let step = current, step.kind == .choice, !step.navigation else { return false }
        s.pending = .understand(text: text)
        effects.append(.understand(UnderstandRequest(
            step: step.id, question: t(step.prompt), options: options(for: step), text: text, language: lang)))
        return true
    }

    /// Asks for an answer to a side question the FAQ does not cover.
    mutating func askAssistant(answering text: String) -> Bool {
        guard s.assistant else { return false }
        s.pending = .answer(question: text)
        effects.append(.answer(AnswerRequest(
            question: text, language: lang, course: focusCourse(),
            answers: leadAnswers(), today: s.today)))
        return true
    }

    // MARK: - Side questions

    /// The course a side question is about when it names none.
    mutating func focusCourse() -> String? {
        s.chosenCourse ?? recommendation()?.course ?? s.courseContext
    }

    // MARK: - What Madi shows

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

    var teamSize: Int? {
        engine.fieldSteps["team_size"].flatMap { s.answers[$0]?.number }
    }

    var teamQuantity: Quantity? {
        engine.fieldSteps["team_size"].flatMap { id in
            s.answers[id].flatMap { a in a.quantity ?? a.number.map { Quantity(low: $0) } }
        }
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

    func fieldText(_ field: String) -> String? {
        engine.fieldSteps[field].flatMap { s.answers[$0]?.text }
    }

    mutating func leadCourse() -> String? { s.chosenCourse ?? recommendation()?.course ?? s.courseContext }

    mutating func endParams() -> [String: String] {
        var p: [String: String] = ["email": s.email?.normalized ?? ""]
        if let id = leadCourse(), let c = content.catalogue.course(id) { p["course"] = c.name }
        if let q = teamQuantity { p["team"] = quantityText(q) }
        return p
    }

    func leadAnswers() -> [LeadAnswer] {
        engine.visited(s).compactMap { id -> LeadAnswer? in
            guard let step = content.step(id), step.isQuestion, !step.navigation,
                  let a = s.answers[id] else { return nil }
            if let o = a.option, let option = step.option(o) {
                return LeadAnswer(step: id, value: o, label: option.label[lang] ?? o)
            }
            if let n = a.number { return LeadAnswer(step: id, value: String(n), label: String(n)) }
            if let text = a.text { return LeadAnswer(step: id, value: text, label: text) }
            return nil
        }
    }

    mutating func leadDraft(consentVersion: String) -> LeadDraft? {
        guard let email = s.email, let course = leadCourse() else { return nil }
        let answers = leadAnswers()
        let quote = quoteRequested
        return LeadDraft(
            email: email.normalized, emailASCII: email.ascii, firstName: s.firstName ?? fieldText("first_name"),
            course: course, recommendedCourse: recommendation()?.course,
            answers: answers, language: lang, source: s.source,
            company: quote ? fieldText("company") : nil, teamSize: quote ? teamSize : nil,
            kind: quote ? "quote" : "preregistration", consentVersion: consentVersion, questions: s.questions)
    }
}

/// A value made once, when first read; readers on other threads wait for it. Once made, a read is
/// one atomic load (a turn reads it many times, from many sessions' threads at once).
final class Once<Value: Sendable>: @unchecked Sendable {
    private let ready = Atomic<Bool>(false)
    private let lock = Mutex<Void>(())
    private var stored: Value? // written once, under the lock, before `ready` is set; read after
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    var value: Value {
        if ready.load(ordering: .acquiring) { return stored! }
        return lock.withLock { _ in
            if let v = stored { return v }
            let made = make()
            stored = made
            ready.store(true, ordering: .releasing)
            return made
        }
    }
}
