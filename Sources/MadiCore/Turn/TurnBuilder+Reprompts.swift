/// A message Madi did not understand: the step kind's reprompt the first time (`StepBehaviour
/// .reprompt`), the whole list of options from the second where there is a list; a message that
/// says much without saying what gets a question of its own.
extension TurnBuilder {
    mutating func miss(_ input: PreparedInput) {
        trace.missed = true
        s.misses += 1
        if let step = current, step.kind == .choice, u.saysOnlyVague(input) {
            // "bcp de choses", "lots of stuff": not a miss of the words, so not "I didn't catch that".
            // It asks the question in its own words: the options follow, not the question again.
            flush()
            say("reprompt.vague")
            asked = true
        } else if s.misses >= 2, current.map({ [StepKind.choice, .yesNo, .consent, .recommend, .courses].contains($0.kind) }) ?? true {
            // (Only where there is a list: a count, a name or an address has none to pick from.)
            say("reprompt.list")
            ask(again: true) // the question's short form: the welcome is not said again
        } else if let step = current {
            step.kind.behaviour.reprompt(step, &self)
        }
    }
}
