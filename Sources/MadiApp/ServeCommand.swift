import ArgumentParser
import Foundation
import MadiCore
import MadiHTTP
import MadiHub
import MadiStore

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve conversations over HTTP (protocol v1 as resources) and the web chat at /.",
        discussion: """
        Endpoints: POST /v1/sessions (start), POST /v1/sessions/{id}/messages (say, choose, command), \
        GET /v1/sessions/{id} (state), DELETE /v1/sessions/{id} (end), GET /v1/hello; the request bodies and \
        replies are those of `madi jsonl` (docs/PROTOCOL.md), errors carry the same stable codes with an HTTP \
        status. With `Accept: text/event-stream` a message's reply streams as Server-Sent Events (`delta` \
        events while an LLM answers, then `reply` or `error`). The OpenAPI document is at /openapi.yaml, the web \
        chat at /. Operators: /healthz, /readyz (the store answers), /metrics (Prometheus). Access logs are JSON \
        lines on stderr. Set MADI_API_TOKEN to require `Authorization: Bearer <token>` on /v1 and /metrics (the \
        token is never logged). Each session's value is stored after each turn in the lead database, so a \
        restarted server resumes live conversations. SIGTERM or SIGINT: stop accepting, finish the turns in \
        flight (leads committed; LLM calls cancelled after --drain-timeout), store the sessions, exit 0.
        """)

    @OptionGroup var content: ContentOptions
    @OptionGroup var storage: StoreOptions
    @OptionGroup(title: "LLM (optional)") var llm: LLMOptions
    @OptionGroup(title: "Funnel events and CRM delivery") var funnelOptions: FunnelOptions
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port, printed on stderr).") var port = 8080
    @Option(help: "Largest request body, in bytes.") var maxBodyBytes = 64 * 1024
    @Option(help: "Largest request head (request line and headers), in bytes.") var maxHeaderBytes = 16 * 1024
    @Option(help: "Requests per second per client address on /v1 (0: no limit).") var rateLimit: Double = 20
    @Option(help: "Requests a client address may send at once before --rate-limit applies.") var rateBurst: Double = 40
    @Option(name: .customLong("cors-origin"), help: ArgumentHelp("An origin allowed to call the API from a browser (repeat for more; * for any).", valueName: "origin"))
    var corsOrigins: [String] = []
    @Option(help: "Most live sessions at once.") var maxSessions = 10_000
    @Option(help: "Seconds after which an idle session expires.") var sessionTTL: Double = 1800
    @Option(help: "Most requests waiting for their reply; beyond, 503 overloaded.") var maxPending = 1024
    @Option(help: "After SIGTERM or SIGINT, seconds to finish the turns in flight before LLM calls are cancelled.")
    var drainTimeout: Double = 10
    @Option(help: "Source recorded with leads when a session gives none.") var source = "web"
    @Option(help: ArgumentHelp("The web chat's directory (default: Web beside the Dialogues directory).", valueName: "dir"))
    var web: String?
    @Flag(help: "Do not keep sessions across restarts.") var noSessionStore = false

    func validate() throws {
        try content.validateLevel()
        try llm.validateValues()
        try funnelOptions.validateValues()
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
        guard maxBodyBytes >= 256 else { throw ValidationError("--max-body-bytes must be at least 256") }
        guard maxHeaderBytes >= 1024 else { throw ValidationError("--max-header-bytes must be at least 1024") }
        guard rateLimit >= 0, rateBurst >= 1 else { throw ValidationError("--rate-limit must be 0 or more and --rate-burst at least 1") }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
        guard sessionTTL > 0 else { throw ValidationError("--session-ttl must be above 0") }
        guard maxPending >= 1 else { throw ValidationError("--max-pending must be at least 1") }
        guard drainTimeout >= 0 else { throw ValidationError("--drain-timeout must be 0 or more") }
    }

    /// The server runs on Swift's concurrency pool; this thread waits for it to stop.
    func run() throws {
        let outcome = Locked<Error?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do { try await self.serve() } catch { outcome.set(error) }
            done.signal()
        }
        done.wait()
        if let error = outcome.get() { throw error }
    }

    func serve() async throws {
        let c = try content.load(cached: true)
        Log.routeHubLogs()
        let engine = Engine(content: c, classifierStore: CacheFiles.fromEnvironment("classifier"))
        // Understanding is built while the server starts, not when the first answer waits for it.
        DispatchQueue.global(qos: .userInitiated).async { engine.prepare() }
        let metrics = Metrics()
        let assistant = try llm.assistant(content: c, dialogues: content.dialogues)
        assistant?.observe = { what, outcome in metrics.llmCall(what, outcome: outcome) }
        let leads = LeadStore(path: storage.path)
        var sessions: SessionTable?
        if !noSessionStore {
            do { sessions = try SessionTable(leads: leads) } catch {
                Log.log(.error, "cannot open the database for sessions (\(error.code)): \(error.message)")
                throw ExitCode(1)
            }
        }
        var hubConfig = HubConfig()
        hubConfig.maxSessions = maxSessions
        hubConfig.ttl = sessionTTL
        hubConfig.maxPending = maxPending
        hubConfig.source = source
        hubConfig.unguessableIds = true // (a session's id is its only key over HTTP)
        let funnel = funnelOptions.funnel(store: leads, content: c)
        let hub = SessionHub(engine: engine, leads: metrics.counting(leads), assistant: assistant, config: hubConfig,
                             today: todayUTC, store: sessions.map(SQLiteSessions.init), observer: funnel)
        if sessions != nil {
            let resumed = try hub.resume()
            if resumed > 0 { Log.log(.info, "resumed \(resumed) live session(s)") }
        }
        let root = (DialoguesDirectory.resolve(content.dialogues) as NSString).deletingLastPathComponent
        var config = HTTPConfig()
        config.host = host
        config.port = port
        config.maxBodyBytes = maxBodyBytes
        config.maxHeaderBytes = maxHeaderBytes
        config.rateLimit = rateLimit
        config.rateBurst = rateBurst
        config.corsOrigins = corsOrigins
        config.drainTimeout = drainTimeout
        config.apiToken = ProcessInfo.processInfo.environment["MADI_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        config.webDirectory = web ?? (root as NSString).appendingPathComponent("Web")
        config.openAPIPath = (root as NSString).appendingPathComponent("docs/openapi.yaml")
        let tokenRequired = config.apiToken != nil
        let table = sessions
        let front = HTTPFront(hub: hub, config: config, metrics: metrics, ready: { (try? leads.count()) != nil })
        let shown = host.contains(":") ? "[\(host)]" : host
        try await HTTPServer.run(front, onListening: { port in
            Log.stderr("madi: serving HTTP on http://\(shown):\(port)" + (tokenRequired ? " (bearer token required on /v1)" : ""))
        }, finally: {
            table?.flush()
            funnel.shutdown(reason: .shutdown)
            leads.logCommits()
            Log.log(.info, "stopped: every turn in flight was answered")
        })
    }
}

/// The hub's session store on the lead database.
struct SQLiteSessions: SessionStore {
    let table: SessionTable
    init(_ table: SessionTable) { self.table = table }
    func loadAll() throws -> [StoredSession] { try table.loadAll().map { StoredSession(id: $0.id, session: $0.session, lastUsed: $0.lastUsed) } }
    func save(_ id: String, _ session: Session, lastUsed: Double) { table.save(id, session, lastUsed: lastUsed) }
    func delete(_ id: String) { table.delete(id) }
}

final class Locked<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: T
    init(_ v: T) { value = v }
    func get() -> T { lock.lock(); defer { lock.unlock() }; return value }
    func set(_ v: T) { lock.lock(); value = v; lock.unlock() }
}
