import Foundation
import MadiCore
import MadiJSON

/// The engine's assistant over an OpenAI-compatible endpoint. Failures are normal: they are
/// logged, the engine's deterministic path goes on, and after several failures in a row the
/// endpoint is left alone for a cool-down (circuit breaker).
public final class LLMAssistant: Assistant, @unchecked Sendable {
    let client: ChatClient
    let prompts: PromptTemplates
    let content: Content
    let breaker: CircuitBreaker
    let warn: @Sendable (String) -> Void

    public static let languageNames = ["fr": "French", "en": "English"]

    public init(client: ChatClient, prompts: PromptTemplates, content: Content,
                breaker: CircuitBreaker? = nil, warn: @escaping @Sendable (String) -> Void = { _ in }) {
        self.client = client
        self.prompts = prompts
        self.content = content
        self.breaker = breaker ?? CircuitBreaker(threshold: client.config.breakerThreshold, cooldown: client.config.breakerCooldown)
        self.warn = warn
    }

    func name(_ language: String) -> String { Self.languageNames[language] ?? language }

    /// Told how each call ended (`what`: understand or answer; `outcome`: ok, skipped, cancelled,
    /// or the failure's kind), for metrics. Set before the first call.
    public var observe: (@Sendable (_ what: String, _ outcome: String) -> Void)?

    private func call(_ what: String, _ body: () -> Result<String, LLMError>) -> String? {
        guard breaker.allow() else {
            warn("LLM \(what) skipped: \(LLMError.circuitOpen)")
            observe?(what, "skipped")
            return nil
        }
        let result = body()
        switch result {
        case .success: observe?(what, "ok")
        case let .failure(e): observe?(what, e.kind)
        }
        switch result {
        case let .success(text):
            breaker.record(success: true)
            return text
        case .failure(.cancelled):
            warn("LLM \(what) cancelled")
            return nil
        case let .failure(error):
            let opened = breaker.record(success: false)
            warn(client.config.redact("LLM \(what) failed: \(error)")
                + (opened ? "; pausing LLM calls for \(Int(breaker.cooldown)) s" : ""))
            return nil
        }
    }

    public func understand(_ request: UnderstandRequest, cancel: CancelFlag?) -> String? {
        let p = prompts.understanding(request, languageName: name(request.language))
        guard let reply = call("understanding", {
            client.complete([ChatMessage(role: "system", content: p.system), ChatMessage(role: "user", content: p.user)],
                            temperature: 0, maxTokens: 40, cancel: cancel)
        }) else { return nil }
        return Self.option(in: reply)
    }

    /// The `option` of the first JSON object in the reply (models like to wrap it in prose or
    /// code fences); nil when there is none or it is not a string.
    public static func option(in reply: String) -> String? {
        var rest = Substring(reply)
        while let open = rest.firstIndex(of: "{") {
            if let close = rest[open...].firstIndex(of: "}"),
               let json = try? JSON.parse(Array(rest[open...close].utf8)) {
                return json["option"]?.string
            }
            rest = rest[rest.index(after: open)...]
        }
        return nil
    }

    /// An answer streams word by word: each is checked (ClaimCheck) before it is shown,
    /// and an answer that claims an action Madi did not take (a registration, a confirmation, a
    /// call back) is dropped whole: the engine's neutral sentence replaces it.
    public func answer(_ request: AnswerRequest, cancel: CancelFlag?, onDelta: @escaping @Sendable (String) -> Void) -> String? {
        let limit = client.config.maxAnswerChars
        let p = prompts.answering(request, content: content, languageName: name(request.language), maxChars: limit)
        var shown = 0
        var held = ""     // received, cleaned, not yet checked and shown
        var checked = ""  // shown so far
        var claimed: String?
        /// Shows `text` (already checked), up to the cap; false once the cap is reached.
        func show(_ text: String) -> Bool {
            let room = limit - shown
            guard room > 0 else { return false }
            let part = String(text.prefix(room))
            shown += part.count
            if !part.isEmpty { onDelta(part) }
            return shown < limit
        }
        guard let reply = call("answer", {
            client.complete([ChatMessage(role: "system", content: p.system), ChatMessage(role: "user", content: p.user)],
                            cancel: cancel, onDelta: { piece in
                                held += Sanitize.streamPiece(piece)
                                // Whole words are checked with what was shown before them, then shown:
                                // a claim is caught before any of its words is.
                                guard let end = held.lastIndex(where: { $0 == " " || $0 == "\n" || ".!?;…".contains($0) }) else { return true }
                                let ready = String(held[...end])
                                held = String(held[held.index(after: end)...])
                                if let c = ClaimCheck.claim(in: checked + ready) { claimed = c; return false }
                                checked += ready
                                return show(ready)
                            })
        }) else { return nil }
        let text = Self.cap(Sanitize.text(reply).trimmingCharacters(in: .whitespacesAndNewlines), limit)
        if let c = claimed ?? ClaimCheck.claim(in: reply) {
            warn("LLM answer dropped: it claims an action Madi did not take (\"\(Sanitize.line(String(c.prefix(60))))\")")
            return nil
        }
        if !held.isEmpty { _ = show(held) } // the last words, once the whole answer is checked
        return text
    }

    /// At most `limit` characters, cut at a word with an ellipsis.
    public static func cap(_ text: String, _ limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }
}
