/// The last word: its prompt is the message; the conversation is then done.
public struct EndStep: Sendable {
    public init() {}
}

extension EndStep: StepBehaviour {
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        turn.flush()
        turn.out.append(turn.t(endKey(step, turn), turn.endParams()))
        turn.s.done = true
    }

    /// The end message: for a team's quote request, its own wording when the content has one.
    /// With the prospect's first name known, its `.named` form when the content has one ("You're
    /// all set, Karen!" rather than the address).
    static func endKey(_ step: Step, _ turn: TurnBuilder) -> String {
        var key = step.prompt
        if turn.s.lead == .saved, turn.quoteRequested, turn.content.strings.has(step.prompt + ".quote", turn.lang) {
            key += ".quote"
        }
        if turn.s.lead == .saved, turn.s.firstName != nil, turn.content.strings.has(key + ".named", turn.lang) { key += ".named" }
        // ("recontactez-moi en janvier": the call back when the prospect said, not within 24 hours.)
        if turn.s.lead == .saved, turn.s.contactLater == true, turn.content.strings.has(key + ".later", turn.lang) { key += ".later" }
        return key
    }

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        step.next != nil || step.yes != nil || step.no != nil ? [(step.line, "step '\(step.id)': an end step has no transitions")] : []
    }
}

extension TurnBuilder {
    mutating func endParams() -> [String: String] {
        var p: [String: String] = ["email": s.email?.normalized ?? "", "name": s.firstName ?? ""]
        if let id = leadCourse(), let c = content.catalogue.course(id) { p["course"] = c.name }
        if let q = teamQuantity { p["team"] = quantityText(q) }
        return p
    }
}
