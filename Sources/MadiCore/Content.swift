/// The content Madi plays: the questionnaire, the catalogue, every sentence, the FAQ and the
/// small lexicon used to understand answers. All of it is loaded from `Dialogues/` and validated
/// by `ContentLoader`; nothing here is written in Swift.

/// A text per language code ("fr", "en").
public typealias Localized = [String: String]
/// A list of phrases per language code.
public typealias LocalizedList = [String: [String]]

/// Immutable once loaded; a class, so that the engine shares it instead of copying it.
public final class Content: Sendable {
    public let languages: [String]
    public let defaultLanguage: String
    public let start: String
    public let steps: [Step]
    public let stepIndex: [String: Int]
    public let catalogue: Catalogue
    public let strings: Strings
    public let faq: [FAQEntry]
    public let commands: [CommandPhrase]
    public let lexicon: [String: Lexicon]
    /// The classifier's example messages (Dialogues/examples/<lang>.yaml).
    public let examples: [Classifier.Example]

    init(languages: [String], defaultLanguage: String, start: String, steps: [Step], catalogue: Catalogue,
         strings: Strings, faq: [FAQEntry], commands: [CommandPhrase], lexicon: [String: Lexicon],
         examples: [Classifier.Example] = []) {
        self.examples = examples
        self.languages = languages
        self.defaultLanguage = defaultLanguage
        self.start = start
        self.steps = steps
        var index: [String: Int] = [:]
        for (i, step) in steps.enumerated() where index[step.id] == nil { index[step.id] = i }
        stepIndex = index
        self.catalogue = catalogue
        self.strings = strings
        self.faq = faq
        self.commands = commands
        self.lexicon = lexicon
    }

    /// Ids of the recommend steps (usually one).
    public var recommendSteps: [String] { steps.filter { $0.kind == .recommend }.map(\.id) }

    /// The step with this id. A questionnaire holds a few steps: comparing short ids (compared
    /// by their bytes) costs less than hashing one, and this is looked up several times a turn.
    public func step(_ id: String) -> Step? {
        if steps.count <= 32 { return steps.first { $0.id == id } }
        return stepIndex[id].map { steps[$0] }
    }

    /// The first step of the kind, if the questionnaire has one.
    public func firstStep(ofKind kind: StepKind) -> Step? {
        steps.first { $0.kind == kind }
    }
}

/// A condition on earlier answers: every listed step's chosen option must be one of the ids.
public typealias Condition = [String: [String]]

public struct Transition: Sendable, Equatable {
    public var when: Condition
    public var goto: String
    public var line: Int?
}

/// Where a step or an option leads: rules tried in order, the first whose condition holds wins.
public struct Next: Sendable, Equatable {
    public var rules: [Transition]
    public var targets: [String] { rules.map(\.goto) }
}

/// Immutable once loaded, shared by reference like `Step`.
public final class AnswerOption: Sendable {
    public let id: String
    public let label: Localized
    public let synonyms: LocalizedList
    /// Score contributions toward each course id.
    public let weights: [String: Int]
    /// The highest course this answer allows (the prospect's level), if it limits it.
    public let cap: String?
    public let next: Next?
    /// Why this answer points to a course, said in the recommendation ("tu débutes avec l'IA").
    public let reason: Localized
    /// A start date: this option is a start within this many months ("en janvier" picks the first
    /// option, in order, whose `months` reach that month).
    public let months: Int?
    /// Phrases (among the synonyms) that make this the answer when said beside another option's:
    /// "je suis infirmière et je pense à me reconvertir" names the job being left.
    public let prevails: LocalizedList
    public let line: Int?

    public init(id: String, label: Localized, synonyms: LocalizedList, weights: [String: Int], cap: String?, next: Next?,
                reason: Localized = [:], months: Int? = nil, prevails: LocalizedList = [:], line: Int?) {
        self.reason = reason
        self.prevails = prevails
        self.months = months
        self.id = id
        self.label = label
        self.synonyms = synonyms
        self.weights = weights
        self.cap = cap
        self.next = next
        self.line = line
    }
}

/// Immutable once loaded, shared by reference like `Step`.
public final class Course: Sendable {
    public let id: String
    public let name: String
    public let order: Int
    public let level: Localized
    public let price: Int
    public let currency: String
    public let duration: Localized
    public let formats: [String]
    /// ISO dates (YYYY-MM-DD), ascending.
    public let sessions: [String]
    /// The same, parsed once.
    public let sessionDays: [Day]
    public let prerequisites: Localized
    public let outcomes: LocalizedList
    public let summary: Localized
    public let synonyms: LocalizedList
    /// Words right before the name that make it something else ("en master", "my master's
    /// thesis": a degree, not the course).
    public let notAfter: LocalizedList
    /// Words right after the name that make it something else ("master of marketing", "master
    /// de droit": a degree).
    public let notBefore: LocalizedList
    public let line: Int?

