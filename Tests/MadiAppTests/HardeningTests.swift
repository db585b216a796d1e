import Foundation
import MadiCore
import MadiJSON
import MadiStore
import Testing
@testable import MadiApp

/// Hostile or odd input at the JSON-lines front: each case feeds the input that used to get
/// through, and checks what comes out.
@Suite("JSON-lines front under hostile input")
struct HardeningTests {
    func server(_ extra: [String] = [], db: String = Paths.temp("leads.sqlite")) throws -> Madi {
        try Madi(["jsonl", "--dialogues", Paths.dialogues, "--leads-db", db] + extra)
    }

    static let smuggling: Data = {
        var d = Data(#"{"id":1,"type":"hello"}"#.utf8) + Data([0x0A])
        d += Data(repeating: UInt8(ascii: "x"), count: 131_048)
        d += Data(#"{"id":"SMUGGLED","type":"start","session":"smug"}"#.utf8) // no newline: the end of input
        return d
    }()

    @Test func anOverLongLastLineIsDiscardedToItsEndThroughTheProcess() throws {
        let m = try server()
        m.send(Self.smuggling)
        let r = m.finish()
        #expect(r.status == 0)
        #expect(r.lines.count == 2, "\(r.lines.map { String($0.prefix(120)) })")
        #expect(r.lines.first?.contains(#""type":"hello""#) == true)
        #expect(code(try? JSON.parse(Array((r.lines.last ?? "").utf8))) == "line_too_long")
        #expect(!r.stdout.contains("SMUGGLED"))
        #expect(!r.stdout.contains("smug"))
    }

    /// The same bytes from a file, where reads end exactly at 64 KiB boundaries.
    @Test func anOverLongLastLineIsDiscardedAcrossReadBoundaries() throws {
        let path = Paths.temp("input")
        try Self.smuggling.write(to: URL(fileURLWithPath: path))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        var reader = LineReader(fd: fd, maxBytes: 65536)
        var items: [String] = []
        while let item = reader.next() {
            switch item {
            case let .line(bytes): items.append(String(decoding: bytes, as: UTF8.self))
            case let .tooLong(n, _): items.append("tooLong \(n)")
            }
        }
        #expect(items == [#"{"id":1,"type":"hello"}"#, "tooLong \(131_048 + 49)"])
    }

    @Test func idsAreEchoedExactlyAsSent() throws {
        let m = try server()
        for raw in ["12345678901234567890123", "1e999999", "-0.10", "1.5E+3", "7"] {
            m.send(#"{"id":\#(raw),"type":"hello"}"#)
            let line = m.readLine() ?? ""
            #expect(line.hasPrefix(#"{"v":1,"id":\#(raw),"type":"hello""#), "\(raw) came back as \(line)")
        }
        // An error reply carries the id as sent too.
        m.send(#"{"id":12345678901234567890123,"type":"dance"}"#)
        #expect(m.readLine()?.contains(#""id":12345678901234567890123,"#) == true)
        #expect(m.finish().status == 0)
    }

    @Test func duplicateKeysAreRefused() throws {
        let m = try server()
        m.send(#"{"id":1,"type":"say","type":"start","session":"dup"}"#)
        let refused = m.json()
        #expect(code(refused) == "bad_json")
        #expect(refused?["error"]?["message"]?.string?.contains("duplicate key 'type'") == true)
        // Nested objects too, and nothing was started.
        m.send(#"{"id":2,"type":"start","session":"dup2","context":{"source":"a","source":"b"}}"#)
        #expect(code(m.json()) == "bad_json")
        for sid in ["dup", "dup2"] {
            m.send(request([("id", .number(3)), ("type", .string("state")), ("session", .string(sid))]))
            #expect(code(m.json()) == "unknown_session")
        }
        #expect(m.finish().status == 0)
    }

    @Test func manyKeysWithALateDuplicateAreRefused() throws {
        var text = "{"
        for i in 0..<100 { text += "\"k\(i)\":\(i)," }
        text += "\"k7\":0}"
        #expect(throws: JSON.ParseError.self) { try JSON.parse(Array(text.utf8)) }
    }

    @Test func aByteOrderMarkAtTheStartOfTheStreamIsSkipped() throws {
        let m = try server()
        m.send(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"id":1,"type":"hello"}"#.utf8) + Data([0x0A]))
        #expect(m.json()?["type"]?.string == "hello")
        // Anywhere else it is not JSON.
        m.send(Data([0xEF, 0xBB, 0xBF]) + Data(#"{"id":2,"type":"hello"}"#.utf8) + Data([0x0A]))
        #expect(code(m.json()) == "bad_json")
        #expect(m.finish().status == 0)
    }

    @Test func aByteOrderMarkSplitAcrossReadsIsSkipped() throws {
        let (r, w) = try pipeFDs()
        defer { close(r) }
        _ = [UInt8]([0xEF, 0xBB]).withUnsafeBytes { write(w, $0.baseAddress, 2) }
        let result = Locked<[UInt8]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            var reader = LineReader(fd: r, maxBytes: 1024)
            if case let .line(bytes)? = reader.next() { result.set(bytes) }
            done.signal()
        }.start()
        // Once the reader has taken the first two bytes, the rest of the mark and the line come.
        var waiting: Int32 = 1
        while waiting > 0 { _ = ioctl(r, UInt(FIONREAD), &waiting); if waiting > 0 { sched_yield() } }
        let rest = [0xBF] + Array(#"{"id":1}"#.utf8) + [0x0A]
        _ = rest.withUnsafeBytes { write(w, $0.baseAddress, $0.count) }
        close(w)
        done.wait()
        #expect(result.get().map { String(decoding: $0, as: UTF8.self) } == #"{"id":1}"#)
    }

    @Test func escapeSequencesInTheSourceNeverReachTheDatabaseOrTheCSV() throws {
        let db = Paths.temp("leads.sqlite")
        let m = try server(db: db)
        m.send(request([("id", .number(1)), ("type", .string("start")), ("session", .string("e")),
                        ("context", .object([("source", .string("web\u{1B}[31m\u{1B}]0;owned\u{07}site\u{9B}2J")),
                                             ("first_name", .string("Ana\u{1B}[2J"))]))]))
        _ = m.json()
        for (i, text) in ["oui", "automatiser", "de temps en temps", "freelance", "dès que possible"].enumerated() {
            m.send(request([("id", .number(Double(10 + i))), ("type", .string("say")), ("session", .string("e")), ("text", .string(text))]))
            _ = m.json()
        }
        m.send(request([("id", .number(20)), ("type", .string("choose")), ("session", .string("e")), ("option", .string("interested"))]))
        _ = m.json()
        m.send(request([("id", .number(21)), ("type", .string("say")), ("session", .string("e")), ("text", .string("ana@atelier.fr"))]))
        _ = m.json()
        m.send(request([("id", .number(22)), ("type", .string("choose")), ("session", .string("e")), ("option", .string("yes"))]))
        #expect(m.json()?["lead"]?.string == "saved")
        #expect(m.finish().status == 0)
        let stored = try LeadStore(path: db).list()
        #expect(stored.first?.source == "website")
        #expect(stored.first?.firstName == "Ana")
        let csv = try run(["leads", "export", "--format", "csv", "--leads-db", db])
        #expect(csv.status == 0)
        #expect(!csv.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
    }

    @Test func storedTextIsCleanedWhateverPathItCameThrough() throws {
        let path = Paths.temp("leads.sqlite")
        let dirty = LeadDraft(email: "ana@orange.fr", emailASCII: "ana@orange.fr", firstName: "Ana\u{1B}[1m", course: "starter",
                              recommendedCourse: "starter",
                              answers: [LeadAnswer(step: "goal", value: "foundations", label: "Bases\u{1B}]8;;http://x\u{07}\u{202E}")],
                              language: "fr", source: "kiosk\r\u{1B}[2K", company: "ACME\u{0}\u{7F}", teamSize: 3, kind: "quote",
                              consentVersion: "v1")
        _ = try LeadStore(path: path).save(dirty).get()
        let l = try #require(try LeadStore(path: path).list().first)
        #expect(l.firstName == "Ana")
        #expect(l.source == "kiosk")
        #expect(l.company == "ACME")
        #expect(l.decodedAnswers.first?.label == "Bases")
    }

    @Test func csvCellsLoseControlCharacters() {
        #expect(CSV.cell("a\u{1B}[31mred\u{1B}[0m") == "ared")
        #expect(CSV.cell("\u{1B}]0;title\u{07}=1+1") == "'=1+1")
        #expect(CSV.cell("over\rwrite") == "over write")
        #expect(CSV.cell("two\nlines") == "\"two\nlines\"")
    }
}

func pipeFDs() throws -> (Int32, Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
    return (fds[0], fds[1])
}


@Suite("Reply writer")
struct LineWriterTests {
    /// Lines that come while a write is blocked (the client is not reading yet) go out together in
    /// the next write, whole and in the order they came; their threads do not wait.
    @Test func linesThatComeDuringAWriteGoOutTogether() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let writer = LineWriter(fd: fds[1])
        let big = String(repeating: "x", count: 200_000) // more than the pipe holds: the write blocks
        let first = Thread { writer.write(.object([("big", .string(big))])) }
        first.start()
        while !writer.isWriting { sched_yield() }
        for i in 0..<500 { writer.write(.object([("n", .number(Double(i)))])) } // none of these waits
        var reader = LineReader(fd: fds[0], maxBytes: 1 << 20)
        guard case let .line(head)? = reader.next() else { Issue.record("no first line"); return }
        #expect(head.count > 200_000)
        var got: [Int] = []
        while got.count < 500, case let .line(bytes)? = reader.next() {
            if case let .number(n)? = (try? JSON.parse(bytes))?["n"] { got.append(Int(n)) } else { got.append(-1) }
        }
        close(fds[1])
        #expect(got == Array(0..<500))
        #expect(writer.writes == 2, "\(writer.writes) writes for 501 lines")
    }
}
