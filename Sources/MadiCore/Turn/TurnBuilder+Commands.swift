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
            setAnswer(s.step, nil)
            if s.lead == .saved || s.lead == .declined { s.lead = .none }
            s.done = false
            say("back.ok")
            enter(previous, usePrefill: false)
        case .restart:
            let fresh = Session(language: s.language, step: content.start, source: s.source, today: s.today)
            let (course, name) = (s.courseContext, s.firstName)
            s = fresh
            s.courseContext = course
            s.firstName = name
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

    /// Says the current step again (after a language switch).
    mutating func repeatCurrent() {
        guard let step = current else { return }
        step.kind.behaviour.repeatStep(step, &self)
    }
}
