/// A whole number (a team size) between `min` and `max`, stored in a lead field. The message is
/// read by `TurnBuilder.readNumber`.
public struct NumberStep: Sendable {
    public let min: Int?
    public let max: Int?

    public init(min: Int? = nil, max: Int? = nil) {
        self.min = min
        self.max = max
    }

    init(_ keys: StepKeys) { self.init(min: keys.min, max: keys.max) }
}

extension Step {
    public var number: NumberStep? {
        if case let .number(n) = detail { return n }
        return nil
    }
}

extension NumberStep: StepBehaviour {
    /// A team size said earlier ("on est 5") is taken as the prospect arrives, if within bounds.
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        guard usePrefill, let q = turn.s.prefillQuantity, turn.s.answers[step.id] == nil else { turn.ask(); return }
        turn.s.prefillQuantity = nil
        if let lo = step.min, let hi = step.max, !(lo...hi).contains(q.value) { turn.ask(); return }
        if turn.s.prefillsSaid?.contains(where: { $0.hasPrefix(step.id + "=") }) == true {
            turn.s.prefillsSaid?.removeAll { $0.hasPrefix(step.id + "=") } // (said back already)
        } else if let team = turn.engine.teamChoice, let goal = turn.content.step(team.step)?.option(team.option),
                  turn.prefilled.last == ChoiceStep.noteText(goal, turn) {
            // ("je cherche une formation pour mon équipe de 5": one thing said back, not "tu veux
            // former ton équipe et une équipe de 5 personnes".)
            turn.prefilled[turn.prefilled.count - 1] = turn.t("noted.team_goal_size", ["team": turn.quantityText(q)])
        } else {
            turn.prefilled.append(turn.t("noted.team_size", ["team": turn.quantityText(q)]))
        }
        turn.setAnswer(step.id, Answer(number: q.value, text: nil, quantity: q))
        turn.advance(step, turn.resolve(step.next))
    }

    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("reprompt.number", ["min": step.min.map(String.init) ?? "1", "max": step.max.map(String.init) ?? "…"])
    }

    static func pathWays(_ step: Step) -> PathWays { .answers([("#", step.next)]) }
}
