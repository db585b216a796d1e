import MadiEmail

/// The pre-registration e-mail: validated, with a suggestion when it looks mistyped ("gmial.com"),
/// and asked back when it was said in words ("jean point dupont arobase gmail point com").
/// The message is read by `TurnBuilder.text` and `readEmail`.
public struct EmailStep: Sendable {
    public init() {}
}

extension EmailStep: StepBehaviour {
    /// An address said with an earlier answer is checked as if typed now: an invalid one is said,
    /// and asked again.
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        turn.s.emailPending = nil
        turn.s.emailSuggestion = nil
        turn.s.emailRebuilt = nil
        if usePrefill, let address = turn.s.prefillEmail {
            turn.s.prefillEmail = nil
            turn.email(address, step)
            return
        }
        turn.ask()
    }

    static func ask(_ step: Step, _ turn: inout TurnBuilder) {
        if let rebuilt = turn.s.emailRebuilt {
            turn.say("email.confirm", ["email": rebuilt])
        } else if let suggestion = turn.s.emailSuggestion {
            turn.say("email.suggest", ["suggestion": suggestion])
        } else if turn.s.contactLater == true, turn.content.strings.has(step.prompt + ".later", turn.lang) {
            turn.say(step.prompt + ".later")
        } else {
            turn.sayPrompt(step)
        }
    }

    static func hasShortForm(_ step: Step, _ turn: TurnBuilder) -> Bool {
        turn.s.emailSuggestion == nil && turn.s.emailRebuilt == nil
    }

    /// While a suggestion waits: use it, or keep the address as typed. While a rebuilt address
    /// waits: it is the one, or it is typed again.
    static func options(_ step: Step, _ turn: TurnBuilder) -> [OptionView] {
        if let rebuilt = turn.s.emailRebuilt {
            return [OptionView(id: "yes", label: turn.t("option.confirm_email", ["email": rebuilt])),
                    OptionView(id: "no", label: turn.t("option.retype_email"))]
        }
        guard let suggestion = turn.s.emailSuggestion, let pending = turn.s.emailPending else { return [] }
        return [OptionView(id: "yes", label: turn.t("option.use_suggestion", ["suggestion": suggestion])),
                OptionView(id: "no", label: turn.t("option.keep_mine", ["email": pending.normalized]))]
    }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        if let rebuilt = turn.s.emailRebuilt {
            turn.s.emailRebuilt = nil
            if id == "yes", case let .valid(addr) = EmailValidator.validate(rebuilt) {
                turn.take(addr, step)
            } else {
                turn.say("email.retype")
                turn.asked = true
            }
            return
        }
        guard let pending = turn.s.emailPending else { return }
        var taken = pending
        if id == "yes", let suggestion = turn.s.emailSuggestion, case let .valid(addr) = EmailValidator.validate(suggestion) {
            taken = addr
        }
        turn.s.emailPending = nil
        turn.s.emailSuggestion = nil
        turn.take(taken, step)
    }
}

extension TurnBuilder {
    /// Whether the message types, after the address, the end of the suggested one's domain that
    /// the address lacks ("oups gmail.com", "sorry .com").
    static func typedAfter(_ suggestion: String, in message: String, address: String) -> Bool {
        guard let range = message.range(of: address), let at = suggestion.firstIndex(of: "@") else { return false }
        // (Said with a word that takes the typo back, and nothing against it: not "…@gmial.com, not
        // gmail.com, it's my own domain".)
        let after = PreparedInput(String(message[range.upperBound...])).tokenStrings
        guard after.contains(where: ["oups", "oops", "sorry", "pardon", "typo", "desole", "dsl", "mean", "correction", "sry"].contains),
              !after.contains(where: ["not", "pas", "own", "propre"].contains) else { return false }
        let domain = suggestion[suggestion.index(after: at)...].lowercased()
        let typedDomain = address.split(separator: "@").last.map { $0.lowercased() } ?? ""
        return message[range.upperBound...].split(separator: " ").contains { word in
            var w = Substring(word.lowercased())
            while let l = w.last, ",;!?().".contains(l) { w = w.dropLast() }
            while let f = w.first, ",;!?()".contains(f) { w = w.dropFirst() }
            let end = w.hasPrefix(".") ? String(w.dropFirst()) : String(w)
            return end.contains(".") || w.hasPrefix(".") ? (domain.hasSuffix(end) && !typedDomain.hasSuffix(end)) : false
        }
    }

