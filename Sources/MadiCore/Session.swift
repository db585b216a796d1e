import MadiEmail
import Synchronization

/// One conversation, as a small value: fronts keep it, encode it, move it; the engine never
/// holds it between turns.
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
    /// A course the prospect chose from the catalogue (rather than from the recommendation).
    public var chosenCourse: String?
    public var email: EmailAddress?
    /// An e-mail address waiting for the prospect to accept or refuse a typo suggestion.
    public var emailPending: EmailAddress?
    public var emailSuggestion: String?
    /// An address rebuilt from a message that said it in words ("jean point dupont arobase gmail
    /// point com"), waiting for the prospect to confirm it.
    public var emailRebuilt: String?
    public var lead: LeadStatus = .none
    /// Where "guide me" returns to from the catalogue.
    public var resume: String?
    public var source: String
    public var today: Day
    public var firstName: String?
    /// The course the prospect came from, when the front knows it.
    public var courseContext: String?
    public var done: Bool = false
    /// An assistant (LLM) may be asked when the rules do not understand.
    public var assistant: Bool = false
    /// What the assistant is being asked, while its answer is awaited.
    public var pending: Pending?
    /// The recommendation, once computed; dropped whenever an answer changes.
    public var recommendation: Recommendation?
    /// Another course than the one offered whose card was shown at the offer ("tell me about
    /// performer"): the course a "yes" then signs up for.
    public var courseInView: String?
    /// Two options Madi asked the prospect to choose between ("did you mean A or B?").
    public var clarify: [String]?
    /// A team size said before its question was asked ("mon équipe de 5 personnes").
    public var prefillQuantity: Quantity?
    /// Side questions Madi could not answer: kept with the lead for the team's call back.
    public var questions: [String] = []
    /// An address said before it was asked ("ok ça me va, sophie@studio.fr").
    public var prefillEmail: String?
    /// A company's name said before it was asked ("yes pls. we're Acme Ltd, based in Leeds").
    public var prefillCompany: String?
    /// The prospect said they were annoyed once already.
    public var frustrated = false
    /// The questions answered in the last turn from words said earlier, and said back ("Noté :
    /// …"): the next message may correct them.
    public var prefilledLast: [String]?
    /// The lead saved in this session: a later save for another course ("finalement je préfère
    /// Performer") replaces it rather than adding a second one.
    public var leadId: String?
    /// The month said with an answer asked back ("d'ici septembre": "within three months, or just
    /// looking?"): kept with the option then picked.
    public var clarifyMonth: MonthSaid?
    /// A start month said before its question ("Starting in Feb would be ideal" at the first
    /// one): kept with the prefilled answer, so that the answer says it.
    public var prefillMonth: MonthSaid?
    /// A team's level said as a mix, asked back with a third answer, both: the words said.
    public var clarifyMixed: String?
    /// Later answers already said back ("Noté pour la suite : …"), as "step=value": not said
    /// again when their question comes.
    public var prefillsSaid: [String]?
    /// The prospect asked to be contacted later ("recontactez-moi en janvier"): the team's call
    /// back is not promised within 24 hours.
    public var contactLater: Bool?
    /// "I don't know, I've noted it for the team" was said once: the next is "noted too".
    public var unknownSaid: Bool?
    /// How many times a question kept was said "noted too" (its forms are said in turn).
    public var unknownAgain: Int?
    /// A worry about AI was answered with a word of comfort: not said again.
    public var reassured: Bool?
    /// A team's level said as a mix before its question: asked as such when it comes.
    public var mixedPending: MixedSaid?

    public struct MixedSaid: Codable, Sendable, Equatable {
        public var step: String
        public var pair: [String]
        public var said: String
    }

    public struct MonthSaid: Codable, Sendable, Equatable {
        public var number: Int
        public var name: String
    }

    /// Consent was refused in the last turn: a yes said next ("ok vas y", "sorry i misclicked,
    /// yes thats fine") is the consent.
    public var consentJustRefused: Bool?
    /// Taking the consent back after signing up ("ne me contactez plus"): asked back, then saving.
    public var withdrawal: Withdrawal?
    /// What the prospect said when asking to withdraw ("supprimez mes données": an erasure, passed on).
    public var withdrawalSaid: String?
    /// A message was read in the conversation's language, or one was asked for: the language is
    /// no longer switched to the one a message is written in.
    public var languageSettled: Bool?
    /// The last address refused as invalid ("max.mueller@gmx"): a domain said next ("sorry,
    /// gmx.de") completes it.
    public var emailTried: String?
    /// The address asked for again after signing up: the one given replaces the saved one.
    public var changingAddress: Bool?
    /// The address of the lead saved, while an update to another is being saved: it stands if the
    /// update is refused.
    public var savedEmail: EmailAddress?

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
}

public struct Answer: Codable, Sendable, Equatable {
    public var option: String?
    public var number: Int?
    public var text: String?
    /// A count as said ("une dizaine", "20-25"); `number` holds its value.
    public var quantity: Quantity?
    /// The first day of the month `number` the start is from, when later than the 1st ("fin
    /// janvier", "end of January": the 15th).
    public var day: Int?

    public init(option: String? = nil, number: Int? = nil, text: String? = nil, quantity: Quantity? = nil, day: Int? = nil) {
        self.option = option
        self.number = number
        self.text = text
        self.quantity = quantity
        self.day = day
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
