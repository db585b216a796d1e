/// The last word: its prompt is the message; the conversation is then done.
public struct EndStep: Sendable {
    public init() {}
}
