import Foundation
import GRDB
import MadiCore
import MadiEvents
import MadiScenarios
import MadiTestSupport
import Testing
@testable import MadiStore

/// The funnel's events of every shipped conversation case, as the fronts record them: each
/// turn's events with the stamp they get (the session's id, the time, the turn's number).
func shippedConversationEvents() throws -> [(events: [Event], stamp: EventStamp)] {
    let content = ShippedDialogues.content
    let engine = Engine(content: content)
    let deriver = EventDeriver(content: content)
    let leads = MemoryLeadSink()
    let dir = ShippedDialogues.directory.appendingPathComponent("tests")
    var out: [(events: [Event], stamp: EventStamp)] = []
    var n = 0
    func stamp(_ session: String, _ turn: Int) -> EventStamp {
        n += 1 // one millisecond a turn, from a fixed time
        return EventStamp(session: session, at: LeadStore.timestamp(Date(timeIntervalSince1970: 1_800_000_000 + Double(n) / 1000)), turn: turn)
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

@Suite("Recorded events")
struct RecordedEventsTests {
    /// A recorder stamps each event as it writes it (`Recorded.stamped`): the same rows as the
    /// event stamped first (`Recorded.event(e.stamped(…))`), column by column, in the same order.
    @Test func eventsStampedAsTheyAreWrittenAreTheSameRows() throws {
        let batches = try shippedConversationEvents()
        #expect(batches.reduce(0) { $0 + $1.events.count } > 10_000)
        let before = LeadStore(path: tempPath()), after = LeadStore(path: tempPath())
        try before.append(batches.flatMap { b in b.events.map { Recorded.event($0.stamped(session: b.stamp.session, at: b.stamp.at, turn: b.stamp.turn)) } })
        try after.append(batches.flatMap { b in b.events.map { Recorded.stamped($0, b.stamp) } })
        func rows(_ store: LeadStore) throws -> [[DatabaseValue]] {
            try store.read { db in
                try Row.fetchAll(db, sql: "SELECT id, at, session_id, name, language, step, turn, data FROM event ORDER BY id")
                    .map { row in (0..<row.count).map { row[$0] as DatabaseValue } }
            }
        }
        let (a, b) = (try rows(before), try rows(after))
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) where x != y {
            Issue.record("\(x) / \(y)")
            break
        }
        #expect(try before.events() == after.events())
    }

    /// The stamped event's JSON, written straight from the event and its stamp.
    @Test func anEventsJSONWithItsStampIsTheStampedEventsJSON() throws {
        for batch in try shippedConversationEvents() {
            for e in batch.events {
                var bytes: [UInt8] = []
                e.writeJSON(stampedWith: batch.stamp, into: &bytes)
                let stamped = e.stamped(session: batch.stamp.session, at: batch.stamp.at, turn: batch.stamp.turn)
                #expect(String(decoding: bytes, as: UTF8.self) == stamped.json)
                for key in ["session_id", "timestamp", "turn", "language", "step", "course"] {
                    #expect(e.value(key, stampedWith: batch.stamp) == stamped[key])
                }
            }
        }
    }
}
