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
