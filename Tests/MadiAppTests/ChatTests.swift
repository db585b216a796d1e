import Foundation
import MadiCore
import MadiTestSupport
import Testing
@testable import MadiApp

@Suite("Chat REPL through a pipe")
struct ChatTests {
    let lucas = ["bonjour", "je veux structurer mes connaissances", "je suis étudiant et je débute", "je me renseigne",
                 "oui", "lucas@gmial.com", "oui", "oui"]

    @Test func fullConversationToALeadGivesACleanTranscript() throws {
        let db = Paths.temp("leads.sqlite")
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", db], stdin: lucas.joined(separator: "\n") + "\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("> je suis étudiant et je débute"))
        #expect(r.stdout.contains("Je te recommande Starter"))
        #expect(r.stdout.contains("  1. Je suis intéressé·e"))
        #expect(r.stdout.contains("Tu voulais dire lucas@gmail.com ?"))
        #expect(r.stdout.contains("L'équipe Madinia t'écrit à lucas@gmail.com"))
        #expect(!r.stdout.contains("\u{1B}")) // plain text when not a terminal
        let export = try run(["leads", "export", "--format", "jsonl", "--leads-db", db])
        #expect(export.stdout.contains("\"email\":\"lucas@gmail.com\""))
        #expect(export.stdout.contains("\"source\":\"chat\""))
    }

    @Test func endOfInputSaysGoodbyeAndExitsZero() throws {
        let r = try run(["--dialogues", Paths.dialogues, "--lang", "en", "--leads-db", Paths.temp("l.sqlite")], stdin: "yes\n")
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("See you soon! Come back whenever you like.\n"))
    }

    @Test func quitCommandEndsTheSessionAndUnknownCommandsGetAHint() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")],
                        stdin: "/danse\n/quitter\nnot read\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("Je ne connais pas la commande /danse. Tape /aide"))
        #expect(r.stdout.contains("À bientôt"))
        #expect(!r.stdout.contains("> not read"))
    }

    @Test func prospectTextIsNeutralisedBeforeItIsPrinted() throws {
        let evil = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[31mrouge\u{8}\u{202E}"
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")],
                        stdin: "oui\n1\n1\n1\n1\n1\n\(evil)\n")
        #expect(r.stdout.contains("> rouge"))
        #expect(!r.stdout.contains("\u{1B}"))
        #expect(!r.stdout.contains("\u{202E}"))
        #expect(!r.stdout.contains("\u{8}"))
    }

    @Test func anOverLongLineGetsAPoliteReplyAndTheNextLineIsAnswered() throws {
        let long = "Je voudrais " + String(repeating: "vraiment ", count: 10_000) + "comprendre"  // ~90 KB, over the 64 KiB default
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")],
                        stdin: long + "\noui\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("> Je voudrais vraiment vraiment"))
        #expect(r.stdout.contains("[…]\n\nTon message est trop long pour moi : tu peux le dire en quelques mots ?\n"))
        #expect(r.stdout.utf8.count < 5_000, "the long line was echoed or answered whole")
        // The question is still pending, and the next line answers it.
        #expect(r.stdout.contains("> oui\n\nQu'est-ce qui t'amène vers l'IA ?"))
    }

    @Test func theLineLimitIsAFlagAndALastLineWithoutNewlineCountsToo() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--lang", "en", "--leads-db", Paths.temp("l.sqlite"), "--max-line-bytes", "300"],
                        stdin: "yes\n" + String(repeating: "é", count: 200) + "\n" + String(repeating: "a", count: 301) + "\n"
                            + String(repeating: "b", count: 300) + "\n" + String(repeating: "c", count: 500))
        #expect(r.status == 0)
        // 400 bytes and 301 bytes are over 300; 300 is not; an unterminated last line is judged the same.
        #expect(r.stdout.components(separatedBy: "That message is too long for me. Could you put it in a few words?").count - 1 == 3)
        #expect(r.stdout.contains("> " + String(repeating: "é", count: 60) + " […]")) // cut on characters, not bytes
        #expect(r.stdout.contains("> " + String(repeating: "b", count: 300) + "\n"))
        #expect(r.stdout.hasSuffix("See you soon! Come back whenever you like.\n"))
        let bad = try run(["chat", "--dialogues", Paths.dialogues, "--max-line-bytes", "10"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--max-line-bytes must be at least 256"))
    }

    /// Without line editing there is no line to clear: Ctrl-C ends a piped chat at once.
    @Test func anInterruptEndsAPipedChatAtOnce() throws {
        let m = try Madi(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")])
        #expect(m.readLine()?.hasPrefix("Salut") == true)
        m.process.interrupt()
        let r = m.finish(timeout: 10)
        #expect(r.status == 130)
        #expect(!r.stdout.contains("À bientôt"))
    }

    @Test func badFlagsAreClearErrors() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--lang", "de"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--lang must be one of fr, en"))
        let l = try run(["chat", "--log-level", "loud"])
        #expect(l.stderr.contains("--log-level must be one of debug, info, warning, error"))
    }

    @Test func helpListsTheFlags() throws {
        let r = try run(["chat", "--help"])
        for flag in ["--lang", "--dialogues", "--leads-db", "--log-level", "--no-color", "--max-line-bytes"] {
            #expect(r.stdout.contains(flag), "\(flag) missing from --help")
        }
    }

    @Test func aBrokenDialogueFileStopsStartupNamingTheFileAndProblem() throws {
        let dir = Paths.temp("Dialogues")
        try FileManager.default.copyItem(atPath: Paths.dialogues, toPath: dir)
        let q = dir + "/questionnaire.yaml"
        let text = try String(contentsOfFile: q, encoding: .utf8).replacingOccurrences(of: "next: team_level", with: "next: nowhere")
        try text.write(toFile: q, atomically: true, encoding: .utf8)
        let r = try run(["chat", "--dialogues", dir], stdin: "oui\n")
        #expect(r.status == 2)
        #expect(r.stderr.contains("questionnaire.yaml:"))
        #expect(r.stderr.contains("unknown step 'nowhere'"))
        #expect(r.stdout.isEmpty)
    }
}

