import Foundation
import MadiCore
import Yams

/// Measures understanding on labelled messages, as `rasa test nlu` does: each message is typed at
/// its step of a real conversation (reached through the engine), and what the engine recorded,
/// answered or acted on is compared with the label. A wrong answer recorded is worse than a
/// reprompt, so wrong answers are counted apart from misses.
public enum Evaluation {
    /// One labelled message (Dialogues/tests/nlu/*.yaml).
    public struct Case: Sendable {
        public var step: String
        public var language: String
        public var text: String
        public var line: Int?
        /// The current question's answer: an option id, a quantity ("5", "~10", "20-25"), "yes"/"no".
        public var answer: String?
        public var email: String?
        public var phone = false
        /// Answers to later questions in the same message.
        public var also: [String: String] = [:]
        public var faq: String?
        public var intent: String?
        /// A message a good coach would ask again about: nothing may be recorded.
        public var unclear = false
        /// The day the message is typed on (the file's `today`, the date it was written), which
        /// decides what a month means ("en janvier" is as soon as possible in December).
        public var today: Day?
    }

    public enum Outcome: String, Sendable, Codable { case right, wrong, missed }

    /// One thing a case expects, and what happened.
    public struct Item: Sendable, Codable {
        public var file: String
        public var line: Int?
        public var step: String
        public var language: String
        public var text: String
        /// What was expected ("goal.automate", "faq.price", "team_size=~10", "unclear").
        public var expected: String
        /// What the engine did ("goal.build", "missed", "faq.dates").
        public var got: String
        public var outcome: Outcome
    }

    public struct Report: Sendable, Codable {
        public var items: [Item]
        public init(items: [Item]) { self.items = items }
        public var total: Int { items.count }
        public var right: Int { items.filter { $0.outcome == .right }.count }
        public var wrong: Int { items.filter { $0.outcome == .wrong }.count }
        public var missed: Int { items.filter { $0.outcome == .missed }.count }
        public var accuracy: Double { total == 0 ? 0 : Double(right) / Double(total) }
        public var wrongRate: Double { total == 0 ? 0 : Double(wrong) / Double(total) }

        /// Precision and recall of each expected or produced label.
        public func perLabel() -> [(label: String, precision: Double, recall: Double, support: Int)] {
            var tp: [String: Int] = [:], fp: [String: Int] = [:], support: [String: Int] = [:]
            for i in items {
                support[i.expected, default: 0] += 1
                if i.outcome == .right { tp[i.expected, default: 0] += 1 } else if i.outcome == .wrong { fp[i.got, default: 0] += 1 }
            }
            let labels = Set(support.keys).union(fp.keys).sorted()
            return labels.map { l in
                let t = Double(tp[l] ?? 0)
                let p = t + Double(fp[l] ?? 0)
                let s = support[l] ?? 0
                return (l, p == 0 ? 1 : t / p, s == 0 ? 1 : t / Double(s), s)
            }
        }

        /// Expected → got, for wrong answers, most frequent first.
        public func confusedPairs() -> [(pair: String, count: Int)] {
            var c: [String: Int] = [:]
            for i in items where i.outcome == .wrong { c["\(i.expected) → \(i.got)", default: 0] += 1 }
            return c.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map { ($0.key, $0.value) }
        }
    }

    // MARK: Reading the labelled files

