/// Moving between steps and building what comes next: what was noted, a side question's answer,
/// then the next question.
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
        switch step.kind {
        case .choice:
            if usePrefill, let pre = s.prefills[id], let option = step.option(pre) {
                prefilled.append(noteText(step, option))
                setAnswer(id, Answer(option: pre))
                s.prefills[id] = nil
                advance(step, resolve(option.next ?? step.next))
                return
            }
            ask()
        case .recommend:
            s.lead = .none
            flush()
            if let rec = recommendation() { sayRecommendation(rec, step) }
            ask()
        case .courses:
            flush()
            sayCatalogue()
            ask()
        case .end:
            flush()
            out.append(t(endKey(step), endParams()))
            s.done = true
        case .consent:
            if s.lead == .failed { s.lead = .collecting }
            ask()
        case .number where usePrefill && s.prefillQuantity != nil && s.answers[id] == nil:
            let q = s.prefillQuantity!
            s.prefillQuantity = nil
            if let lo = step.min, let hi = step.max, !(lo...hi).contains(q.value) { ask(); return }
            prefilled.append(t("noted.team_size", ["team": quantityText(q)]))
            setAnswer(id, Answer(number: q.value, text: nil, quantity: q))
            advance(step, resolve(step.next))
        case .email where usePrefill && s.prefillEmail != nil:
            let address = s.prefillEmail!
            s.prefillEmail = nil
            s.emailPending = nil; s.emailSuggestion = nil
            email(address, step) // checked as if typed now: an invalid one is said, and asked again
        case .number, .text, .yesNo, .email:
            if step.kind == .email { s.emailPending = nil; s.emailSuggestion = nil }
            ask()
        }
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
        if again, step.kind != .recommend, step.kind != .courses, !(step.kind == .email && s.emailSuggestion != nil),
           content.strings.has(step.prompt + ".again", lang) || content.strings.has(step.prompt + ".again", content.defaultLanguage) {
            say(step.prompt + ".again")
            asked = true
            return
        }
        switch step.kind {
        case .recommend:
            let quote = isQuote(step)
            say(quote ? "recommend.ask_quote" : "recommend.ask")
        case .courses:
            say("courses.prompt")
        case .consent where s.lead == .failed:
            break // save.failed already asks
        case .email where s.emailSuggestion != nil:
            say("email.suggest", ["suggestion": s.emailSuggestion ?? ""])
        default:
            out.append(engine.tables.prompts[step.id]?[lang] ?? Engine.promptText(content, step, lang))
        }
        asked = true
    }
}
