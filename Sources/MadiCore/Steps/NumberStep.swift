/// A whole number (a team size) between `min` and `max`, stored in a lead field. The message is
/// read by `TurnBuilder.readNumber`.
public struct NumberStep: Sendable {
    public let min: Int?
    public let max: Int?

    public init(min: Int? = nil, max: Int? = nil) {
        self.min = min
        self.max = max
    }

    init(_ keys: StepKeys) { self.init(min: keys.min, max: keys.max) }
}

extension Step {
    public var number: NumberStep? {
        if case let .number(n) = detail { return n }
        return nil
    }
}
