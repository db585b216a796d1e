import ArgumentParser
import Foundation
import MadiCore

struct Chat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Talk with Madi in the terminal (the default command).",
        discussion: "Answer with a number or in your own words. /help lists the commands.")

    @OptionGroup var content: ContentOptions
    @Option(help: "Language to start in (fr, en).") var lang: String?

    func validate() throws { try content.validateLevel() }

    func run() throws {
        let c = try content.load()
        if let lang, !c.languages.contains(lang) {
            throw ValidationError("--lang must be one of \(c.languages.joined(separator: ", ")) (got '\(lang)')")
        }
        let engine = Engine(content: c)
        let leads = MemoryLeadSink()
        var turn = Conversation.start(engine, language: lang, source: "chat", today: todayUTC())
        print(Transcript.render(turn.reply))
        while let line = readLine(strippingNewline: true) {
            turn = Conversation.turn(engine, turn.session, .text(line), leads: leads)
            print("")
            print(Transcript.render(turn.reply))
            if engine.understanding.command(PreparedInput(line)) == .quit { break }
        }
    }
}
