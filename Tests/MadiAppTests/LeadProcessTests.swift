import Foundation
import MadiCore
import MadiJSON
import Testing
@testable import MadiApp

@Suite("Leads across processes")
struct LeadProcessTests {
    /// Requests that take session `s` straight to a saved lead for `email`.
    static func leadScript(_ s: String, _ email: String, id: Int) -> [String] {
        let steps: [(String, JSON)] = [("say", .string("formations")), ("say", .string("starter")), ("say", .string(email)), ("say", .string("oui"))]
        var out = [request([("id", .number(Double(id))), ("type", .string("start")), ("session", .string(s))])]
        for (i, (_, text)) in steps.enumerated() {
            out.append(request([("id", .number(Double(id + i + 1))), ("type", .string("say")), ("session", .string(s)), ("text", text)]))
        }
        out.append(request([("id", .number(Double(id + 9))), ("type", .string("end")), ("session", .string(s))]))
        return out
    }

    @Test func twoProcessesWrite500LeadsEachConcurrently() throws {
        let db = Paths.temp("shared.sqlite")
        let writers = DispatchGroup()
        let procs = try (0..<2).map { p -> Madi in
            let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db])
            var lines: [String] = []
            for i in 0..<500 { lines += Self.leadScript("p\(p)-\(i)", "lead\(i)@process\(p).fr", id: i * 10) }
            let payload = Data((lines.joined(separator: "\n") + "\n").utf8)
            DispatchQueue.global().async(group: writers) { m.send(payload) }
            return m
        }
        writers.wait()
        var saved = 0
        for m in procs {
            let r = m.finish(timeout: 300)
            #expect(r.status == 0)
            saved += r.lines.filter { $0.contains("\"lead\":\"saved\"") && $0.contains("\"step\":\"done\"") }.count
            #expect(!r.stdout.contains("store_busy"))
        }
        #expect(saved == 1000)
        #expect(try run(["leads", "count", "--leads-db", db]).stdout == "1000\n")
        let sqlite = try run(["leads", "export", "--format", "csv", "--leads-db", db])
        #expect(sqlite.stdout.components(separatedBy: "\r\n").count == 1002) // header, 1000 rows, final CRLF
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        check.arguments = [db, "PRAGMA integrity_check"]
        let out = Pipe()
        check.standardOutput = out
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") {
            try check.run()
            check.waitUntilExit()
            #expect(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "ok\n")
        }
    }

    /// The same persona through the chat and through JSON lines: same course, same lead.
    @Test func chatAndJSONLinesAgree() throws {
        let answers = ["oui", "former mon équipe", "cinq personnes, débutants", "dans les 3 mois", "oui", "Menuiserie Dubois", "marc@dubois.fr", "oui"]
        let chatDB = Paths.temp("chat.sqlite"), jsonDB = Paths.temp("json.sqlite")
        let chat = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", chatDB], stdin: answers.joined(separator: "\n") + "\n")
        #expect(chat.status == 0)
        var lines = [request([("id", .number(0)), ("type", .string("start")), ("session", .string("m"))])]
        for (i, a) in answers.enumerated() {
            lines.append(request([("id", .number(Double(i + 1))), ("type", .string("say")), ("session", .string("m")), ("text", .string(a))]))
        }
        let json = try run(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", jsonDB], stdin: lines.joined(separator: "\n") + "\n")
        #expect(json.status == 0)
        let recommended = json.lines.compactMap { try? JSON.parse(Array($0.utf8)) }.compactMap { $0["recommendation"]?["course"]?.string }.last
        #expect(recommended == "starter")
        #expect(chat.stdout.contains("Pour ton équipe de 5 personnes, je recommande Starter"))
        func lead(_ db: String) throws -> JSON? {
            let e = try run(["leads", "export", "--format", "jsonl", "--leads-db", db])
            guard let j = try? JSON.parse(Array(e.lines.first?.utf8 ?? "".utf8)), case let .object(pairs) = j else { return nil }
            let ignored: Set<String> = ["id", "created_at", "updated_at", "consented_at", "source"]
            return .object(pairs.filter { !ignored.contains($0.0) })
        }
        let a = try lead(chatDB), b = try lead(jsonDB)
        #expect(a != nil)
        #expect(a == b)
        #expect(a?["kind"]?.string == "quote")
        #expect(a?["team_size"] == .number(5))
        #expect(a?["company"]?.string == "Menuiserie Dubois")
    }

    /// A database the process may not write: an honest message, an error code, no confirmation,
    /// and the other sessions go on.
    @Test func aReadOnlyDatabaseIsReportedHonestly() throws {
        let db = Paths.temp("ro.sqlite")
        _ = try run(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db], stdin: Self.leadScript("seed", "seed@orange.fr", id: 0).joined(separator: "\n") + "\n")
        let dir = (db as NSString).deletingLastPathComponent
        for p in [dir, db] { try FileManager.default.setAttributes([.posixPermissions: p == dir ? 0o555 : 0o444], ofItemAtPath: p) }
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: (dir as NSString).deletingLastPathComponent)
        // Root writes anywhere: run as nobody then.
        let prefix = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db], prefix: prefix)
        var lines = Self.leadScript("ro", "ro@orange.fr", id: 100)
        lines.removeLast()
        for l in lines { m.send(l) }
        var replies: [JSON] = []
        for _ in 0..<lines.count { if let j = m.json() { replies.append(j) } }
        let last = replies.last
        #expect(last?["lead"]?.string == "failed")
        #expect(last?["lead_error"]?["code"]?.string == "store_read_only")
        #expect(last?["messages"]?.serialized.contains("rien n'a été enregistré") == true)
        #expect(last?["messages"]?.serialized.contains("C'est noté") == false)
        m.send(request([("id", .number(500)), ("type", .string("start")), ("session", .string("other"))]))
        #expect(m.json()?["type"]?.string == "reply")
        let r = m.finish()
        #expect(r.status == 0)
        #expect(r.stderr.contains("store_read_only"))
        #expect(!r.stderr.contains("ro@orange.fr"))
        #expect(try run(["leads", "count", "--leads-db", db]).stdout == "1\n")
    }
}