    public init(id: String, name: String, order: Int, level: Localized, price: Int, currency: String,
                duration: Localized, formats: [String], sessions: [String], sessionDays: [Day],
                prerequisites: Localized, outcomes: LocalizedList, summary: Localized, synonyms: LocalizedList,
                notAfter: LocalizedList = [:], notBefore: LocalizedList = [:], line: Int?) {
        self.id = id
        self.name = name
        self.order = order
        self.level = level
        self.price = price
        self.currency = currency
        self.duration = duration
        self.formats = formats
        self.sessions = sessions
        self.sessionDays = sessionDays
        self.prerequisites = prerequisites
        self.outcomes = outcomes
        self.summary = summary
        self.synonyms = synonyms
        self.notAfter = notAfter
        self.notBefore = notBefore
        self.line = line
    }
}

public struct Catalogue: Sendable {
    /// The prices and dates are examples, to be replaced by the owner.
    public var exampleValues: Bool
    /// Ordered on the ladder, lowest first.
    public var courses: [Course]

    public func course(_ id: String) -> Course? { courses.first { $0.id == id } }
    public func rank(_ id: String) -> Int { courses.firstIndex { $0.id == id } ?? 0 }
    public func next(after id: String) -> Course? {
        let r = rank(id)
        return r + 1 < courses.count ? courses[r + 1] : nil
    }
}

public enum FAQScope: String, Sendable {
    /// Answer about the mentioned course, else the recommended one, else every course.
    case course
    /// Compare two courses.
    case pair
    /// One answer, no course.
    case none
}

public struct FAQEntry: Sendable {
    public var id: String
    public var keywords: LocalizedList
    public var scope: FAQScope
    /// String key of the answer.
    public var answer: String
    /// Optional key used when the course is the last of the ladder (scope course).
    public var answerLast: String?
    /// The question is kept with the lead: the team answers it when it calls back (funding...).
    public var keep: Bool = false
    /// Its keywords count only in a message that names a course, and only when no other entry's
    /// keyword is found ("tell me about starter", not "tell me about funding").
    public var needsCourse: Bool = false
    /// Words that, right after a keyword (or after "de"/"of" that follows it), make it ask
    /// something else ("combien de participants" is no question of price).
    public var notBefore: LocalizedList = [:]
    /// Words that, right before a keyword, make it ask something else ("par session" counts per
    /// session, it asks no date).
    public var notAfter: LocalizedList = [:]
    public var line: Int?
}

public enum CommandName: String, Sendable, CaseIterable, Codable {
    case back, restart, courses, help, quit, language
}

public struct CommandPhrase: Sendable {
    public var command: CommandName
    public var phrases: LocalizedList
}

