/// Every combination of choice answers through the questionnaire and the course it leads to,
/// so that the owner reviews the whole rule at a glance (`madi paths`).
public struct PathRow: Sendable, Equatable {
    /// (step id, option id) in the order asked; number and text steps carry "#".
    public var answers: [(step: String, option: String)]
    public var recommendation: String
    public var goal: String?
    public var cap: String?

    public static func == (a: PathRow, b: PathRow) -> Bool {
        a.recommendation == b.recommendation && a.goal == b.goal && a.cap == b.cap
            && a.answers.map { $0.step + "=" + $0.option } == b.answers.map { $0.step + "=" + $0.option }
    }
}

public enum PathEnumerator {
    /// Walks from the start, branching on every option of every choice step, until a recommend step.
    public static func enumerate(_ content: Content) -> [PathRow] {
        var rows: [PathRow] = []
        func walk(_ id: String, _ answers: [(step: String, option: String)], _ depth: Int) {
            guard depth < 64, let step = content.step(id) else { return }
            let answered = Dictionary(answers.map { ($0.step, $0.option) }, uniquingKeysWith: { _, b in b })
            func resolve(_ next: Next?) -> String? {
                next?.rules.first { rule in
                    rule.when.allSatisfy { s, options in answered[s].map(options.contains) ?? false }
                }?.goto
            }
            switch step.kind.behaviour.pathWays(step) {
            case let .answers(ways):
                for way in ways {
                    guard let target = resolve(way.next) else { continue }
                    walk(target, way.answer.map { answers + [(id, $0)] } ?? answers, depth + 1)
                }
            case .recommendation:
                let choices = answers.filter { $0.option != "#" && content.step($0.step)?.kind == .choice }
                if let rec = Recommender.recommend(content, answers: choices) {
                    rows.append(PathRow(answers: answers, recommendation: rec.course, goal: rec.goal, cap: rec.cap))
                }
            case .stop:
                return
            }
        }
        walk(content.start, [], 0)
        return rows
    }

    /// The steps worth a column: those whose answer differs between rows.
    public static func columns(_ rows: [PathRow]) -> [String] {
        var order: [String] = []
        var values: [String: Set<String>] = [:]
        for row in rows {
            for a in row.answers {
                if values[a.step] == nil { order.append(a.step) }
                values[a.step, default: []].insert(a.option)
            }
        }
        return order.filter { step in
            (values[step]?.count ?? 0) > 1 || rows.contains { !$0.answers.contains(where: { $0.step == step }) }
        }
    }
}
