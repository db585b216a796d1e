import ArgumentParser
import Foundation
import MadiCore

struct JSONL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonl",
        abstract: "Serve many conversations as JSON lines on stdin/stdout (protocol v1, docs/PROTOCOL.md).",
        discussion: """
        One JSON request per line in, exactly one JSON response per line out, correlated by "id". stdout carries \
        protocol lines only; logs go to stderr. Bad input gets an error line and the stream goes on; at end of \
        input, pending work finishes and madi exits 0.
        """)

    @OptionGroup var content: ContentOptions
    @OptionGroup var storage: StoreOptions
    @OptionGroup(title: "LLM (optional)") var llm: LLMOptions
    @Option(help: "Longest request line, in bytes.") var maxLineBytes = JSONLConfig.defaultMaxLineBytes
    @Option(help: "Most live sessions at once.") var maxSessions = 10_000
    @Option(help: "Seconds after which an idle session expires.") var sessionTTL: Double = 1800
    @Option(help: "Source recorded with leads when a session gives none.") var source = "jsonl"

    func validate() throws {
        try content.validateLevel()
        try llm.validateValues()
        guard maxLineBytes >= 256 else { throw ValidationError("--max-line-bytes must be at least 256") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
        guard sessionTTL > 0 else { throw ValidationError("--session-ttl must be above 0") }
    }

    func run() throws {
        let c = try content.load()
        let engine = Engine(content: c)
        let assistant = try llm.assistant(content: c, dialogues: content.dialogues)
        var config = JSONLConfig()
        config.maxLineBytes = maxLineBytes
        config.maxSessions = maxSessions
        config.ttl = sessionTTL
        config.source = source
        signal(SIGPIPE, SIG_IGN)
        let server = JSONLServer(engine: engine, leads: storage.store(), assistant: assistant, config: config)
        Log.log(.info, "serving JSON lines (protocol v\(ProtocolV1.version))")
        server.run()
    }
}
