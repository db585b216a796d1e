/// A choice: options picked by number, label or synonym; their weights score the courses.
public struct ChoiceStep: Sendable {
    public let options: [AnswerOption]
    /// This step states what the prospect aims at (used for the goal shown on the ladder).
    public let aspiration: Bool
    /// A step that steers the conversation (welcome) rather than asks about the prospect: its
    /// answer is not recorded with the lead nor shown in `madi paths`.
    public let navigation: Bool
    /// Answers to this step may be picked up from what the prospect says at other steps.
    public let prefill: Bool

    public init(options: [AnswerOption], aspiration: Bool = false, navigation: Bool = false, prefill: Bool = false) {
        self.options = options
        self.aspiration = aspiration
        self.navigation = navigation
        self.prefill = prefill
    }

    init(_ keys: StepKeys) {
        self.init(options: keys.options, aspiration: keys.aspiration, navigation: keys.navigation, prefill: keys.prefill)
    }
}

extension Step {
    public var choice: ChoiceStep? {
        if case let .choice(c) = detail { return c }
        return nil
    }
}
