/// One step of the questionnaire. What every kind has is here (its id, its question, its ways
/// out, the lead field it fills); what only its kind has is in `detail`, and what the kind does
/// is in Steps/<Kind>Step.swift.
///
/// Immutable once loaded; a class, so that handing a step around is one reference, not a copy
/// of every field.
public final class Step: Sendable {
    public let id: String
    public let kind: StepKind
    /// String key of the question (or of the message, for an end step).
    public let prompt: String
    /// What only this kind of step has (a choice's options, a number's bounds...).
    public let detail: StepDetail
    /// Default transition; for recommend: "interested"; for courses: a course was chosen.
    public let next: Next?
    /// yes_no and consent: where yes and no lead. recommend: `no` is "no thanks".
    public let yes: Next?
    public let no: Next?
    /// Where the prospect goes who declines here ("none of these", "not interested").
    public let decline: Next?
    /// The lead field a number or text step fills ("team_size", "company", "first_name").
    public let field: String?
    /// Words by which a prospect names this question when going back to it ("my job answer",
    /// "the team size").
    public let names: LocalizedList
    public let line: Int?

    public init(id: String, prompt: String, detail: StepDetail, next: Next? = nil, yes: Next? = nil, no: Next? = nil,
                decline: Next? = nil, field: String? = nil, names: LocalizedList = [:], line: Int? = nil) {
        self.id = id
        kind = detail.kind
        self.prompt = prompt
        self.detail = detail
        self.next = next
        self.yes = yes
        self.no = no
        self.decline = decline
        self.field = field
        self.names = names
        self.line = line
    }

    /// A question about the prospect, whose answer goes with the lead.
    public var isQuestion: Bool { kind == .choice || kind == .number || kind == .yesNo || kind == .text }

    /// A choice step's options; other kinds have none.
    public var options: [AnswerOption] { choice?.options ?? [] }

    public func option(_ id: String) -> AnswerOption? { options.first { $0.id == id } }

    /// The bounds of a number step; a text step's longest answer (`max`).
    public var min: Int? { number?.min }

    public var max: Int? {
        switch detail {
        case let .number(n): return n.max
        case let .text(t): return t.max
        default: return nil
        }
    }

    /// A choice step that steers the conversation (welcome) rather than asks about the prospect.
    public var navigation: Bool { choice?.navigation ?? false }

    /// A choice step whose answer may be picked up from what the prospect says at other steps.
    public var prefill: Bool { choice?.prefill ?? false }
}
