import Foundation
import MadiCore
import MadiJSON
import MadiTestSupport
import Testing
@testable import MadiApp

/// What start-up overlaps: the content read while the arguments are parsed, understanding built
/// once the first reply is out.
@Suite(.serialized) struct StartupTests {
    static let noCache = ["MADI_CACHE_DIR": "off"]

    @Test func theDialoguesDirectoryIsGuessedAsTheParserReadsIt() {
        #expect(ContentPreload.dialoguesOption(in: ["madi", "jsonl", "--dialogues", "/d"]) == "/d")
        #expect(ContentPreload.dialoguesOption(in: ["madi", "chat", "--lang", "en", "--dialogues=/e"]) == "/e")
        #expect(ContentPreload.dialoguesOption(in: ["madi", "serve"]) == nil)
        #expect(ContentPreload.dialoguesOption(in: ["madi", "jsonl", "--", "--dialogues", "/d"]) == nil)
        #expect(ContentPreload.dialoguesOption(in: ["madi", "jsonl", "--dialogues"]) == nil)
    }

    /// A preload started for one directory is never handed out for another, and is used once.
    @Test func aPreloadServesOnlyItsOwnDirectory() throws {
        let good = ShippedDialogues.directory.path
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("madi-no-such-\(getpid())").path
        // Preloaded from a directory that does not exist; the options name the real one.
        ContentPreload.start(arguments: ["madi", "jsonl", "--dialogues", missing], environment: Self.noCache)
        let content = try ContentPreload.load(good)
        #expect(content.steps.count == ShippedDialogues.content.steps.count)
        // Preloaded from the real one; the options name the missing one: its error, not the preload.
        ContentPreload.start(arguments: ["madi", "jsonl", "--dialogues", good], environment: Self.noCache)
        #expect(throws: ContentErrors.self) { try ContentPreload.load(missing) }
        #expect(!ContentPreload.isPending)
        // A command that does not converse preloads nothing.
        ContentPreload.start(arguments: ["madi", "leads", "--dialogues", good], environment: Self.noCache)
        #expect(!ContentPreload.isPending)
        ContentPreload.start(arguments: ["madi", "chat", "--dialogues", good], environment: Self.noCache)
        #expect(ContentPreload.isPending)
        _ = try ContentPreload.load(good)
    }

    /// The trained classifier is kept in the cache directory named, and read back by the next
    /// run, which answers the same; `off` keeps nothing.
    @Test func theClassifierIsKeptBetweenRunsInTheCacheDirectory() throws {
        let dir = Paths.temp("cache-\(UInt32.random(in: 0...UInt32.max))")
        let lines = [
            #"{"id":1,"type":"start","session":"c"}"#,
            #"{"id":2,"type":"say","session":"c","text":"je veux automatiser mon travail"}"#,
        ].joined(separator: "\n")
        let args = ["jsonl", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("cache.sqlite"), "--log-level", "debug"]
        let first = try run(args, stdin: lines, environment: ["MADI_CACHE_DIR": dir])
        #expect(first.status == 0)
        #expect(first.stderr.contains("classifier cache: saved"))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("classifier-") }
        #expect(files.count == 1)
        let second = try run(args, stdin: lines, environment: ["MADI_CACHE_DIR": dir])
        #expect(second.stderr.contains("classifier cache: read"))
        #expect(!second.stderr.contains("classifier cache: saved"))
        #expect(second.stdout == first.stdout)
        // A file cut short is ignored: trained again, and written whole.
        let path = (dir as NSString).appendingPathComponent(files[0])
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        try whole.prefix(100).write(to: URL(fileURLWithPath: path))
        let third = try run(args, stdin: lines, environment: ["MADI_CACHE_DIR": dir])
        #expect(third.stdout == first.stdout)
        #expect(third.stderr.contains("classifier cache: saved"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == whole)
        // Turned off: nothing read nor written.
        let off = try run(args, stdin: lines, environment: ["MADI_CACHE_DIR": "off"])
        #expect(off.stdout == first.stdout)
        #expect(!off.stderr.contains("classifier cache"))
    }

    /// The loaded content is kept in the cache directory and read back by the next run on the
    /// same files, which answers the same; a file changed since is read again, and a broken one
    /// still stops the start with its problem, cache or not.
    @Test func theContentIsKeptBetweenRunsAndReadAgainWhenAFileChanges() throws {
        let cache = Paths.temp("content-cache-\(UInt32.random(in: 0...UInt32.max))")
        let dialogues = Paths.temp("dialogues-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.copyItem(atPath: Paths.dialogues, toPath: dialogues)
        let env = ["MADI_CACHE_DIR": cache]
        let hello = #"{"id":1,"type":"start","session":"c","language":"en"}"#
        func args(_ dir: String) -> [String] {
            ["jsonl", "--dialogues", dir, "--leads-db", Paths.temp("content-cache.sqlite"), "--log-level", "debug"]
        }
        let first = try run(args(dialogues), stdin: hello, environment: env)
        #expect(first.status == 0)
        #expect(first.stderr.contains("content cache: saved"))
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("content-") }
        #expect(files.count == 1)
        let second = try run(args(dialogues), stdin: hello, environment: env)
        #expect(second.stderr.contains("content cache: read"))
        #expect(!second.stderr.contains("content cache: saved"))
        #expect(second.stdout == first.stdout)
        #expect(second.stdout.contains("Madi"))
        // A sentence changed: read from the files again, and said as it is now.
        let strings = (dialogues as NSString).appendingPathComponent("strings/en.yaml")
        let text = try String(contentsOfFile: strings, encoding: .utf8)
        try text.replacingOccurrences(of: "Hi, I'm Madi", with: "Hello, I'm Madi").write(toFile: strings, atomically: true, encoding: .utf8)
        let changed = try run(args(dialogues), stdin: hello, environment: env)
        #expect(changed.stderr.contains("content cache: saved"))
        #expect(changed.stdout.contains("Hello, I'm Madi"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("content-") }.count == 1)
        // Broken: the start stops with the file and its problem, though a cache is there.
        let questionnaire = (dialogues as NSString).appendingPathComponent("questionnaire.yaml")
        let q = try String(contentsOfFile: questionnaire, encoding: .utf8)
        try q.replacingOccurrences(of: "start: welcome", with: "start: nowhere").write(toFile: questionnaire, atomically: true, encoding: .utf8)
        let broken = try run(args(dialogues), stdin: hello, environment: env)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("questionnaire.yaml"))
        #expect(broken.stdout.isEmpty)
    }

    /// The hook runs once, after the first line is in the pipe, and not again.
    @Test func workAfterTheFirstReplyRunsOnceTheReplyIsWritten() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let writer = LineWriter(fd: fds[1])
        let seen = Locked<[Int]>([])
        let readEnd = fds[0]
        writer.afterFirstWrite {
            // What the pipe holds when the hook runs.
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = read(readEnd, &buffer, buffer.count)
            seen.set(seen.get() + [n]) // the writer's thread only
        }
        writer.write(.object([("n", .number(1))]))
        writer.write(.object([("n", .number(2))]))
        let counts = seen.get()
        #expect(counts == [8], "the hook saw \(counts) bytes") // {"n":1} and its newline, once
    }
}
