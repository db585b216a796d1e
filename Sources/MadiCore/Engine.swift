import Foundation
import Synchronization

/// The coaching conversation as a pure function: `step(session, input) -> (session, reply,
/// effects)`. No I/O, no clock, no randomness: the day comes in the session, effects go out.
public struct Engine: Sendable {
    public let content: Content
    /// The matcher index and the classifier, built once, when first needed: greeting a prospect
    /// does not need them, understanding an answer does. A front may build them ahead with
    /// `prepare()` (the chat does, on another thread, while the prospect reads the welcome).
    private let index: Once<Understanding>
    private let factsTables: Once<[String: [String: CourseFactsTable]]>
    public var understanding: Understanding { index.value }

    /// Builds what understanding a message needs, if not built yet.
    public func prepare() { _ = index.value; _ = factsTables.value }
    let recommendSteps: [String]
    /// The recommend steps with a quote condition (a team's request).
    let quoteSteps: [Step]
    /// The step that fills each lead field ("team_size", "company", "first_name").
    let fieldSteps: [String: String]
    /// The choice that leads to the team-size question ("former mon équipe"), if any.
    let teamChoice: (step: String, option: String)?
    /// Each choice step's options as shown, per language.
    let choiceViews: [String: [String: [OptionView]]]

    /// Whether a message that is exactly an option's number, label or synonym is taken at once
    /// (`TurnBuilder.wholeAnswer`); off, every message goes through all the rules (the plain
    /// reading that one is tested against).
    let wholeAnswers: Bool

    /// `classifierStore`: where the trained classifier is kept between runs (none: trained each time).
    public init(content: Content, classifierStore: (any ClassifierStore)? = nil) {
        self.init(content: content, classifierStore: classifierStore, wholeAnswers: true)
    }

    init(content: Content, classifierStore: (any ClassifierStore)? = nil, wholeAnswers: Bool) {
        self.content = content
        self.wholeAnswers = wholeAnswers
        index = Once { Understanding(content, classifierStore: classifierStore) }
        factsTables = Once { Engine.courseFactsTables(content) }
        recommendSteps = content.recommendSteps
        quoteSteps = content.steps.filter { $0.recommend?.quoteWhen != nil }
        var fields: [String: String] = [:]
        for step in content.steps { if let f = step.field, fields[f] == nil { fields[f] = step.id } }
        fieldSteps = fields
        teamChoice = fields["team_size"].flatMap { size in
            content.steps.lazy.filter { $0.kind == .choice }.compactMap { g in
                g.options.first { $0.next?.targets.contains(size) == true }.map { (g.id, $0.id) }
            }.first
        }
        var views: [String: [String: [OptionView]]] = [:]
        for step in content.steps where step.kind == .choice {
            for lang in content.languages { views[step.id, default: [:]][lang] = ChoiceStep.views(step, content, lang) }
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
            for step in content.steps where step.kind.behaviour.hasFixedOptions {
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

    /// Each course's facts as said in each language (shown on every turn after a recommendation):
    /// written when first needed, not while the first reply waits.
    static func courseFactsTables(_ content: Content) -> [String: [String: CourseFactsTable]] {
        var facts: [String: [String: CourseFactsTable]] = [:]
        for lang in content.languages {
            for course in content.catalogue.courses { facts[lang, default: [:]][course.id] = CourseFactsTable(content, course, lang) }
        }
        return facts
    }

    /// A course's facts in one language with each of its session days already said: a turn only
    /// picks the next session. The same as `Facts.facts` (tested).
    struct CourseFactsTable: Sendable {
        let base: CourseFacts
        /// `Facts.courseParams` but the next date.
        let params: [String: String]
        let days: [(day: Day, iso: String, text: String)]
        /// The sessions after the next one, said, for each day a session starts on (ascending):
        /// on a day up to that one, the sessions from it on are the ones to come.
        let later: [(from: Day, text: String)]

        init(_ content: Content, _ course: Course, _ lang: String) {
            let f = Facts(content: content, language: lang, today: Day(year: 1, month: 1, day: 1)!)
            var base = f.facts(course.id)
            base.nextSession = nil
            base.nextSessionText = f.t("date.none")
            self.base = base
            params = f.courseParams(course)
            let days = course.sessionDays.map { ($0, $0.iso, f.date($0)) }
            self.days = days
            later = Set(course.sessionDays).sorted().map { from in
                (from, f.laterText(days.filter { $0.0 >= from }.dropFirst().map(\.2)))
            }
        }

        func next(_ today: Day) -> (day: Day, iso: String, text: String)? { days.first { $0.day >= today } }

        func facts(today: Day) -> CourseFacts {
            var facts = base
            if let next = next(today) {
                facts.nextSession = next.iso
                facts.nextSessionText = next.text
            }
            return facts
        }

        func params(today: Day) -> [String: String] {
            var p = params
            p["next_date"] = next(today)?.text ?? base.nextSessionText
            p["later"] = later.first { $0.from >= today }?.text ?? ""
            return p
        }
    }

    /// A course's facts as the reply shows them, in `language`, on `today`.
    func courseFacts(_ course: String, _ language: String, today: Day) -> CourseFacts {
        if let table = factsTables.value[language]?[course] { return table.facts(today: today) }
        return Facts(content: content, language: language, today: today).facts(course)
    }

    /// A course's facts as the parameters of its sentences (`Facts.courseParams`), on `today`.
    func courseParams(_ course: Course, _ language: String, today: Day) -> [String: String] {
        if let table = factsTables.value[language]?[course.id] {
            return table.params(today: today)
        }
        return Facts(content: content, language: language, today: today).courseParams(course)
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
            views = step.kind.behaviour.fixedOptions(content, step, lang, variant: variant)
            asChoice = Engine.choiceStep(step, views, lang)
            phrases = Understanding.phrases(of: asChoice)
        }
    }

    /// A step's options as a choice step with the same id, so that numbers and labels work alike.
    static func choiceStep(_ step: Step, _ options: [OptionView], _ lang: String) -> Step {
        Step(id: step.id, prompt: step.prompt, detail: .choice(ChoiceStep(options: options.map {
            AnswerOption(id: $0.id, label: [lang: $0.label], synonyms: [:], weights: [:], cap: nil, next: nil, line: nil)
        })))
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
        var t = TurnBuilder(engine: self, session: session)
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
