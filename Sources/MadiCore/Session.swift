import MadiEmail
import Synchronization

/// One conversation, as a small value: fronts keep it, encode it, move it; the engine never
/// holds it between turns.
///
/// What every session uses is stored in the value itself; the fields most sessions never set
/// (addresses, the recommendation, words said ahead of their question…) are kept together in one
/// box, allocated when the first of them is set and shared between copies until one of them
/// writes (see `Rare`). A live session in a front's table costs its common fields alone until
/// then. Both kinds read and write alike, and encode to the same keys.
public struct Session: Codable, Sendable, Equatable {
    public var language: String
    public var step: String
    public var answers: [String: Answer] = [:]
    /// Answers picked up early from something said at another step (step id → option id).
    public var prefills: [String: String] = [:]
    /// Steps left by an answer, oldest first; `back` returns to the last one.
    public var history: [String] = []
    /// Answers not understood in a row at the current step.
    public var misses: Int = 0
    public var source: String
    public var today: Day
    /// Side questions Madi could not answer: kept with the lead for the team's call back.
    public var questions: [String] = []
    /// The rarely set fields (below, after the one-byte ones).
    private var rare = Rare()
    // One-byte fields last, together: no padding between them.
    public var lead: LeadStatus = .none
    public var done: Bool = false
    /// An assistant (LLM) may be asked when the rules do not understand.
    public var assistant: Bool = false
    /// The prospect said they were annoyed once already.
    public var frustrated = false
    /// The prospect asked to be contacted later ("recontactez-moi en janvier"): the team's call
    /// back is not promised within 24 hours.
    public var contactLater: Bool?
    /// "I don't know, I've noted it for the team" was said once: the next is "noted too".
    public var unknownSaid: Bool?
    /// A worry about AI was answered with a word of comfort: not said again.
    public var reassured: Bool?
    /// Consent was refused in the last turn: a yes said next ("ok vas y", "sorry i misclicked,
    /// yes thats fine") is the consent.
    public var consentJustRefused: Bool?
    /// Taking the consent back after signing up ("ne me contactez plus"): asked back, then saving.
    public var withdrawal: Withdrawal?
    /// A message was read in the conversation's language, or one was asked for: the language is
    /// no longer switched to the one a message is written in.
    public var languageSettled: Bool?
    /// The address asked for again after signing up: the one given replaces the saved one.
    public var changingAddress: Bool?

    // MARK: Rarely set (kept in the box)

