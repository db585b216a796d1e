import MadiCore
import MadiText

/// The LLM prompt templates, as text files in Prompts/. Placeholders are `{name}`; `{{` and `}}`
/// are literal braces. An unknown placeholder is a start-up error.
public struct PromptTemplates: Sendable {
    public var persona: String
    public var understand: String
    public var answer: String

    public static let allowed: [String: Set<String>] = [
        "persona.txt": ["language_name"],
        "understand.txt": ["question", "options", "input", "language_name"],
        "answer.txt": ["catalogue", "course", "answers", "question", "language_name", "max_chars", "today"],
    ]

    public static func load(files: [String: String]) -> Result<PromptTemplates, ContentErrors> {
        var d: [Diagnostic] = []
        var texts: [String: String] = [:]
        for (name, allowed) in allowed.sorted(by: { $0.key < $1.key }) {
            guard let text = files[name] else {
                d.append(Diagnostic(file: name, line: nil, message: "file is missing"))
                continue
            }
            if text.trimmed().isEmpty { d.append(Diagnostic(file: name, line: nil, message: "the template is empty")) }
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for p in Template.placeholders(String(line)) where !allowed.contains(p) {
                    d.append(Diagnostic(file: name, line: i + 1, message:
                        "unknown placeholder {\(p)} (known here: \(allowed.sorted().joined(separator: ", ")))"))
                }
            }
            texts[name] = text
        }
        guard d.isEmpty else { return .failure(ContentErrors(diagnostics: d)) }
        return .success(PromptTemplates(persona: texts["persona.txt"]!, understand: texts["understand.txt"]!,
                                        answer: texts["answer.txt"]!))
    }

    /// System and user messages asking which option a text means.
    public func understanding(_ r: UnderstandRequest, languageName: String) -> (system: String, user: String) {
        let options = r.options.map { "- \($0.id): \($0.label)" }.joined(separator: "\n")
        return (Template.fill(persona, ["language_name": languageName]),
                Template.fill(understand, ["question": r.question, "options": options, "input": r.text,
                                           "language_name": languageName]))
    }

    /// System and user messages asking for an answer grounded in the catalogue.
    public func answering(_ r: AnswerRequest, content: Content, languageName: String, maxChars: Int) -> (system: String, user: String) {
        let answers = r.answers.isEmpty ? "(nothing yet)" : r.answers.map { "\($0.step): \($0.label)" }.joined(separator: "; ")
        let course = r.course.flatMap { content.catalogue.course($0)?.name } ?? "(none yet)"
        return (Template.fill(persona, ["language_name": languageName]),
                Template.fill(answer, ["catalogue": CatalogueText.describe(content, language: r.language, today: r.today),
                                       "course": course, "answers": answers, "question": r.question,
                                       "language_name": languageName, "max_chars": String(maxChars), "today": r.today.iso]))
    }
}

/// The catalogue's facts as plain text, for a prompt.
public enum CatalogueText {
    public static func describe(_ content: Content, language: String, today: Day) -> String {
        let f = Facts(content: content, language: language, today: today)
        var lines: [String] = []
        for c in content.catalogue.courses {
            let p = f.courseParams(c)
            lines.append("- \(c.name) (step \(content.catalogue.rank(c.id) + 1) of \(content.catalogue.courses.count)): \(p["summary"]!). "
                + "Level: \(p["level"]!). Price: \(p["price"]!). Duration: \(p["duration"]!). Format: \(p["formats"]!). "
                + "Next session: \(p["next_date"]!). Prerequisites: \(p["prerequisites"]!) Outcomes: \(p["outcomes"]!).")
        }
        if content.catalogue.exampleValues { lines.append("(Prices and dates are examples; say so if you quote them.)") }
        return lines.joined(separator: "\n")
    }
}
