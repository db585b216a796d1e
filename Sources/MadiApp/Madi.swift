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
        subcommands: [Chat.self, JSONL.self, Serve.self, Leads.self, Stats.self, Deliver.self, Lint.self, RunTests.self, Eval.self, Paths.self, CheckEmail.self],
        defaultSubcommand: Chat.self)

    public init() {}
}