    /// A course the prospect chose from the catalogue (rather than from the recommendation).
    public var chosenCourse: String? {
        get { rare.box?.values.chosenCourse }
        set { rare.set(newValue) { $0.chosenCourse = $1 } }
    }
    public var email: EmailAddress? {
        get { rare.box?.values.email }
        set { rare.set(newValue) { $0.email = $1 } }
    }
    /// An e-mail address waiting for the prospect to accept or refuse a typo suggestion.
    public var emailPending: EmailAddress? {
        get { rare.box?.values.emailPending }
        set { rare.set(newValue) { $0.emailPending = $1 } }
    }
    public var emailSuggestion: String? {
        get { rare.box?.values.emailSuggestion }
        set { rare.set(newValue) { $0.emailSuggestion = $1 } }
    }
    /// An address rebuilt from a message that said it in words ("jean point dupont arobase gmail
    /// point com"), waiting for the prospect to confirm it.
    public var emailRebuilt: String? {
        get { rare.box?.values.emailRebuilt }
        set { rare.set(newValue) { $0.emailRebuilt = $1 } }
    }
    /// Where "guide me" returns to from the catalogue.
    public var resume: String? {
        get { rare.box?.values.resume }
        set { rare.set(newValue) { $0.resume = $1 } }
    }
    public var firstName: String? {
        get { rare.box?.values.firstName }
        set { rare.set(newValue) { $0.firstName = $1 } }
    }
    /// The course the prospect came from, when the front knows it.
    public var courseContext: String? {
        get { rare.box?.values.courseContext }
        set { rare.set(newValue) { $0.courseContext = $1 } }
    }
    /// What the assistant is being asked, while its answer is awaited.
    public var pending: Pending? {
        get { rare.box?.values.pending }
        set { rare.set(newValue) { $0.pending = $1 } }
    }
    /// The recommendation, once computed; dropped whenever an answer changes.
    public var recommendation: Recommendation? {
        get { rare.box?.values.recommendation }
        set { rare.set(newValue) { $0.recommendation = $1 } }
    }
    /// Another course than the one offered whose card was shown at the offer ("tell me about
    /// performer"): the course a "yes" then signs up for.
    public var courseInView: String? {
        get { rare.box?.values.courseInView }
        set { rare.set(newValue) { $0.courseInView = $1 } }
    }
    /// Two options Madi asked the prospect to choose between ("did you mean A or B?").
    public var clarify: [String]? {
        get { rare.box?.values.clarify }
        set { rare.set(newValue) { $0.clarify = $1 } }
    }
    /// A team size said before its question was asked ("mon équipe de 5 personnes").
    public var prefillQuantity: Quantity? {
        get { rare.box?.values.prefillQuantity }
        set { rare.set(newValue) { $0.prefillQuantity = $1 } }
    }
    /// An address said before it was asked ("ok ça me va, sophie@studio.fr").
    public var prefillEmail: String? {
        get { rare.box?.values.prefillEmail }
        set { rare.set(newValue) { $0.prefillEmail = $1 } }
    }
    /// A company's name said before it was asked ("yes pls. we're Acme Ltd, based in Leeds").
    public var prefillCompany: String? {
        get { rare.box?.values.prefillCompany }
        set { rare.set(newValue) { $0.prefillCompany = $1 } }
    }
    /// The questions answered in the last turn from words said earlier, and said back ("Noté :
    /// …"): the next message may correct them.
    public var prefilledLast: [String]? {
        get { rare.box?.values.prefilledLast }
        set { rare.set(newValue) { $0.prefilledLast = $1 } }
    }
    /// The lead saved in this session: a later save for another course ("finalement je préfère
    /// Performer") replaces it rather than adding a second one.
    public var leadId: String? {
        get { rare.box?.values.leadId }
        set { rare.set(newValue) { $0.leadId = $1 } }
    }
    /// The month said with an answer asked back ("d'ici septembre": "within three months, or just
    /// looking?"): kept with the option then picked.
    public var clarifyMonth: MonthSaid? {
        get { rare.box?.values.clarifyMonth }
        set { rare.set(newValue) { $0.clarifyMonth = $1 } }
    }
    /// A start month said before its question ("Starting in Feb would be ideal" at the first
    /// one): kept with the prefilled answer, so that the answer says it.
    public var prefillMonth: MonthSaid? {
        get { rare.box?.values.prefillMonth }
        set { rare.set(newValue) { $0.prefillMonth = $1 } }
    }
    /// A team's level said as a mix, asked back with a third answer, both: the words said.
    public var clarifyMixed: String? {
        get { rare.box?.values.clarifyMixed }
        set { rare.set(newValue) { $0.clarifyMixed = $1 } }
    }
    /// Later answers already said back ("Noté pour la suite : …"), as "step=value": not said
    /// again when their question comes.
    public var prefillsSaid: [String]? {
        get { rare.box?.values.prefillsSaid }
        set { rare.set(newValue) { $0.prefillsSaid = $1 } }
    }
    /// How many times a question kept was said "noted too" (its forms are said in turn).
    public var unknownAgain: Int? {
        get { rare.box?.values.unknownAgain }
        set { rare.set(newValue) { $0.unknownAgain = $1 } }
    }
    /// A team's level said as a mix before its question: asked as such when it comes.
    public var mixedPending: MixedSaid? {
        get { rare.box?.values.mixedPending }
        set { rare.set(newValue) { $0.mixedPending = $1 } }
    }
    /// What the prospect said when asking to withdraw ("supprimez mes données": an erasure, passed on).
    public var withdrawalSaid: String? {
        get { rare.box?.values.withdrawalSaid }
        set { rare.set(newValue) { $0.withdrawalSaid = $1 } }
    }
    /// The last address refused as invalid ("max.mueller@gmx"): a domain said next ("sorry,
    /// gmx.de") completes it.
    public var emailTried: String? {
        get { rare.box?.values.emailTried }
        set { rare.set(newValue) { $0.emailTried = $1 } }
    }
    /// The address of the lead saved, while an update to another is being saved: it stands if the
    /// update is refused.
    public var savedEmail: EmailAddress? {
        get { rare.box?.values.savedEmail }
        set { rare.set(newValue) { $0.savedEmail = $1 } }
    }

