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

    // As the content loads, and for `madi paths`:
    /// What the step lacks to lead somewhere, for the validator (by default, a `next`).
    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)]
    /// The classifier labels of the step's answers ("step.option"), and what each names: every one
    /// needs examples (by default, none).
    static func exampleLabels(_ step: Step, _ content: Content) -> [(label: String, what: String)]
    /// How `madi paths` goes on from the step (by default, it stops).
    static func pathWays(_ step: Step) -> PathWays
}

/// How `madi paths` goes on from a step.
enum PathWays {
    /// Each answer (nil: not recorded, as at the welcome) and where it leads.
    case answers([(answer: String?, next: Next?)])
    /// The recommendation: one row of the table.
    case recommendation
    case stop
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

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        step.next == nil ? [(step.line, "step '\(step.id)' has no way out (missing 'next')")] : []
    }
    static func exampleLabels(_ step: Step, _ content: Content) -> [(label: String, what: String)] { [] }
    static func pathWays(_ step: Step) -> PathWays { .stop }
}

extension StepBehaviour {
    /// The lint problems of a step whose ways out are missing: each (transition, its key, when it
    /// is taken).
    static func missingWays(_ step: Step, _ ways: [(next: Next?, key: String, when: String)]) -> [(line: Int?, message: String)] {
        ways.compactMap { way in
            way.next == nil ? (step.line, "step '\(step.id)' has no way out \(way.when) (missing '\(way.key)')") : nil
        }
    }
}
