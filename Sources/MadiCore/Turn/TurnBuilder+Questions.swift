/// Moving between steps and building what comes next: what was noted, a side question's answer,
/// then the next question. What each step says is its kind's (`StepBehaviour`).
extension TurnBuilder {
    /// Leaves `step` for `target`, remembering it for `back`.
    mutating func advance(_ step: Step, _ target: String?) {
        guard let target else { return }
        go(to: target, from: step.id)
    }

    mutating func go(to target: String, from: String) {
        if s.history.last != from { s.history.append(from) }
        s.misses = 0
        enter(target)
    }

    /// Arrives at a step and says what it says there.
    mutating func enter(_ id: String, usePrefill: Bool = true) {
        guard let step = content.step(id) else { return }
        s.step = id
        s.misses = 0
        step.kind.behaviour.enter(step, &self, usePrefill: usePrefill)
    }

    /// Says what was noted from this message and the side question's answer, before what comes next.
    mutating func flush() {
        if !prefilled.isEmpty {
            let list = prefilled.count == 1 ? prefilled[0]
                : prefilled.dropLast().joined(separator: t("format.list_separator")) + t("format.and") + prefilled.last!
            out.append(t("ack.prefilled", ["answer": list]))
            prefilled = []
        }
        if !preface.isEmpty { out += preface; preface = [] }
    }

    /// (Re)asks the current question; `again`: in its short form, when the prospect saw it already.
    mutating func ask(again: Bool = false) {
        flush()
        guard let step = current, step.kind != .end else { return }
        if s.done { say("end.hint"); return }
        let kind = step.kind.behaviour
        if again, kind.hasShortForm(step, self),
           content.strings.has(step.prompt + ".again", lang) || content.strings.has(step.prompt + ".again", content.defaultLanguage) {
            say(step.prompt + ".again")
            asked = true
            return
        }
        kind.ask(step, &self)
        asked = true
    }

    /// The step's question as written (its only parameters are the step's bounds).
    mutating func sayPrompt(_ step: Step) {
        out.append(engine.tables.prompts[step.id]?[lang] ?? Engine.promptText(content, step, lang))
    }
}
