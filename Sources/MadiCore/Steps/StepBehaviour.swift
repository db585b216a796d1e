/// What one kind of step does in a turn. Each kind implements it in Steps/<Kind>Step.swift,
/// overriding only what differs from the defaults below. The requirements are static: the engine
/// calls them on `step.kind.behaviour`, a type, so a turn boxes and allocates nothing to reach them.
protocol StepBehaviour {
    /// Arriving at the step: what Madi says there (by default, the question).
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool)
    /// The question in its full form (by default, the step's prompt).
    static func ask(_ step: Step, _ turn: inout TurnBuilder)
    /// Whether the question may be asked again in its short form (the prompt's ".again" text).
    static func hasShortForm(_ step: Step, _ turn: TurnBuilder) -> Bool
    /// The options shown (by default none, or the fixed ones).
    static func options(_ step: Step, _ turn: TurnBuilder) -> [OptionView]
    /// The kind's options depend only on the step, the language and one variant (a retry, a
    /// quote, a return to the questions): they are built once, as the engine is made.
    static var hasFixedOptions: Bool { get }
    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView]
    /// Which variant of the fixed options the session sees.
    static func variant(_ step: Step, _ turn: TurnBuilder) -> Bool
    /// Takes an option id as the answer (from the list, a number, a synonym or an explicit choice).
    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder)
    /// A message not understood, the first time (by default, a short reprompt and the question again).
    static func reprompt(_ step: Step, _ turn: inout TurnBuilder)
    /// Says the step again (after a language switch).
    static func repeatStep(_ step: Step, _ turn: inout TurnBuilder)
}

extension StepBehaviour {
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) { turn.ask() }
    static func ask(_ step: Step, _ turn: inout TurnBuilder) { turn.sayPrompt(step) }
    static func hasShortForm(_ step: Step, _ turn: TurnBuilder) -> Bool { true }
    static func options(_ step: Step, _ turn: TurnBuilder) -> [OptionView] {
        hasFixedOptions ? turn.fixed(step).views : []
    }
    static var hasFixedOptions: Bool { false }
    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] { [] }
    static func variant(_ step: Step, _ turn: TurnBuilder) -> Bool { false }
    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {}
    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("reprompt.short")
        turn.ask(again: true)
    }
    static func repeatStep(_ step: Step, _ turn: inout TurnBuilder) { turn.ask() }
}
