/// What comes in besides a message (read in Engine+Message.swift): a chosen option, a command,
/// the front's report on saving the lead, the assistant's results; and the requests to the assistant.
extension TurnBuilder {
    mutating func handle(_ input: Input) {
        switch input {
        case let .leadSaved(id):
            guard s.lead == .saving else { return }
            if s.withdrawal == .done { s.withdrawal = nil } // (consent given again, now saved)
            s.lead = .saved
            s.leadId = id
            // An address changed after signing up, now saved.
            if s.savedEmail != nil, s.withdrawal != .saving, s.done, let email = s.email { say("email.changed.saved", ["email": email.normalized]) }
            s.savedEmail = nil
            // Withdrawn: said so, and the offer may be taken up again (a new consent).
            if s.withdrawal == .saving {
                s.withdrawal = .done
                s.lead = .declined
                let erase = s.withdrawalSaid.map { u.asksToErase(u.prepare($0)) } ?? false
                s.withdrawalSaid = nil
                say(erase ? "withdraw.done.erase" : "withdraw.done")
                // (Consent refused again at the consent question: the conversation ends there.)
                if !s.done, let step = current, step.kind == .consent { s.done = true }
                return
            }
            if let step = current, let target = resolve(step.yes) { go(to: target, from: step.id) }
        case .leadFailed:
            guard s.lead == .saving else { return }
            // The saved lead saved again after the end (a note, a correction) and refused: that
            // lead stays as it was.
            if s.withdrawal == .saving {
                s.withdrawal = nil
                s.lead = .saved
                if let saved = s.savedEmail { s.email = saved; s.savedEmail = nil }
                say("withdraw.failed")
                if !s.done, let step = current, step.kind == .consent { s.done = true }
                return
            }
            // (So does one saved again from consent, back there after signing up, at a new
            // address or not: the lead saved before stands, and the conversation is back at its end.)
            if s.leadId != nil, s.withdrawal != .done {
                let saved = s.savedEmail
                if s.done {
                    s.lead = .saved
                    if let saved { s.email = saved } // (the address saved stands)
                    s.savedEmail = nil
                } else {
                    keepSavedAddress(saying: false)
                }
                if let saved { say("save.update_failed.email", ["email": saved.normalized]) } else { say("save.update_failed") }
                return
            }
            s.lead = .failed
            say("save.failed")
            asked = true
        case let .command(c):
            command(c)
        case let .choose(id):
            guard options(for: current).contains(where: { $0.id == id }) else {
                say("reprompt.unknown_option", ["option": Sanitize.line(id)])
                ask()
                return
            }
            if s.done { // (the withdrawal asked back: its yes or no)
                s.withdrawal = nil
                _ = answerWithdrawal(id == "yes")
                return
            }
            if id == Self.bothOption, let pair = s.clarify, let said = s.clarifyMixed {
                s.clarify = nil
                s.clarifyMixed = nil
                mixedTeam(pair, said: said)
                return
            }
            if let step = current { note(step.id, id, .label) }
            // (The option picked when asked back between two keeps the month said before it.)
            if let month = s.clarifyMonth, s.clarify?.contains(id) == true { choiceDetail = (month.number, month.name) }
            s.clarify = nil
            s.clarifyMonth = nil
            s.clarifyMixed = nil
            answer(choice: id, said: nil)
        case let .text(raw):
            text(raw)
        case let .understood(option):
            guard case let .understand(said)? = s.pending else { return }
            s.pending = nil
            // The proposal counts only if it is one of this step's options.
            if let option, let step = current, step.kind == .choice, step.option(option) != nil {
                note(step.id, option, .llm)
                answer(choice: option, said: said)
            } else {
                miss(PreparedInput(said))
            }
        case let .answered(text):
            guard case let .answer(question)? = s.pending else { return }
            s.pending = nil
            if let text, !text.isEmpty {
                trace.side = "llm"
                out.append(text)
            } else {
                trace.side = "unknown"
                keepQuestion(question)
                say("llm.no_answer")
            }
            if !s.done, current?.kind != .end {
                ask(again: true)
            }
        }
    }

    // MARK: - The assistant (optional)

    /// Asks which option a free text means; only at choice steps (never e-mail or consent).
    mutating func askAssistant(understanding text: String) -> Bool {
        guard s.assistant, let step = current, step.kind == .choice, !step.navigation else { return false }
        s.pending = .understand(text: text)
        effects.append(.understand(UnderstandRequest(
            step: step.id, question: t(step.prompt), options: options(for: step), text: text, language: lang)))
        return true
    }

    /// Asks for an answer to a side question the FAQ does not cover.
    mutating func askAssistant(answering text: String) -> Bool {
        guard s.assistant else { return false }
        s.pending = .answer(question: text)
        effects.append(.answer(AnswerRequest(
            question: text, language: lang, course: focusCourse(),
            answers: leadAnswers(), today: s.today)))
        return true
    }

    // MARK: - Side questions

    /// The course a side question is about when it names none.
    mutating func focusCourse() -> String? { leadCourse() }
}
