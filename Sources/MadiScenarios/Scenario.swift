import Foundation
import MadiCore
import Yams

/// A conversation test case, in the spirit of Rasa's end-to-end tests:
///
/// ```yaml
/// - test_case: Lucas pre-registers for Starter
///   language: fr            # optional, default language otherwise
///   today: 2026-11-21       # optional, fixes "next session"
///   steps:
///     - user: "je suis étudiant et je débute"
///     - bot: "Qu'est-ce qui t'amène"      # Madi's last reply contains this
///     - expect: {step: usage, recommendation: starter, lead: {email: a@b.fr}}
/// ```
public struct Scenario: Sendable {
    public enum Step: Sendable {
        case user(String)
        case choose(String)
        case bot(String)
        case botNot(String)
        case expect([String: ExpectValue])
        /// The lead store fails the next N saves.
        case storeFails(Int)
        /// The next assistant call gets this reply.
        case llm(ScriptedAssistant.Reply)
    }

    public indirect enum ExpectValue: Sendable, Equatable {
        case text(String)
        case list([String])
        case map([String: String])
    }

    public var name: String
    public var file: String
    public var line: Int?
    public var language: String?
    public var today: Day
    public var source: String
    public var course: String?
    public var steps: [(step: Step, line: Int?)]

    /// A case that scripts LLM replies runs with the assistant on.
    public var usesAssistant: Bool { steps.contains { if case .llm = $0.step { return true }; return false } }
}

/// Replays scripted LLM replies in order, and records calls nobody scripted.
public final class ScriptedAssistant: Assistant, @unchecked Sendable {
    public enum Reply: Sendable, Equatable {
        /// Reads the text as this option id (nil: none fits).
        case option(String?)
        /// Answers the side question with this text.
        case answer(String)
        /// The call fails (timeout, 500...).
        case fail
    }

    private let lock = NSLock()
    private var queue: [Reply] = []
    public private(set) var unexpected: [String] = []
    public private(set) var calls: [String] = []

    public init() {}

    public func push(_ r: Reply) { lock.lock(); queue.append(r); lock.unlock() }

    private func next(_ what: String) -> Reply? {
        lock.lock(); defer { lock.unlock() }
        calls.append(what)
        if queue.isEmpty { unexpected.append(what); return nil }
        return queue.removeFirst()
    }

    public var leftover: Int { lock.lock(); defer { lock.unlock() }; return queue.count }

    public func understand(_ request: UnderstandRequest, cancel: CancelFlag?) -> String? {
        switch next("understand \(request.text)") {
        case let .option(o)?: return o
        case .answer?, .fail?, nil: return nil
        }
    }

    public func answer(_ request: AnswerRequest, cancel: CancelFlag?, onDelta: @escaping @Sendable (String) -> Void) -> String? {
        switch next("answer \(request.question)") {
        case let .answer(text)?:
            onDelta(text)
            return Sanitize.text(text)
        case .option?, .fail?, nil: return nil
        }
    }
}

public enum ScenarioLoader {
    public static let defaultToday = Day(year: 2026, month: 11, day: 21)!

