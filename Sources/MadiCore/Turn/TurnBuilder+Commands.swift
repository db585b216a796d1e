/// Commands ("/retour", "/formations", "/en"...): they act the same at every step.
extension TurnBuilder {
    mutating func command(_ c: Command) {
        switch c {
        case .back:
            if s.lead == .saving { say("save.pending"); return }
            guard let previous = s.history.popLast() else {
                say("back.nothing")
                ask()
                return
            }
            setAnswer(previous, nil)
            s.prefills[previous] = nil
            if previous == startStep?.id { s.prefillMonth = nil }
            setAnswer(s.step, nil)
            if s.lead == .saved || s.lead == .declined { s.lead = .none }
            s.done = false
            say("back.ok")
            enter(previous, usePrefill: false)
        case .restart:
            // (Everything said is forgotten, the first name with it: whoever types next may be
            // someone else, and a lead is never stored under a name not said in its conversation.)
            let fresh = Session(language: s.language, step: content.start, source: s.source, today: s.today)
            let course = s.courseContext
            s = fresh
            s.courseContext = course
            say("restart.ok")
            enter(content.start)
        case let .language(code):
            guard content.languages.contains(code) else {
                say("language.unknown", ["languages": content.languages.joined(separator: ", ")])
                return
            }
            s.language = code
            s.languageSettled = true
            say("language.switched")
            if s.done { say("end.hint") } else { repeatCurrent() }
        case .courses:
            guard let courses = content.firstStep(ofKind: .courses) else { return }
            if s.step == courses.id { repeatCurrent(); return }
            if s.lead == .saving { say("save.pending"); return }
            // (From the welcome, nothing answered yet: "help me choose" starts the questions, not "back to my answers".)
            if let step = current, step.isQuestion, !step.navigation { s.resume = step.id }
            // ("courses" at the welcome: its option that leads there, as if picked.)
            if let step = current, step.navigation, let o = step.options.first(where: { resolve($0.next ?? step.next) == courses.id }) {
                note(step.id, o.id, .synonym)
            }
            s.done = false
            go(to: courses.id, from: s.step)
        case .help:
            say("help.text")
            if !s.done { ask(again: true) }
        case .quit:
            // (Leaving while changing the address saved: the lead saved stands, at its address.)
            // (So is leaving back at the address or consent with a new address not saved yet.)
            if s.leadId != nil, !s.done, s.changingAddress == true || s.savedEmail != nil { keepSavedAddress(saying: false) }
            say("quit.bye")
            s.done = true
            quitting = true
        }
    }

    /// "can I go back and change my job answer", "I'd like to change the team size", "I said
    /// automate but I meant build": back to the question the message names, however far back.
    /// The answers after it are kept and taken again without being said, unless the new answer
    /// leads elsewhere; a new option named after a word of change ("I meant build") is taken at once.
    /// False when no earlier question is named, or only the one just before (a plain "back").
    mutating func backToNamed(_ input: PreparedInput) -> Bool {
        guard s.lead != .saving, s.leadId == nil, let current else { return false }
        let answered = s.history.filter { id in
            guard let step = content.step(id) else { return false }
            return step.isQuestion && !step.navigation && s.answers[id] != nil
        }
        guard let target = u.namedStep(input, among: answered), let at = s.history.lastIndex(of: target),
              let step = content.step(target), at < s.history.count - 1 || current.kind == .recommend else { return false }
        let old = s.answers[target]?.option
        rewind(to: target, at: at)
        // ("I'd like to change the team size": a change of mind; "go back to my job": back.)
        // ("can i go back and change the team size": back, as asked.)
        let w = input.tokenStrings
        trace.intent = w.contains(where: ["back", "retour", "revenir", "reviens", "revenons"].contains)
            || Understanding.phraseSpans(w, u.changeWords).isEmpty && !u.saysCorrection(input) ? .back : .changeMind
        // ("I said automate but I meant build": what comes after the last word that corrects,
        // `correction_cues`.)
        if step.kind == .choice {
            let w = input.tokenStrings
            if let cut = Understanding.phraseSpans(w, u.correctionCues).map(\.upperBound).max(), cut < w.count,
               case let .option(o) = u.match(step: step, u.prepare(w[cut...].joined(separator: " "))).choice, o != old,
               let option = step.option(o) {
                say("ack.corrected", ["answer": ChoiceStep.noteText(option, self)])
                note(target, o, .synonym)
                answer(choice: o, said: input.raw)
                return true
            }
        }
        say("back.named")
        enter(target, usePrefill: false)
        return true
    }

    /// Back to `target` (at `at` in the history): the answers after it are forgotten as answers
    /// and kept as prefills, taken again without being said where the path still asks them.
    mutating func rewind(to target: String, at: Int) {
        var said = s.prefillsSaid ?? []
        for id in s.history[(at + 1)...] + [s.step] {
            if let o = s.answers[id]?.option {
                s.prefills[id] = o
                said.append(id + "=" + o)
            } else if let q = s.answers[id]?.quantity ?? s.answers[id]?.number.map({ Quantity(low: $0) }) {
                s.prefillQuantity = q
                said.append(id + "=" + String(q.value))
            }
            setAnswer(id, nil)
        }
        s.prefillsSaid = said
        setAnswer(target, nil)
        s.history.removeSubrange(at...)
        s.done = false
        s.step = target
    }

    /// Says the current step again (after a language switch).
    mutating func repeatCurrent() {
        guard let step = current else { return }
        step.kind.behaviour.repeatStep(step, &self)
    }
}
