/// A message Madi did not understand: the step kind's reprompt the first time (`StepBehaviour
/// .reprompt`), the whole list of options from the second.
extension TurnBuilder {
    mutating func miss(_ input: PreparedInput) {
        trace.missed = true
        s.misses += 1
        if s.misses >= 2 {
            say("reprompt.list")
            ask(again: true) // the question's short form: the welcome is not said again
        } else if let step = current {
            step.kind.behaviour.reprompt(step, &self)
        }
    }
}