    public static func parse(file: String, text: String) -> ([Scenario], [Diagnostic]) {
        var r = YAMLReader(file: file)
        guard let root = r.compose(text) else { return ([], r.diagnostics) }
        guard let seq = root.sequence else {
            r.error(root, "a test file is a list of test cases (- test_case: name)")
            return ([], r.diagnostics)
        }
        var out: [Scenario] = []
        for node in seq {
            guard let name = r.string(node, "test_case", in: "test case") else { continue }
            let what = "test case '\(name)'"
            r.checkKeys(node, allowed: ["test_case", "language", "today", "source", "course", "steps"], in: what)
            var today = defaultToday
            if let t = r.string(node, "today", in: what, required: false) {
                if let d = Day(iso: t) { today = d } else { r.error(r.value(node, "today"), "\(what): today must be YYYY-MM-DD") }
            }
            var steps: [(Scenario.Step, Int?)] = []
            for s in r.sequence(node, "steps", in: what) {
                let pairs = r.pairs(s, "\(what) step")
                guard pairs.count == 1, let (key, _, value) = pairs.first else {
                    r.error(s, "\(what): each step has exactly one of user, choose, bot, bot_not, expect, store_fails, llm")
                    continue
                }
                let line = s.mark?.line
                switch key {
                case "user": steps.append((.user(value.scalar?.string ?? ""), line))
                case "choose": steps.append((.choose(value.scalar?.string ?? ""), line))
                case "bot": steps.append((.bot(value.scalar?.string ?? ""), line))
                case "bot_not": steps.append((.botNot(value.scalar?.string ?? ""), line))
                case "store_fails": steps.append((.storeFails(Int(value.scalar?.string ?? "") ?? 1), line))
                case "llm":
                    if value.scalar?.string == "fail" { steps.append((.llm(.fail), line)); break }
                    let keys = r.pairs(value, "\(what) llm")
                    if let (k, _, v) = keys.first, keys.count == 1, k == "option" {
                        let id = v.scalar?.string
                        steps.append((.llm(.option(id == nil || id == "null" || id == "~" || id == "" ? nil : id)), line))
                    } else if let (k, _, v) = keys.first, keys.count == 1, k == "answer", let text = v.scalar?.string {
                        steps.append((.llm(.answer(text)), line))
                    } else {
                        r.error(value, "\(what): llm is `fail`, {option: id}, {option: null} or {answer: text}")
                    }
                case "expect":
                    var e: [String: Scenario.ExpectValue] = [:]
                    for (k, _, v) in r.pairs(value, "\(what) expect") {
                        if let s = v.scalar?.string { e[k] = .text(s) }
                        else if let seq = v.sequence { e[k] = .list(seq.compactMap { $0.scalar?.string }) }
                        else if v.mapping != nil {
                            var m: [String: String] = [:]
                            for (mk, _, mv) in r.pairs(v, "\(what) expect \(k)") { m[mk] = mv.scalar?.string ?? "" }
                            e[k] = .map(m)
                        }
                    }
                    for k in e.keys.sorted() where !ScenarioRunner.expectKeys.contains(k) {
                        r.error(s, "\(what): unknown expectation '\(k)' (known: \(ScenarioRunner.expectKeys.sorted().joined(separator: ", ")))")
                    }
                    steps.append((.expect(e), line))
                default:
                    r.error(s, "\(what): unknown step '\(key)' (user, choose, bot, bot_not, expect, store_fails, llm)")
                }
            }
            out.append(Scenario(
                name: name, file: file, line: node.mark?.line,
                language: r.string(node, "language", in: what, required: false), today: today,
                source: r.string(node, "source", in: what, required: false) ?? "test",
                course: r.string(node, "course", in: what, required: false), steps: steps))
        }
        return (out, r.diagnostics)
    }
}

public struct ScenarioFailure: Sendable, Equatable {
    public var line: Int?
    public var what: String
    public var expected: String
    public var actual: String
}

public struct ScenarioResult: Sendable {
    public var scenario: String
    public var file: String
    public var failures: [ScenarioFailure]
    public var transcript: [String]
    public var passed: Bool { failures.isEmpty }
}

public enum ScenarioRunner {
    public static let expectKeys: Set<String> = [
        "step", "recommendation", "goal", "language", "done", "lead_status", "options", "answers", "lead", "leads",
        "reasons", "quote",
    ]

    public static func run(_ engine: Engine, _ scenario: Scenario) -> ScenarioResult {
        let sink = MemoryLeadSink()
        let assistant = scenario.usesAssistant ? ScriptedAssistant() : nil
        var turn = Conversation.start(engine, language: scenario.language, source: scenario.source,
                                      today: scenario.today, course: scenario.course, assistant: assistant != nil)
        var transcript = ["madi: " + Transcript.render(turn.reply)]
        var last = turn.reply
        var failures: [ScenarioFailure] = []
        for (step, line) in scenario.steps {
            switch step {
            case let .user(text):
                transcript.append("user: " + text)
                turn = Conversation.turn(engine, turn.session, .text(text), leads: sink, assistant: assistant)
                last = turn.reply
                transcript.append("madi: " + Transcript.render(last))
            case let .choose(id):
                transcript.append("choose: " + id)
                turn = Conversation.turn(engine, turn.session, .choose(id), leads: sink, assistant: assistant)
                last = turn.reply
                transcript.append("madi: " + Transcript.render(last))
            case let .bot(expected):
                let actual = Transcript.render(last)
                if !actual.contains(expected) {
                    failures.append(ScenarioFailure(line: line, what: "bot", expected: "contains: " + expected, actual: actual))
                }
            case let .botNot(unexpected):
                let actual = Transcript.render(last)
                if actual.contains(unexpected) {
                    failures.append(ScenarioFailure(line: line, what: "bot_not", expected: "does not contain: " + unexpected, actual: actual))
                }
            case let .storeFails(n):
                sink.failNext(n)
            case let .llm(reply):
                assistant?.push(reply)
            case let .expect(e):
                failures += check(e, engine: engine, session: turn.session, reply: last, leads: sink.all, line: line)
            }
        }
        for call in assistant?.unexpected ?? [] {
            failures.append(ScenarioFailure(line: nil, what: "llm", expected: "a scripted reply for every LLM call", actual: "unscripted call: \(call)"))
        }
        if let left = assistant?.leftover, left > 0 {
            failures.append(ScenarioFailure(line: nil, what: "llm", expected: "every scripted reply used", actual: "\(left) left unused"))
        }
        return ScenarioResult(scenario: scenario.name, file: scenario.file, failures: failures, transcript: transcript)
    }

