import Foundation
import MadiScenarios
import MadiTestSupport
import Testing
@testable import MadiCore

/// A message that is exactly an option's number, label or synonym is taken at once
/// (`TurnBuilder.wholeAnswer`): checked against the plain reading, which sends every message
/// through all the rules, on every state the shipped conversation cases and every path of the
/// questionnaire go through, with every such message the current question accepts.
@Suite("Whole answers")
struct WholeAnswerTests {
    static let quick = Engine(content: Shipped.content, wholeAnswers: true)
    static let plain = Engine(content: Shipped.content, wholeAnswers: false)

    /// Every message the quick path takes at the session's question (its numbers, and the phrases
    /// that name one option only, as a prospect types them: capitals, accents), one per folded text.
    /// `synonyms`: how many of each option's synonyms per language (all by default).
    static func messages(at session: Session, synonyms: Int = .max) -> [String] {
        guard let step = Shipped.content.step(session.step), step.kind == .choice else { return [] }
        var candidates = step.options.indices.map { String($0 + 1) }
        for o in step.options {
            candidates += o.label.inKeyOrder
            for list in o.synonyms.inKeyOrder { candidates += list.prefix(synonyms) }
        }
        let u = quick.understanding
        var seen: Set<String> = []
        return candidates.filter { text in
            let input = u.prepare(text)
            return u.wholeOption(step, input) != nil && seen.insert(input.folded).inserted
        }
    }

    /// The two engines' turns on the same session and message: the same turn, or, only where the
    /// plain reading misreads an option's own phrase, the quick path takes that option. Returns
    /// what differs otherwise, and whether the plain reading misread.
    static func compare(_ session: Session, _ text: String) -> (difference: String?, misread: Bool) {
        let q = Conversation.turn(quick, session, .text(text), leads: MemoryLeadSink())
        let p = Conversation.turn(plain, session, .text(text), leads: MemoryLeadSink())
        if q.session == p.session && q.reply == p.reply && q.effects == p.effects { return (nil, false) }
        let step = Shipped.content.step(session.step)!
        let named = quick.understanding.wholeOption(step, quick.understanding.prepare(text))
        func took(_ t: Turn) -> Bool { t.session.answers[step.id]?.option == named && t.session.step != session.step }
        if !took(p), took(q) { return (nil, true) }
        return ("\(step.id) \"\(text)\": quick \(q.reply.messages) / plain \(p.reply.messages); the session differs in \(differingFields(q.session, p.session)), the reply's trace \(q.reply.trace == p.reply.trace ? "not" : "too")", false)
    }

    /// The names of the session's fields that differ (as encoded).
    static func differingFields(_ a: Session, _ b: Session) -> [String] {
        func fields(_ s: Session) -> [String: String] {
            guard let data = try? JSONEncoder().encode(s),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
            return object.mapValues { "\($0)" }
        }
        let (x, y) = (fields(a), fields(b))
        return Set(x.keys).union(y.keys).filter { x[$0] != y[$0] }.sorted()
    }

    /// The sessions met along the way of the given inputs (before each input), at a question the
    /// quick path may answer, each once.
    static func states(_ inputs: [Input], language: String, today: Day = Shipped.today, seen: inout Set<Data>) -> [Session] {
        var turn = plain.start(language: language, source: "test", today: today)
        var out: [Session] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func keep(_ session: Session) {
            guard !session.done, Shipped.content.step(session.step)?.kind == .choice,
                  let key = try? encoder.encode(session), seen.insert(key).inserted else { return }
            out.append(session)
        }
        for input in inputs {
            keep(turn.session)
            turn = Conversation.turn(plain, turn.session, input, leads: MemoryLeadSink())
        }
        keep(turn.session)
        return out
    }

    @Test func theQuickPathTakesWhatTheRulesWouldOnEveryPath() {
        var checked = 0, misreads = 0
        var differences: [String] = []
        var seen: Set<Data> = []
        for row in PathEnumerator.enumerate(Shipped.content) {
            for lang in Shipped.content.languages {
                var inputs: [Input] = [.text(lang == "fr" ? "oui" : "yes")]
                for a in row.answers {
                    let step = Shipped.content.step(a.step)!
                    inputs.append(a.option == "#" ? .text(step.field == "company" ? "ACME" : "6") : .choose(a.option))
                }
                for session in Self.states(inputs, language: lang, seen: &seen) {
                    for text in Self.messages(at: session) {
                        checked += 1
                        let (difference, misread) = Self.compare(session, text)
                        if misread { misreads += 1 }
                        if let difference, differences.count < 10 { differences.append("[\(lang)] " + difference) }
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(checked > 1_000)
        // (Where the plain reading misreads an option's own phrase, the quick path is the one right.)
        #expect(misreads * 100 < checked, "\(misreads) of \(checked)")
    }

    @Test func theQuickPathTakesWhatTheRulesWouldInEveryConversationCase() throws {
        let dir = ShippedDialogues.directory.appendingPathComponent("tests")
        var differences: [String] = [], misreads: [String] = []
        var checked = 0
        var seen: Set<Data> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".yaml") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let (cases, _) = ScenarioLoader.parse(file: name, text: text)
            for c in cases where !c.usesAssistant {
                let inputs: [Input] = c.steps.compactMap {
                    switch $0.step {
                    case let .user(t): return .text(t)
                    case let .choose(id): return .choose(id)
                    default: return nil
                    }
                }
                for session in Self.states(inputs, language: c.language ?? "fr", today: c.today, seen: &seen) {
                    // (Every synonym is tried on every path above; here, the first few, in states
                    // the paths do not reach.)
                    for m in Self.messages(at: session, synonyms: 3) {
                        checked += 1
                        let (difference, misread) = Self.compare(session, m)
                        if misread { misreads.append("\(c.name): \(session.step) \"\(m)\"") }
                        if let difference, differences.count < 10 { differences.append("\(c.name): " + difference) }
                    }
                }
            }
        }
        #expect(checked > 1_000)
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
        #expect(misreads.count * 100 < checked, "\(misreads.count) of \(checked): \(misreads.prefix(20))")
    }

    @Test func aNumberOutsideTheOptionsAndAPhraseTwoOptionsShareAreNoWholeAnswer() throws {
        let u = Self.quick.understanding
        let step = try #require(Shipped.content.step("usage"))
        #expect(u.wholeOption(step, u.prepare("2")) == step.options[1].id)
        #expect(u.wholeOption(step, u.prepare(String(step.options.count + 1))) == nil)
        #expect(u.wholeOption(step, u.prepare("0")) == nil)
        #expect(u.wholeOption(step, u.prepare("2 ou 3")) == nil)
        // A phrase named by two options is in neither's table.
        for s in Shipped.content.steps where s.kind == .choice {
            let table = u.wholeOptions[s.id] ?? [:]
            var owners: [String: Set<String>] = [:]
            for list in Understanding.phrases(of: s) { for p in list.phrases { owners[p.folded, default: []].insert(list.id) } }
            for (phrase, ids) in owners where ids.count > 1 { #expect(table[phrase] == nil, "\(s.id): \(phrase)") }
        }
    }
}
