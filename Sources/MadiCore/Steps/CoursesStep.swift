/// The catalogue: `next:` when a course is chosen, `no:` for "help me choose" (or back to the
/// question left, `TurnBuilder`'s `s.resume`), `decline:` for "none of these".
public struct CoursesStep: Sendable {
    public init() {}
}
