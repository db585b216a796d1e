import ArgumentParser
import Foundation
import MadiCore
import MadiScenarios

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