    /// An address as typed: kept, offered a correction, or said to be invalid.
    mutating func email(_ raw: String, _ step: Step) {
        s.emailSuggestion = nil
        s.emailPending = nil
        s.emailRebuilt = nil
        switch EmailValidator.validate(raw) {
        case let .valid(addr):
            // ("lucas.b@gmial.com oups gmail.com", "…@gmail.con sorry .com": the correction the
            // message itself types after the address is the one offered: taken, not asked back.)
            let suggested = EmailSuggester.suggest(addr.normalized)
            if let suggestion = suggested, Self.typedAfter(suggestion, in: lastInput.raw, address: raw),
               case let .valid(fixed) = EmailValidator.validate(suggestion) {
                take(fixed, step)
            } else if let suggestion = suggested {
                keepPhoneBesideAddress()
                s.emailPending = addr
                s.emailSuggestion = suggestion
                say("email.suggest", ["suggestion": suggestion])
                asked = true
            } else {
                take(addr, step)
            }
        case let .invalid(problem):
            keepPhoneBesideAddress()
            // "mike.baker.gmail.com": the "@" put back, and asked back before it is taken.
            if case .noAt = problem, let fixed = EmailSuggester.missingAt(raw) {
                confirmRebuilt(fixed, step)
                return
            }
            // "jo@gmailcom", "jo@yahoo,com": a known provider's domain with its dot lost or typed
            // as a comma, asked back before it is taken.
            if let fixed = EmailSuggester.lostDot(raw) {
                confirmRebuilt(fixed, step)
                return
            }
            // "sam@gmial", "nadia@translog-rhonefr": the domain meant, asked back.
            if case .domainNoDot = problem, let fixed = EmailSuggester.noDotFix(raw) {
                confirmRebuilt(fixed, step)
                return
            }
            s.emailTried = raw // ("sorry, gmx.de" then completes it)
            say("email.invalid." + problem.key, problem.params)
            say("email.reprompt")
        }
    }

    /// The session's address set to `addr`. Once a lead is saved (back at the address or consent
    /// after signing up), the saved lead's address is kept aside until the new one is saved, so
    /// that a refused save leaves it as it was.
    mutating func takeAddress(_ addr: EmailAddress) {
        if s.leadId != nil, s.withdrawal != .done, s.savedEmail == nil, s.email != addr { s.savedEmail = s.email }
        s.email = addr
    }

    /// The address taken. Asked for again after signing up ("can you change my email?"): the
    /// saved lead moves to it at once, the consent given standing, and the conversation is back
    /// at its end; else consent comes next.
    mutating func take(_ addr: EmailAddress, _ step: Step) {
        let before = s.email
        takeAddress(addr)
        if s.changingAddress == true, s.leadId != nil,
           let end = s.history.last(where: { content.step($0)?.kind == .end }), var draft = resavedDraft() {
            s.changingAddress = nil
            s.savedEmail = before
            draft.keepsConsent = true
            s.history.append(s.step)
            s.step = end
            s.done = true
            s.lead = .saving
            effects.append(.saveLead(draft)) // (said once saved)
            return
        }
        s.changingAddress = nil
        keepPhoneBesideAddress()
        advance(step, resolve(step.next))
    }

    /// "linda.m@outlook.com or call me 0612345678": the number said beside the address kept for
    /// the team too, and said so (once, whether the address is taken now or asked back first).
    mutating func keepPhoneBesideAddress() {
        guard lastInput.raw.utf8.lazy.filter({ (0x30...0x39).contains($0) }).count >= 8,
              case let (_?, rest?) = Understanding.address(in: lastInput.raw), Understanding.looksLikePhone(rest),
              !s.questions.contains(Sanitize.line(rest)) else { return }
        keepQuestion(rest)
        say("email.phone_kept")
    }

    /// An address rebuilt from words ("sophie point leroy arobase orange point fr"), valid: asked
    /// back before it is taken, with its correction when it looks mistyped ("gmial" → "gmail").
    mutating func confirmRebuilt(_ rebuilt: String, _ step: Step) {
        guard case let .valid(addr) = EmailValidator.validate(rebuilt) else { return }
        s.emailSuggestion = nil
        s.emailPending = nil
        let suggestion = EmailSuggester.suggest(addr.normalized).flatMap { s -> String? in
            if case let .valid(fixed) = EmailValidator.validate(s) { return fixed.normalized }
            return nil
        }
        s.emailRebuilt = suggestion ?? addr.normalized
        say("email.confirm", ["email": s.emailRebuilt!])
        asked = true
    }
}
