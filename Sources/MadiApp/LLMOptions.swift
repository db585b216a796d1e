import ArgumentParser
import Foundation
import MadiCore
import MadiLLM

/// The optional LLM endpoint. Without a URL, Madi never calls one. The API key is read from the
/// environment only ($MADI_LLM_API_KEY, else $OPENAI_API_KEY), never from a flag.
struct LLMOptions: ParsableArguments {
    @Option(name: .customLong("llm-url"), help: ArgumentHelp(
        "Base URL of an OpenAI-compatible API, e.g. http://localhost:11434/v1 (default: $MADI_LLM_URL; none: no LLM). The key comes from $MADI_LLM_API_KEY, else $OPENAI_API_KEY. libcurl is opened on the first call ($MADI_LIBCURL: another path to it).",
        valueName: "url"))
    var url: String?
    @Option(name: .customLong("llm-model"), help: "Model name (default: $MADI_LLM_MODEL, else gpt-4o-mini).")
    var model: String?
    @Option(name: .customLong("llm-temperature"), help: "Sampling temperature for answers.")
    var temperature: Double = 0.3
    @Option(name: .customLong("llm-max-tokens"), help: "Most tokens in an answer.")
    var maxTokens: Int = 300
    @Option(name: .customLong("llm-connect-timeout"), help: "Seconds to connect.")
    var connectTimeout: Double = 3
    @Option(name: .customLong("llm-timeout"), help: "Seconds for a whole call, every retry and wait included: the longest an LLM call can hold a turn.")
    var timeout: Double = 20
    @Option(name: .customLong("llm-idle-timeout"), help: "Seconds the endpoint may stay silent, after the request is sent or between chunks of a stream (never retried: it may have the request).")
    var idleTimeout: Double = 8
    @Option(name: .customLong("llm-retries"), help: "Retries when the endpoint could not be reached (nothing sent), on 429 and 5xx (with backoff), within --llm-timeout.")
    var retries: Int = 2
    @Option(name: .customLong("llm-cooldown"), help: "Seconds without calls after 3 failures in a row.")
    var cooldown: Double = 30
    @Option(name: .customLong("prompts"), help: ArgumentHelp("The prompt templates (default: Prompts beside the Dialogues directory).", valueName: "dir"))
    var prompts: String?

    func validateValues() throws {
        guard connectTimeout > 0, timeout > 0, idleTimeout > 0 else { throw ValidationError("LLM timeouts must be above 0") }
        guard retries >= 0, retries <= 10 else { throw ValidationError("--llm-retries must be between 0 and 10") }
        guard (0...2).contains(temperature) else { throw ValidationError("--llm-temperature must be between 0 and 2") }
        guard maxTokens > 0 else { throw ValidationError("--llm-max-tokens must be above 0") }
    }

    static func promptsDirectory(_ option: String?, dialogues: String) -> String {
        if let option { return option }
        if let env = ProcessInfo.processInfo.environment["MADI_PROMPTS"], !env.isEmpty { return env }
        return URL(fileURLWithPath: dialogues).standardizedFileURL.deletingLastPathComponent().appendingPathComponent("Prompts").path
    }

    static func loadPrompts(_ dir: String) throws -> PromptTemplates {
        var files: [String: String] = [:]
        for name in PromptTemplates.allowed.keys {
            if let data = FileManager.default.contents(atPath: (dir as NSString).appendingPathComponent(name)) {
                files[name] = String(decoding: data, as: UTF8.self)
            }
        }
        switch PromptTemplates.load(files: files) {
        case let .success(p): return p
        case let .failure(e):
            throw ContentErrors(diagnostics: e.diagnostics.map {
                Diagnostic(file: (dir as NSString).appendingPathComponent($0.file), line: $0.line, message: $0.message)
            })
        }
    }

    /// The assistant, or nil when no endpoint is configured. Bad prompts stop the start-up.
    func assistant(content: Content, dialogues: String?) throws -> LLMAssistant? {
        let env = ProcessInfo.processInfo.environment
        guard let base = url ?? env["MADI_LLM_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        guard base.hasPrefix("http://") || base.hasPrefix("https://") else {
            throw ValidationError("--llm-url must start with http:// or https:// (got '\(base)')")
        }
        let dir = Self.promptsDirectory(prompts, dialogues: DialoguesDirectory.resolve(dialogues))
        let templates: PromptTemplates
        do { templates = try Self.loadPrompts(dir) } catch let e as ContentErrors {
            Log.stderr("madi: the prompts in \(dir) have \(e.diagnostics.count) problem(s):")
            for d in e.diagnostics { Log.stderr("  \(d)") }
            throw ExitCode(2)
        }
        var config = LLMConfig(baseURL: base, model: model ?? env["MADI_LLM_MODEL"].flatMap { $0.isEmpty ? nil : $0 } ?? "gpt-4o-mini",
                               apiKey: LLMConfig.apiKey(from: env))
        config.temperature = temperature
        config.maxTokens = maxTokens
        config.connectTimeout = connectTimeout
        config.totalTimeout = timeout
        config.idleTimeout = idleTimeout
        config.maxAttempts = retries + 1
        config.breakerCooldown = cooldown
        Log.log(.info, "LLM: \(config)")
        let client = ChatClient(config: config, log: { Log.log(.info, $0) })
        return LLMAssistant(client: client, prompts: templates, content: content, warn: { Log.log(.warning, $0) })
    }
}
