/// The pre-registration e-mail: validated, with a suggestion when it looks mistyped ("gmial.com").
/// The message is read by `TurnBuilder.text` and `readEmail`.
public struct EmailStep: Sendable {
    public init() {}
}