/// The chat on a real pseudo-terminal (util-linux `script`), so that line editing runs.
/// Each keystroke is sent only once what it answers has been printed (a prompt, an answer), never
/// after a fixed pause: a loaded machine changes how long things take, not what is printed.
@Suite("Chat on a terminal")
struct TerminalChatTests {
    /// What to wait for, in order, in the output printed since the previous keys; then the keys.
    struct Step {
        var waitFor: [String]
        var keys: String
        init(_ waitFor: String..., keys: String) { self.waitFor = waitFor; self.keys = keys }
    }

    static let prompt = "›"

    struct Result {
        var status: Int32
        var output: String
        /// When each step's awaited output appeared, from the start.
        var seen: [Double]
    }

    /// Runs the chat on a pseudo-terminal and plays the steps. A step whose output never comes
    /// records an issue naming it and ends the run (the process is killed).
    func onTerminal(_ extra: [String] = [], noColor: Bool = true, columns: Int? = nil, steps: [Step], timeout: Double = 30) throws -> Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        // `script` runs the command through $SHELL (or /bin/sh when unset). `exec` makes madi the
        // terminal's only foreground process whatever the shell, so that Ctrl-C reaches madi alone.
        let words = [Paths.madi, "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("tty.sqlite")] + extra
        // The terminal's size, when asked for, is set on the pseudo-terminal before madi starts.
        let size = columns.map { "stty cols \($0) rows 24 && " } ?? ""
        let cmd = size + "exec " + words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        p.arguments = ["-qefc", cmd, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["NO_COLOR"] = noColor ? "1" : nil
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        let buffer = OutputBuffer()
        buffer.drain(output.fileHandleForReading)
        let started = Date()
        try p.run()
        var from = 0
        var seen: [Double] = []
        for (i, step) in steps.enumerated() {
            guard let end = buffer.wait(for: step.waitFor, from: from, timeout: timeout) else {
                Issue.record("step \(i + 1): \(step.waitFor) never printed; output so far:\n\(buffer.text)")
                p.terminate()
                break
            }
            seen.append(Date().timeIntervalSince(started))
            from = end
            usleep(100_000) // the line editor reads its terminal again after printing
            input.fileHandleForWriting.write(Data(step.keys.utf8))
        }
        p.waitUntilExit()
        _ = buffer.wait(for: [], from: 0, timeout: 5, untilClosed: true)
        try? input.fileHandleForWriting.close()
        return Result(status: p.terminationStatus, output: buffer.text, seen: seen)
    }

    @Test func ctrlCCancelsAStalledLLMAnswerAndTheConversationGoesOn() throws {
        let server = try FakeLLMServer([.stall(first: FakeLLMServer.sseEvent("Les groupes "), seconds: 20)])
        let r = try onTerminal(["--llm-url", server.url, "--llm-idle-timeout", "15", "--llm-timeout", "30"], steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step(Self.prompt, keys: "les groupes sont petits ?\n"),
            Step("Les groupes", keys: "\u{3}"),
            Step("Je n'ai pas d'information sûre sur ce point", Self.prompt, keys: "automatiser\n"),
            Step("Et toi, tu utilises déjà l'IA", Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
        if r.seen.count == 5 {
            // The stream stalls for 20 s with a 15 s idle timeout: only Ctrl-C brings the prompt back sooner.
            #expect(r.seen[3] - r.seen[2] < 10, "Ctrl-C did not cut the stall")
        }
    }

    @Test func historyRecallsEarlierLinesWithUpAndCtrlR() throws {
        // "/aide", then Up + Enter, then Ctrl-R "aid" + Enter: the help three times.
        let help = "Réponds avec le numéro"
        let r = try onTerminal(steps: [
            Step(Self.prompt, keys: "/aide\n"),
            Step(help, Self.prompt, keys: "\u{1B}[A\n"),
            Step(help, Self.prompt, keys: "\u{12}aid"),
            Step("aid", keys: "\n"),
            Step(help, Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
        #expect(r.output.components(separatedBy: help).count - 1 == 3)
    }

    @Test func ctrlCOnAnEmptyLineSaysGoodbyeAndExitsZero() throws {
        let r = try onTerminal(steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step("Qu'est-ce qui t'amène vers l'IA ?", Self.prompt, keys: "\u{3}"),
        ])
        #expect(r.status == 0)
        #expect(r.output.contains("À bientôt ! Reviens quand tu veux."))
        #expect(!r.output.contains("crashed"))
    }

    /// Ctrl-C with a line half typed, in the middle of a pre-registration: the line is dropped (not
    /// sent, not in the history), a new prompt comes, and the pre-registration goes on to the lead.
    @Test func ctrlCClearsAHalfTypedLineAndThePreRegistrationGoesOn() throws {
        let db = Paths.temp("tty.sqlite")
        let r = try onTerminal(["--leads-db", db], steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step("Qu'est-ce qui t'amène", Self.prompt, keys: "1\n"),
            Step("Et toi, tu utilises déjà l'IA", Self.prompt, keys: "1\n"),
            Step("Étudiant·e", Self.prompt, keys: "1\n"),
            Step("commencer quand", Self.prompt, keys: "1\n"),
            Step("Ça te tente ?", Self.prompt, keys: "1\n"),
            Step("ton adresse e-mail", Self.prompt, keys: "lucas@gm"),
            Step("lucas@gm", keys: "\u{3}"),
            Step("^C", Self.prompt, keys: "\u{1B}[A"), // Up: the history holds "1", not the dropped line
            Step("1", keys: "\u{15}lucas@gmail.com\n"), // Ctrl-U empties the recalled line first
            Step("tu es d'accord pour que l'équipe Madinia t'écrive", Self.prompt, keys: "oui\n"),
            Step("L'équipe Madinia t'écrit à lucas@gmail.com", Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
        #expect(!r.output.contains("Le domaine « gm »"), "the half-typed address was sent")
        #expect(r.output.contains("lucas@gm^C"))
        #expect(r.output.contains("À bientôt !"))
        let export = try run(["leads", "export", "--format", "jsonl", "--leads-db", db])
        #expect(export.stdout.contains("\"email\":\"lucas@gmail.com\""))
    }

    /// A line over the limit typed (or pasted) on the terminal gets the same short reply; the
    /// question stays pending.
    @Test func anOverLongTypedLineIsSetAside() throws {
        let r = try onTerminal(["--max-line-bytes", "256"], steps: [
            Step(Self.prompt, keys: String(repeating: "blabla ", count: 40) + "\n"),
            Step("Ton message est trop long pour moi", Self.prompt, keys: "oui\n"),
            Step("Qu'est-ce qui t'amène", Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
    }

    /// Accented letters typed on the terminal reach Madi whole (keys are read as UTF-8 code points).
    @Test func accentedKeysAreReadAsCharacters() throws {
        let r = try onTerminal(steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step("Qu'est-ce qui t'amène", Self.prompt, keys: "créer des solutions\n"),
            Step("Et toi, tu utilises déjà l'IA", Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
        #expect(r.output.contains("créer des solutions")) // echoed by the line editor as typed
    }

    /// On a 40-column terminal, messages and options wrap at spaces; piped, the same text is not wrapped.
    @Test func messagesAndOptionsWrapToTheTerminalsWidth() throws {
        let r = try onTerminal(columns: 40, steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step("Qu'est-ce qui t'amène", Self.prompt, keys: "\u{4}"),
        ])
        #expect(r.status == 0)
        #expect(r.output.contains("  2. Automatiser mon travail et gagner\r\n     du temps\r\n"))
        let welcome = try #require(r.output.components(separatedBy: Self.prompt).first)
        let lines = welcome.components(separatedBy: "\r\n").filter { !$0.contains("\u{1B}") }
        #expect(lines.allSatisfy { TextWrap.columns($0) <= 40 }, "\(lines)")
        // The same words, in the same order, as the unwrapped piped transcript.
        let piped = try run(["chat", "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("l.sqlite")], stdin: "")
        let pipedWelcome = try #require(piped.stdout.components(separatedBy: "À bientôt").first)
        #expect(piped.stdout.contains("  2. Voir directement les formations\n"))
        #expect(pipedWelcome.split(separator: "\n").contains { TextWrap.columns($0) > 40 }) // not wrapped
        func words(_ s: String) -> [Substring] { s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }) }
        #expect(words(lines.joined(separator: "\n")) == words(pipedWelcome))
    }

    func languageSwitchThenCtrlD(noColor: Bool) throws -> Result {
        try onTerminal(noColor: noColor, steps: [
            Step(Self.prompt, keys: "oui\n"),
            Step(Self.prompt, keys: "/lang en\n"),
            Step("Understand AI", Self.prompt, keys: "\u{4}"),
        ])
    }

    @Test
    func colouredWithLineEditingAndCtrlDSaysGoodbye() throws {
        let r = try languageSwitchThenCtrlD(noColor: false)
        #expect(r.status == 0)
        #expect(r.output.contains("\u{1B}[36m  1.\u{1B}[0m Understand AI"))
        #expect(r.output.contains("See you soon!"))
        #expect(!r.output.contains("crashed"))
    }

    @Test
    func noColorIsHonoured() throws {
        let r = try languageSwitchThenCtrlD(noColor: true)
        #expect(r.status == 0)
        #expect(!r.output.contains("\u{1B}[36m"))
        #expect(r.output.contains("  1. Understand AI"))
    }
}

/// What a terminal printed so far, shared between the reader and the test.
final class OutputBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var data = Data()
    private var closed = false

    func append(_ d: Data) { condition.lock(); data.append(d); condition.broadcast(); condition.unlock() }
    func close() { condition.lock(); closed = true; condition.broadcast(); condition.unlock() }

    /// Reads `handle` to its end on a thread of its own (blocking reads; a handler on the run loop
    /// cleared from inside itself races with Foundation's own teardown), then closes the buffer.
    func drain(_ handle: FileHandle) {
        let fd = handle.fileDescriptor
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    append(Data(chunk[0..<n]))
                } else if n < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            withExtendedLifetime(handle) {}
            close()
        }
        thread.start()
    }
    var text: String { condition.lock(); defer { condition.unlock() }; return String(decoding: data, as: UTF8.self) }

    /// Waits until the markers appear in order in the bytes from `from`; returns the offset past the
    /// last one, or nil at the timeout (or when the output ends first).
    func wait(for markers: [String], from: Int, timeout: Double, untilClosed: Bool = false) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if untilClosed ? closed : true, let end = Self.find(markers, in: data, from: from) { return end }
            if closed && !untilClosed { return nil }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    private static func find(_ markers: [String], in data: Data, from: Int) -> Int? {
        var at = data.startIndex + from
        for m in markers {
            guard let r = data.range(of: Data(m.utf8), in: at..<data.endIndex) else { return nil }
            at = r.upperBound
        }
        return at - data.startIndex
    }
}
