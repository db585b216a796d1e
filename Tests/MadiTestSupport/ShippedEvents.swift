import Foundation
import MadiCore
import MadiEvents
import MadiScenarios

/// The funnel's events of every shipped conversation case, as the fronts record them: each
/// turn's events with the stamp they get (the session's id, the time written by `timestamp`, the
/// turn's number).
public func shippedConversationEvents(timestamp: (Date) -> String) throws -> [(events: [Event], stamp: EventStamp)] {
    let content = ShippedDialogues.content
    let engine = Engine(content: content)
    let deriver = EventDeriver(content: content)
    let leads = MemoryLeadSink()
    let dir = ShippedDialogues.directory.appendingPathComponent("tests")
    var out: [(events: [Event], stamp: EventStamp)] = []
    var n = 0
    func stamp(_ session: String, _ turn: Int) -> EventStamp {
        n += 1 // one millisecond a turn, from a fixed time
        return EventStamp(session: session, at: timestamp(Date(timeIntervalSince1970: 1_800_000_000 + Double(n) / 1000)), turn: turn)
    }
    for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".yaml") {
        let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        for (i, c) in ScenarioLoader.parse(file: name, text: text).0.enumerated() where !c.usesAssistant {
            let id = "\(name)-\(i)-\(c.name)"
            let start = Conversation.start(engine, language: c.language, source: "test", today: c.today)
            var events = deriver.started(start.session, reply: start.reply)
            if !events.isEmpty { events[0].params["client_session"] = .string(String(c.name.prefix(64))) }
            out.append((events, stamp(id, 0)))
            var session = start.session
            var turns = 0
            for step in c.steps {
                let input: Input
                switch step.step {
                case let .user(t): input = .text(t)
                case let .choose(o): input = .choose(o)
                default: continue
                }
                var failure: String?
                let t = Conversation.turn(engine, session, input, leads: leads, onSaveError: { failure = $0.code })
                turns += 1
                out.append((deriver.events(before: session, after: t.session, reply: t.reply, input: input, leadError: failure), stamp(id, turns)))
                session = t.session
            }
            out.append((deriver.ended(session, reason: .expired), stamp(id, turns)))
        }
    }
    // Parameters that need escaping, and ones named as the stamp's (the stamp wins, as `stamped` does).
    let tricky = ["quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{01}\u{1F}ctl\u{7F}", "é ü 日本 🙂 \u{2028}", "a/b", ""]
    for (i, t) in tricky.enumerated() {
        out.append(([Event("side_question", ["text\(i)": .string(t), "n": .int(-i * 1_000_003), "flag": .bool(i % 2 == 0), t: .int(i),
                                             "session_id": .string("other"), "turn": .int(99), "timestamp": .string("then")])],
                    EventStamp(session: t, at: "2026-11-22T10:00:00.00\(i)Z", turn: Int.max - i)))
    }
    return out
}