    public struct MixedSaid: Codable, Sendable, Equatable {
        public var step: String
        public var pair: [String]
        public var said: String
    }

    public struct MonthSaid: Codable, Sendable, Equatable {
        public var number: Int
        public var name: String
    }

    public enum Withdrawal: String, Codable, Sendable, Equatable {
        /// "Sure you want to withdraw?" asked; the next message says.
        case asked
        /// The lead, marked withdrawn, is being saved.
        case saving
        /// Saved withdrawn: nobody writes to the prospect.
        case done
    }

    public enum Pending: Codable, Sendable, Equatable {
        case understand(text: String)
        case answer(question: String)
    }

    public init(language: String, step: String, source: String, today: Day) {
        self.language = language
        self.step = step
        self.source = source
        self.today = today
    }

    /// The rarely set fields: no box while none is set (a nil written then allocates nothing); a
    /// box shared with another copy of the session is copied before a write. Equal when their
    /// values are, box or not.
    struct Rare: Sendable, Equatable {
        struct Values: Sendable, Equatable {
            var chosenCourse: String?
            var email: EmailAddress?
            var emailPending: EmailAddress?
            var emailSuggestion: String?
            var emailRebuilt: String?
            var resume: String?
            var firstName: String?
            var courseContext: String?
            var pending: Pending?
            var recommendation: Recommendation?
            var courseInView: String?
            var clarify: [String]?
            var prefillQuantity: Quantity?
            var prefillEmail: String?
            var prefillCompany: String?
            var prefilledLast: [String]?
            var leadId: String?
            var clarifyMonth: MonthSaid?
            var prefillMonth: MonthSaid?
            var clarifyMixed: String?
            var prefillsSaid: [String]?
            var unknownAgain: Int?
            var mixedPending: MixedSaid?
            var withdrawalSaid: String?
            var emailTried: String?
            var savedEmail: EmailAddress?
        }

        /// Written only while uniquely referenced (copy on write), like the standard collections.
        final class Box: @unchecked Sendable {
            var values: Values
            init(_ values: Values) { self.values = values }
        }

        private(set) var box: Box?

        init() {}

        /// A box only when some value is set.
        init(_ values: Values) {
            if values != Values() { box = Box(values) }
        }

        mutating func set<T>(_ value: T?, _ write: (inout Values, T?) -> Void) {
            if box == nil {
                guard value != nil else { return }
                box = Box(Values())
            } else if !isKnownUniquelyReferenced(&box) {
                box = Box(box!.values)
            }
            write(&box!.values, value)
        }

        static func == (a: Rare, b: Rare) -> Bool {
            a.box === b.box || (a.box?.values ?? Values()) == (b.box?.values ?? Values())
        }
    }

    // MARK: Codable (the keys of every field, as when all were stored)

