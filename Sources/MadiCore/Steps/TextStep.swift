/// A short free text (a company, a first name), stored in a lead field; the message is read by
/// `TurnBuilder.read`.
public struct TextStep: Sendable {
    /// The longest answer kept (120 characters when not said).
    public let max: Int?

    public init(max: Int? = nil) { self.max = max }

    init(_ keys: StepKeys) { self.init(max: keys.max) }
}

extension TextStep: StepBehaviour {
    /// A company's name said before its question ("yes pls. we're Acme Ltd") is taken, said back,
    /// and the next question asked.
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        if usePrefill, step.field == "company", let name = turn.s.prefillCompany {
            turn.s.prefillCompany = nil
            turn.setAnswer(step.id, Answer(text: String(name.prefix(step.max ?? 120))))
            turn.note(step.id, name, .text)
            turn.prefilled.append(name)
            turn.advance(step, turn.resolve(step.next))
            return
        }
        // (Come back to after a no thanks, "ugh ok fine. marco@lepetitzinc.fr": the name given
        // before stands; it is not asked again.)
        if usePrefill, turn.s.answers[step.id] != nil {
            turn.advance(step, turn.resolve(step.next))
            return
        }
        turn.ask()
    }

    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("reprompt.text")
    }

    static func pathWays(_ step: Step) -> PathWays { .answers([("#", step.next)]) }
}