    static func check(_ e: [String: Scenario.ExpectValue], engine: Engine, session: Session, reply: Reply,
                      leads: [LeadDraft], line: Int?) -> [ScenarioFailure] {
        var f: [ScenarioFailure] = []
        func cmp(_ what: String, _ expected: String, _ actual: String) {
            if expected != actual { f.append(ScenarioFailure(line: line, what: what, expected: expected, actual: actual)) }
        }
        let rec = engine.recommendation(for: session)
        for (key, value) in e.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case let ("step", .text(v)): cmp("step", v, session.step)
            case let ("recommendation", .text(v)): cmp("recommendation", v, rec?.course ?? "none")
            case let ("goal", .text(v)): cmp("goal", v, rec?.goal ?? "none")
            case let ("language", .text(v)): cmp("language", v, session.language)
            case let ("done", .text(v)): cmp("done", v, String(session.done))
            case let ("lead_status", .text(v)): cmp("lead_status", v, session.lead.rawValue)
            case let ("quote", .text(v)): cmp("quote", v, String(reply.recommendation?.quote ?? false))
            case let ("leads", .text(v)): cmp("leads", v, String(leads.count))
            case let ("options", .list(v)): cmp("options", v.joined(separator: ", "), reply.options.map(\.id).joined(separator: ", "))
            case let ("reasons", .list(v)): cmp("reasons", v.joined(separator: ", "), (reply.recommendation?.reasons ?? []).joined(separator: ", "))
            case let ("answers", .map(m)):
                for (step, expected) in m.sorted(by: { $0.key < $1.key }) {
                    let a = session.answers[step]
                    cmp("answers.\(step)", expected, a?.option ?? a?.number.map(String.init) ?? a?.text ?? "none")
                }
            case let ("lead", .map(m)):
                guard let lead = leads.last else {
                    f.append(ScenarioFailure(line: line, what: "lead", expected: "a saved lead", actual: "no lead saved"))
                    continue
                }
                for (field, expected) in m.sorted(by: { $0.key < $1.key }) {
                    cmp("lead.\(field)", expected, leadField(lead, field))
                }
            default:
                f.append(ScenarioFailure(line: line, what: key, expected: "a known expectation of the right shape", actual: "\(value)"))
            }
        }
        return f
    }

    static func leadField(_ lead: LeadDraft, _ field: String) -> String {
        switch field {
        case "email": return lead.email
        case "email_ascii": return lead.emailASCII ?? "none"
        case "course": return lead.course
        case "recommended_course": return lead.recommendedCourse ?? "none"
        case "language": return lead.language
        case "source": return lead.source
        case "company": return lead.company ?? "none"
        case "first_name": return lead.firstName ?? "none"
        case "team_size": return lead.teamSize.map(String.init) ?? "none"
        case "kind": return lead.kind
        case "consent_version": return lead.consentVersion
        case "answers": return lead.answers.map { "\($0.step)=\($0.value)" }.joined(separator: ", ")
        case "labels": return lead.answers.map { "\($0.step)=\($0.label)" }.joined(separator: ", ")
        case "questions": return lead.questions.isEmpty ? "none" : lead.questions.joined(separator: " | ")
        case "withdrawn": return lead.withdrawn == true ? "true" : "false"
        case "erase": return lead.erase == true ? "true" : "false"
        default: return "unknown field '\(field)'"
        }
    }
}
