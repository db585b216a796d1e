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
        notePendingLater()
        if !prefilled.isEmpty {
            let list = prefilled.count == 1 ? prefilled[0]
                : prefilled.dropLast().joined(separator: t("format.list_separator")) + t("format.and") + prefilled.last!
            out.append(t("ack.prefilled", ["answer": list]))
            prefilled = []
        }
        if !preface.isEmpty { out += preface; preface = [] }
    }

    /// Answers to later questions read from this message with the answer to this one ("je suis
    /// infirmière et je pense à me reconvertir" at the welcome): said now, in the same line as what
    /// else was noted, and not again when their question is skipped.
    mutating func notePendingLater() {
        guard !trace.noted.isEmpty else { return }
        var ahead: [String]?
        for n in trace.noted where n.step != s.step && !(s.prefillsSaid ?? []).contains(n.step + "=" + n.value) {
            guard let step = content.step(n.step), step.kind == .choice || step.kind == .number else { continue }
            let said: String
            if step.kind == .number, s.answers[n.step] == nil, let q = s.prefillQuantity {
                said = t("noted.team_size", ["team": quantityText(q)])
            } else if s.prefills[n.step] == n.value, let option = step.option(n.value) {
                said = ChoiceStep.noteText(option, self)
            } else { continue }
            // (Only a question this path still asks: a team's path asks nothing of the prospect's own use.)
            if ahead == nil { ahead = stepsAhead() }
            guard ahead!.contains(n.step) else { continue }
            prefilled.append(said)
            s.prefillsSaid = (s.prefillsSaid ?? []) + [n.step + "=" + n.value]
        }
    }

    /// The steps from the current one on, as the answers and the answers noted early lead.
    func stepsAhead() -> [String] {
        var ids: [String] = []
        var id: String? = s.step
        while let at = id, !ids.contains(at), ids.count < 32, let step = content.step(at) {
            ids.append(at)
            let option = (s.answers[at]?.option ?? s.prefills[at]).flatMap { step.option($0) }
            id = resolve(option?.next ?? step.next)
        }
        return ids
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
