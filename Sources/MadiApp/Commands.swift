import ArgumentParser
import Foundation
import MadiCore

public struct Madi: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "madi",
        abstract: "Madi, the Madinia course coach: finds the AI course that fits and takes pre-registrations.",
        discussion: """
        With no subcommand, `madi` starts the chat. Content (questions, courses, every sentence) lives in \
        the Dialogues directory: see `madi lint` and docs/DIALOGUES.md.
        """,
        version: MadiCoreVersion.value,
        subcommands: [Chat.self, JSONL.self, Leads.self, Stats.self, Deliver.self, Lint.self, RunTests.self, Eval.self, Paths.self, CheckEmail.self],
        defaultSubcommand: Chat.self)

    public init() {}
}

/// Options every command that plays content shares.
struct ContentOptions: ParsableArguments {
    @Option(name: .customLong("dialogues"), help: ArgumentHelp("The Dialogues directory (default: $MADI_DIALOGUES, else ./Dialogues).", valueName: "dir"))
    var dialogues: String?

    @Option(name: .customLong("log-level"), help: "Log level on stderr: debug, info, warning, error.")
    var logLevel: String = "warning"

    func validateLevel() throws {
        guard Log.Level(name: logLevel) != nil else {
            throw ValidationError("--log-level must be one of debug, info, warning, error (got '\(logLevel)')")
        }
    }

    /// Loads the content or exits with every problem listed on stderr.
    func load() throws -> Content {
        Log.level = Log.Level(name: logLevel) ?? .warning
        let dir = DialoguesDirectory.resolve(dialogues)
        do {
            return try DialoguesDirectory.load(dir)
        } catch let e as ContentErrors {
            Log.stderr("madi: the dialogues in \(dir) have \(e.diagnostics.count) problem(s):")
            for d in e.diagnostics { Log.stderr("  \(d)") }
            throw ExitCode(2)
        }
    }
}

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a Dialogues directory: YAML, references, reachability, translations, placeholders.",
        discussion: "Exits 0 when the content is sound, 1 with one line per problem (file:line: what is wrong).")

    @Argument(help: ArgumentHelp("The Dialogues directory (default: the one madi would use).", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("The prompt templates to check (default: Prompts beside the Dialogues directory, when it exists).", valueName: "dir"))
    var prompts: String?

    func run() throws {
        let dir = DialoguesDirectory.resolve(directory)
        var problems: [Diagnostic] = []
        var summary = ""
        do {
            let content = try DialoguesDirectory.load(dir)
            let (cases, diags) = ScenarioFiles.load([(dir as NSString).appendingPathComponent("tests")], quietIfMissing: true)
            problems += diags
            summary = "\(content.steps.count) steps, \(content.catalogue.courses.count) courses, \(content.faq.count) FAQ entries, languages \(content.languages.joined(separator: ", ")), \(cases.count) test cases"
        } catch let e as ContentErrors {
            problems += e.diagnostics
        }
        let promptsDir = LLMOptions.promptsDirectory(prompts, dialogues: dir)
        if prompts != nil || FileManager.default.fileExists(atPath: promptsDir) {
            do {
                _ = try LLMOptions.loadPrompts(promptsDir)
                summary += ", prompts ok"
            } catch let e as ContentErrors { problems += e.diagnostics }
        }
        for d in problems { print(d) }
        if !problems.isEmpty {
            print("\(problems.count) problem(s) in \(dir)")
            throw ExitCode(1)
        }
        print("ok: \(dir): \(summary)")
    }
}

struct Paths: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paths",
        abstract: "Print every combination of choice answers and the course it leads to.",
        discussion: """
        A markdown table by default; --csv for a spreadsheet. One column per question (named by step id, \
        'goal' being the answer to the goal question), then 'course', the course recommended; 'ladder_goal', \
        the higher course the answers aim at, shown as the goal on the ladder (empty when none); 'cap', the \
        level limit the answers set.
        """)

    @OptionGroup var content: ContentOptions
    @Option(help: "Language of the labels.") var lang: String?
    @Flag(help: "CSV instead of a markdown table.") var csv = false
    @Flag(help: "Option ids instead of labels.") var ids = false

    func run() throws {
        let c = try content.load()
        let lang = self.lang ?? c.defaultLanguage
        guard c.languages.contains(lang) else { throw ValidationError("--lang must be one of \(c.languages.joined(separator: ", "))") }
        print(PathsTable.render(c, language: lang, csv: csv, ids: ids), terminator: "")
    }
}

struct CheckEmail: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-email",
        abstract: "Validate e-mail addresses with Madi's sign-up rules.",
        discussion: "Prints `ok <normalized>` or `invalid <reason>` per address; exit 0 when all are valid, 1 otherwise. With no address, reads one per line on stdin.")

    @Argument(help: "Addresses to check.") var addresses: [String] = []

    func run() throws {
        var all = addresses
        if all.isEmpty { while let line = readLine(strippingNewline: true) { if !line.isEmpty { all.append(line) } } }
        var bad = 0
        for a in all {
            switch EmailValidator.validate(a) {
            case let .valid(addr):
                var line = "ok \(addr.normalized)"
                if let ascii = addr.ascii, ascii != addr.normalized { line += " (\(ascii))" }
                if let s = EmailSuggester.suggest(addr.normalized) { line += " (did you mean \(s)?)" }
                print(line)
            case let .invalid(p):
                bad += 1
                print("invalid \(p.reason): \(Sanitize.line(a))")
            }
        }
        if bad > 0 { throw ExitCode(1) }
    }
}
