/// A yes or no question: `yes:` and `no:` say where each leads.
public struct YesNoStep: Sendable {
    public init() {}
}
