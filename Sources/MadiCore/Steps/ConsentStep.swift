/// Explicit consent to be written to: "yes" saves the lead (the front reports `leadSaved` or
/// `leadFailed`), then goes to `yes:`; "no" goes to `no:`.
public struct ConsentStep: Sendable {
    /// The version of the consent text that is stored with the lead.
    public let version: String

    public init(version: String) { self.version = version }

    init(_ keys: StepKeys) { self.init(version: keys.consentVersion ?? "") }
}

extension Step {
    public var consent: ConsentStep? {
        if case let .consent(c) = detail { return c }
        return nil
    }
}

extension ConsentStep: StepBehaviour {
    static func enter(_ step: Step, _ turn: inout TurnBuilder, usePrefill: Bool) {
        if turn.s.lead == .failed { turn.s.lead = .collecting }
        turn.ask()
    }

    static func ask(_ step: Step, _ turn: inout TurnBuilder) {
        if turn.s.lead == .failed { return } // save.failed already asks
        // The address said in the question (`<prompt>.address`), so that the prospect sees what
        // was kept ("marie dubois76@gmail.com" keeps "dubois76@gmail.com").
        if let email = turn.s.email?.normalized, turn.content.strings.has(step.prompt + ".address", turn.lang) {
            turn.say(step.prompt + ".address", ["email": email])
            return
        }
        turn.sayPrompt(step)
    }

    static var hasFixedOptions: Bool { true }

    /// The variant: the save failed, retry or cancel.
    static func fixedOptions(_ content: Content, _ step: Step, _ lang: String, variant: Bool) -> [OptionView] {
        func t(_ key: String) -> String { content.strings.text(key, lang) }
        if variant {
            return [OptionView(id: "yes", label: t("option.retry")), OptionView(id: "no", label: t("option.cancel"))]
        }
        return [OptionView(id: "yes", label: t("option.consent_yes")), OptionView(id: "no", label: t("option.consent_no"))]
    }

    static func variant(_ step: Step, _ turn: TurnBuilder) -> Bool { turn.s.lead == .failed }

    static func answer(_ id: String, _ step: Step, _ turn: inout TurnBuilder) {
        if id == "yes" {
            // ("oui et vous pouvez m'appeler aussi au 06 12 34 56 78 plutot l'apres midi": the
            // number, and when to call, go with the request.)
            if Understanding.looksLikePhone(turn.lastInput.raw), !turn.lastInput.raw.hasAtSign {
                turn.keepQuestion(turn.lastInput.raw)
                turn.say("email.phone_kept")
            }
            guard let draft = turn.leadDraft(consentVersion: step.consent?.version ?? "") else {
                turn.say("save.incomplete"); return
            }
            turn.s.lead = .saving
            // (Consent given again after withdrawing: the lead stays withdrawn until this is saved.)
            turn.effects.append(.saveLead(draft))
        } else if turn.s.leadId != nil, turn.s.withdrawal != .done, turn.saveWithdrawal() {
            // Consent refused again after signing up (asked again for another course): the lead
            // saved before is withdrawn, not left standing with the old consent.
        } else {
            turn.s.lead = .declined
            turn.s.consentJustRefused = true
            turn.advance(step, turn.resolve(step.no))
        }
    }

    static func reprompt(_ step: Step, _ turn: inout TurnBuilder) {
        turn.say("consent.reprompt")
        turn.asked = true
    }

    static func waysOutProblems(_ step: Step) -> [(line: Int?, message: String)] {
        YesNoStep.waysOutProblems(step)
    }
}
