/// A message Madi did not understand: a reprompt for the step the first time, the whole list of
/// options from the second.
extension TurnBuilder {
    mutating func miss(_ input: PreparedInput) {
        trace.missed = true
        s.misses += 1
        if s.misses >= 2 {
            say("reprompt.list")
            ask()
        } else if let step = current {
            switch step.kind {
            case .number: say("reprompt.number", ["min": step.min.map(String.init) ?? "1", "max": step.max.map(String.init) ?? "…"])
            case .consent: say("consent.reprompt"); asked = true
            case .yesNo: say("reprompt.yes_no"); asked = true
            case .text: say("reprompt.text")
            default:
                say("reprompt.short")
                ask(again: true)
            }
        }
    }
}