    enum CodingKeys: String, CodingKey {
        case language, step, answers, prefills, history, misses, chosenCourse, email, emailPending, emailSuggestion
        case emailRebuilt, lead, resume, source, today, firstName, courseContext, done, assistant, pending
        case recommendation, courseInView, clarify, prefillQuantity, questions, prefillEmail, prefillCompany, frustrated
        case prefilledLast, leadId, clarifyMonth, prefillMonth, clarifyMixed, prefillsSaid, contactLater, unknownSaid
        case unknownAgain, reassured, mixedPending, consentJustRefused, withdrawal, withdrawalSaid, languageSettled
        case emailTried, changingAddress, savedEmail
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        var r = Rare.Values() // (in the order of the keys: the same error for the same bad input)
        language = try c.decode(String.self, forKey: .language)
        step = try c.decode(String.self, forKey: .step)
        answers = try c.decode([String: Answer].self, forKey: .answers)
        prefills = try c.decode([String: String].self, forKey: .prefills)
        history = try c.decode([String].self, forKey: .history)
        misses = try c.decode(Int.self, forKey: .misses)
        r.chosenCourse = try c.decodeIfPresent(String.self, forKey: .chosenCourse)
        r.email = try c.decodeIfPresent(EmailAddress.self, forKey: .email)
        r.emailPending = try c.decodeIfPresent(EmailAddress.self, forKey: .emailPending)
        r.emailSuggestion = try c.decodeIfPresent(String.self, forKey: .emailSuggestion)
        r.emailRebuilt = try c.decodeIfPresent(String.self, forKey: .emailRebuilt)
        lead = try c.decode(LeadStatus.self, forKey: .lead)
        r.resume = try c.decodeIfPresent(String.self, forKey: .resume)
        source = try c.decode(String.self, forKey: .source)
        today = try c.decode(Day.self, forKey: .today)
        r.firstName = try c.decodeIfPresent(String.self, forKey: .firstName)
        r.courseContext = try c.decodeIfPresent(String.self, forKey: .courseContext)
        done = try c.decode(Bool.self, forKey: .done)
        assistant = try c.decode(Bool.self, forKey: .assistant)
        r.pending = try c.decodeIfPresent(Pending.self, forKey: .pending)
        r.recommendation = try c.decodeIfPresent(Recommendation.self, forKey: .recommendation)
        r.courseInView = try c.decodeIfPresent(String.self, forKey: .courseInView)
        r.clarify = try c.decodeIfPresent([String].self, forKey: .clarify)
        r.prefillQuantity = try c.decodeIfPresent(Quantity.self, forKey: .prefillQuantity)
        questions = try c.decode([String].self, forKey: .questions)
        r.prefillEmail = try c.decodeIfPresent(String.self, forKey: .prefillEmail)
        r.prefillCompany = try c.decodeIfPresent(String.self, forKey: .prefillCompany)
        frustrated = try c.decode(Bool.self, forKey: .frustrated)
        r.prefilledLast = try c.decodeIfPresent([String].self, forKey: .prefilledLast)
        r.leadId = try c.decodeIfPresent(String.self, forKey: .leadId)
        r.clarifyMonth = try c.decodeIfPresent(MonthSaid.self, forKey: .clarifyMonth)
        r.prefillMonth = try c.decodeIfPresent(MonthSaid.self, forKey: .prefillMonth)
        r.clarifyMixed = try c.decodeIfPresent(String.self, forKey: .clarifyMixed)
        r.prefillsSaid = try c.decodeIfPresent([String].self, forKey: .prefillsSaid)
        contactLater = try c.decodeIfPresent(Bool.self, forKey: .contactLater)
        unknownSaid = try c.decodeIfPresent(Bool.self, forKey: .unknownSaid)
        r.unknownAgain = try c.decodeIfPresent(Int.self, forKey: .unknownAgain)
        reassured = try c.decodeIfPresent(Bool.self, forKey: .reassured)
        r.mixedPending = try c.decodeIfPresent(MixedSaid.self, forKey: .mixedPending)
        consentJustRefused = try c.decodeIfPresent(Bool.self, forKey: .consentJustRefused)
        withdrawal = try c.decodeIfPresent(Withdrawal.self, forKey: .withdrawal)
        r.withdrawalSaid = try c.decodeIfPresent(String.self, forKey: .withdrawalSaid)
        languageSettled = try c.decodeIfPresent(Bool.self, forKey: .languageSettled)
        r.emailTried = try c.decodeIfPresent(String.self, forKey: .emailTried)
        changingAddress = try c.decodeIfPresent(Bool.self, forKey: .changingAddress)
        r.savedEmail = try c.decodeIfPresent(EmailAddress.self, forKey: .savedEmail)
        rare = Rare(r)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(language, forKey: .language)
        try c.encode(step, forKey: .step)
        try c.encode(answers, forKey: .answers)
        try c.encode(prefills, forKey: .prefills)
        try c.encode(history, forKey: .history)
        try c.encode(misses, forKey: .misses)
        try c.encodeIfPresent(chosenCourse, forKey: .chosenCourse)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encodeIfPresent(emailPending, forKey: .emailPending)
        try c.encodeIfPresent(emailSuggestion, forKey: .emailSuggestion)
        try c.encodeIfPresent(emailRebuilt, forKey: .emailRebuilt)
        try c.encode(lead, forKey: .lead)
        try c.encodeIfPresent(resume, forKey: .resume)
        try c.encode(source, forKey: .source)
        try c.encode(today, forKey: .today)
        try c.encodeIfPresent(firstName, forKey: .firstName)
        try c.encodeIfPresent(courseContext, forKey: .courseContext)
        try c.encode(done, forKey: .done)
        try c.encode(assistant, forKey: .assistant)
        try c.encodeIfPresent(pending, forKey: .pending)
        try c.encodeIfPresent(recommendation, forKey: .recommendation)
        try c.encodeIfPresent(courseInView, forKey: .courseInView)
        try c.encodeIfPresent(clarify, forKey: .clarify)
        try c.encodeIfPresent(prefillQuantity, forKey: .prefillQuantity)
        try c.encode(questions, forKey: .questions)
        try c.encodeIfPresent(prefillEmail, forKey: .prefillEmail)
        try c.encodeIfPresent(prefillCompany, forKey: .prefillCompany)
        try c.encode(frustrated, forKey: .frustrated)
        try c.encodeIfPresent(prefilledLast, forKey: .prefilledLast)
        try c.encodeIfPresent(leadId, forKey: .leadId)
        try c.encodeIfPresent(clarifyMonth, forKey: .clarifyMonth)
        try c.encodeIfPresent(prefillMonth, forKey: .prefillMonth)
        try c.encodeIfPresent(clarifyMixed, forKey: .clarifyMixed)
        try c.encodeIfPresent(prefillsSaid, forKey: .prefillsSaid)
        try c.encodeIfPresent(contactLater, forKey: .contactLater)
        try c.encodeIfPresent(unknownSaid, forKey: .unknownSaid)
        try c.encodeIfPresent(unknownAgain, forKey: .unknownAgain)
        try c.encodeIfPresent(reassured, forKey: .reassured)
        try c.encodeIfPresent(mixedPending, forKey: .mixedPending)
        try c.encodeIfPresent(consentJustRefused, forKey: .consentJustRefused)
        try c.encodeIfPresent(withdrawal, forKey: .withdrawal)
        try c.encodeIfPresent(withdrawalSaid, forKey: .withdrawalSaid)
        try c.encodeIfPresent(languageSettled, forKey: .languageSettled)
        try c.encodeIfPresent(emailTried, forKey: .emailTried)
        try c.encodeIfPresent(changingAddress, forKey: .changingAddress)
        try c.encodeIfPresent(savedEmail, forKey: .savedEmail)
    }
}

