/// The registry of step kinds. Each kind lives in Steps/<Kind>Step.swift: what it holds (its
/// payload in `StepDetail`) and what it does (`StepBehaviour`). Adding a kind is that file and
/// one line in each list below.

public enum StepKind: String, Sendable, CaseIterable, Codable {
    case choice
    case number
    case yesNo = "yes_no"
    case text
    case email
    case consent
    case recommend
    case courses
    case end

    /// What the kind does in a turn: a type, so that reaching it boxes and allocates nothing.
    var behaviour: any StepBehaviour.Type {
        switch self {
        case .choice: ChoiceStep.self
        case .number: NumberStep.self
        case .yesNo: YesNoStep.self
        case .text: TextStep.self
        case .email: EmailStep.self
        case .consent: ConsentStep.self
        case .recommend: RecommendStep.self
        case .courses: CoursesStep.self
        case .end: EndStep.self
        }
    }
}

/// What a step holds that only its kind uses.
public enum StepDetail: Sendable {
    case choice(ChoiceStep)
    case number(NumberStep)
    case yesNo(YesNoStep)
    case text(TextStep)
    case email(EmailStep)
    case consent(ConsentStep)
    case recommend(RecommendStep)
    case courses(CoursesStep)
    case end(EndStep)

    public var kind: StepKind {
        switch self {
        case .choice: .choice
        case .number: .number
        case .yesNo: .yesNo
        case .text: .text
        case .email: .email
        case .consent: .consent
        case .recommend: .recommend
        case .courses: .courses
        case .end: .end
        }
    }

    /// The kind's part of a step as written in the questionnaire.
    init(_ kind: StepKind, _ keys: StepKeys) {
        switch kind {
        case .choice: self = .choice(ChoiceStep(keys))
        case .number: self = .number(NumberStep(keys))
        case .yesNo: self = .yesNo(YesNoStep())
        case .text: self = .text(TextStep(keys))
        case .email: self = .email(EmailStep())
        case .consent: self = .consent(ConsentStep(keys))
        case .recommend: self = .recommend(RecommendStep(keys))
        case .courses: self = .courses(CoursesStep())
        case .end: self = .end(EndStep())
        }
    }
}

/// The keys of a step that belong to one kind or another, as read from the questionnaire; each
/// kind keeps those it uses.
struct StepKeys {
    var options: [AnswerOption] = []
    var min: Int?
    var max: Int?
    var aspiration = false
    var navigation = false
    var prefill = false
    var cues: LocalizedList = [:]
    var prefillNeedsCue = false
    var notAfter: LocalizedList = [:]
    var personal = false
    var quoteWhen: Condition?
    var consentVersion: String?
}