    public static func parse(file: String, text: String) -> ([Case], [Diagnostic]) {
        var r = YAMLReader(file: file)
        guard let root = r.compose(text) else { return ([], r.diagnostics) }
        // Either the list itself, or {today: YYYY-MM-DD, messages: [...]} when the labels read
        // months from the day they were written.
        var today: Day?
        var list = root.sequence
        if root.mapping != nil {
            r.checkKeys(root, allowed: ["today", "messages"], in: "labelled file")
            if let t = r.string(root, "today", in: "labelled file", required: false) {
                if let d = Day(iso: t) { today = d } else { r.error(r.value(root, "today"), "today must be YYYY-MM-DD (got '\(t)')") }
            }
            list = r.value(root, "messages")?.sequence
        }
        guard let seq = list else {
            r.error(root, "a labelled file is a list of {step, lang, text, expect}, or {today, messages: [...]}")
            return ([], r.diagnostics)
        }
        var out: [Case] = []
        for node in seq {
            r.checkKeys(node, allowed: ["step", "lang", "text", "expect"], in: "labelled message")
            guard let step = r.string(node, "step", in: "labelled message"),
                  let text = r.string(node, "text", in: "labelled message") else { continue }
            var c = Case(step: step, language: r.string(node, "lang", in: "labelled message", required: false) ?? "fr",
                         text: text, line: node.mark?.line)
            c.today = today
            guard let expect = r.value(node, "expect") else { r.error(node, "'expect' is missing"); continue }
            r.checkKeys(expect, allowed: ["answer", "also", "faq", "intent", "unclear"], in: "expect")
            if let a = r.value(expect, "answer") {
                if let s = a.scalar?.string { c.answer = s } else if a.mapping != nil {
                    c.email = r.string(a, "email", in: "expect.answer", required: false)
                    c.phone = r.bool(a, "phone", in: "expect.answer", default: false)
                    if let i = r.string(a, "intent", in: "expect.answer", required: false) { c.intent = i }
                }
            }
            for (k, _, v) in r.pairs(r.value(expect, "also"), "expect.also") { c.also[k] = v.scalar?.string ?? "" }
            c.faq = r.string(expect, "faq", in: "expect", required: false)
            if c.intent == nil { c.intent = r.string(expect, "intent", in: "expect", required: false) }
            c.unclear = r.bool(expect, "unclear", in: "expect", default: false)
            out.append(c)
        }
        return (out, r.diagnostics)
    }

    // MARK: Running

    public static func run(_ engine: Engine, _ cases: [Case], file: String, today: Day) -> Report {
        var items: [Item] = []
        var starts: [String: Session] = [:]
        for c in cases {
            let day = c.today ?? today
            let key = c.step + "/" + c.language + "/" + day.iso
            if starts[key] == nil { starts[key] = reach(engine, step: c.step, language: c.language, today: day) }
            guard let session = starts[key] ?? nil else {
                items.append(Item(file: file, line: c.line, step: c.step, language: c.language, text: c.text,
                                  expected: c.step, got: "step not reachable", outcome: .missed))
                continue
            }
            let turn = engine.step(session, .text(c.text))
            items += score(c, turn, engine, file: file)
        }
        return Report(items: items)
    }

    /// A session waiting at `step`, reached by choosing options in order (numbers, texts and an
    /// e-mail where asked): breadth first, so the shortest way.
    static func reach(_ engine: Engine, step: String, language: String, today: Day) -> Session? {
        var queue = [engine.start(language: language, source: "eval", today: today)]
        var seen: Set<String> = []
        while !queue.isEmpty {
            let turn = queue.removeFirst()
            let s = turn.session
            if s.step == step, !s.done { return s }
            guard seen.insert(s.step + "|" + s.history.joined(separator: ",")).inserted, s.history.count < 12, !s.done else { continue }
            guard let kind = engine.content.step(s.step)?.kind else { continue }
            switch kind {
            case .number: queue.append(engine.step(s, .text("5")))
            case .text: queue.append(engine.step(s, .text("Exemple SA")))
            case .email: queue.append(engine.step(s, .text("evaluation@example.com")))
            default:
                for o in turn.reply.options { queue.append(engine.step(s, .choose(o.id))) }
            }
        }
        return nil
    }