public struct Answer: Codable, Sendable, Equatable {
    public var option: String?
    /// What the answer holds besides an option, when anything: most answers are an option alone,
    /// and a session's table of answers keeps this value for each (24 bytes, not 104).
    private var detail: Detail?

    public var number: Int? {
        get { detail?.number }
        set { detail = Detail.make(number: newValue, text: text, quantity: quantity, day: day) }
    }
    public var text: String? {
        get { detail?.text }
        set { detail = Detail.make(number: number, text: newValue, quantity: quantity, day: day) }
    }
    /// A count as said ("une dizaine", "20-25"); `number` holds its value.
    public var quantity: Quantity? {
        get { detail?.quantity }
        set { detail = Detail.make(number: number, text: text, quantity: newValue, day: day) }
    }
    /// The first day of the month `number` the start is from, when later than the 1st ("fin
    /// janvier", "end of January": the 15th).
    public var day: Int? {
        get { detail?.day }
        set { detail = Detail.make(number: number, text: text, quantity: quantity, day: newValue) }
    }

    public init(option: String? = nil, number: Int? = nil, text: String? = nil, quantity: Quantity? = nil, day: Int? = nil) {
        self.option = option
        detail = Detail.make(number: number, text: text, quantity: quantity, day: day)
    }

    /// Never changed once made (a change makes another): shared by the copies of an answer.
    final class Detail: Sendable {
        let number: Int?
        let text: String?
        let quantity: Quantity?
        let day: Int?

        /// nil when there is nothing to hold.
        static func make(number: Int?, text: String?, quantity: Quantity?, day: Int?) -> Detail? {
            number == nil && text == nil && quantity == nil && day == nil
                ? nil : Detail(number: number, text: text, quantity: quantity, day: day)
        }

        private init(number: Int?, text: String?, quantity: Quantity?, day: Int?) {
            self.number = number
            self.text = text
            self.quantity = quantity
            self.day = day
        }
    }

    public static func == (a: Answer, b: Answer) -> Bool {
        a.option == b.option && (a.detail === b.detail
            || (a.number == b.number && a.text == b.text && a.quantity == b.quantity && a.day == b.day))
    }

