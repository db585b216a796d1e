/// The recommendation: the course the answers lead to, why, and the ladder; `next:` when the
/// prospect is interested, `no:` when not; "see the courses" opens the catalogue.
public struct RecommendStep: Sendable {
    /// When this holds, the lead is a quote request for a team.
    public let quoteWhen: Condition?

    public init(quoteWhen: Condition? = nil) { self.quoteWhen = quoteWhen }

    init(_ keys: StepKeys) { self.init(quoteWhen: keys.quoteWhen) }
}

extension Step {
    public var recommend: RecommendStep? {
        if case let .recommend(r) = detail { return r }
        return nil
    }
}