    static func score(_ c: Case, _ turn: Turn, _ engine: Engine, file: String) -> [Item] {
        var items: [Item] = []
        let t = turn.reply.trace
        func item(_ expected: String, _ got: String, _ outcome: Outcome) {
            items.append(Item(file: file, line: c.line, step: c.step, language: c.language, text: c.text,
                              expected: expected, got: got, outcome: outcome))
        }
        let teamStep = engine.content.steps.first { $0.field == "team_size" }?.id
        /// What was recorded for a step: an option id or a quantity.
        func recorded(_ step: String) -> String? {
            if step == teamStep {
                let q = turn.session.answers[step]?.quantity ?? (turn.session.answers[step]?.number.map { Quantity(low: $0) })
                    ?? turn.session.prefillQuantity
                guard let q else { return nil }
                return q.isRange ? "\(q.low)-\(q.high)" : String(q.value)
            }
            return t.noted.first { $0.step == step }?.value
        }
        func sameQuantity(_ expected: String, _ got: String) -> Bool {
            let e = expected.hasPrefix("~") ? String(expected.dropFirst()) : expected
            return e == got
        }
        /// A name typed in lower case is written with capitals ("garage moreau" → "Garage
        /// Moreau"), and a point that ends the sentence is not kept ("Orion Analytics Inc."): the
        /// same name whatever its letters' case and a closing point, as an address is.
        func sameAnswer(_ step: String, _ expected: String, _ got: String) -> Bool {
            guard engine.content.step(step)?.kind == .text else { return expected == got }
            func plain(_ s: String) -> String { (s.hasSuffix(".") ? String(s.dropLast()) : s).lowercased() }
            return plain(expected) == plain(got)
        }
        let currentRecorded = recorded(c.step)
        if let email = c.email {
            let got = turn.session.email?.normalized
            // (Labels written in lower case: "Marc.Lefevre@Gmail.com" kept as typed, "Marc.Lefevre@gmail.com",
            // is the same mailbox at every provider the sets name.)
            let same = got.map { $0.lowercased() == email.lowercased() } ?? false
            // An address said in words ("dave.k at hotmail dot com") is rebuilt and asked back
            // ("Is it dave.k@hotmail.com?"): understood, nothing to type again, one "yes" to take it.
            if got == nil, let rebuilt = turn.session.emailRebuilt {
                let right = rebuilt.lowercased() == email.lowercased()
                item("email", "email asked back: " + rebuilt, right ? .right : .wrong)
            } else {
                item("email", got ?? "missed", same ? .right : (got == nil ? .missed : .wrong))
            }
        } else if c.phone {
            item("email.phone", t.phone ? "email.phone" : (turn.session.email != nil ? "email accepted" : "missed"),
                 t.phone ? .right : (turn.session.email != nil ? .wrong : .missed))
        } else if let answer = c.answer {
            let expected = c.step == teamStep ? "\(c.step)=\(answer)" : "\(c.step).\(answer)"
            if let got = currentRecorded {
                let ok = c.step == teamStep ? sameQuantity(answer, got) : sameAnswer(c.step, answer, got)
                item(expected, c.step == teamStep ? "\(c.step)=\(got)" : "\(c.step).\(got)", ok ? .right : .wrong)
            } else {
                item(expected, t.clarify != nil ? "clarify" : "missed", .missed)
            }
        }
        for (step, value) in c.also.sorted(by: { $0.key < $1.key }) {
            let expected = step == teamStep ? "\(step)=\(value)" : "\(step).\(value)"
            if let got = recorded(step) {
                let ok = step == teamStep ? sameQuantity(value, got) : sameAnswer(step, value, got)
                item(expected, step == teamStep ? "\(step)=\(got)" : "\(step).\(got)", ok ? .right : .wrong)
            } else {
                item(expected, "missed", .missed)
            }
        }
        if let faq = c.faq {
            let got = t.side
            item("faq.\(faq)", got.map { "faq.\($0)" } ?? "missed",
                 got == faq ? .right : (got == nil || got == "unknown" ? .missed : .wrong))
        }
        if let intent = c.intent {
            let got = t.intent?.rawValue
            if got == intent {
                item("intent.\(intent)", "intent.\(intent)", .right)
            } else if c.answer == nil, c.email == nil, let rec = currentRecorded {
                item("intent.\(intent)", "\(c.step).\(rec)", .wrong)
            } else {
                item("intent.\(intent)", got.map { "intent.\($0)" } ?? (t.side.map { "faq.\($0)" } ?? "missed"),
                     got == nil ? .missed : .wrong)
            }
        }
        if c.unclear {
            if let rec = currentRecorded {
                item("unclear", c.step == teamStep ? "\(c.step)=\(rec)" : "\(c.step).\(rec)", .wrong)
            } else {
                item("unclear", "asked again", .right)
            }
        }
        return items
    }
}
