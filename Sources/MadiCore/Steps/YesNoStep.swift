/// A yes or no question: `yes:` and `no:` say where each leads.
public struct YesNoStep: Sendable {
    public init() {}
}

extension YesNoStep: StepBehaviour {
    static var hasFixedOptions: Bool { true }

    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] {
        [OptionView(id: "yes", label: content.strings.text("option.yes", lang)),
         OptionView(id: "no", label: content.strings.text("option.no", lang))]
    }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        turn.setAnswer(step.id, Answer(option: id))
        turn.advance(step, turn.resolve(id == "yes" ? step.yes : step.no))
    }

    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("reprompt.yes_no")
        turn.asked = true
    }

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        guard step.yes == nil || step.no == nil else { return [] }
        let missing = step.yes == nil ? "yes" : "no"
        return [(step.line, "step '\(step.id)' has no way out for \(missing) (missing '\(missing)')")]
    }

    static func pathWays(_ step: Step) -> PathWays { .answers([("yes", step.yes), ("no", step.no)]) }
}
