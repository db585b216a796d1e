import Foundation
import GRDB
import MadiCore
import MadiEvents
import MadiScenarios
import MadiTestSupport
import Testing
@testable import MadiStore

@Suite("Recorded events")
struct RecordedEventsTests {
    /// A recorder stamps each event as it writes it (`Recorded.stamped`): the same rows as the
    /// event stamped first (`Recorded.event(e.stamped(…))`), column by column, in the same order.
    @Test func eventsStampedAsTheyAreWrittenAreTheSameRows() throws {
        let batches = try shippedConversationEvents(timestamp: LeadStore.timestamp)
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
        for batch in try shippedConversationEvents(timestamp: LeadStore.timestamp) {
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
