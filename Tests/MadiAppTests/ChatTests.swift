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
        #expect(r.stdout.contains("Ma recommandation pour toi : Starter"))
        #expect(r.stdout.contains("  1. Je suis intéressé·e"))
        #expect(r.stdout.contains("Tu voulais dire lucas@gmail.com ?"))
        #expect(r.stdout.contains("C'est noté, lucas@gmail.com !"))
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

    @Test func badFlagsAreClearErrors() throws {
        let r = try run(["chat", "--dialogues", Paths.dialogues, "--lang", "de"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("--lang must be one of fr, en"))
        let l = try run(["chat", "--log-level", "loud"])
        #expect(l.stderr.contains("--log-level must be one of debug, info, warning, error"))
    }

    @Test func helpListsTheFlags() throws {
        let r = try run(["chat", "--help"])
        for flag in ["--lang", "--dialogues", "--leads-db", "--log-level", "--no-color"] {
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
@Suite("Chat on a terminal")
struct TerminalChatTests {
    func onTerminal(noColor: Bool) throws -> (status: Int32, output: String) {
        try onTerminal([], noColor: noColor, chunks: [(0, "oui\n/lang en\n"), (1.5, "\u{4}")]) // then Ctrl-D
    }

    /// Runs the chat on a pseudo-terminal, writing each chunk after a pause.
    func onTerminal(_ extra: [String], noColor: Bool = true, chunks: [(pause: Double, bytes: String)]) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let cmd = ([Paths.madi, "--dialogues", Paths.dialogues, "--leads-db", Paths.temp("tty.sqlite")] + extra).joined(separator: " ")
        p.arguments = ["-qefc", cmd, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        env["NO_COLOR"] = noColor ? "1" : nil
        p.environment = env
        let input = Pipe(), output = Pipe()
        p.standardInput = input
        p.standardOutput = output
        p.standardError = output
        try p.run()
        for c in chunks {
            usleep(UInt32(c.pause * 1_000_000))
            input.fileHandleForWriting.write(Data(c.bytes.utf8))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try? input.fileHandleForWriting.close()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func ctrlCCancelsAStalledLLMAnswerAndTheConversationGoesOn() throws {
        let server = try FakeLLMServer([.stall(first: FakeLLMServer.sseEvent("Les groupes "), seconds: 20)])
        let started = Date()
        let r = try onTerminal(["--llm-url", server.url, "--llm-idle-timeout", "15", "--llm-timeout", "30"], chunks: [
            (1.0, "oui\n"), (0.5, "les groupes sont petits ?\n"), (1.5, "\u{3}"), (1.0, "automatiser\n"), (1.0, "\u{4}"),
        ])
        #expect(r.status == 0)
        #expect(Date().timeIntervalSince(started) < 12, "Ctrl-C did not cut the 15 s stall")
        #expect(r.output.contains("Les groupes"))
        #expect(r.output.contains("Je n'ai pas d'information sûre sur ce point"))
        #expect(r.output.contains("Aujourd'hui, tu utilises l'IA"))
    }

    @Test func historyRecallsEarlierLinesWithUpAndCtrlR() throws {
        // "/aide", then Up + Enter, then Ctrl-R "aid" + Enter: the help three times.
        let r = try onTerminal([], chunks: [(1.0, "/aide\n"), (0.5, "\u{1B}[A\n"), (0.5, "\u{12}aid"), (0.3, "\n"), (0.5, "\u{4}")])
        #expect(r.status == 0)
        #expect(r.output.components(separatedBy: "/retour (changer ta dernière réponse)").count - 1 == 3)
    }

    @Test func ctrlCAtThePromptLeavesCleanly() throws {
        let r = try onTerminal([], chunks: [(1.0, "oui\n"), (0.5, "\u{3}")])
        #expect(r.status == 130)
        #expect(!r.output.contains("crashed"))
        #expect(r.output.contains("Qu'est-ce qui t'amène vers l'IA ?"))
    }

    @Test
    func colouredWithLineEditingAndCtrlDSaysGoodbye() throws {
        let r = try onTerminal(noColor: false)
        #expect(r.status == 0)
        #expect(r.output.contains("\u{1B}[36m  1.\u{1B}[0m Understand AI"))
        #expect(r.output.contains("See you soon!"))
        #expect(!r.output.contains("crashed"))
    }

    @Test
    func noColorIsHonoured() throws {
        let r = try onTerminal(noColor: true)
        #expect(r.status == 0)
        #expect(!r.output.contains("\u{1B}[36m"))
        #expect(r.output.contains("  1. Understand AI"))
    }
}