public struct Lexicon: Sendable {
    public var yes: [String]
    public var no: [String]
    public var numbers: [String: Int]
    public var fillers: [String]
    public var months: [String]
    /// Ways to name this language ("english", "en anglais").
    public var names: [String]
    /// Words that turn a yes into something else ("pas", "not").
    public var negations: [String]
    /// Approximate counts ("dizaine": 10, "dozen": 12).
    public var approximations: [String: Int] = [:]
    /// A season as a start date, and the month it starts from ("printemps": 3).
    public var seasons: [String: Int] = [:]
    /// Words that make a count approximate ("environ", "about").
    public var hedges: [String] = []
    /// Words between the two ends of a range ("à", "ou", "to") and before its start ("entre", "between").
    public var rangeWords: [String] = []
    public var rangeOpeners: [String] = []
    /// Nouns that make a number a count of people ("personnes", "salariés", "people").
    public var people: [String] = []
    /// Words before a count of people ("on est", "équipe de", "we are", "team of").
    public var groupOpeners: [String] = []
    /// Number words that are ranks, not counts ("premier", "first").
    public var ordinals: [String] = []
    /// Words that close a request politely ("stp", "please"): "go back please" is `/back`.
    public var politeness: [String] = []
    /// Words that make a team of one ("juste moi", "only me").
    public var selfOnly: [String] = []
    /// Words that add the prospect to a count ("deux collègues et moi", "me plus two").
    public var plusSelf: [String] = []
    /// Words that join two clauses ("et", "mais", "and", "but").
    public var clauseJoiners: [String] = []
    /// Words too common to tell labels apart ("je", "le", "the"): not features of the classifier.
    public var stopwords: [String] = []
    /// Words that open a question ("combien", "how"): a sentence starting with one is a side question.
    public var questionOpeners: [String] = []
    /// Word beginnings that speak of phone calls ("appel", "téléphon") and of e-mail ("mail").
    public var callWords: [String] = []
    public var mailWords: [String] = []
    /// Word beginnings that speak of unwanted mail ("spam", "pub"): "oui mais pas de spam" is a yes.
    public var spamWords: [String] = []
    /// Words that may open a name given in a sentence ("il s'agit de la société", "my company is"):
    /// not part of the name.
    public var nameLeadIns: [String] = []
    /// Words that introduce the prospect by name ("je m'appelle", "my name is"): what follows is a
    /// first name.
    public var selfIntros: [String] = []
    /// Words that may introduce the prospect by name or say something else ("je suis", "i'm"): a
    /// name only when it is written with a capital and is no word Madi knows ("hi, I'm Tom").
    public var looseSelfIntros: [String] = []
    /// Words written with a capital that are no first name after `loose_self_intros` ("I'm
    /// Italian", "je suis Lyonnaise").
    public var notNames: [String] = []
    /// Words that say an earlier answer is corrected ("en fait", "actually").
    public var correctionCues: [String] = []
    /// Words that ask Madi to pass something on to the team ("dis à l'équipe", "add a note"): the
    /// message is kept with the lead as it is.
    public var noteRequests: [String] = []
    /// Words next to which a rank picks an option ("the second one", "la deuxième").
    public var rankWords: [String] = []
    /// Words that say a choice ("je prends", "plutôt", "i'll take", "instead"): a course named with
    /// one at the offer, at consent or after a no thanks is the one chosen.
    public var choiceWords: [String] = []
    /// Words that say an interest ("intéressé", "interested"): with a course named after a no
    /// thanks, that course; not enough to change the course at consent.
    public var interestWords: [String] = []
    /// Words that may come right before a month said as a start date ("en", "d'ici", "in", "by").
    public var monthLeadIns: [String] = []
    /// Words that say the course is not for the prospect alone ("pas pour moi", "not for me"):
    /// said with the team's option, the team's questions start.
    public var forOthers: [String] = []
    /// Words that thank or take leave ("merci", "bonne soirée", "bye"): said after the end, a goodbye back.
    public var goodbyes: [String] = []
    /// Words that say an answer is a mix ("hétérogène", "d'autres", "mixed"): two options named are asked back.
    public var mixedWords: [String] = []
    /// Words that say two answers at once ("les deux", "un peu des deux", "both"): at a question
    /// with options, the two options the message names are asked back rather than one recorded.
    public var bothWords: [String] = []
    /// Words for people close to the prospect ("petits-enfants", "kids", "boss"): a clause whose
    /// subject they are, with `people`, says nothing of the prospect's own use ("mes petits-enfants
    /// utilisent ChatGPT tout le temps").
    public var relatives: [String] = []
    /// Words that say much without saying what ("bcp de choses", "lots of stuff"): a message of
    /// nothing else answers no question.
    public var vagueWords: [String] = []
    /// Words that say the prospect does not know ("jsp", "idk"): a yes said with them is not a yes.
    public var unsureWords: [String] = []
    /// Words that ask, after signing up, to take the consent back ("ne me contactez plus",
    /// "delete my data"): asked back, then the saved lead is marked withdrawn.
    public var withdrawRequests: [String] = []
    /// Words that name the e-mail address ("adresse", "mail") and words that ask to change
    /// something ("changer", "wrong"): together after signing up, the address is asked again.
    public var addressWords: [String] = []
    /// Word beginnings that ask for data to be erased ("supprim", "effac", "delete"): said with a
    /// withdrawal, the request goes to the team with the lead.
    public var eraseWords: [String] = []
    /// Words that give the consent again after withdrawing ("keep my registration").
    public var rejoinRequests: [String] = []
    /// Words that ask for this language ("in english please", "vous parlez français ?"): said in
    /// a short message, Madi goes on in it.
    public var languageRequests: [String] = []
    /// Words for a company ("boîte", "entreprise", "company"): a count after one and "de"/"of"
    /// ("une boîte de 200 personnes") is the company's size, not a team's.
    public var companyWords: [String] = []
    public var changeWords: [String] = []
    /// Words said for "@" and "." in an address ("arobase", "at"; "point", "dot"), one word each.
    public var atWords: [String] = []
    public var dotWords: [String] = []
    /// Words said for "-" and "_" in an address ("tiret", "dash"; "tiret bas", "underscore"), one
    /// to three words each.
    public var dashWords: [String] = []
    public var underscoreWords: [String] = []
    /// Words that may come before an address said in words ("c'est", "my email is").
    public var addressOpeners: [String] = []
}

extension Dictionary where Key == String {
    /// The values in the order of their keys (languages, labels): what is read from them never
    /// depends on the process's hash seed, so that a message reads the same in every run.
    public var inKeyOrder: [Value] { keys.sorted().map { self[$0]! } }
}