    enum CodingKeys: String, CodingKey {
        case option, number, text, quantity, day
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(option: try c.decodeIfPresent(String.self, forKey: .option),
                  number: try c.decodeIfPresent(Int.self, forKey: .number),
                  text: try c.decodeIfPresent(String.self, forKey: .text),
                  quantity: try c.decodeIfPresent(Quantity.self, forKey: .quantity),
                  day: try c.decodeIfPresent(Int.self, forKey: .day))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(option, forKey: .option)
        try c.encodeIfPresent(number, forKey: .number)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(quantity, forKey: .quantity)
        try c.encodeIfPresent(day, forKey: .day)
    }
}

public enum LeadStatus: String, Codable, Sendable, Equatable {
    /// Nothing asked yet.
    case none
    /// Pre-registration steps under way.
    case collecting
    /// The store is writing it; no confirmation yet.
    case saving
    /// Committed to the store.
    case saved
    /// The store failed; the prospect may retry.
    case failed
    /// The prospect said no to consent: nothing stored.
    case declined
}

public enum Command: Sendable, Equatable {
    case back, restart, courses, help, quit
    case language(String)
}

/// What a front feeds the engine: the prospect's words, an explicit choice, a command, or the
/// result of an effect the engine asked for.
public enum Input: Sendable, Equatable {
    case text(String)
    case choose(String)
    case command(Command)
    case leadSaved(id: String)
    case leadFailed(reason: String)
    /// The assistant's reading of the last text: an option id it proposes, or nil.
    case understood(option: String?)
    /// The assistant's answer to a side question, or nil when it had none (or failed).
    case answered(text: String?)
}

/// Work the engine asks the front to do; the result comes back as an `Input`.
public enum Effect: Sendable, Equatable {
    case saveLead(LeadDraft)
    /// Ask the assistant which of the options the text means.
    case understand(UnderstandRequest)
    /// Ask the assistant to answer a side question from the catalogue.
    case answer(AnswerRequest)
}

public struct UnderstandRequest: Sendable, Equatable {
    public var step: String
    /// The question as the prospect saw it.
    public var question: String
    public var options: [OptionView]
    public var text: String
    public var language: String

    public init(step: String, question: String, options: [OptionView], text: String, language: String) {
        self.step = step
        self.question = question
        self.options = options
        self.text = text
        self.language = language
    }
}

public struct AnswerRequest: Sendable, Equatable {
    public var question: String
    public var language: String
    /// The course the conversation is about, if any.
    public var course: String?
    /// What the prospect answered so far, as labels.
    public var answers: [LeadAnswer]
    public var today: Day

    public init(question: String, language: String, course: String?, answers: [LeadAnswer], today: Day) {
        self.question = question
        self.language = language
        self.course = course
        self.answers = answers
        self.today = today
    }
}

/// Something that can read free text and answer side questions (an LLM). It proposes; the
/// engine disposes: its option ids are checked against the step, its text only ever said.
public protocol Assistant: Sendable {
    func understand(_ request: UnderstandRequest, cancel: CancelFlag?) -> String?
    /// Streams pieces of the answer through `onDelta` as they arrive; returns the whole answer.
    func answer(_ request: AnswerRequest, cancel: CancelFlag?, onDelta: @escaping @Sendable (String) -> Void) -> String?
}

/// Set by a front to stop a call in progress (Ctrl-C, a session's end). Lock-free, so that a
/// signal handler may set it.
public final class CancelFlag: Sendable {
    private let value = Atomic<Bool>(false)
    public init() {}
    public func cancel() { value.store(true, ordering: .relaxed) }
    public func reset() { value.store(false, ordering: .relaxed) }
    public var isCancelled: Bool { value.load(ordering: .relaxed) }
}

public struct LeadAnswer: Codable, Sendable, Equatable {
    public var step: String
    public var value: String
    /// The answer as the prospect saw it, in the lead's language.
    public var label: String

    public init(step: String, value: String, label: String) {
        self.step = step
        self.value = value
        self.label = label
    }
}

