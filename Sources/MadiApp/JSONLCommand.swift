import ArgumentParser
import Foundation
import MadiCore
import MadiHub
import MadiProtocol

struct JSONL: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jsonl",
        abstract: "Serve many conversations as JSON lines on stdin/stdout (protocol v1, docs/PROTOCOL.md).",
        discussion: """
        One JSON request per line in, exactly one JSON response per line out, correlated by "id". stdout carries \
        protocol lines only; logs go to stderr. Bad input gets an error line and the stream goes on; at end of \
        input, pending work finishes and madi exits 0. SIGTERM or SIGINT stops reading: the requests already read \
        are finished and answered (leads committed), then madi exits 0; LLM calls still running after \
        --drain-timeout are cancelled and their turns answer without the LLM. A second signal exits at once.
        """)

    @OptionGroup var content: ContentOptions
    @OptionGroup var storage: StoreOptions
    @OptionGroup(title: "LLM (optional)") var llm: LLMOptions
    @OptionGroup(title: "Funnel events and CRM delivery") var funnelOptions: FunnelOptions
    @Option(help: "Longest request line, in bytes.") var maxLineBytes = JSONLConfig.defaultMaxLineBytes
    @Option(help: "Most live sessions at once.") var maxSessions = 10_000
    @Option(help: "Seconds after which an idle session expires.") var sessionTTL: Double = 1800
    @Option(help: "Source recorded with leads when a session gives none.") var source = "jsonl"
    @Option(help: "Most requests read and not yet answered; beyond, stdin is not read until half of them are answered (a client that stops reading its replies stops being read).")
    var maxPending = 1024
    @Option(help: "After SIGTERM or SIGINT, seconds to finish the requests already read before LLM calls in progress are cancelled.")
    var drainTimeout: Double = 10

    func validate() throws {
        try content.validateLevel()
        try llm.validateValues()
        try funnelOptions.validateValues()
        guard maxLineBytes >= 256 else { throw ValidationError("--max-line-bytes must be at least 256") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
        guard sessionTTL > 0 else { throw ValidationError("--session-ttl must be above 0") }
        guard maxPending >= 1 else { throw ValidationError("--max-pending must be at least 1") }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more") }
    }

    func run() throws {
        let c = try content.load(cached: true)
        let engine = Engine(content: c, classifierStore: CacheFiles.fromEnvironment("classifier"))
        let assistant = try llm.assistant(content: c, dialogues: content.dialogues)
        var config = JSONLConfig()
        config.maxLineBytes = maxLineBytes
        config.maxSessions = maxSessions
        config.ttl = sessionTTL
        config.source = source
        config.maxPending = maxPending
        config.drainTimeout = drainTimeout
        signal(SIGPIPE, SIG_IGN)
        let store = storage.store()
        let funnel = funnelOptions.funnel(store: store, content: c)
        let server = JSONLServer(engine: engine, leads: store, assistant: assistant, config: config, observer: funnel)
        // Understanding is built once the first reply is out (start-up is the time to that reply),
        // usually before a message needs it; a message that comes first builds it itself.
        server.afterFirstReply { DispatchQueue.global(qos: .userInitiated).async { engine.prepare() } }
        defer { store.logCommits() }
        Log.log(.info, "serving JSON lines (protocol v\(ProtocolV1.version))")
        let ending = server.run(stopSignals: [SIGTERM, SIGINT])
        funnel.shutdown(reason: .shutdown)
        switch ending {
        case .endOfInput: break
        case let .drained(sig): Log.log(.info, "signal \(sig): every request read was answered; exiting")
        case let .unfinished(sig, pending):
            Log.log(.error, "signal \(sig): \(pending) request(s) left unanswered after the drain bound")
            throw ExitCode(1)
        }
    }
}
