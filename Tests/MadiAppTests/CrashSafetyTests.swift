import Foundation
import MadiCore
import MadiJSON
import MadiStore
import Testing
@testable import MadiApp

@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
    /// Kills `madi jsonl` with SIGKILL while it saves leads in a loop: every lead whose
    /// confirmation reached stdout is in the database after a restart, and the database is sound.
    @Test func everyConfirmedLeadSurvivesSIGKILL() throws {
        let db = Paths.temp("crash.sqlite")
        let m = try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db])
        var lines: [String] = []
        for i in 0..<3000 { lines += LeadProcessTests.leadScript("k\(i)", "crash\(i)@exemple.fr", id: i * 10) }
        let payload = Data((lines.joined(separator: "\n") + "\n").utf8)
        Thread { m.send(payload) }.start()
        // Let a good number of leads be confirmed, then kill without warning.
        var confirmed = 0
        var seen: [String] = []
        while confirmed < 150, let line = m.readLine(timeout: 30) {
            seen.append(line)
            if line.contains("\"lead\":\"saved\"") { confirmed += 1 }
        }
        kill(m.process.processIdentifier, SIGKILL)
        let rest = m.finish(timeout: 30)
        #expect(rest.status == SIGKILL || m.process.terminationReason == .uncaughtSignal)
        seen += rest.lines
        // Every confirmation written before the kill names its e-mail.
        let emails = seen.filter { $0.contains("\"lead\":\"saved\"") }.compactMap { line -> String? in
            guard let r = line.range(of: #"crash\d+@exemple\.fr"#, options: .regularExpression) else { return nil }
            return String(line[r])
        }
        #expect(emails.count >= 150)
        #expect(emails.count < 3000, "the process finished before the kill; the test proved nothing")
        // Restart: a new store on the same file.
        let store = LeadStore(path: db)
        #expect(try store.integrityCheck() == "ok")
        let stored = Set(try store.list().map(\.email))
        let missing = emails.filter { !stored.contains($0) }
        #expect(missing.isEmpty, "confirmed but lost: \(missing.prefix(5))")
        // And the restarted process serves and saves again.
        let after = try run(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db],
                            stdin: LeadProcessTests.leadScript("again", "after@exemple.fr", id: 1).joined(separator: "\n") + "\n")
        #expect(after.stdout.contains("\"lead\":\"saved\""))
        #expect(try store.list().contains { $0.email == "after@exemple.fr" })
    }

    /// A full disk under the store: an honest error with a code, no confirmation, and the
    /// process keeps serving other sessions. The disk is a tiny tmpfs in a private mount
    /// namespace (no privilege needed), filled after the database was created.
    @Test func aFullDiskIsReportedHonestlyAndServingGoesOn() throws {
        let mnt = Paths.temp("mnt")
        try FileManager.default.createDirectory(atPath: mnt, withIntermediateDirectories: true)
        let seed = Paths.temp("seed.jsonl")
        try (LeadProcessTests.leadScript("seed", "seed@exemple.fr", id: 0).joined(separator: "\n") + "\n")
            .write(toFile: seed, atomically: true, encoding: .utf8)
        let db = mnt + "/leads.sqlite"
        let madi = "\(Paths.madi) jsonl --dialogues \(Paths.dialogues) --leads-db \(db)"
        let script = "mount -t tmpfs -o size=512k tmpfs \(mnt) && \(madi) < \(seed) > /dev/null && "
            + "(dd if=/dev/zero of=\(mnt)/filler bs=4k 2>/dev/null; true) && exec \(madi)"
        let m = try Madi([], prefix: ["/usr/bin/unshare", "-rm", "/bin/sh", "-c", script])
        var lines = LeadProcessTests.leadScript("full", "full@exemple.fr", id: 100)
        lines.removeLast()
        for l in lines { m.send(l) }
        var replies: [JSON] = []
        for _ in 0..<lines.count { if let j = m.json(timeout: 20) { replies.append(j) } }
        let last = replies.last
        #expect(last?["lead"]?.string == "failed")
        #expect(last?["lead_error"]?["code"]?.string == "store_full")
        #expect(last?["messages"]?.serialized.contains("rien n'a été enregistré") == true)
        #expect(!(replies.contains { $0["lead"]?.string == "saved" }))
        m.send(request([("id", .number(900)), ("type", .string("start")), ("session", .string("other"))]))
        #expect(m.json()?["type"]?.string == "reply")
        m.send(request([("id", .number(901)), ("type", .string("say")), ("session", .string("other")), ("text", .string("oui"))]))
        #expect(m.json()?["step"]?.string == "goal")
        let r = m.finish()
        #expect(r.status == 0)
        #expect(r.stderr.contains("store_full"))
    }
}