/// Everything a lead carries out of the conversation. Times and id are the store's.
public struct LeadDraft: Codable, Sendable, Equatable {
    public var email: String
    public var emailASCII: String?
    public var firstName: String?
    public var course: String
    public var recommendedCourse: String?
    public var answers: [LeadAnswer]
    public var language: String
    public var source: String
    public var company: String?
    public var teamSize: Int?
    /// "preregistration", or "quote" for a team.
    public var kind: String
    public var consentVersion: String
    /// Questions the prospect asked that Madi could not answer, for the call back.
    public var questions: [String] = []
    /// The lead saved earlier in the same conversation, which this one replaces (the course was
    /// changed after signing up).
    public var replaces: String?
    /// The prospect took the consent back after signing up: the lead `replaces` names is marked
    /// withdrawn (kept, so that the team knows not to write).
    public var withdrawn: Bool?
    /// With `withdrawn`: the prospect asked for their data to be erased.
    public var erase: Bool?
    /// An update with no consent asked (a note, a corrected size or address after signing up):
    /// the consent stored stands, with its time.
    public var keepsConsent: Bool?

    public init(email: String, emailASCII: String?, firstName: String?, course: String, recommendedCourse: String?,
                answers: [LeadAnswer], language: String, source: String, company: String?, teamSize: Int?,
                kind: String, consentVersion: String, questions: [String] = []) {
        self.questions = questions
        self.email = email
        self.emailASCII = emailASCII
        self.firstName = firstName
        self.course = course
        self.recommendedCourse = recommendedCourse
        self.answers = answers
        self.language = language
        self.source = source
        self.company = company
        self.teamSize = teamSize
        self.kind = kind
        self.consentVersion = consentVersion
    }
}

extension LeadDraft {
    /// Every text field as stored: control characters, escape sequences and invisible format
    /// characters removed, spaces collapsed (whatever front or path the text came through).
    public var cleaned: LeadDraft {
        var d = self
        let clean = { (s: String) in Sanitize.line(s) }
        d.email = clean(email)
        d.emailASCII = emailASCII.map(clean)
        d.firstName = firstName.map(clean)
        d.course = clean(course)
        d.recommendedCourse = recommendedCourse.map(clean)
        d.answers = answers.map { LeadAnswer(step: clean($0.step), value: clean($0.value), label: clean($0.label)) }
        d.language = clean(language)
        d.source = clean(source)
        d.company = company.map(clean)
        d.kind = clean(kind)
        d.consentVersion = clean(consentVersion)
        d.questions = questions.map(clean)
        return d
    }
}

public struct OptionView: Codable, Sendable, Equatable {
    public var id: String
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }
}

public struct CourseFacts: Codable, Sendable, Equatable {
    public var course: String
    public var name: String
    public var price: Int
    public var currency: String
    public var priceText: String
    public var duration: String
    public var level: String
    public var nextSession: String?
    public var nextSessionText: String
    public var formats: [String]
}

public struct RecommendationView: Codable, Sendable, Equatable {
    public var course: String
    public var facts: CourseFacts
    /// The answers that weighed most, as the prospect gave them.
    public var reasons: [String]
    /// A higher course the prospect aims at, shown on the ladder.
    public var goal: String?
    public var quote: Bool
}

/// What Madi says after one turn, and what a front needs to show it.
public struct Reply: Sendable, Equatable {
    public var messages: [String] = []
    /// The current step's options (for a JSON client, always; a chat front prints them when `asked`).
    public var options: [OptionView] = []
    /// The question was (re)asked in this reply.
    public var asked = false
    public var step: String = ""
    public var recommendation: RecommendationView?
    public var lead: LeadStatus = .none
    public var done = false
    /// The prospect asked to quit: a chat front ends here.
    public var quit = false
    /// How the turn read the message (for evaluation and analytics; not sent to clients).
    public var trace = Trace()
    /// The id of the lead the store committed in this turn (for analytics; not sent to clients).
    public var leadId: String?
}

/// What a turn understood of a message.
public struct Trace: Sendable, Equatable {
    /// Answers recorded, the current question's first.
    public var noted: [Noted] = []
    /// The side question answered: a FAQ id, "llm", or "unknown" (kept for the team).
    public var side: String?
    /// A general intent acted on.
    public var intent: Intent?
    /// Options offered in a "did you mean A or B?".
    public var clarify: [String]?
    /// The message was not understood.
    public var missed = false
    /// A phone number was given where an e-mail was asked.
    public var phone = false

    public init() {}

    mutating func add(_ other: Trace) {
        noted += other.noted
        side = side ?? other.side
        intent = intent ?? other.intent
        clarify = clarify ?? other.clarify
        missed = missed || other.missed
        phone = phone || other.phone
    }
}

public struct Turn: Sendable {
    public var session: Session
    public var reply: Reply
    public var effects: [Effect]
}
