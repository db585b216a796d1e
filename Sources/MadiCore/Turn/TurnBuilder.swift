/// One turn under construction: the session as it changes, what Madi says, the effects.
/// Its parts: reading a message (Engine+Message.swift), other inputs (+Input), answers and the
/// lead (+Answers), the next question (+Questions), reprompts (+Reprompts), commands
/// (+Commands), the options shown (+Options); what each kind of step does is in Steps/.
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
    /// The one question being answered, among several in a message (what is kept for the team).
    var keptText: String?
    /// Answers to later questions taken from this message, said in one line before the next question.
    var prefilled: [String] = []
    /// Lines said before the next question (a side question's answer).
    var preface: [String] = []
    /// The classifier's scores of this turn's messages.
    let memo = ScoreMemo()
    /// An e-mail address found in the message.
    var messageAddress: String?
    /// The questions answered in this turn from words said earlier.
    var appliedPrefills: [String] = []
    /// The message also asks a question (an answer read beside it is weighed with that in mind).
    var alsoAsks = false
    /// After the end, an answer of the saved lead was corrected: the lead is saved again.
    var leadChanged = false
    /// An earlier answer was corrected to one that leads to other questions: the next one on the
    /// new path is asked already.
    var switchedBranch = false
    /// The side question read beside an answer that may correct an earlier one, with the state
    /// before its answer was made (it is made again once the answers changed).
    var sideBeside: (side: Side, saved: (trace: Trace, questions: [String], unknownSaid: Bool?))?
    /// What goes with the next choice recorded besides its option: the month said for a start
    /// date ("en février": 2, "février").
    var choiceDetail: (number: Int?, text: String)?
    /// The day of that month the start is from, when said later than its 1st ("fin janvier").
    var choiceDay: Int?
    /// The courses asked between when this message came ("Performer ou Master ?").
    var clarifiedCourses: [String]?
    /// The prospect said their name in this message ("I'm Tom, I run a bakery"): at the welcome,
    /// that opens the questions as a greeting would.
    var introduced = false
    /// A question kept for the team is said after another one of the same message was answered
    /// ("As for your other question…").
    var otherQuestion = false
    /// While one of several questions of a message is answered, that question as typed: the
    /// courses it names are the ones it asks about ("Il y a une session en janvier ? Et quelle
    /// différence avec Performer ?": the dates of the course in view, not Performer's).
    var oneOfSeveral: String?
    /// A side question is answered beside consent refused in the same message ("no thanks. do you
    /// do evening classes?"): no lead will carry it to the team.
    var consentRefused = false
    /// Consent was refused in the turn before this one (`Session.consentJustRefused`).
    var consentRefusedBefore = false
    /// The option an answer took back before the one it gives ("asap… actually no, jan-ish":
    /// "soon"): a month said after it does not read as that option.
    var takenBack: String?

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

    mutating func finish() -> Turn {
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
        s.prefilledLast = appliedPrefills.isEmpty ? nil : appliedPrefills
        return Turn(session: s, reply: r, effects: effects)
    }
}
