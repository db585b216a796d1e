/// The recommendation rule: sum the answers' weights toward each course; the highest score wins,
/// a tie goes to the lower course; never above the level the answers allow (their `cap`), with
/// the higher aim shown as the goal on the ladder.
public struct Recommendation: Codable, Sendable, Hashable {
    public struct Reason: Codable, Sendable, Hashable {
        public var step: String
        public var option: String
    }

    public var course: String
    /// The course the prospect aims at, when it is above the recommended one.
    public var goal: String?
    public var scores: [String: Int]
    /// The level cap that applied, if any.
    public var cap: String?
    /// The answers that weighed most toward the course, at most three.
    public var reasons: [Reason]
}

public enum Recommender {
    /// `answers` in the order they were given: (step id, option id).
    public static func recommend(_ content: Content, answers: [(step: String, option: String)]) -> Recommendation? {
        let courses = content.catalogue.courses
        guard !courses.isEmpty else { return nil }
        var scores: [String: Int] = [:]
        for c in courses { scores[c.id] = 0 }
        var capRank = courses.count - 1
        var aspirations: [Int] = []
        var chosen: [(step: String, option: AnswerOption)] = []
        for (stepId, optionId) in answers {
            guard let step = content.step(stepId), let option = step.option(optionId) else { continue }
            chosen.append((stepId, option))
            for (course, w) in option.weights { scores[course, default: 0] += w }
            if let cap = option.cap { capRank = min(capRank, content.catalogue.rank(cap)) }
            if step.choice?.aspiration == true, let top = topCourse(option.weights, content.catalogue) { aspirations.append(top) }
        }
        // Highest score, ties to the lower course (courses are in ladder order).
        var winner = 0
        for (i, c) in courses.enumerated() where scores[c.id, default: 0] > scores[courses[winner].id, default: 0] {
            winner = i
        }
        let rank = min(winner, capRank)
        let course = courses[rank].id
        let aim = ([winner] + aspirations).max() ?? winner
        // Reasons: the answers that pushed most toward the course; when the cap decided, the
        // answers that set it.
        var reasons = chosen.enumerated()
            .filter { ($0.element.option.weights[course] ?? 0) > 0 }
            .sorted { a, b in
                let wa = a.element.option.weights[course] ?? 0, wb = b.element.option.weights[course] ?? 0
                return wa != wb ? wa > wb : a.offset < b.offset
            }
            .map { Recommendation.Reason(step: $0.element.step, option: $0.element.option.id) }
        if rank < winner || reasons.isEmpty {
            let capping = chosen.filter { $0.option.cap.map { content.catalogue.rank($0) } == rank }
                .map { Recommendation.Reason(step: $0.step, option: $0.option.id) }
            reasons = capping + reasons.filter { r in !capping.contains { $0.step == r.step } }
        }
        return Recommendation(
            course: course,
            goal: aim > rank ? courses[aim].id : nil,
            scores: scores,
            cap: capRank < courses.count - 1 ? courses[capRank].id : nil,
            reasons: Array(reasons.prefix(3)))
    }

    /// The course an option weighs most toward (ties to the lower), if it weighs toward any.
    static func topCourse(_ weights: [String: Int], _ catalogue: Catalogue) -> Int? {
        var best: Int?
        var bestW = 0
        for (i, c) in catalogue.courses.enumerated() {
            let w = weights[c.id] ?? 0
            if w > bestW { bestW = w; best = i }
        }
        return best
    }
}
