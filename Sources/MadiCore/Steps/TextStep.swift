/// A short free text (a company, a first name), stored in a lead field; the message is read by
/// `TurnBuilder.read`.
public struct TextStep: Sendable {
    /// The longest answer kept (120 characters when not said).
    public let max: Int?

    public init(max: Int? = nil) { self.max = max }

    init(_ keys: StepKeys) { self.init(max: keys.max) }
}

extension TextStep: StepBehaviour {
    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("reprompt.text")
    }

    static func pathWays(_ step: Step) -> PathWays { .answers([("#", step.next)]) }
}
