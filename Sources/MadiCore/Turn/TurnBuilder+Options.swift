/// The options Madi shows with its reply, and a team size in words.
extension TurnBuilder {
    func options(for step: Step?) -> [OptionView] {
        // After the end, only a withdrawal asked back has answers to tap.
        if s.done { return s.withdrawal == .asked ? withdrawalOptions() : [] }
        guard let step else { return [] }
        if let pair = s.clarify {
            let all = allOptions(step)
            let picked = pair.compactMap { id in all.first { $0.id == id } }
            // (A team's levels said as a mix: both is an answer too.)
            let both = s.clarifyMixed == nil ? [] : [OptionView(id: Self.bothOption, label: t(inTeamQuestions ? "option.mixed_levels" : "option.both"))]
            if picked.count == pair.count { return picked + both }
        }
        return allOptions(step)
    }

    /// The third answer to a team's levels said as a mix, asked back: both.
    static let bothOption = "mixed"

    /// "Withdraw your pre-registration?" answered by a tap: yes or no.
    func withdrawalOptions() -> [OptionView] {
        [OptionView(id: "yes", label: t("option.withdraw_yes")), OptionView(id: "no", label: t("option.withdraw_no"))]
    }

    /// The step kind's options (`StepBehaviour.options`).
    func allOptions(_ step: Step) -> [OptionView] {
        step.kind.behaviour.options(step, self)
    }

    /// A yes/no, consent, recommendation or catalogue step's options as the session stands.
    func fixed(_ step: Step) -> Engine.FixedOptions {
        let variant = step.kind.behaviour.variant(step, self)
        if let hit = engine.tables.fixedOptions[.init(step: step.id, language: lang, variant: variant)] { return hit }
        return .init(content, step, lang, variant: variant) // a language the content does not list
    }

    /// A team size in words: "de 5 personnes", "d'une dizaine de personnes", "de 20 à 25 personnes".
    func quantityText(_ q: Quantity) -> String {
        if q.isRange { return t("quantity.range", ["low": String(q.low), "high": String(q.high)]) }
        if q.approximate {
            if let w = q.word, content.strings.has("quantity.word." + w, lang) { return t("quantity.word." + w) }
            return t("quantity.about", ["n": String(q.value)])
        }
        return q.value == 1 ? t("quantity.one") : t("quantity.exact", ["n": String(q.value)])
    }
}
