import Foundation
import Testing
@testable import MadiCore
import MadiScenarios

@Suite("Loaded content kept as bytes between runs")
struct ContentPackTests {
    static let program: [UInt64] = [1, 2, 3]
    static let key = ContentPack.key(files: Shipped.files, program: program)
    static let bytes = ContentPack.bytes(Shipped.content, key: key)

    /// The first place where two values differ, field by field (every stored property, through
    /// classes, enums' payloads, optionals, arrays and tables in key order), or nil.
    static func difference(_ a: Any, _ b: Any, at path: String = "content") -> String? {
        let ma = Mirror(reflecting: a), mb = Mirror(reflecting: b)
        guard ma.displayStyle == mb.displayStyle, "\(ma.subjectType)" == "\(mb.subjectType)" else {
            return "\(path): \(ma.subjectType) vs \(mb.subjectType)"
        }
        var ca = ma.children.map { ($0.label ?? "", $0.value) }
        var cb = mb.children.map { ($0.label ?? "", $0.value) }
        if ma.displayStyle == .dictionary || ma.displayStyle == .set {
            // (Entries in the order of their keys: a table's own order is not its content.)
            func sorted(_ c: [(String, Any)]) -> [(String, Any)] {
                c.map { entry -> (String, Any) in
                    let pair = Mirror(reflecting: entry.1).children.map(\.value)
                    return (String(describing: pair.first ?? entry.1), entry.1)
                }.sorted { $0.0 < $1.0 }
            }
            ca = sorted(ca)
            cb = sorted(cb)
        }
        guard ca.count == cb.count else { return "\(path): \(ca.count) vs \(cb.count) items" }
        if ca.isEmpty { return String(describing: a) == String(describing: b) ? nil : "\(path): \(a) vs \(b)" }
        if ma.displayStyle == .enum, String(describing: a).prefix(while: { $0 != "(" }) != String(describing: b).prefix(while: { $0 != "(" }) {
            return "\(path): \(a) vs \(b)"
        }
        for (i, (x, y)) in zip(ca, cb).enumerated() {
            if let d = difference(x.1, y.1, at: "\(path).\(x.0.isEmpty ? String(i) : x.0)") { return d }
        }
        return nil
    }

    @Test func contentReadBackIsTheContentLoadedFieldByField() throws {
        let back = try #require(ContentPack.content(Self.bytes, key: Self.key))
        #expect(Self.difference(Shipped.content, back) == nil, "\(Self.difference(Shipped.content, back) ?? "")")
        // The comparison sees a change in a field deep inside: it is no comparison that always agrees.
        var files = Shipped.files
        files["strings/en.yaml"] = files["strings/en.yaml"]!.replacingOccurrences(of: "Madi", with: "Mady")
        let other = try ContentLoader.load(files: files).get()
        #expect(Self.difference(Shipped.content, other) != nil)
        // The same content is the same bytes.
        #expect(ContentPack.bytes(back, key: Self.key) == Self.bytes)
    }

    @Test func everyListOfTheLexiconIsWritten() {
        // A field of the lexicon left out of the bytes would be lost at the next start.
        let fields = Mirror(reflecting: Shipped.content.lexicon["fr"]!).children
        #expect(fields.filter { $0.value is [String] }.count == Lexicon.wordPaths.count)
        #expect(fields.filter { $0.value is [String: Int] }.count == Lexicon.countPaths.count)
        #expect(fields.count == Lexicon.wordPaths.count + Lexicon.countPaths.count)
        #expect(Set(Lexicon.wordPaths.map { $0 as AnyKeyPath }).count == Lexicon.wordPaths.count)
    }

    @Test func conversationsPlayTheSameOnContentReadBack() throws {
        let back = try #require(ContentPack.content(Self.bytes, key: Self.key))
        let engines = [Shipped.engine, Engine(content: back)]
        let scripts: [(String, [String])] = [
            ("fr", ["salut", "je veux automatiser mon travail", "un peu", "tous les jours", "dès que possible", "je suis intéressé", "marie@exemple.fr", "oui"]),
            ("en", ["hi, I'm Tom, I run a bakery and want my 8 people to get better with ChatGPT", "mostly beginners", "not in december", "how much is it?", "interested", "Tom's Bakery", "tom@bakery.co.uk", "yes"]),
            ("fr", ["je veux former une dizaine de salariés débutants", "c'est éligible au CPF ?", "le plus tôt possible", "non merci"]),
        ]
        for (language, inputs) in scripts {
            var said: [[Reply]] = []
            for engine in engines {
                var turn = engine.start(language: language, source: "test", today: Shipped.today)
                var replies = [turn.reply]
                for text in inputs {
                    turn = Conversation.turn(engine, turn.session, .text(text), leads: MemoryLeadSink())
                    replies.append(turn.reply)
                }
                said.append(replies)
            }
            for (i, (a, b)) in zip(said[0], said[1]).enumerated() { #expect(a == b, "\(language), reply \(i)") }
            #expect(Set(said[0].map(\.step)).count > 3)
        }
    }

    @Test func bytesOfAnotherKeyLayoutOrCutShortOrDamagedAreRefused() {
        #expect(ContentPack.content(Self.bytes, key: Self.key &+ 1) == nil)
        #expect(ContentPack.content(Array(Self.bytes.dropLast(1)), key: Self.key) == nil)
        #expect(ContentPack.content(Array(Self.bytes.prefix(40)), key: Self.key) == nil)
        var layout = Self.bytes
        layout[ContentPack.magic.count] &+= 1
        #expect(ContentPack.content(layout, key: Self.key) == nil)
        // One byte changed anywhere in the content: the checksum no longer holds.
        for at in [60, Self.bytes.count / 2, Self.bytes.count - 3] {
            var damaged = Self.bytes
            damaged[at] ^= 0x20
            #expect(ContentPack.content(damaged, key: Self.key) == nil, "byte \(at)")
        }
        #expect(ContentPack.content([], key: Self.key) == nil)
    }

    @Test func theKeyChangesWithAnyFileAndWithTheProgram() {
        var files = Shipped.files
        files["faq.yaml"]! += "\n"
        #expect(ContentPack.key(files: files, program: Self.program) != Self.key)
        #expect(ContentPack.key(files: Shipped.files, program: [1, 2, 4]) != Self.key)
        var renamed = Shipped.files
        renamed["examples/fr2.yaml"] = renamed.removeValue(forKey: "examples/fr.yaml")
        #expect(ContentPack.key(files: renamed, program: Self.program) != Self.key)
        #expect(ContentPack.key(files: Shipped.files, program: Self.program) == Self.key)
    }
}
